"""How many output tok/s one node sustains, and how sure we are: measured > benchmark > scaled > bound.

- measured: the team's own figure (`--measured N`, or a `vllm bench serve` / AIPerf result file);
- benchmark: a published measurement of this model on this GPU (costcore/data/throughput.yaml),
  interpolated along the published curve at the per-user speed the question implies;
- scaled: the nearest published curve, scaled by memory bandwidth and by active bytes per token;
- bound: a memory-bandwidth roofline times an efficiency factor, an upper bound real serving lands under.

Every figure is per node at one per-user speed: a node that gives each user 40 tok/s carries far more
in total than one that gives each user 150. Pure: the table and the catalogs are arguments.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from costcore.catalog import DTYPE_BYTES, Gpu, Model, ThroughputRow

Basis = Literal["measured", "benchmark", "scaled", "bound"]
GB = 1e9

# How far the real figure may sit from the one used, as (low, high) factors. A measurement moves with the
# prompts; a published benchmark with the engine version and sequence shape; a scaled figure with
# everything the scaling ignores; a roofline is a ceiling, real serving lands well under it.
BAND: dict[str, tuple[float, float]] = {
    "measured": (0.9, 1.1),
    "benchmark": (0.75, 1.25),
    "scaled": (0.5, 1.5),
    "bound": (0.25, 1.0),
}
# Decode reads the active weights and every sequence's KV cache once per step; serving engines reach
# about half the HBM bandwidth end to end (scheduling, sampling, communication between GPUs).
BOUND_EFFICIENCY = 0.5
# Serving software differs more across vendors than bandwidth does: a curve from the same vendor's GPUs is
# nearer than any bandwidth ratio up to e (2.7×) apart.
VENDOR_DISTANCE = 1.0
KV_MEMORY_SHARE = 0.9  # --gpu-memory-utilization 0.9: the share of GPU memory weights and KV may use


@dataclass(frozen=True)
class Shape:
    """How one node serves: what a capacity figure depends on besides the model and the GPU."""

    tensor_parallel: int
    pipeline_parallel: int
    replicas: int
    units: int
    resident_gb: float  # weights held in GPU memory per replica

    @property
    def gpus_per_replica(self) -> int:
        return self.tensor_parallel * self.pipeline_parallel

    @property
    def gpus_in_use_per_node(self) -> float:
        return self.gpus_per_replica * self.replicas / self.units


@dataclass(frozen=True)
class Capacity:
    tok_s: float  # sustained output tok/s per node
    basis: Basis
    source: str
    per_user_tok_s: float
    low: float
    high: float
    scaling: dict = field(default_factory=dict)  # scaled: the reference and the factors applied


def active_bytes(model: Model) -> float:
    """Bytes of weights one token reads on decode."""
    return model.params_active_b * model.bytes_per_param * GB


def step_bytes(model: Model) -> float:
    """Bytes of weights one decode step reads at a serving batch: every expert a batch of a few dozen
    streams touches, which for a mixture of experts is nearly all of them (its active bytes per token
    times the tokens of the batch, capped at the weights held in GPU memory); a dense model reads all."""
    return (model.checkpoint_gb - model.host_ok_gb) * GB


def roofline(model: Model, gpu: Gpu, shape: Shape, per_user_tok_s: float, context: int) -> float:
    """Output tok/s per node if decode ran at full memory bandwidth: each step reads the active weights once
    for the batch plus every sequence's KV cache, and a step may take at most 1 / per-user speed. The batch
    is what that time allows, and what the memory left after the weights holds."""
    bandwidth = shape.gpus_per_replica * gpu.bandwidth_tb_s * 1e12
    kv_seq = max(model.kv.per_sequence(context), 1.0)
    by_speed = (bandwidth / per_user_tok_s - active_bytes(model)) / kv_seq
    free = (shape.gpus_per_replica * gpu.plan_gb * KV_MEMORY_SHARE - shape.resident_gb) * GB
    by_memory = free / kv_seq
    batch = math.floor(min(by_speed, by_memory))
    if batch < 1:
        return 0.0
    return batch * per_user_tok_s * shape.replicas / shape.units


def _along(points: tuple[tuple[float, float], ...] | list[tuple[float, float]], per_user: float) -> float:
    """A published curve (per-user speed, tok/s per GPU) at `per_user`: log-log interpolation between
    points; below the slowest point its figure (never more than was measured); above the fastest, the
    last segment's slope carried on (throughput keeps falling as streams get faster), or, for a single
    point, throughput falling as fast as the speed rises (the same streams, no more)."""
    points = sorted(points)
    (u_first, t_first), (u_last, t_last) = points[0], points[-1]
    if per_user <= u_first:
        return t_first
    if len(points) == 1:
        return t_first * u_first / per_user
    for (u0, t0), (u1, t1) in zip(points, points[1:], strict=False):
        if per_user <= u1:
            w = math.log(per_user / u0) / math.log(u1 / u0)
            return math.exp(math.log(t0) + w * (math.log(t1) - math.log(t0)))
    (u0, t0) = points[-2]
    slope = (math.log(t_last) - math.log(t0)) / (math.log(u_last) - math.log(u0))
    return t_last * (per_user / u_last) ** slope


@dataclass(frozen=True)
class Curve:
    rows: tuple[ThroughputRow, ...]
    points: tuple[tuple[float, float], ...]  # (per-user speed, output tok/s per GPU), sorted
    source: str

    @property
    def model(self) -> str:
        return self.rows[0].model

    @property
    def gpu(self) -> str:
        return self.rows[0].gpu

    @property
    def scale_from(self) -> bool:
        return all(r.scale_from for r in self.rows)


_CURVES: dict[int, tuple[list[ThroughputRow], list[Curve]]] = {}


def curves(rows: list[ThroughputRow]) -> list[Curve]:
    """The table's rows grouped into curves, once per table (the table never changes while a process runs;
    the memo is keyed on the list itself, kept alive beside it)."""
    memo = _CURVES.get(id(rows))
    if memo is not None and memo[0] is rows:
        return memo[1]
    grouped: dict[tuple, list[ThroughputRow]] = {}
    for row in rows:
        grouped.setdefault(row.curve, []).append(row)
    out = [Curve(tuple(g), tuple(sorted((r.per_user_tok_s, r.output_tok_s_per_gpu) for r in g)), _describe(g))
           for g in grouped.values()]
    _CURVES[id(rows)] = (rows, out)
    return out


def _describe(rows: list[ThroughputRow]) -> str:
    first = rows[0]
    shape = f", {first.isl}/{first.osl} in/out" if first.isl and first.osl else ""
    counted = "; output share of its input+output figure" if first.counts == "input+output" else ""
    return f"{first.source}, {first.engine}, {first.precision}{shape}{counted} (as of {first.as_of})"


def _precision_ratio(curve: Curve, model: Model) -> float:
    """Bytes per parameter the curve was measured at, over the catalog checkpoint's (1.0 when they agree
    within 15 %, or the precision is not one we know): an FP8 figure for a BF16 checkpoint read half the
    bytes a step."""
    measured = DTYPE_BYTES.get(curve.rows[0].precision.lower())
    if measured is None:
        return 1.0
    ratio = measured / model.bytes_per_param
    return 1.0 if abs(ratio - 1.0) <= 0.15 else ratio


def _vendor(gpu: Gpu) -> str:
    return "amd" if gpu.arch.startswith("cdna") else "nvidia"


def published(rows: list[ThroughputRow], model: Model, gpu: Gpu, per_user: float) -> tuple[float, str] | None:
    """Output tok/s per GPU for this model on this GPU at `per_user`: the best published curve."""
    best: tuple[float, str] | None = None
    for curve in curves(rows):
        if curve.model == model.id and curve.gpu == gpu.id and _precision_ratio(curve, model) == 1.0:
            value = _along(curve.points, per_user)
            if best is None or value > best[0]:
                best = (value, curve.source)
    return best


def scaled(rows: list[ThroughputRow], models: dict[str, Model], gpus: dict[str, Gpu], model: Model, gpu: Gpu,
           per_user: float) -> tuple[float, str, dict] | None:
    """The nearest published curve (in memory bandwidth, then in bytes a decode step reads), scaled to
    this model and GPU: × the bandwidth ratio × the inverse ratio of bytes per step. Of curves equally
    near, the lower figure."""
    found = []
    target_bytes = step_bytes(model)
    for curve in curves(rows):
        if not curve.scale_from:
            continue
        ref_model, ref_gpu = models[curve.model], gpus[curve.gpu]
        bandwidth = gpu.bandwidth_tb_s / ref_gpu.bandwidth_tb_s
        weight = step_bytes(ref_model) * _precision_ratio(curve, ref_model) / target_bytes
        vendor = 0.0 if _vendor(ref_gpu) == _vendor(gpu) else VENDOR_DISTANCE
        distance = round(abs(math.log(bandwidth)) + abs(math.log(weight)) + vendor, 6)
        found.append((distance, curve, ref_model, ref_gpu, bandwidth, weight))
    if not found:
        return None
    nearest = min(item[0] for item in found)
    candidates = []
    for distance, curve, ref_model, ref_gpu, bandwidth, weight in found:
        if distance == nearest:
            value = _along(curve.points, per_user) * bandwidth * weight
            scaling = {"model": ref_model.name, "gpu": ref_gpu.name, "bandwidth": bandwidth, "bytes": weight}
            candidates.append((value, curve.source, scaling))
    return min(candidates, key=lambda item: item[0])


def capacity(
    model: Model,
    gpu: Gpu,
    shape: Shape,
    *,
    per_user_tok_s: float,
    context: int,
    rows: list[ThroughputRow],
    models: dict[str, Model],
    gpus: dict[str, Gpu],
    measured_tok_s: float | None = None,
    measured_source: str | None = None,
) -> Capacity:
    """The most trusted per-node figure available, never above the roofline at full bandwidth."""
    ceiling = roofline(model, gpu, shape, per_user_tok_s, context)

    # A node whose bandwidth allows the speed serves at least one stream per replica at it, whatever a
    # curve extrapolated far beyond its fastest point says.
    one_stream_each = per_user_tok_s * shape.replicas / shape.units if ceiling > 0 else 0.0

    def made(tok_s: float, basis: Basis, source: str, scaling: dict | None = None) -> Capacity:
        if basis != "measured":
            tok_s = max(tok_s, one_stream_each)
        low, high = BAND[basis]
        return Capacity(tok_s=tok_s, basis=basis, source=source, per_user_tok_s=per_user_tok_s,
                        low=tok_s * low, high=tok_s * high, scaling=scaling or {})

    if measured_tok_s:
        return made(measured_tok_s, "measured", measured_source or "your measurement")
    gpus_per_node = shape.gpus_in_use_per_node
    capped = " (capped at the memory-bandwidth roofline)"
    if found := published(rows, model, gpu, per_user_tok_s):
        value = found[0] * gpus_per_node
        return made(min(value, ceiling), "benchmark", found[1] + (capped if value > ceiling else ""))
    if found_scaled := scaled(rows, models, gpus, model, gpu, per_user_tok_s):
        value, source, scaling = found_scaled
        value *= gpus_per_node
        return made(min(value, ceiling), "scaled", source + (capped if value > ceiling else ""), scaling)
    bound = made(ceiling * BOUND_EFFICIENCY, "bound", "memory-bandwidth roofline × 0.5 efficiency")
    return Capacity(tok_s=bound.tok_s, basis="bound", source=bound.source, per_user_tok_s=per_user_tok_s,
                    low=bound.tok_s * BAND["bound"][0], high=max(ceiling, bound.tok_s))
