"""Optional: a language model as a second reader of every question, after the rules (issue 14, item 4).

bot/service.py's ask() calls `review` once the rules have parsed the question, so the rules parser stays pure
and this is the only network call a question can cause before the engine. When a reader is configured
(`fallback.ReaderSettings`, off by default) the endpoint reads the question into the scenario's fields:

- where it disagrees with the rules on a field that can change the verdict (model, tok/s, per stream or in
  total, residency, gateway pain, calendar), the bot asks one question naming both readings
  (`second_reader_disagrees`) instead of answering; a field the model leaves out (null) is no disagreement,
  and agreement adds nothing;
- when the rules found no model and the reader names one the catalog knows, that model is used, with the
  rules' fields winning (`read_by_fallback`);
- text the rules read as "may not leave" (or bound to the EU, a country or a cloud) goes only to an endpoint
  marked internal; otherwise it is not sent and the assumptions say so (`second_reader_not_sent`);
- no reply within the time budget, an error, non-JSON, schema-invalid output or a refusal: the rules'
  reading stands and the assumptions say so (`second_reader_failed`).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from bot.parse import fallback
from bot.parse.fallback import Failure, ReaderSettings, Reading
from bot.parse.markup import to_plain
from bot.parser import MAX_READ_CHARS, ParseResult, parse
from costcore.catalog import Catalogs
from costcore.scenario import Finding, Scenario, Settings

log = logging.getLogger("llmcost.parser")

VERDICT_FIELDS = ("model", "slo_tok_s", "slo_kind", "data_may_leave", "gateway_pain", "calendar")
_DEFAULTED = ("slo_kind", "data_may_leave", "gateway_pain", "calendar")
SLO_TOLERANCE = 0.02  # rounding of a volume into tok/s is not a disagreement


def review(
    parsed: ParseResult,
    catalogs: Catalogs,
    reader: ReaderSettings,
    *,
    overrides: Mapping[str, Any] | None = None,
    settings: Settings | None = None,
    send: fallback.Post = fallback.post,
) -> ParseResult:
    """The rules' `parsed`, checked by the second reader: unchanged, or asking, or with a note on why the
    reader did not count. `overrides` (flags, buttons, a thread's scenario) beat both readings; `settings`
    are the ones the rules parsed with."""
    overrides = {k: v for k, v in (overrides or {}).items() if v is not None}
    if not reader.enabled or "model" in overrides:  # a flag, button or thread names the model: text is a fragment
        return parsed
    asked = parsed.clarification
    if asked is not None and asked.code != "missing_model":  # the rules ask already: one question at a time
        return parsed
    if not reader.internal and not may_leave(parsed.scenario):
        return _noted(parsed, "second_reader_not_sent")
    reading = fallback.read(to_plain(parsed.text[:MAX_READ_CHARS]), catalogs, reader, send=send)
    if isinstance(reading, Failure):
        return _noted(parsed, "second_reader_failed", reason=reading.reason, seconds=reader.timeout_s)
    if asked is not None:
        redone = _with_model(parsed, reading, catalogs, settings, overrides.get("calendar"))
        if redone is None or redone.clarification is not None:
            return redone or parsed
        parsed = redone
    found = disagreement(parsed.scenario, reading, catalogs, skip=overrides)
    if found is None:
        return parsed
    name, mine, theirs = found
    log.info("second reader disagrees on %s: rules %r, model %r", name, mine, theirs)
    ask = Finding(code="second_reader_disagrees", params={"field": name, "rules": _shown(mine), "model": _shown(theirs)})
    return parsed.model_copy(update={"clarification": ask})


def may_leave(scenario: Scenario) -> bool:
    """Whether the rules let the question's text reach an endpoint outside the team's own network."""
    return scenario.data_may_leave and not scenario.eu_residency and not scenario.region and not scenario.provider


def disagreement(
    rules: Scenario, reading: Reading, catalogs: Catalogs, *, skip: Mapping[str, Any] = {}
) -> tuple[str, Any, Any] | None:
    """The first verdict field the two readings differ on: (field, the rules' value, the model's value)."""
    mine_said = rules.model_dump(exclude_unset=True)
    for name, theirs in reading.said().items():
        if name not in VERDICT_FIELDS or name in skip:
            continue
        mine = mine_said.get(name, Scenario.model_fields[name].default if name in _DEFAULTED else None)
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


def _with_model(
    parsed: ParseResult, reading: Reading, catalogs: Catalogs, settings: Settings | None, calendar: Any
) -> ParseResult | None:
    """The rules found no model: when the reader names one the catalog knows, the rules read the question
    again with that model named, so everything else (figures, questions back, the model's context) is still
    the rules' reading. None when the reader names none, or the rules still cannot place it."""
    known = catalogs.find_model(reading.model or "")
    if known is None:  # a language model may help read a question, never invent the model it is about
        return None
    again = parse(f"{known.id}: {parsed.text[:MAX_READ_CHARS]}", catalogs, settings=settings, calendar=calendar)
    if again.scenario.model != known.id or (again.clarification and "model" in again.clarification.code):
        return None
    note = Finding(code="read_by_fallback", params={"model": known.id})
    return again.model_copy(update={"text": parsed.text, "notes": [note, *again.notes]})


def _noted(parsed: ParseResult, code: str, **params: Any) -> ParseResult:
    return parsed.model_copy(update={"notes": [*parsed.notes, Finding(code=code, params=params)]})


def _shown(value: Any) -> Any:
    if isinstance(value, float):
        return int(value) if value.is_integer() else round(value, 1)
    return value
