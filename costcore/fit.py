"""Does the model fit a node we can rent, how, and how many nodes does the SLO need?

The recipe is the authority and the arithmetic the check: a shape a serving recipe verifies is preferred
when the arithmetic admits it; a shape only the arithmetic admits is listed as unverified.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field

from costcore.answer import Fit, NodeFit
from costcore.capacity import Capacity, Shape, capacity, roofline
from costcore.catalog import Catalogs, Gpu, Model, Node, Recipe
from costcore.fleet import Steps
from costcore.scenario import Finding

GB = 1e9
MAX_UNITS = 8  # beyond eight nodes per replica we stop calling it "rentable"


@dataclass(frozen=True)
class Layout:
    tensor_parallel: int
    placement: str
    replicas: int
    units: int = 1
    pipeline_parallel: int = 1
    recipe: Recipe | None = None
    thin: bool = False  # admitted at raw size, short of the headroom
    need_gb: float = 0.0
    mem_gb: float = 0.0


def kv_gb(model: Model, concurrency: int, context_tokens: int) -> float:
    return concurrency * model.kv.per_sequence(context_tokens) / GB


def resident_gb(model: Model, placement: str) -> float:
    return model.checkpoint_gb - (model.host_ok_gb if placement == "engram-on-host" else 0.0)


def placements(model: Model, recipe: Recipe | None = None) -> list[str]:
    if recipe and recipe.placement:
        return [recipe.placement]
    return ["all-in-gpu", "engram-on-host"] if model.host_ok_gb else ["all-in-gpu"]


def _admit(model: Model, placement: str, gpus: int, gpu: Gpu, kv: float, headroom: float) -> tuple[bool, bool]:
    """(fits, thin): fits with headroom, or only at raw size."""
    need = resident_gb(model, placement) + kv
    mem = gpus * gpu.plan_gb
    return (need * headroom <= mem or need <= mem), need * headroom > mem


def _host_ok(model: Model, placement: str, replicas: int, node: Node) -> bool:
    return placement != "engram-on-host" or model.host_ok_gb * replicas <= node.host_ram_gb


def _layout(model: Model, node: Node, gpu: Gpu, tp: int, placement: str, kv: float, headroom: float,
            recipe: Recipe | None, strict: bool) -> Layout | None:
    fits, thin = _admit(model, placement, tp, gpu, kv, headroom)
    replicas = node.gpu_count // tp
    if not fits or (strict and thin) or not _host_ok(model, placement, replicas, node):
        return None
    need = (resident_gb(model, placement) + kv) * headroom
    return Layout(tp, placement, replicas, recipe=recipe, thin=thin, need_gb=need, mem_gb=tp * gpu.plan_gb)


def single_node_layouts(model: Model, node: Node, gpu: Gpu, kv: float, headroom: float) -> list[Layout]:
    layouts = []
    for recipe in model.recipes:
        if recipe.gpu != node.gpu or recipe.pipeline_parallel != 1 or recipe.count > node.gpu_count:
            continue
        for placement in placements(model, recipe):
            layout = _layout(model, node, gpu, recipe.count, placement, kv, headroom, recipe, strict=False)
            if layout:
                layouts.append(layout)
                break
    tp = 1
    while tp <= node.gpu_count:
        if node.gpu_count % tp == 0:
            for placement in placements(model):
                layout = _layout(model, node, gpu, tp, placement, kv, headroom, None, strict=True)
                if layout:
                    layouts.append(layout)
        tp *= 2
    return layouts


def best(layouts: list[Layout]) -> Layout | None:
    """Verified first; then the most replicas per node; then everything in GPU memory; then full headroom."""
    if not layouts:
        return None
    return max(
        layouts,
        key=lambda lay: (lay.recipe is not None, lay.replicas, lay.placement == "all-in-gpu", not lay.thin),
    )


def multi_node_layout(model: Model, node: Node, gpu: Gpu, kv: float, headroom: float) -> Layout | None:
    """Tensor parallel inside each node, pipeline parallel across nodes (InfiniBand or EFA only)."""
    node_mem = node.gpu_count * gpu.plan_gb
    need = (resident_gb(model, "all-in-gpu") + kv) * headroom
    units = math.ceil(need / node_mem)
    if units > MAX_UNITS:
        return None
    recipe = next(
        (r for r in model.recipes if r.gpu == node.gpu and r.count == units * node.gpu_count), None
    )
    return Layout(
        tensor_parallel=node.gpu_count,
        placement="all-in-gpu",
        replicas=1,
        units=units,
        pipeline_parallel=units,
        recipe=recipe,
        need_gb=need,
        mem_gb=units * node_mem,
    )


def _reason(layout: Layout | None, node: Node, need_all_gb: float, gpu: Gpu) -> Finding:
    mem = node.gpu_count * gpu.plan_gb
    if layout is None:
        if not node.multi_node_ok and need_all_gb > mem:
            return Finding(code="fit_no_network", params={"need_gb": need_all_gb, "mem_gb": mem,
                                                          "interconnect": node.interconnect})
        return Finding(code="fit_none", params={"need_gb": need_all_gb, "mem_gb": mem})
    common = {"tp": layout.tensor_parallel, "replicas": layout.replicas, "placement": layout.placement,
              "need_gb": layout.need_gb, "mem_gb": layout.mem_gb}
    if layout.units > 1:
        return Finding(code="fit_multi_node", params=common | {
            "units": layout.units, "pp": layout.pipeline_parallel, "interconnect": node.interconnect,
            "verified": layout.recipe is not None})
    if layout.recipe is not None:
        code = "fit_recipe_thin" if layout.thin else "fit_recipe"
        return Finding(code=code, params=common | {"source": layout.recipe.source})
    return Finding(code="fit_arithmetic", params=common | {"margin_gb": layout.mem_gb - layout.need_gb})


@dataclass
class Sizing:
    """What every node of a call shares: the model, the question's figures, and a cache per node shape, so
    a catalog of hundreds of offers computes layouts and capacity once per (GPU, count, host RAM)."""

    model: Model
    catalogs: Catalogs
    kv: float
    headroom: float
    context: int
    per_user_tok_s: float
    aggregate_tok_s: float | None
    measured_tok_s: float | None
    measured_source: str | None
    layouts: dict = field(default_factory=dict)
    capacities: dict = field(default_factory=dict)

    def layout(self, node: Node, gpu: Gpu) -> Layout | None:
        key = (node.gpu, node.gpu_count, node.host_ram_gb, node.multi_node_ok)
        if key not in self.layouts:
            # Of the shapes that hold the model, those whose bandwidth reaches the per-user speed: a fast
            # stream may need TP8 where TP2 replicas carry more slow ones.
            layouts = single_node_layouts(self.model, node, gpu, self.kv, self.headroom)
            layout = best([lay for lay in layouts if self._reaches_speed(gpu, lay)]) or best(layouts)
            if layout is None and node.multi_node_ok:
                layout = multi_node_layout(self.model, node, gpu, self.kv, self.headroom)
            self.layouts[key] = layout
        return self.layouts[key]

    def shape(self, layout: Layout) -> Shape:
        return Shape(layout.tensor_parallel, layout.pipeline_parallel, layout.replicas, layout.units,
                     resident_gb(self.model, layout.placement) / layout.pipeline_parallel)

    def _reaches_speed(self, gpu: Gpu, layout: Layout) -> bool:
        return roofline(self.model, gpu, self.shape(layout), self.per_user_tok_s, self.context) > 0

    def capacity(self, gpu: Gpu, layout: Layout) -> Capacity:
        shape = self.shape(layout)
        key = (gpu.id, shape)
        if key not in self.capacities:
            self.capacities[key] = capacity(
                self.model, gpu, shape, per_user_tok_s=self.per_user_tok_s, context=self.context,
                rows=self.catalogs.throughput, models=self.catalogs.models, gpus=self.catalogs.gpus,
                measured_tok_s=self.measured_tok_s, measured_source=self.measured_source)
        return self.capacities[key]


def node_fit(node: Node, sizing: Sizing, *, on: dt.date, hours_per_month: int) -> NodeFit:
    model, catalogs = sizing.model, sizing.catalogs
    gpu = catalogs.gpus[node.gpu]
    layout = sizing.layout(node, gpu)
    price = node.price_on(on)
    per_month = price.usd_per_hour * hours_per_month
    need_all = (model.checkpoint_gb + sizing.kv) * sizing.headroom
    fields = dict(
        id=node.id, name=node.name, provider=node.provider, gpu=node.gpu, gpu_count=node.gpu_count,
        memory_gb=node.gpu_count * gpu.plan_gb, usd_per_hour=price.usd_per_hour, usd_per_month=per_month,
        price_as_of=price.as_of, price_source=price.source, price_confidence=price.confidence,
        billing=node.billing, region=node.region, jurisdiction=node.jurisdiction,
        reason=_reason(layout, node, need_all, gpu),
    )
    if layout is None:
        return NodeFit(fits=False, **fields)
    cap = sizing.capacity(gpu, layout)
    steps = Steps.of(layout.units, node.min_units, cap.tok_s, per_month)
    volume = sizing.aggregate_tok_s
    fleet: dict = {}
    if volume and steps.serves:
        fleet = dict(nodes_needed=steps.nodes_for(volume), nodes_in_use=steps.nodes_in_use(volume),
                     usd_per_month_fleet=steps.usd_for(volume), usd_per_month_for_slo=steps.usd_for(volume),
                     utilisation=steps.utilisation(volume))
    return NodeFit(
        fits=True,
        placement=layout.placement,
        tensor_parallel=layout.tensor_parallel,
        pipeline_parallel=layout.pipeline_parallel,
        replicas=layout.replicas,
        units=layout.units,
        recipe_verified=layout.recipe is not None,
        recipe_source=layout.recipe.source if layout.recipe else None,
        recipe_flags=list(layout.recipe.flags) if layout.recipe else [],
        host_ram_needed_gb=model.host_ok_gb * layout.replicas if layout.placement == "engram-on-host" else 0.0,
        capacity_tok_s=cap.tok_s,
        capacity_measured=cap.basis == "measured",
        capacity_basis=cap.basis,
        capacity_source=cap.source,
        capacity_low=cap.low,
        capacity_high=cap.high,
        capacity_scaling=cap.scaling or None,
        per_user_tok_s=cap.per_user_tok_s,
        nodes_per_step=steps.nodes,
        **fleet,
        **fields,
    )


def fit(model: Model, catalogs: Catalogs, *, concurrency: int, context: int, headroom: float,
        aggregate_tok_s: float | None, per_user_tok_s: float, measured_tok_s_per_node: float | None,
        measured_source: str | None = None, on: dt.date, hours_per_month: int,
        nodes: list[Node] | None = None) -> Fit:
    """`nodes`: the offers to fit (costcore.offers.select's shortlist); every catalog node by default."""
    kv = kv_gb(model, concurrency, context)
    sizing = Sizing(model, catalogs, kv, headroom, context, per_user_tok_s, aggregate_tok_s,
                    measured_tok_s_per_node, measured_source)
    fitted = [node_fit(node, sizing, on=on, hours_per_month=hours_per_month)
              for node in (catalogs.nodes.values() if nodes is None else nodes)]
    return Fit(
        weights_gb=model.checkpoint_gb,
        host_capable_gb=model.host_ok_gb,
        kv_gb=kv,
        floor_gb=(model.checkpoint_gb + kv) * headroom,
        headroom=headroom,
        nodes=fitted,
        per_user_tok_s=per_user_tok_s,
    )


def steps(node: NodeFit) -> Steps:
    """The rental steps of a fitting node type, rebuilt from its row."""
    return Steps(node.nodes_per_step, node.units, node.capacity_tok_s or 0.0, node.usd_per_month)
