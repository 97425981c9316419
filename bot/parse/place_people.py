"""Where the people who keep business hours are, when no city, zone or "in <country>" says it (cal16, session 16):
a country, a demonym or a region bound to people or the unit they work in (lexicon `place_people`: "our US sales
reps", "the Brazilian branch network", "the India team", "los comerciales mexicanos", "el equipo de México"), or
spread over it (lexicon `place_spread`: "across the States", "por toda Centroamérica"). A country of one business
zone gives it (country_zones.yaml); a country or region of several asks which (zones.yaml `spans`,
`span_countries`, `span_regions_more`, demonyms marked `several`). A place beside other nouns ("a US provider",
"Indian food") is none. Used only for business hours: around the clock the week is the same in every zone."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, zone_words
from bot.parse.draft import Draft
from bot.parse.lazyre import lazy
from bot.parse.place_countries import COUNTRY_ZONES

SEVERAL = "several"


@cache
def _places() -> tuple[dict[str, str], frozenset[str]]:
    """Each place word (lower case) -> its country (a key of country_zones.yaml) or SEVERAL; and the words that
    count in any case (Spanish demonyms, written in lower case)."""
    table = zone_words.table()
    out = {name: name for name in COUNTRY_ZONES}
    out |= {str(k).lower(): str(v) for k, v in table["demonyms"].items()}
    spanish = {str(k).lower(): str(v) for k, v in table["demonyms_es"].items()}
    return out | spanish, frozenset(spanish)


@cache
def _pattern() -> re.Pattern[str]:
    table = zone_words.table()
    names, _ = _places()
    words = "|".join(sorted(map(re.escape, names), key=len, reverse=True)).replace(r"\ ", r"\s+")
    spans = f"{table['spans']}|{table['span_countries']}|{table['span_regions_more']}"
    def place(n: int) -> str:
        return rf"(?:(?P<w{n}>{words})|(?P<r{n}>{spans}))"

    people, spread = lexicon.alternation("place_people"), lexicon.alternation("place_spread")
    s, e = lexicon.WORD_START, lexicon.WORD_END
    return lazy(
        rf"{s}(?:{spread})\s+(?:the\s+|el\s+|la\s+)?{place(1)}{e}"  # "across Canada", "por toda Latinoamérica"
        rf"|{s}(?:(?:our|the|nuestr[oa]s?|l[oa]s?|el)\s+)?{place(2)}(?:\s+[\w-]+){{0,2}}?\s+(?:{people}){e}"  # "US sales reps"
        rf"|{s}(?:{people})(?:\s+[\w-]+){{0,2}}?\s+(?:(?:de|del|in|en|at|from|of)\s+(?:the\s+)?)?{place(3)}{e}",  # "equipo de México"
        re.I,
    )


def business_places(text: str, skip: tuple[tuple[int, int], ...] = ()) -> tuple[list[tuple[str, str]], str | None]:
    """(name, zone) of each country of one business zone the people are bound to, and the first place of several
    zones said so (None when there is none). `skip`: spans a residency reader read as where the data may be."""
    if not lexicon.pattern("place_people").search(text) and not lexicon.pattern("place_spread").search(text):
        return [], None
    names, any_case = _places()
    zones: list[tuple[str, str]] = []
    region = None
    for m in _pattern().finditer(text):
        group = next(g for g in ("w1", "r1", "w2", "r2", "w3", "r3") if m.group(g))
        start = m.start(group)
        said = m.group(group)
        if any(a <= start < b for a, b in skip):
            continue
        key = re.sub(r"\s+", " ", said.lower())
        if group[0] == "w" and not (said[0].isupper() or key in any_case):  # "chile" is a pepper, "turkey" a bird
            continue
        country = names.get(key, SEVERAL) if group[0] == "w" else SEVERAL
        if country == SEVERAL:
            region = region or said
        else:
            zones.append((said, COUNTRY_ZONES[country]))
    return zones, region


def read(text: str, draft: Draft, skip: tuple[tuple[int, int], ...]) -> tuple[list[tuple[str, str]], str | None]:
    """`business_places`, with the zone of one country said in a note (`zone_from_country`); a place of several
    zones leaves no country (the caller asks which zone)."""
    countries, region = business_places(text, skip)
    if region:
        return [], region
    if len({zone for _, zone in countries}) == 1:
        draft.note("zone_from_country", country=countries[0][0], tz=countries[0][1])
    return countries, None
