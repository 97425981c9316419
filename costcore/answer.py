"""What costcore returns: figures as Decimal and floats, findings as codes. The shell renders words."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from costcore.scenario import Finding, Scenario, Status, Verdict


class Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class NodeFit(Frozen):
    id: str
    name: str
    provider: str
    gpu: str
    gpu_count: int
    memory_gb: float
    fits: bool
    placement: str | None = None
    tensor_parallel: int | None = None
    pipeline_parallel: int = 1
    replicas: int = 0
    units: int = 1  # nodes that make one serving unit (2 for a model that needs two nodes)
    recipe_verified: bool = False
    recipe_source: str | None = None
    recipe_flags: list[str] = Field(default_factory=list)
    host_ram_needed_gb: float = 0.0
    reason: Finding
    usd_per_hour: Decimal
    usd_per_month: Decimal
    price_as_of: dt.date
    price_source: str
    price_confidence: str
    billing: str = "on_demand"
    region: str | None = None
    jurisdiction: str | None = None
    capacity_tok_s: float | None = None  # sustained output tok/s per node at per_user_tok_s
    capacity_measured: bool = False
    capacity_basis: Literal["measured", "benchmark", "scaled", "bound"] | None = None
    capacity_source: str | None = None
    capacity_low: float | None = None  # how far the real figure may sit from capacity_tok_s
    capacity_high: float | None = None
    capacity_scaling: dict | None = None  # scaled: the published reference and the factors applied
    per_user_tok_s: float | None = None
    nodes_per_step: int = 1  # what the provider rents at once: a node, a multi-node unit, an NVL72 rack
    nodes_needed: int | None = None  # rented for the asked volume; None when no volume was asked
    nodes_in_use: int | None = None  # of those, the nodes the volume keeps busy
    usd_per_month_fleet: Decimal | None = None
    usd_per_month_for_slo: Decimal | None = None  # the same figure, under its older name
    utilisation: float | None = None
    break_even_tok_s: float | None = None  # one rental step against the cheapest same-model API
    capacity_to_win: float | None = None  # per-node tok/s at which this fleet beats the API at the asked volume


class Fit(Frozen):
    weights_gb: float
    host_capable_gb: float
    kv_gb: float
    floor_gb: float
    headroom: float
    nodes: list[NodeFit]
    chosen_node: str | None = None
    per_user_tok_s: float | None = None
    # The lowest sustained volume at which some fleet beats the cheapest same-model API, the node type
    # that does it, how far its first step carries, and the volume above which some fleet always wins.
    # None when no fleet beats the API at any volume.
    fleet_break_even_tok_s: float | None = None
    fleet_break_even_node: str | None = None
    fleet_wins_until_tok_s: float | None = None
    fleet_always_from_tok_s: float | None = None

    @property
    def chosen(self) -> NodeFit | None:
        """The node the verdict rests on (`chosen_node`): the one lookup of it every surface uses."""
        return next((n for n in self.nodes if n.id == self.chosen_node), None) if self.chosen_node else None


class ApiLine(Frozen):
    provider: str
    provider_name: str
    model: str
    label: str
    same_model: bool
    usd_per_month: Decimal
    usd_all_offpeak: Decimal | None = None  # set when the calendar's peak hours change the bill
    peak_share: float = 0.0
    usd_per_million_output: Decimal  # blended: one million output tokens with their input, this calendar
    usd_per_million_output_offpeak: Decimal | None = None  # the same, every hour at the off-peak price
    per_stream_tok_s: tuple[float, float] | None = None
    residency_uplift: Decimal | None = None
    price_source: str | None = None  # the genai-prices data priced on: bundled version, refresh URL, fixture
    price_as_of: dt.date | None = None  # when that data was observed (a refresh's date), when known


class Tokens(Frozen):
    output_per_month: int
    input_per_month: int
    cached_input_per_month: int
    hours_per_month: int


class Answer(Frozen):
    status: Status
    scenario: Scenario
    hours_per_month: int
    verdict: Verdict | None = None
    reasons: list[Finding] = Field(default_factory=list)
    warnings: list[Finding] = Field(default_factory=list)
    assumptions: list[Finding] = Field(default_factory=list)
    clarification: Finding | None = None
    suggestions: list[str] = Field(default_factory=list)
    model_name: str | None = None
    tokens: Tokens | None = None
    fit: Fit | None = None
    apis: list[ApiLine] = Field(default_factory=list)
    cheapest_api: ApiLine | None = None
    fx_usd_to_eur: Decimal
    fx_as_of: dt.date
    vat_rate: Decimal | None = None
    catalog_as_of: dt.date
    price_as_of: dt.date | None = None  # the oldest price the verdict relied on (the chosen offer's)
    priced_at: dt.datetime
    serving: dict | None = None  # the recipe for the chosen node: engine, image, flags, env, notes
    model_source: dict | None = None  # {kind: catalog|hub, repo, as_of}: where the model's facts came from

    @property
    def chosen(self) -> NodeFit | None:
        """The chosen node (Fit.chosen), None when no node holds the model. Its rival is `cheapest_api`."""
        return self.fit.chosen if self.fit else None
