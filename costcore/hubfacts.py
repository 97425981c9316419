"""Model facts from a Hugging Face Hub repo: config.json and safetensors header counts in, a Model out.

Pure: the shell fetches the repo's config.json, the parameter counts per dtype from the safetensors headers
(never the weights) and the card metadata, and passes them here with the fetch date. Every figure is
arithmetic on those facts:

- weights: elements × bytes per safetensors dtype, scales and packed 4-bit blocks included, so the sum is
  the checkpoint's size on disk (less the headers);
- KV bytes per token: GQA 2 × layers × kv_heads × head_dim × bytes; MLA layers × (kv_lora_rank +
  qk_rope_head_dim) × bytes; sliding-window layers hold at most the window; linear-attention and
  state-space layers keep a fixed state, no growing cache;
- active parameters of a MoE: the total less the routed experts a token does not use.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from costcore.catalog import Catalogs, KvSpec, Model, Serving, WeightPart, normalise

# Bytes per element of each safetensors dtype (F4 is packed two to a byte).
SAFETENSORS_BYTES = {
    "F64": 8, "I64": 8, "U64": 8, "F32": 4, "I32": 4, "U32": 4, "F16": 2, "BF16": 2, "I16": 2, "U16": 2,
    "F8_E4M3": 1, "F8_E5M2": 1, "F8_E8M0": 1, "I8": 1, "U8": 1, "BOOL": 1, "F4": 0.5,
}  # fmt: skip
DTYPE_LABEL = {"BF16": "BF16", "F16": "FP16", "F32": "FP32", "F8_E4M3": "FP8", "F8_E5M2": "FP8",
               "U8": "4-bit blocks in U8", "I32": "INT4 packed in I32", "F4": "FP4"}  # fmt: skip
KV_BYTES = 2  # the KV cache in BF16, as vLLM keeps it unless told otherwise
_SCALE_NAME = re.compile(r"(scales?|scale_inv|zeros|qzeros|g_idx|absmax)$")
_FULL = {"full_attention", "attention", "global", "global_attention", "full"}
_WINDOW = {"sliding_attention", "chunked_attention", "local", "local_sliding", "sliding", "local_attention"}


class HubFactsError(ValueError):
    """A config this module cannot turn into facts (no layer count, an unknown attention shape)."""


@dataclass(frozen=True)
class HubFacts:
    """What the shell read from the Hub, as plain data."""

    repo: str
    config: dict[str, Any]
    dtype_counts: dict[str, int]  # elements per safetensors dtype, every tensor
    fetched: dt.date
    scale_counts: dict[str, int] = field(default_factory=dict)  # elements of quantisation scales/zeros
    licence: str | None = None
    gated: str | None = None  # None, "auto" or "manual"
    sha: str | None = None


def split_tensors(tensors: Iterable[tuple[str, str, int]]) -> tuple[dict[str, int], dict[str, int]]:
    """(name, dtype, elements) of every tensor -> (elements per dtype, scale elements per dtype)."""
    counts: dict[str, int] = {}
    scales: dict[str, int] = {}
    for name, dtype, elements in tensors:
        counts[dtype] = counts.get(dtype, 0) + elements
        if _SCALE_NAME.search(name.rsplit(".", 1)[-1]):
            scales[dtype] = scales.get(dtype, 0) + elements
    return counts, scales


def text_config(config: dict[str, Any]) -> dict[str, Any]:
    """The language model's config: multimodal repos nest it (Gemma 3, Qwen3.5, Kimi-VL)."""
    for key in ("text_config", "llm_config", "language_config"):
        inner = config.get(key)
        if isinstance(inner, dict) and inner.get("num_hidden_layers"):
            return {**{k: v for k, v in config.items() if not isinstance(v, dict)}, **inner}
    return config


def layer_kinds(cfg: dict[str, Any]) -> list[str]:
    """"full", "window" or "none" (no growing KV) for each decoder layer, from whichever field the
    architecture uses to say it."""
    layers = int(cfg.get("num_hidden_layers") or cfg.get("num_layers") or cfg.get("n_layer") or 0)
    if layers <= 0:
        raise HubFactsError("config.json gives no layer count")
    kinds = _declared_kinds(cfg, layers)
    shared = int(cfg.get("num_kv_shared_layers") or 0)  # Gemma 4: the last layers reuse earlier layers' KV
    if 0 < shared < len(kinds):
        kinds = kinds[: len(kinds) - shared] + ["none"] * shared
    return kinds


def _declared_kinds(cfg: dict[str, Any], layers: int) -> list[str]:
    types = cfg.get("layer_types")
    if isinstance(types, list) and types:
        return [_kind(str(t)) for t in types[:layers]]
    if isinstance(cfg.get("hybrid_override_pattern"), str):  # Nemotron-H: '*' marks attention
        return ["full" if c == "*" else "none" for c in cfg["hybrid_override_pattern"][:layers]]
    if isinstance(cfg.get("layers_block_type"), list):  # Jamba, Granite-4.0-H
        return ["full" if t == "attention" else "none" for t in cfg["layers_block_type"][:layers]]
    if isinstance(cfg.get("attn_type_list"), list):  # MiniMax-M1: 1 softmax attention, 0 lightning
        return ["full" if t == 1 else "none" for t in cfg["attn_type_list"][:layers]]
    if cfg.get("full_attention_interval"):  # Qwen3-Next, Qwen3.5: every n-th layer is full attention
        n = int(cfg["full_attention_interval"])
        return ["full" if (i + 1) % n == 0 else "none" for i in range(layers)]
    window = cfg.get("sliding_window")
    if window and cfg.get("model_type") == "gemma2":  # even layers slide, odd are global
        return ["window" if i % 2 == 0 else "full" for i in range(layers)]
    if window and cfg.get("sliding_window_pattern"):  # Gemma 3 before layer_types: every n-th is global
        n = int(cfg["sliding_window_pattern"])
        return ["full" if (i + 1) % n == 0 else "window" for i in range(layers)]
    if window and cfg.get("use_sliding_window", True) and window < _context(cfg):
        return ["window"] * layers
    return ["full"] * layers


def _kind(name: str) -> str:
    if name in _FULL:
        return "full"
    if name in _WINDOW:
        return "window"
    return "none"  # linear_attention, mamba, conv, recurrent: a fixed state per sequence


def _context(cfg: dict[str, Any]) -> int:
    for key in ("max_position_embeddings", "max_sequence_length", "seq_length", "n_positions", "model_max_length"):
        if cfg.get(key):
            return int(cfg[key])
    raise HubFactsError("config.json gives no context length")


def kv_spec(cfg: dict[str, Any]) -> KvSpec:
    kinds = layer_kinds(cfg)
    full, window = kinds.count("full"), kinds.count("window")
    hybrid = len(kinds) - full - window
    note = f"from config.json: {full} full-attention layers"
    if window:
        note += f", {window} sliding-window layers ({cfg.get('sliding_window')} tokens)"
    if hybrid:
        note += f", {hybrid} linear-attention or state-space layers (fixed state, no growing KV)"
    if cfg.get("kv_lora_rank"):
        if window:
            raise HubFactsError("MLA with sliding-window layers is not a shape this module knows")
        return KvSpec(attention="mla", layers=full, kv_lora_rank=int(cfg["kv_lora_rank"]),
                      rope_dim=int(cfg.get("qk_rope_head_dim") or 0), bytes_per_element=KV_BYTES, note=note)
    heads = cfg.get("num_attention_heads") or cfg.get("n_head")
    kv_heads = cfg.get("num_key_value_heads") or heads
    head_dim = cfg.get("head_dim") or (int(cfg["hidden_size"]) // int(heads) if heads and cfg.get("hidden_size") else None)
    if not (kv_heads and head_dim):
        raise HubFactsError("config.json gives no attention heads or head size")
    geometry: dict[str, int] = {}
    if cfg.get("global_head_dim") or cfg.get("num_global_key_value_heads"):  # Gemma 4: global layers differ
        geometry = {"window_kv_heads": int(kv_heads), "window_head_dim": int(head_dim)}
        kv_heads = cfg.get("num_global_key_value_heads") or kv_heads
        head_dim = cfg.get("global_head_dim") or head_dim
    return KvSpec(attention="standard", layers=full, kv_heads=int(kv_heads), head_dim=int(head_dim),
                  bytes_per_element=KV_BYTES, sliding_layers=window, window=int(cfg.get("sliding_window") or 0),
                  note=note, **geometry)


def _quant_method(config: dict[str, Any]) -> str:
    quant = config.get("quantization_config") or text_config(config).get("quantization_config") or {}
    return str(quant.get("quant_method") or "").lower()


def _params_per_element(dtype: str, method: str) -> float:
    """Parameters one stored element holds: 4-bit values travel packed in bytes or 32-bit words."""
    if dtype in ("U8", "I8") and method in ("mxfp4", "fp4", "nvfp4", "modelopt"):
        return 2
    if dtype in ("I32", "U32") and method in ("gptq", "awq", "compressed-tensors", "int4"):
        return 8
    if dtype == "F4":
        return 1
    return 1


def parameters(facts: HubFacts) -> float:
    """Parameters in billions, quantisation scales left out and packed values unpacked."""
    method = _quant_method(facts.config)
    total = 0.0
    for dtype, count in facts.dtype_counts.items():
        weights = count - facts.scale_counts.get(dtype, 0)
        total += weights * _params_per_element(dtype, method)
    return total / 1e9


def weights(facts: HubFacts) -> list[WeightPart]:
    """One part per stored dtype, in GB (1e9 bytes): what the checkpoint weighs on disk."""
    unknown = sorted(set(facts.dtype_counts) - set(SAFETENSORS_BYTES))
    if unknown:
        raise HubFactsError(f"safetensors dtype {', '.join(unknown)} has no known size")
    parts = []
    for dtype, count in sorted(facts.dtype_counts.items(), key=lambda kv: -kv[1] * SAFETENSORS_BYTES[kv[0]]):
        gb = count * SAFETENSORS_BYTES[dtype] / 1e9
        if gb <= 0:
            continue
        scales = facts.scale_counts.get(dtype, 0)
        label = f"{DTYPE_LABEL.get(dtype, dtype)} tensors, {count / 1e9:,.2f} B elements"
        if scales:
            label += f" ({scales / 1e9:,.3f} B of them scales)"
        parts.append(WeightPart(part=label, gb=round(gb, 4)))
    if not parts:
        raise HubFactsError("the safetensors headers list no tensors")
    return parts


def _moe_layers(cfg: dict[str, Any], layers: int) -> int:
    dense_first = int(cfg.get("first_k_dense_replace") or 0)
    only_mlp = len(cfg.get("mlp_only_layers") or [])
    step = int(cfg.get("decoder_sparse_step") or cfg.get("moe_layer_freq") or cfg.get("interleave_moe_layer_step") or 1)
    return max(0, (layers - dense_first - only_mlp) // max(step, 1))


def active_parameters(cfg: dict[str, Any], total_b: float) -> float:
    """Billions of parameters one token uses: the total less (experts - experts per token) routed experts
    in every MoE layer, each a gated MLP of 3 × hidden × expert width."""
    experts = cfg.get("n_routed_experts") or cfg.get("num_local_experts") or cfg.get("num_experts") or 0
    per_token = cfg.get("num_experts_per_tok") or cfg.get("moe_topk") or cfg.get("num_experts_per_token") or 0
    width = cfg.get("moe_intermediate_size") or cfg.get("intermediate_size")
    hidden = cfg.get("hidden_size")
    if not (experts and per_token and width and hidden) or experts <= per_token:
        return total_b
    layers = int(cfg.get("num_hidden_layers") or 0)
    idle = (int(experts) - int(per_token)) * 3 * int(hidden) * int(width) * _moe_layers(cfg, layers) / 1e9
    active = total_b - idle
    return round(active, 3) if active > 0 else total_b


# config.json's dtype -> vLLM's --dtype; quantisation methods vLLM reads from `quantization_config` and also
# accepts as --quantization (docs.vllm.ai engine arguments: --dtype {auto,half,float16,bfloat16,float,float32})
_VLLM_DTYPE = {"bfloat16": "bfloat16", "float16": "float16", "half": "float16", "float32": "float32"}
_VLLM_QUANT = {"fp8", "awq", "gptq", "compressed-tensors", "mxfp4", "modelopt", "bitsandbytes", "gptq_marlin",
               "awq_marlin", "fbgemm_fp8", "quark"}
HUB_SERVING_VERSION = "(generic command from the Hub config; no recipe verifies it)"


def hub_serving(repo: str, config: dict[str, Any]) -> Serving:
    """A generic vLLM command for a model read from the Hub: the dtype and quantisation its config.json
    implies, `--trust-remote-code` when the config points at custom code. The engine adds the tensor-parallel
    size of the node chosen and the context the fit was computed for. No recipe verifies it."""
    cfg = text_config(config)
    flags: list[str] = []
    method = _quant_method(config)
    if method in _VLLM_QUANT:
        flags.append(f"--quantization {method}")
    else:
        dtype = str(config.get("torch_dtype") or config.get("dtype") or cfg.get("torch_dtype") or cfg.get("dtype") or "")
        if dtype in _VLLM_DTYPE:
            flags.append(f"--dtype {_VLLM_DTYPE[dtype]}")
    if config.get("auto_map") or cfg.get("auto_map"):
        flags.append("--trust-remote-code")
    return Serving(repo=repo, engine="vLLM", version=HUB_SERVING_VERSION, image="vllm/vllm-openai", flags=flags,
                   notes=["Generic command built from the Hub's config.json: no published recipe verifies this "
                          "model, these flags or this shape."])


def hub_model_id(repo: str) -> str:
    """Catalog ids never hold a colon, so a Hub model can never shadow a curated row."""
    return f"hub:{repo}"


def model_from_hub(facts: HubFacts) -> Model:
    """A Model the engine can answer with, every fact from the Hub and dated by the fetch."""
    cfg = text_config(facts.config)
    total_b = parameters(facts)
    if total_b <= 0:
        raise HubFactsError("the safetensors headers count no parameters")
    tail = facts.repo.rsplit("/", 1)[-1]
    revision = f", revision {facts.sha[:12]}" if facts.sha else ""
    return Model(
        id=hub_model_id(facts.repo),
        name=tail,
        aliases=[facts.repo, tail],
        family=str(cfg.get("model_type") or facts.config.get("model_type") or "unknown"),
        licence=facts.licence or "not stated on the card",
        open_weights=True,
        params_total_b=round(total_b, 3),
        params_active_b=active_parameters(cfg, round(total_b, 3)),
        weights=weights(facts),
        kv=kv_spec(cfg),
        context_tokens=_context(cfg),
        recipes=[],
        serving=hub_serving(facts.repo, facts.config),
        source=f"Hugging Face Hub {facts.repo} (config.json and safetensors metadata{revision})",
        as_of=facts.fetched,
        origin="hub",
        hub_repo=facts.repo,
        gated=facts.gated or None,
    )


def with_model(catalogs: Catalogs, model: Model) -> Catalogs:
    """The catalogs plus one model; its names never take an alias a curated row already holds."""
    index = dict(catalogs.alias_index)
    for name in [model.id, model.name, *model.aliases]:
        index.setdefault(normalise(name), model.id)
    return catalogs.model_copy(update={"models": {**catalogs.models, model.id: model}, "alias_index": index})
