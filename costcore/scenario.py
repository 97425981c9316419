"""The question as costcore understands it: one scenario in, one answer out.

Both models are the contract between the shell (parser, Slack, CLI, log) and the engine. Words are not
made here: reasons, warnings and assumptions are `Finding`s (a code and its figures) that the shell
renders through `prompts/`.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator

SloKind = Literal["aggregate", "per_stream"]
CalendarKind = Literal["24x7", "business_hours"]
Currency = Literal["USD", "EUR"]
Status = Literal["ok", "needs_clarification", "unknown_model", "not_self_hostable"]
Verdict = Literal["node", "api", "gateway"]

# Phrases in a question that deserve a warning of their own (section 6 of the domain brief).
Signal = Literal[
    "two_h100",  # "two H100s" for a 552 B MoE
    "cut_gpus",  # "we have spare silicon, cut it to two GPUs"
    "commitment_before_legal",  # a one-year commitment before legal has decided
    "buy_in_case",  # buying "in case traffic rises"
    "ollama",  # Ollama on the slide
    "max_tokens_small",  # measuring with max_tokens=64 and thinking on
    "spot",  # spot capacity for a latency SLO
]
# The order warnings are read, stored and shown in: the order above, written once.
SIGNAL_ORDER: tuple[str, ...] = get_args(Signal)


class Scenario(BaseModel):
    """What was asked. `None` means "not said": costcore fills the stated default and says so."""

    model_config = ConfigDict(extra="forbid")

    model: str | None = None
    slo_tok_s: float | None = None
    slo_kind: SloKind = "aggregate"
    concurrency: int | None = Field(default=None, ge=1)
    context_tokens: int | None = Field(default=None, ge=1)
    calendar: CalendarKind = "24x7"
    tz: str = "UTC"
    input_per_output: float | None = Field(default=None, ge=0)
    cache_hit_rate: float | None = Field(default=None, ge=0, le=1)
    data_may_leave: bool = True
    eu_residency: bool = False
    currency: Currency = "USD"
    vat_rate: float | None = Field(default=None, ge=0, le=1)
    measured_tok_s_per_node: float | None = Field(default=None, gt=0)
    measured_source: str | None = None  # where the measurement comes from (a benchmark file and its run)
    gateway_pain: bool = False
    signals: list[Signal] = Field(default_factory=list)
    node: str | None = None  # a node id the asker insists on, else costcore chooses
    # Where the node must run: a jurisdiction ("EU", "US"), a country ("ES") or a region ("eu-north1").
    # None with eu_residency means "EU". The parser sets it for "in Spain" ("ES").
    region: str | None = None
    # Whose cloud the node must run in, as offers spell `provider` ("AWS", "GCP"; any case): "the text must
    # stay in our own AWS account". "In our account" with no cloud named is data_may_leave=False only.
    provider: str | None = None
    allow_spot: bool = False  # spot/preemptible offers may be chosen (never for a latency SLO unless asked)

    @property
    def gateway_answers_without_model(self) -> bool:
        """Rule 2 of the verdict (section 6 of the domain brief): gateway pain (keys, quotas, attribution)
        with text that may leave is answered "gateway" whatever the model, so no model need be known (the
        engine answers it for an unknown model; the shell does not ask the Hub for one)."""
        return self.gateway_pain and self.data_may_leave

    @field_validator("slo_tok_s")
    @classmethod
    def _positive_slo(cls, value: float | None) -> float | None:
        if value is not None and value <= 0:
            raise ValueError("tok/s must be above zero")
        return value


class Finding(BaseModel):
    """One reason, warning or assumption: a code the templates know, and the figures it quotes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    code: str
    params: dict[str, Any] = Field(default_factory=dict)


class Settings(BaseModel):
    """Knobs that are not part of the question: defaults a team may change without touching code."""

    model_config = ConfigDict(extra="forbid")

    input_per_output: float = 4.0  # the agentic 4:1 mix
    cache_hit_rate: float = 0.0
    concurrency: int = 32
    # The speed each stream gets when the question names only a total: it decides how much a node
    # carries (throughput per GPU falls steeply as the per-user speed rises).
    per_user_tok_s: float = 40.0
    context_tokens: int = 32_768
    output_tokens_per_request: int = 1_000
    headroom: float = 1.2
    business_hours_start: int = 9
    business_hours_per_day: int = 8
    working_days_per_month: int = 22
    hours_per_month: int = 730
    include_frontier: bool = True
