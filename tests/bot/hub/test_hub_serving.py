"""A Hub-answered model gets a generic, labelled vLLM command; Gemma 4's KV-shared layers add no KV.

The serve flags come from the fixture's real config.json (its dtype, its quantisation method); the KV
arithmetic from the config fields of google/gemma-4-E2B-it and google/gemma-4-E4B-it as public ports copy
them (35 layers, 20 sharing KV; 42 layers, 18 sharing KV).
"""

from __future__ import annotations

import datetime as dt

import pytest

from bot.render import contract_of
from bot.service import ask
from costcore.hubfacts import HUB_SERVING_VERSION, HubFacts, hub_serving, layer_kinds, model_from_hub
from tests.bot.hub.standin import load_fixtures

NOW = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)
FIXTURES = load_fixtures()


def test_a_hub_answer_carries_a_generic_labelled_vllm_command(hub_env):
    repo = "Qwen/Qwen2.5-7B-Instruct"
    reply = ask(f"can we run {repo} at 300 tok/s with 32k context", now=NOW)
    c = contract_of(reply)
    assert c["status"] == "ok", c.get("clarification") or c["reasons"]
    node = next(n for n in c["fit"]["nodes"] if n["id"] == c["fit"]["chosen_node"])
    command = c["serve_command"]
    assert command.startswith(f"vllm serve {repo} ")
    assert f"--tensor-parallel-size {node['tensor_parallel']}" in command
    assert f"--max-model-len {c['scenario']['context_tokens']}" in command
    assert f"--dtype {FIXTURES[repo]['config']['torch_dtype']}" in command
    assert reply.answer.serving["version"] == HUB_SERVING_VERSION
    assert any("no published recipe verifies" in note for note in reply.answer.serving["notes"])
    assert not node["recipe_verified"]
    assert any("nor the generic vLLM command built from its config.json" in a for a in c["assumptions"])


def test_a_quantised_config_names_its_method_instead_of_a_dtype():
    config = {"torch_dtype": "bfloat16", "quantization_config": {"quant_method": "fp8"}, "auto_map": {"x": "y"}}
    flags = hub_serving("org/model-FP8", config).flags
    assert flags == ["--quantization fp8", "--trust-remote-code"]
    assert hub_serving("org/model", {"torch_dtype": "float16"}).flags == ["--dtype float16"]


def test_catalog_rows_keep_their_recipe_command():
    """A curated row's command is the recipe's: no --max-model-len added, its own version."""
    reply = ask("can we run llama 3.3 70b at 300 tok/s", now=NOW)
    assert contract_of(reply)["status"] == "ok"
    assert "--max-model-len" not in (contract_of(reply)["serve_command"] or "")
    assert reply.answer.serving is None or reply.answer.serving["version"] != HUB_SERVING_VERSION


# --- Gemma 4 E2B / E4B: the last num_kv_shared_layers reuse earlier layers' KV --------------------------

E2B = {  # google/gemma-4-E2B-it text_config as copied in public ports (read 2026-11-30)
    "model_type": "gemma4_text", "num_hidden_layers": 35, "num_attention_heads": 8, "num_key_value_heads": 1,
    "head_dim": 256, "global_head_dim": 512, "num_global_key_value_heads": None, "attention_k_eq_v": False,
    "sliding_window": 512, "num_kv_shared_layers": 20, "hidden_size_per_layer_input": 256,
    "hidden_size": 1536, "max_position_embeddings": 131072,
    "layer_types": (["sliding_attention"] * 4 + ["full_attention"]) * 7,
}
E4B = {  # google/gemma-4-E4B-it text_config as copied in public ports (read 2026-11-30)
    "model_type": "gemma4_text", "num_hidden_layers": 42, "num_attention_heads": 8, "num_key_value_heads": 2,
    "head_dim": 256, "global_head_dim": 512, "num_global_key_value_heads": None, "attention_k_eq_v": False,
    "sliding_window": 512, "num_kv_shared_layers": 18, "hidden_size_per_layer_input": 256,
    "hidden_size": 2560, "max_position_embeddings": 131072,
    "layer_types": (["sliding_attention"] * 5 + ["full_attention"]) * 7,
}


def by_hand(cfg: dict, context: int) -> float:
    """KV bytes of one sequence, layer by layer: only layers before the shared tail hold a cache; full
    layers grow with context (global heads × global head size), sliding ones hold at most the window."""
    own = cfg["num_hidden_layers"] - cfg["num_kv_shared_layers"]
    total = 0.0
    for kind in cfg["layer_types"][:own]:
        if kind == "full_attention":
            total += 2 * cfg["num_key_value_heads"] * cfg["global_head_dim"] * 2 * context
        else:
            total += 2 * cfg["num_key_value_heads"] * cfg["head_dim"] * 2 * min(context, cfg["sliding_window"])
    return total


@pytest.mark.parametrize(("repo", "cfg"), [("google/gemma-4-E2B-it", E2B), ("google/gemma-4-E4B-it", E4B)])
def test_kv_shared_layers_add_no_kv(repo, cfg, catalogs):
    kinds = layer_kinds(cfg)
    assert kinds[cfg["num_hidden_layers"] - cfg["num_kv_shared_layers"]:] == ["none"] * cfg["num_kv_shared_layers"]
    model = model_from_hub(HubFacts(repo=repo, config={"text_config": cfg}, dtype_counts={"BF16": 10**9},
                                    fetched=NOW.date()))
    row = next(m for m in catalogs.models.values() if m.hub_repo == repo)
    for context in (4096, 131072):
        assert model.kv.per_sequence(context) == by_hand(cfg, context)
        assert row.kv.per_sequence(context) == by_hand(cfg, context)
    assert row.context_tokens == cfg["max_position_embeddings"]


def test_e4b_owns_kv_in_24_layers_4_of_them_global():
    """The arithmetic agrees with a public KV layout test of the E4B: 24 cache-holding layers, 4 full."""
    own = layer_kinds(E4B)
    assert own.count("full") == 4 and own.count("window") == 20
