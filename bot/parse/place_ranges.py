"""Places said as the ends of a range or the parts of a list that the business day spreads over (cal16b, session
16): "from Tijuana to Buenos Aires", "desde México hasta Argentina", "between Madrid and the Canaries", "across the
Philippines and Indonesia". Each end is a city (places.yaml, the zone database) or a country (country_zones.yaml,
zones.yaml `spans`); ends on different clocks, or an end of several zones, make the day's zone a question
(`tz_region`), however the sentence around them is worded. Used only for business hours."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, zone_words
from bot.parse.lazyre import lazy
from bot.parse.place_countries import COUNTRY_ZONES

SEVERAL = "several"


@cache
def _countries() -> re.Pattern[str]:
    t = zone_words.table()
    names = "|".join(sorted(map(re.escape, COUNTRY_ZONES), key=len, reverse=True)).replace(r"\ ", r"\s+")
    return lazy(rf"{lexicon.WORD_START}(?:(?P<c>{names})|(?P<r>{t['spans']}|{t['span_regions_more']})){lexicon.WORD_END}", re.I)


def _places(text: str, cities: dict[str, str], named: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """(start, end, zone or SEVERAL) of each city and country named as a proper noun, in order."""
    out = [(a, b, cities[text[a:b].lower()]) for a, b in named if text[a].isupper()]
    for m in _countries().finditer(text):
        if m.group(0)[0].isupper() and not any(a <= m.start() < b or m.start() <= a < m.end() for a, b, _ in out):
            out.append((m.start(), m.end(), COUNTRY_ZONES[re.sub(r"\s+", " ", m.group("c").lower())] if m.group("c") else SEVERAL))
    return sorted(out)


_ARTICLE = r"(?:(?:the|el|la|las|los)\s+)?"
_LEAD_GAP = lazy(rf"\s+{_ARTICLE}")


@cache
def _joint() -> re.Pattern[str]:
    return lazy(rf"\s*(?:,\s*(?:(?:{lexicon.alternation('place_range_joint')})\s+)?|\s+(?:{lexicon.alternation('place_range_joint')})\s+){_ARTICLE}", re.I)


def spread(text: str, cities: dict[str, str], named: list[tuple[int, int]]) -> str | None:
    """The words of the first range or list of places whose ends keep different clocks ("from Vancouver to Halifax"),
    or None. Two places on one clock ("between Berlin and Paris") are one zone, no range."""
    places = _places(text, cities, named)
    for (a, b, za), (c, d, zb) in zip(places, places[1:], strict=False):
        lead = next((m for m in lexicon.pattern("place_range_lead").finditer(text, max(0, a - 40), a) if _LEAD_GAP.fullmatch(text, m.end(), a)), None)
        if not (lead and _joint().fullmatch(text, b, c)):
            continue
        if SEVERAL in (za, zb) or len(zone_words.one_clock([za, zb])) > 1:
            return text[a:d]
    return None
