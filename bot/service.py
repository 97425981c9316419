"""One question in, one reply out: parse -> costcore -> Answer. Every surface (CLI, Slack, log) uses this;
each renders the typed Answer itself (the JSON contract is built only where JSON is printed)."""

from __future__ import annotations

import datetime as dt
import time
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from bot.context import current
from bot.parser import ParseResult, parse
from costcore import engine
from costcore.answer import Answer

if TYPE_CHECKING:
    from bot.context import Context
    from bot.parse.fallback import ReaderSettings

MAX_QUESTION_CHARS = 4_000


class Reply(BaseModel):
    """Everything a surface needs to show, post or log one answer."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    question: str
    parsed: ParseResult
    answer: Answer
    latency_ms: float


def ask(
    text: str,
    overrides: dict[str, Any] | None = None,
    *,
    now: dt.datetime | None = None,
    reader: ReaderSettings | None = None,
    context: Context | None = None,
) -> Reply:
    """Answer `text`. `overrides` are Scenario fields (from CLI flags or Slack buttons) that beat the text.
    `context` is the entry point's (bot/context.py; the process's when not given); `reader` the second
    reader's settings (bot/parse/fallback.py; the context's if None)."""
    ctx = context or current()
    started = time.perf_counter()
    question = text[:MAX_QUESTION_CHARS]
    calendar = (overrides or {}).get("calendar")
    parsed = parse(question, ctx.catalogs, settings=ctx.settings, calendar=calendar)
    # The one network call a question may cause before the engine, after the rules (which stay pure); in
    # Slack this runs on the outbox's worker thread, never before the ack. Off unless a reader is configured.
    reader = reader or ctx.reader
    if reader.enabled:
        from bot.parse import second

        parsed = second.review(parsed, ctx.catalogs, reader, overrides=overrides, settings=ctx.settings)
    if overrides:
        merged = parsed.scenario.model_dump(exclude_unset=True) | {
            k: v for k, v in overrides.items() if v is not None
        }
        parsed = parsed.model_copy(update={"scenario": type(parsed.scenario)(**merged)})
        if overrides.get("model") and parsed.clarification and parsed.clarification.code == "missing_model":
            parsed = parsed.model_copy(update={"clarification": None})  # a thread's follow-up names no model
    when = now or ctx.now()
    catalogs, scenario = ctx.catalogs, parsed.scenario
    # "I did not use: …" is a warning the asker must see, not one more line among the assumptions.
    unused = [n for n in parsed.notes if n.code == "words_not_used"]
    notes = [n for n in parsed.notes if n.code != "words_not_used"]
    # A name the catalog cannot resolve: ask the Hub. Not for gateway pain with text that may leave: rule 2
    # answers that without any model, so nobody waits on the network for it.
    if parsed.clarification is None and scenario.model and not scenario.gateway_answers_without_model:
        from bot.hub import lookup
        from bot.hub.hook import consult

        step = consult(question, scenario, catalogs, ctx.hub, when.date(), lookup)
        catalogs, scenario, notes = step.catalogs, step.scenario, notes + step.notes
    answer = engine.answer(
        scenario,
        catalogs,
        now=when,
        settings=ctx.settings,
        clarification=parsed.clarification,
        notes=notes,
    )
    model = catalogs.models.get(answer.scenario.model or "")
    if model is not None:
        answer = answer.model_copy(update={"model_source": model.source_ref})
    if unused:
        answer = answer.model_copy(update={"warnings": unused + answer.warnings})
    return Reply(
        question=question,
        parsed=parsed,
        answer=answer,
        latency_ms=(time.perf_counter() - started) * 1000,
    )
