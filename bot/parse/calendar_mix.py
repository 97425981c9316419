"""Clock-like spans that are the mix, not hours (bot/parse/calendar.py): "entrada/salida de 4 a 1", "the ratio is 5
to 1, inputs over outputs", "la relación es de 9 a 1"."""

from __future__ import annotations

import re

from bot.parse import lexicon, mix_parts
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy

_COMMA = lazy(r"[,;]\s")


def _clause(text: str, at: int) -> tuple[int, int]:
    """The comma-part of the sentence around `at`: "…we feed in, for our Riyadh service, which runs 8 to 4" keeps
    the mix's words out of the last part's hours (cal17b s17)."""
    lo, hi = sentence(text, at)
    lo = max([lo] + [m.end() for m in _COMMA.finditer(text, lo, at)])
    return lo, next((m.start() for m in _COMMA.finditer(text, at, hi)), hi)


def is_mix(text: str, m: re.Match[str], mixed: list[tuple[int, int]]) -> bool:
    """Whether the span `m` is the mix: a side of it in its clause, a ratio word before it there (`mix_ratio_word`),
    or inside a span the mix reader used (`mixed`, lead s18)."""
    lo, hi = _clause(text, m.start())
    return bool(mix_parts.sides().search(text, lo, hi) or lexicon.pattern("mix_ratio_word").search(text, lo, m.start())
                or any(a <= m.start() and m.end() <= b for a, b in mixed))
