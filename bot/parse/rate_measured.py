"""A tok/s said as what was measured, observed or is had today is context, not the need: "we tried the hosted
API and got ~150 tok/s per stream; we need 400 tok/s per stream" reads 400. Only when another tok/s of the
question is not so said: a measured figure alone stays what the rates reader makes of it. The words are the
lexicon's (`rate_measured`: tried, got, observed, today, medimos, nos dio…; `rate_needed`: need, target, SLO,
objetivo…, which keep a figure the need even beside a measured word: "today we need 300 tok/s")."""

from __future__ import annotations

import re

from bot.parse import lexicon
from bot.parse.draft import Draft, sentence
from bot.parse.numbers import Number
from bot.parse.rate_units import PER_GPU_AFTER, PER_NODE, TOK_S

_CLAUSE_MARK = re.compile(r"[,;:(—–]")


def _clause_start(text: str, start: int, pos: int) -> int:
    """Where the clause before `pos` starts: the sentence start, a comma or semicolon, or a contrast word."""
    cut = start
    for m in _CLAUSE_MARK.finditer(text, start, pos):
        cut = m.end()
    for m in lexicon.pattern("contrast").finditer(text, cut, pos):
        cut = m.end()
    return cut


def _measured(text: str, number: Number) -> bool:
    start, end = sentence(text, number.start)
    a = _clause_start(text, start, number.start)
    if lexicon.pattern("rate_needed").search(text, a, number.start):
        return False  # "today we need 300 tok/s"
    if lexicon.pattern("rate_measured").search(text, a, number.start):
        return True
    # "~150 tok/s for us today but …", "150 tok/s is what we get now": said after it, before the clause ends
    unit = TOK_S.match(text, number.end).end()
    b = min([end, *(m.start() for m in _CLAUSE_MARK.finditer(text, unit, end))][:2])
    return bool(lexicon.pattern("rate_measured_after").search(text, unit, b))


def context_figures(text: str, nums: list[Number], draft: Draft) -> set[int]:
    """The starts of the tok/s figures that are context (measured, observed, today's), when at least one other
    tok/s is said as the need; each is marked read, so no "I did not use" note names it."""
    rates = [n for n in nums if TOK_S.match(text, n.end)]
    if len(rates) < 2:
        return set()
    # a node's or a GPU's measured throughput is a figure of its own (rates.py reads it), not context
    measured = [n for n in rates if _measured(text, n) and not _per_hardware(text, n)]
    if not measured or len(measured) == len(rates):
        return set()
    for n in measured:
        draft.use(n.start, TOK_S.match(text, n.end).end(), "slo_tok_s")
    return {n.start for n in measured}


def _per_hardware(text: str, number: Number) -> bool:
    end = TOK_S.match(text, number.end).end()
    return bool(PER_NODE.match(text, end) or PER_GPU_AFTER.match(text, end))
