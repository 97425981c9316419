"""Countries the business day runs in (bot/parse/lexicon/country_zones.yaml: one business zone each): "in Spain",
a country set off after a calendar ("business hours, Brazil"), joined to one read ("in Brazil and Argentina"), or
opening a line before its clock span ("Germany, 8-16: …"). Split from bot/parse/places.py."""

from __future__ import annotations

import re

from bot.parse import lexicon
from bot.parse.lazyre import lazy

COUNTRY_ZONES = lexicon.country_zones()
_COUNTRY_NAMES = "|".join(sorted(map(re.escape, COUNTRY_ZONES), key=len, reverse=True))
# "in Spain", and a country set off after a calendar ("business hours, Brazil") or joined to one read ("in Brazil and
# Argentina", "en Chile y Perú"): each is where the day may run.
_COUNTRY = lazy(
    rf"(?:\b(?:in|en|from|desde|based\s+in|con\s+sede\s+en)\s+(?:the\s+)?|(?:hours|horario(?:\s+\w+){{1,4}}?|oficina)\s?[,(:]\s?)"
    rf"(?P<c>{_COUNTRY_NAMES})\b(?P<more>(?:\s*(?:,|and|y|&)\s*(?:(?:in|en)\s+)?(?:{_COUNTRY_NAMES})\b)*)",
    re.I,
)
_ONE_COUNTRY = lazy(rf"\b(?:{_COUNTRY_NAMES})\b", re.I)
# a country opening a line, set off before its clock span: "Germany, 8-16: …", "Colombia — de 8 a 17 —" (parseY)
_COUNTRY_LEAD = lazy(rf"(?m:^)\s*(?P<c>{_COUNTRY_NAMES})(?=\s*(?:[,(:|—–]|\s-)\s*(?:de\s+|from\s+)?\d)", re.I)


def country_zones(text: str) -> list[tuple[str, str]]:
    """(name, zone) of each country the question says the business day runs in."""
    out = []
    for m in _COUNTRY.finditer(text):
        names = [m.group("c"), *(n.group(0) for n in _ONE_COUNTRY.finditer(m.group("more")))]
        out += [(name, COUNTRY_ZONES[name.lower()]) for name in names]
    out += [(m.group("c"), COUNTRY_ZONES[m.group("c").lower()]) for m in _COUNTRY_LEAD.finditer(text)]
    return out
