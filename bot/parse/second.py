"""Optional: a language model as a second reader of every question (LLMCOST_PARSER_MODE=second).

The endpoint (bot/parse/fallback.py: an OpenAI-compatible URL, the team's own gateway or a self-hosted
model) reads the question into the Scenario's fields with the same prompt and validation as the
fallback. Where it disagrees with the rules on a field that can change the verdict (model, tok/s, per
stream or in total, residency, gateway pain, calendar), the parser asks instead of answering. A field
the language model leaves out is no disagreement (it may simply not say); a default it states is
compared with the rules' default. Text the rules read as "may not leave" (or whose residency is being
asked about) goes only to an endpoint marked internal (LLMCOST_PARSER_INTERNAL=1). Off by default.
"""

from __future__ import annotations

from typing import Any

from bot.parse import fallback
from bot.parse.draft import ASK_CONFLICT, Draft
from costcore.catalog import Catalogs
from costcore.scenario import Scenario

VERDICT_FIELDS = ("model", "slo_tok_s", "slo_kind", "data_may_leave", "gateway_pain", "calendar")
_DEFAULTED = ("slo_kind", "data_may_leave", "gateway_pain", "calendar")
SLO_TOLERANCE = 0.02  # rounding of a volume into tok/s is not a disagreement


def may_send(draft: Draft, endpoint: fallback.Endpoint) -> bool:
    if endpoint.internal:
        return True
    return (
        draft.fields.get("data_may_leave") is not False
        and not draft.asked_about("data_may_leave")
        and not any(f.code == "residency_unclear" for _, f in draft.asks)
    )


def disagreement(fields: dict[str, Any], other: Scenario, catalogs: Catalogs) -> tuple[str, Any, Any] | None:
    said = other.model_dump(exclude_unset=True)
    for name in VERDICT_FIELDS:
        if name not in said:
            continue
        theirs = said[name]
        mine = fields.get(name, Scenario.model_fields[name].default if name in _DEFAULTED else None)
        if name == "model":
            known = catalogs.find_model(str(theirs))
            if known is not None and mine != known.id:
                return name, mine, known.id
        elif name == "slo_tok_s":
            if mine is None or abs(mine - theirs) > SLO_TOLERANCE * max(mine, theirs):
                return name, mine, theirs
        elif mine != theirs:
            return name, mine, theirs
    return None


def check(text: str, catalogs: Catalogs, draft: Draft, endpoint: fallback.Endpoint) -> None:
    """Read `text` again with the endpoint; a disagreement on a verdict field becomes the question."""
    if not may_send(draft, endpoint):
        return
    other = fallback.read(text, catalogs, endpoint, require_model=False)
    if other is None:
        return
    if found := disagreement(draft.fields, other, catalogs):
        name, mine, theirs = found
        draft.ask(
            ASK_CONFLICT, "second_reader_disagrees", field=name, rules=_shown(mine), model=_shown(theirs)
        )


def _shown(value: Any) -> Any:
    if isinstance(value, float):
        return int(value) if value.is_integer() else round(value, 1)
    return value
