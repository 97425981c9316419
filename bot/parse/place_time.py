"""Places in time (cal17, session 17): an office that closed, a team that used to have the service, the city a
helpdesk moved away from, the schedule first thought of and then handed to another team ("We had a Lisbon office,
but it closed; now it's only the Warsaw team", "we moved the helpdesk from Denver to Atlanta", "al principio
pensamos en Sevilla, pero se lo quedó el equipo de Montevideo"). Such a city does not compete with a city said of
now; said alone it is still the place (bot/parse/places.py, like place_scope.later).

A city is the earlier one when its comma-part holds a word of the past for places (lexicon `place_past`, or the
shared `withdrawn` rows the context service reads time with) and no other named city stands between that
word and it, nor a word of now (`place_now`); and some other named city is not earlier."""

from __future__ import annotations

from collections.abc import Sequence

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.place_scope import _clause, _cuts

_COMMA = lazy(r",")
_CONCEPTS = ("place_past", "withdrawn")  # not `past` itself: "moved … last spring" says when


def earlier(text: str, named: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The spans of the cities in `named` said of a time before the one the question is about."""
    if len(named) < 2 or not any(lexicon.pattern(c).search(text) for c in _CONCEPTS):
        return ()
    out = []
    for start, end in named:
        a, b = _clause(text, start)
        c, d = _cuts(text, start, _COMMA, a, b)
        for concept in _CONCEPTS:
            hit = next((m for m in lexicon.pattern(concept).finditer(text, c, d) if _nothing_between(text, named, m.start(), m.end(), start, end)), None)
            if hit:
                out.append((start, end))
                break
    return tuple(out) if len(out) < len(named) else ()


def _nothing_between(text: str, named: Sequence[tuple[int, int]], m0: int, m1: int, start: int, end: int) -> bool:
    """No other city and no word of now (lexicon `place_now`: "…dejó de usarlo y ahora lo tiene Santiago") between the
    word of the past and the city."""
    lo, hi = (m1, start) if m1 <= start else (end, m0)
    return not any(lo <= x < hi for x, _ in named if (x, _) != (start, end)) and not lexicon.pattern("place_now").search(text, lo, hi)
