"""A tok/s said as an addition to another (grow17, session 17, issue 14): "- hoy: 200 tok/s / - con México: 150
tok/s más / Dimensionar para el plan con México" is 350; "the new region adds another 100 tok/s. Size it with the
new region included" is 250. The addition (a tok/s with `rate_added_after` after its unit: "more", "extra", "on top",
"más", "adicionales"; or `rate_added_before` before its figure: "another", "an extra", "adds", "otros", "suma") is
bound to the nearest other tok/s before it (in its sentence or the one before), else the first after it. It is what
the asker sizes for when a sizing phrase names no today (relative_rate's `size_for`, `size_target`) or its clause
says a need with no condition ("we run 300 tok/s and need 200 tok/s more"); a sizing phrase naming today reads the
base; else ("…, and if the acquisition closes, 300 tok/s more") it is a second value and the rates reader asks
which (`slo_unclear`). It is said to rates.py as a relative of factor (base + added) / base."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.rate_units import TOK_S

_CUES = ("more", "extra", "another", "additional", "on top", "add", "más", "mas ", "adicional", "otros", "otras", "suma", "añad", "plus")


@cache
def _pattern(concept: str, tail: str = "") -> re.Pattern[str]:
    return lazy(rf"(?:{lexicon.alternation(concept)}){tail}", re.I)


@cache
def _before() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('rate_added_before')})\s+(?:~\s*|about\s+|unos\s+|unas\s+)?$", re.I)


def bind(text: str, nums: list[Number], quoted: list[float], context: set[int]):
    """The first addition in `text` bound to another tok/s (quoted, or said as today's context: "does 150 tok/s for
    us today", `context`), as a relative_rate.Relative, or None."""
    from bot.parse.relative_rate import Relative, sized_by_phrase

    low = text.lower()
    if not any(cue in low for cue in _CUES):
        return None
    rates = [(n, TOK_S.match(text, n.end)) for n in nums if n.value in quoted or n.start in context]
    rates = [(n, u) for n, u in rates if u is not None]
    for i, (n, unit) in enumerate(rates):
        after = _pattern("rate_added_after", lexicon.WORD_END).match(text, unit.end())
        before = _before().search(text, max(0, n.start - 30), n.start)
        if not (after or before):
            continue
        start, end = sentence(text, n.start)
        prev_start = sentence(text, start - 1)[0] if start > 0 else start
        base = next((b for b, _ in reversed(rates[:i]) if b.start >= prev_start and b.value != n.value), None)
        base = base or next((b for b, _ in rates[i + 1 :] if b.start < end and b.value != n.value), None)
        if base is None or base.value <= 0 or lexicon.pattern("figure_fix").search(text, start, n.start):
            continue  # "actually the batch jobs need another 200 tok/s": which total is meant stays a question
        said_from = before.start() if before else n.start
        said_to = after.end() if after else unit.end()
        clause = text[max(text.rfind(",", start, said_from), text.rfind(";", start, said_from), start) : said_from]
        sized = sized_by_phrase(text)
        if (
            sized is None
            and not _pattern("rate_added_if", lexicon.WORD_END).search(text, start, end)
            and (_pattern("rate_added_need", lexicon.WORD_END).search(clause) or not _later(text, start, end))
        ):
            sized = "grown"  # "400 tok/s plus another 100 tok/s for the batch jobs": parts of one need
        return Relative((base.value + n.value) / base.value, base.value, text[said_from:said_to], said_from, said_to, sized, n.value)
    return None


def _later(text: str, start: int, end: int) -> bool:
    """A time after today in the addition's sentence ("next year", "after launch", "en 2027"): a second value."""
    return bool(_pattern("rate_added_later", lexicon.WORD_END).search(text, start, end))
