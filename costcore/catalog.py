"""The catalogs: YAML files loaded into strict pydantic models.

Loading happens once, at start-up, from paths the shell passes in; costcore never looks for files while it
answers. Errors name the file and the row so a team editing an override file can fix it.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

DTYPE_BYTES = {"bf16": 2.0, "fp16": 2.0, "fp8": 1.0, "fp4": 0.5, "mxfp4": 0.5}
Placement = Literal["all-in-gpu", "engram-on-host"]


class CatalogError(ValueError):
    """A catalog file that cannot be used, with the file and row named."""


class Strict(BaseModel):
    # defer_build: the validators are built when a row is first validated, so a process that gets its
    # catalogs already validated (the shell's start-up cache) never pays for building them (bot/startup.py).
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class Sourced(Strict):
    source: str
    as_of: dt.date


# --- GPUs and nodes ---------------------------------------------------------------------------------


class Gpu(Sourced):
    id: str
    name: str
    arch: str
    memory_gb: float = Field(gt=0)
    usable_gb: float | None = Field(default=None, gt=0)
    bandwidth_tb_s: float = Field(gt=0)
    aliases: list[str] = Field(default_factory=list)  # names price catalogs use (gpuhunt: "A100", "L40S" …)
    # Sanity bounds for an imported $/GPU-hour (spot included): a policy, not a price. A row outside them is
    # a broken catalog row ($0 H100, $0.01 B200), rejected and reported by `llmcost refresh`.
    usd_per_gpu_hour_bounds: tuple[Decimal, Decimal] | None = None

    @property
    def plan_gb(self) -> float:
        return self.usable_gb or self.memory_gb


Billing = Literal["on_demand", "capacity_block", "reserved", "spot", "negotiated"]
# How a price row was checked: high = seen on the provider's own public page or docs on `as_of`;
# medium = a provider's figure relayed by a dated secondary source (the domain brief, a maintained dataset);
# low = a third party's figure, or one not re-checked since `as_of`.
Confidence = Literal["high", "medium", "low"]
UNSPECIFIED = "unspecified"


class NodePrice(Sourced):
    usd_per_hour: Decimal = Field(gt=0)
    confidence: Confidence


class Node(Strict):
    """One rentable offer: a shape (GPU × count, host RAM, network) at a price, billing kind and region."""

    id: str
    provider: str
    name: str
    gpu: str
    gpu_count: int = Field(ge=1)
    host_ram_gb: float = Field(ge=0)
    interconnect: Literal["infiniband", "efa", "nvlink-rack", "ethernet"]
    billing: Billing
    # Where it runs: the provider's region name, the legal jurisdiction ("EU", "US", "UK" …) and the ISO
    # country when known. A team's own row may leave them out; residency rules then never pick it.
    region: str = UNSPECIFIED
    jurisdiction: str = UNSPECIFIED
    country: str | None = None
    min_units: int = Field(default=1, ge=1)
    prices: list[NodePrice] = Field(min_length=1)

    @property
    def shape(self) -> tuple:
        """What the fit depends on: offers with the same shape fit the same way, whatever their price."""
        return (self.gpu, self.gpu_count, self.host_ram_gb, self.interconnect, self.min_units)

    def price_on(self, day: dt.date) -> NodePrice:
        """The newest price dated on or before `day` (the oldest when all are later)."""
        if len(self.prices) == 1:  # most offers: answers look at hundreds of them
            return self.prices[0]
        dated = sorted(self.prices, key=lambda p: p.as_of)
        valid = [p for p in dated if p.as_of <= day]
        return valid[-1] if valid else dated[0]

    @property
    def multi_node_ok(self) -> bool:
        # Pipeline or expert parallel across nodes needs InfiniBand or EFA; ordinary VPC networking
        # collapses tokens per second.
        return self.interconnect in ("infiniband", "efa", "nvlink-rack")


# --- Models ------------------------------------------------------------------------------------------


class WeightPart(Strict):
    part: str
    gb: float | None = Field(default=None, gt=0)
    params_b: float | None = Field(default=None, gt=0)
    dtype: Literal["bf16", "fp16", "fp8", "fp4", "mxfp4"] | None = None
    host_ok: bool = False

    @model_validator(mode="after")
    def _size_given(self) -> WeightPart:
        if self.gb is None and (self.params_b is None or self.dtype is None):
            raise ValueError("give `gb`, or `params_b` with `dtype`")
        return self

    @property
    def size_gb(self) -> float:
        if self.gb is not None:
            return self.gb
        assert self.params_b is not None and self.dtype is not None
        return self.params_b * DTYPE_BYTES[self.dtype]


class KvSpec(Strict):
    bytes_per_token: float | None = Field(default=None, gt=0)
    attention: Literal["standard", "mla"] | None = None
    layers: int | None = Field(default=None, ge=0)  # 0: every attention layer slides (window only)
    kv_heads: int | None = None
    head_dim: int | None = None
    kv_lora_rank: int | None = None
    rope_dim: int | None = None
    bytes_per_element: float = 2
    sliding_layers: int = 0
    window: int = 0
    # Gemma 4 style: sliding layers with their own KV heads and head size (the full layers' are above)
    window_kv_heads: int | None = Field(default=None, ge=1)
    window_head_dim: int | None = Field(default=None, ge=1)
    note: str | None = None

    @model_validator(mode="after")
    def _computable(self) -> KvSpec:
        if self.bytes_per_token is not None:
            return self
        if self.attention == "standard" and (self.layers or self.sliding_layers) and self.kv_heads and self.head_dim:
            return self
        if self.attention == "mla" and self.layers and self.kv_lora_rank and self.rope_dim is not None:
            return self
        raise ValueError("give a measured `bytes_per_token` or the attention config to compute it")

    def _per_layer_token_bytes(self) -> float:
        if self.attention == "mla":
            return (self.kv_lora_rank or 0) + (self.rope_dim or 0)
        return 2 * (self.kv_heads or 0) * (self.head_dim or 0)

    @property
    def per_token(self) -> float:
        """Bytes per token of context in the layers whose cache grows with context."""
        if self.bytes_per_token is not None:
            return self.bytes_per_token
        return (self.layers or 0) * self._per_layer_token_bytes() * self.bytes_per_element

    def _window_layer_token_bytes(self) -> float:
        if self.window_kv_heads or self.window_head_dim:
            return 2 * (self.window_kv_heads or self.kv_heads or 0) * (self.window_head_dim or self.head_dim or 0)
        return self._per_layer_token_bytes()

    def per_sequence(self, context_tokens: int) -> float:
        """Bytes one sequence of `context_tokens` holds: growing layers plus capped window layers."""
        windowed = self.sliding_layers * min(self.window, context_tokens)
        return self.per_token * context_tokens + windowed * self._window_layer_token_bytes() * self.bytes_per_element


class Recipe(Strict):
    gpu: str
    count: int = Field(ge=1)
    tensor_parallel: int = Field(ge=1)
    pipeline_parallel: int = Field(default=1, ge=1)
    placement: Placement | None = None  # None: whichever placement the arithmetic admits
    engine: str
    version: str | None = None
    flags: list[str] = Field(default_factory=list)
    source: str


class Serving(Strict):
    repo: str
    engine: str
    version: str
    image: str
    flags: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict)
    alt_engine: str | None = None
    notes: list[str] = Field(default_factory=list)


class Model(Sourced):
    id: str
    name: str
    aliases: list[str] = Field(default_factory=list)
    family: str
    licence: str
    open_weights: bool
    released: dt.date | None = None
    params_total_b: float = Field(gt=0)
    params_active_b: float = Field(gt=0)
    weights: list[WeightPart] = Field(min_length=1)
    kv: KvSpec
    context_tokens: int = Field(ge=1)
    serving: Serving | None = None
    recipes: list[Recipe] = Field(default_factory=list)
    hosted_per_stream_tok_s: dict[str, tuple[float, float]] = Field(default_factory=dict)
    # Where the facts come from: a curated row, or the Hub (read at answer time, dated by the fetch).
    origin: Literal["catalog", "hub"] = "catalog"
    hub_repo: str | None = None  # the Hub repo whose config.json the row was checked against
    gated: str | None = None  # the Hub's gating of the repo ("auto", "manual"), when it is gated
    vram_minimum_gb: float | None = Field(default=None, gt=0)  # vllm-project/recipes' stated minimum

    @property
    def source_ref(self) -> dict[str, str | None]:
        """Where the answer's model facts came from, as the contract's `model_source` gives it."""
        repo = self.hub_repo or (self.serving.repo if self.serving else None)
        return {"kind": self.origin, "repo": repo, "as_of": self.as_of.isoformat()}

    @cached_property  # read for every layout of every offer: summed once per model
    def checkpoint_gb(self) -> float:
        return sum(p.size_gb for p in self.weights)

    @cached_property
    def host_ok_gb(self) -> float:
        return sum(p.size_gb for p in self.weights if p.host_ok)

    @property
    def bytes_per_param(self) -> float:
        return self.checkpoint_gb / self.params_total_b


# --- Published throughput ----------------------------------------------------------------------------


class ThroughputRow(Sourced):
    """One published point: what one GPU sustains serving `model` at `per_user_tok_s` per stream."""

    model: str
    gpu: str
    engine: str
    precision: str
    isl: int | None = Field(default=None, ge=1)
    osl: int | None = Field(default=None, ge=1)
    per_user_tok_s: float = Field(gt=0)
    tok_s_per_gpu: float = Field(gt=0)
    counts: Literal["output", "input+output"]
    gpus: int | None = Field(default=None, ge=1)
    scale_from: bool = True

    @model_validator(mode="after")
    def _shape_when_input_counts(self) -> ThroughputRow:
        if self.counts == "input+output" and (self.isl is None or self.osl is None):
            raise ValueError("a figure that counts input + output tokens needs `isl` and `osl`")
        return self

    @property
    def output_tok_s_per_gpu(self) -> float:
        if self.counts == "output":
            return self.tok_s_per_gpu
        assert self.isl is not None and self.osl is not None
        return self.tok_s_per_gpu * self.osl / (self.isl + self.osl)

    @property
    def curve(self) -> tuple[str, str, str, str, int | None, int | None]:
        """Rows with the same key are points of one published curve."""
        return (self.model, self.gpu, self.engine, self.precision, self.isl, self.osl)


# --- API overlay -------------------------------------------------------------------------------------


class ServedBy(Sourced):
    provider: str
    model_ref: str
    first_party: bool = False
    per_stream_tok_s: tuple[float, float] | None = None
    withdrawn_on: dt.date | None = None  # the vendor's API stopped serving these weights under this ref


class Route(Sourced):
    """A provider genai-prices lists that is not a real-time host of open weights (a router, a gateway)."""

    provider: str
    reason: str
    via: str | None = None  # the host this route bills for


class Tier(Strict):
    suffix: str
    kind: Literal["batch", "free"]


class WeekdayRule(Sourced):
    provider: str
    model_ref: str
    offpeak_weekdays: list[int]
    tz: str
    note: str


class Residency(Sourced):
    provider: str
    uplift: Decimal
    from_: dt.date = Field(alias="from")


class Frontier(Strict):
    provider: str
    model_ref: str
    label: str


class FxRate(Sourced):
    currency: Literal["EUR"]
    per_usd: Decimal = Field(gt=0)


class VatRate(Sourced):
    country: str
    rate: Decimal = Field(ge=0)


class ApiOverlay(Strict):
    weights: dict[str, list[str]] = Field(default_factory=dict)
    routes: list[Route] = Field(default_factory=list)
    tiers: list[Tier] = Field(default_factory=list)
    serving: dict[str, list[ServedBy]] = Field(default_factory=dict)
    weekday_rules: list[WeekdayRule] = Field(default_factory=list)
    residency: list[Residency] = Field(default_factory=list)
    frontier: list[Frontier] = Field(default_factory=list)
    fx: list[FxRate] = Field(min_length=1)
    vat: list[VatRate] = Field(default_factory=list)

    @model_validator(mode="after")
    def _patterns_compile(self) -> ApiOverlay:
        for model_id, patterns in self.weights.items():
            for pattern in patterns:
                try:
                    re.compile(pattern)
                except re.error as exc:
                    raise ValueError(f"weights.{model_id}: {pattern!r}: {exc}") from exc
        return self

    def same_weights(self, model_id: str, normalised_ref: str) -> bool:
        return any(re.fullmatch(p, normalised_ref, re.I) for p in self.weights.get(model_id, []))

    def route(self, provider_id: str) -> Route | None:
        return next((r for r in self.routes if r.provider == provider_id), None)

    def fx_on(self, day: dt.date) -> FxRate:
        dated = sorted(self.fx, key=lambda r: r.as_of)
        valid = [r for r in dated if r.as_of <= day]
        return valid[-1] if valid else dated[0]


# --- Open or closed ----------------------------------------------------------------------------------


class OpenFamily(Sourced):
    pattern: str


class ModelName(Strict):
    """A word that starts a vendor's model names as people type them ("gpt", "claude", "opus")."""

    word: str = Field(pattern=r"^[a-z][a-z0-9]*$")
    family: bool = False  # alone, the word names the family ("Claude")
    prefix: str = ""  # what the vendor's ids put before it ("opus" -> "claude-opus")


class ClosedVendor(Strict):
    vendor: str
    providers: list[str] = Field(min_length=1)
    open_weights: list[OpenFamily] = Field(default_factory=list)
    names: list[ModelName] = Field(default_factory=list)

    def is_open(self, model_id: str) -> bool:
        return any(re.search(f.pattern, model_id, re.I) for f in self.open_weights)


class ClosedModels(Strict):
    """Which models publish no weights: one list, read by the parser and costcore alike (closed.yaml)."""

    vendors: list[ClosedVendor]
    open_alternatives: list[str] = Field(default_factory=list)

    def vendor_of(self, provider_id: str) -> ClosedVendor | None:
        return next((v for v in self.vendors if provider_id in v.providers), None)

    def is_closed(self, provider_id: str, model_id: str) -> bool:
        """Whether the model genai-prices lists as `model_id` under `provider_id` publishes no weights."""
        vendor = self.vendor_of(provider_id)
        return vendor is not None and not vendor.is_open(model_id)

    def is_open_family(self, name: str) -> bool:
        """Whether `name` belongs to a closed vendor's open-weight family ("gpt-oss-safeguard-20b")."""
        return any(v.is_open(name) for v in self.vendors)

    @property
    def providers(self) -> frozenset[str]:
        return frozenset(p for v in self.vendors for p in v.providers)

    @property
    def names(self) -> list[ModelName]:
        return [n for v in self.vendors for n in v.names]


# --- The whole set -----------------------------------------------------------------------------------


@lru_cache(maxsize=8192)  # node ids and aliases are normalised on every question
def normalise(name: str) -> str:
    """The key aliases are matched on: case, spaces, dashes, dots and underscores do not count."""
    return re.sub(r"[\s\-_.:/]+", "", name.lower())


_DIGIT_GROUP = re.compile(r"\d+(?:\.\d+)*")


def digit_groups(name: str) -> tuple[str, ...]:
    """The number groups of a name, dots inside a version dropped: "Llama 3.1 70B" -> ("31", "70").

    Comparing groups, not all digits run together, keeps "llama 3 170b" apart from "llama 3.1 70b" and
    "v3.1" apart from "V3 / R1"; "v41" still equals "V4.1"."""
    return tuple(g.replace(".", "") for g in _DIGIT_GROUP.findall(name))


class Catalogs(Strict):
    models: dict[str, Model]
    gpus: dict[str, Gpu]
    nodes: dict[str, Node]
    apis: ApiOverlay
    closed: ClosedModels
    alias_index: dict[str, str]
    throughput: list[ThroughputRow] = Field(default_factory=list)
    # genai-prices' data (costcore.prices.PriceData), passed in by the shell's composition root; never
    # pickled with the catalogs nor read from a global at call time.
    prices: Any = Field(default=None, exclude=True, repr=False)

    def find_model(self, name: str) -> Model | None:
        """A catalog model by id or alias, insensitive to case, spaces, dashes and dots, but not to how the
        digits group: "llama 3 170b" and "llama-3.1-70b" share a key, not a model."""
        key = normalise(name)
        model = self.models.get(self.alias_index.get(key, ""))
        if model is None:
            return None
        groups = digit_groups(name)
        names = [model.id, model.name, *model.aliases]
        return model if any(normalise(n) == key and digit_groups(n) == groups for n in names) else None

    def with_prices(self, prices: Any) -> Catalogs:
        return self.model_copy(update={"prices": prices})

    @property
    def as_of(self) -> dt.date:
        """The newest date any catalog row carries: what the answer quotes as "catalog as of"."""
        dates = [m.as_of for m in self.models.values() if m.origin == "catalog"] + [g.as_of for g in self.gpus.values()]
        dates += [p.as_of for n in self.nodes.values() for p in n.prices]
        return max(dates)


DATA = resources.files("costcore") / "data"


def read_yaml(path: Path | Any) -> Any:
    """One catalog file as plain data. PyYAML is imported here, not at start-up: a warm CLI run reads the
    files through the shell's cache and never needs it."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    except (OSError, yaml.YAMLError) as exc:
        raise CatalogError(f"{path}: cannot read: {exc}") from exc


def _rows(path: Any, kind: type[Strict], rows: Any) -> list[Any]:
    if not isinstance(rows, list):
        raise CatalogError(f"{path}: expected a list of rows")
    out = []
    for i, row in enumerate(rows, start=1):
        label = row.get("id", f"#{i}") if isinstance(row, dict) else f"#{i}"
        try:
            out.append(kind.model_validate(row))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise CatalogError(f"{path}: row {i} ({label}): {where}: {first['msg']}") from exc
    return out


def _index(path: Any, rows: list[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for i, row in enumerate(rows, start=1):
        if row.id in out:
            raise CatalogError(f"{path}: row {i}: duplicate id {row.id!r}")
        out[row.id] = row
    return out


def _distinct_offers(path: Any, rows: list[Node]) -> list[Node]:
    """Two rows for the same offer (provider, name, region, billing) under different ids: one is a mistake."""
    seen: dict[tuple, str] = {}
    for i, row in enumerate(rows, start=1):
        key = (row.provider, row.name, row.region, row.billing)
        if key in seen:
            raise CatalogError(f"{path}: row {i} ({row.id}): duplicate offer, same as {seen[key]!r}")
        seen[key] = row.id
    return rows


def _aliases(models: dict[str, Model]) -> dict[str, str]:
    index: dict[str, str] = {}
    for model in models.values():
        for name in [model.id, model.name, *model.aliases]:
            key = normalise(name)
            if index.get(key, model.id) != model.id:
                raise CatalogError(f"models: alias {name!r} names both {index[key]!r} and {model.id!r}")
            index[key] = model.id
    return index


def catalog_files(node_overrides: list[Path] | None = None, data_dir: Path | None = None,
                  offers_snapshot: Path | None = None) -> list[Any]:
    """Every file `load_catalogs` reads, in order: what a cache of its result must be keyed on."""
    base = data_dir or DATA
    names = ("models.yaml", "gpus.yaml", "nodes.yaml", "apis.yaml", "throughput.yaml", "closed.yaml")
    files = [base / name for name in names]
    return files + ([offers_snapshot] if offers_snapshot else []) + list(node_overrides or [])


def read_snapshot(path: Path) -> dict[str, Any]:
    """An offers snapshot written by `llmcost refresh` (JSON: fetched_at, source, offers, rejected)."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CatalogError(f"{path}: cannot read the offers snapshot ({exc}); run `llmcost refresh` again, "
                           "or delete the file to use the shipped catalog") from exc
    if not isinstance(data, dict) or not isinstance(data.get("offers"), list):
        raise CatalogError(f"{path}: not an offers snapshot (no `offers` list); run `llmcost refresh` again, "
                           "or delete the file to use the shipped catalog")
    return data


def _overrides(path: Any, rows: Any, nodes: dict[str, Node]) -> list[Any]:
    """A team's row for a node we ship keeps the fields it leaves out (region, host RAM …) from ours."""
    if not isinstance(rows, list):
        return rows
    return [
        nodes[row["id"]].model_dump(mode="json") | row
        if isinstance(row, dict) and row.get("id") in nodes else row
        for row in rows
    ]


def _document(path: Any, kind: type[Strict], data: Any) -> Any:
    try:
        return kind.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise CatalogError(f"{path}: {where}: {first['msg']}") from exc


def load_catalogs(node_overrides: list[Path] | None = None, data_dir: Path | None = None,
                  offers_snapshot: Path | None = None, prices: Any = None) -> Catalogs:
    """Load the bundled catalogs, then the offers snapshot `llmcost refresh` wrote (its rows add offers),
    then any node files a team names (their rows replace or add by id).

    `prices` is genai-prices' data (costcore.prices.PriceData) the answers will use; the shell may also
    attach it later with `catalogs.with_prices(...)`."""
    read = read_yaml
    base = data_dir or DATA
    models = _index(base / "models.yaml", _rows(base / "models.yaml", Model, read(base / "models.yaml")))
    gpus = _index(base / "gpus.yaml", _rows(base / "gpus.yaml", Gpu, read(base / "gpus.yaml")))
    shipped = _rows(base / "nodes.yaml", Node, read(base / "nodes.yaml"))
    nodes = _index(base / "nodes.yaml", _distinct_offers(base / "nodes.yaml", shipped))
    if offers_snapshot is not None:
        snapshot = _index(offers_snapshot, _rows(offers_snapshot, Node, read_snapshot(offers_snapshot)["offers"]))
        for i, node_id in enumerate(snapshot, start=1):
            if node_id in nodes:
                raise CatalogError(f"{offers_snapshot}: row {i}: duplicate id {node_id!r} (also in nodes.yaml)")
        nodes.update(snapshot)
    for path in node_overrides or []:
        nodes.update(_index(path, _rows(path, Node, _overrides(path, read(path), nodes))))
    apis = _document(base / "apis.yaml", ApiOverlay, read(base / "apis.yaml"))
    closed = _document(base / "closed.yaml", ClosedModels, read(base / "closed.yaml"))
    for node in nodes.values():
        if node.gpu not in gpus:
            raise CatalogError(f"nodes: {node.id!r} names unknown GPU {node.gpu!r}")
    for model in models.values():
        for recipe in model.recipes:
            if recipe.gpu not in gpus:
                raise CatalogError(f"models: {model.id!r} recipe names unknown GPU {recipe.gpu!r}")
    for model_id in [*apis.serving, *apis.weights, *closed.open_alternatives]:
        if model_id not in models:
            raise CatalogError(f"apis.yaml / closed.yaml: names unknown model {model_id!r}")
    throughput = _throughput(base / "throughput.yaml", models, gpus)
    return Catalogs(models=models, gpus=gpus, nodes=nodes, apis=apis, closed=closed, alias_index=_aliases(models),
                    throughput=throughput, prices=prices)


def _throughput(path: Any, models: dict[str, Model], gpus: dict[str, Gpu]) -> list[ThroughputRow]:
    if not path.is_file():
        return []
    rows = _rows(path, ThroughputRow, read_yaml(path))
    for i, row in enumerate(rows, start=1):
        if row.model not in models:
            raise CatalogError(f"{path}: row {i}: unknown model {row.model!r}")
        if row.gpu not in gpus:
            raise CatalogError(f"{path}: row {i}: unknown GPU {row.gpu!r}")
    return rows
