"""Places tied to scope and time (gate, session 11): an office or a city said for a later phase or out of scope
(lexicon `place_later`: "phase 2 adds Lisbon, out of scope for now", "next year we may open in London but that's not
part of this", "más adelante sumaremos Buenos Aires") does not compete with the place in scope, so only in-scope
places ask which zone. A city is later when the comma-part it is in holds such words, or its clause (cut at sentence
marks and contrast words) does and names no other city; said alone it is still the place (bot/parse/places.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.parse import lexicon
from bot.parse.draft import Draft
from bot.parse.lazyre import lazy

_CLAUSE = lazy(r"[.;!?()\n|—]")
_COMMA = lazy(r",")


def _cuts(text: str, pos: int, pattern: re.Pattern[str], lo: int = 0, hi: int | None = None) -> tuple[int, int]:
    """The stretch around `pos` between two matches of `pattern` (within lo..hi)."""
    hi = len(text) if hi is None else hi
    a = max([lo] + [m.end() for m in pattern.finditer(text, max(lo, pos - 160), pos)])
    b = next((m.start() for m in pattern.finditer(text, pos, min(hi, pos + 160))), min(hi, pos + 160))
    return a, b


def _clause(text: str, pos: int) -> tuple[int, int]:
    a, b = _cuts(text, pos, _CLAUSE)
    return _cuts(text, pos, lexicon.pattern("contrast"), a, b)


def later(text: str, named: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The spans of the cities in `named` said for a later phase or out of scope."""
    if not named or not lexicon.pattern("place_later").search(text):
        return ()
    out = []
    for start, end in named:
        a, b = _clause(text, start)
        if not lexicon.pattern("place_later").search(text, a, b):
            continue
        c, d = _cuts(text, start, _COMMA, a, b)
        alone = not any(a <= x < b and (x, y) != (start, end) for x, y in named)
        if lexicon.pattern("place_later").search(text, c, d) or alone:
            out.append((start, end))
    return tuple(out)


def regions(draft: Draft) -> tuple[tuple[int, int], ...]:
    """Where a residency reader read a region: a country named there is where the data may be, not the office."""
    return tuple((a, b) for a, b, name in draft.used if name == "region")


def restated(said: list[str], cities: list[str]) -> list[str]:
    """Zones said by name or abbreviation less those that only restate a named city's standard time (cal16, s16):
    "Phoenix, Mountain Standard Time" is Phoenix (UTC-7 all year; MST's table zone, Denver, keeps DST), "Bogotá,
    EST" is Bogotá. A zone of another standard offset still competes ("Lisbon, CET" asks which)."""
    if not cities:
        return said
    from bot.parse.zone_words import _clock

    kept = {min(_clock(zone)) for zone in cities}  # standard time: the smaller offset of the year, either hemisphere
    return [zone for zone in said if zone in cities or min(_clock(zone)) not in kept]
