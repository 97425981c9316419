"""A list of places as the residency rule (issue 14, parseR): "processed in the Frankfurt or Paris regions only",
"only eu-west-1 / eu-central-1", "must stay in Dublin or Amsterdam", "solo en regiones de Madrid o Milán".

The runs of places are bot/parse/place_lists.py's. A place is a city (the time-zone reader's table, bot/parse/places.py: its country is its zone's, from the zone
database's zone.tab), a country (lexicon/countries.yaml) or a row of lexicon/place_regions.yaml (cloud region ids, regions
no city table names). A list is places joined by commas, slashes, "or", "and", "o", "y"; it is a rule when
a `place_rule` word leads it ("stay in", "only", "solo en") or a `place_only` word follows it ("… only", "… are
allowed"). Its reading, by the countries of every place named:
- all in the EU/EEA (place_regions.yaml `eu_countries`): EU residency (an EU endpoint may take the text);
- all in one other country ("our Ohio region", "us-east-1 or us-west-2"): that country, and the text stays home,
  as "the data must stay in Canada" does (lexicon `kept_in_country`); said as the condition of a permission
  (`place_if`: "hosted is fine only if it runs in Ohio or Virginia", "siempre que esté en Virginia u Oregón") that
  country only: the text may go to a provider there (sensD);
- across jurisdictions ("Frankfurt or Virginia"): asks `residency_unclear` (which one holds is the user's call).
A single bare country is `kept_in_country`'s ("must stay in Spain" is the region ES), not read here. Lists are
looked for only in the residency reader's cued sentences; a sentence without a lead or an "only" word costs one
search.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.parse import context, grouped, lexicon
from bot.parse.draft import ASK_CONFLICT, Draft
from bot.parse.lazyre import lazy
from bot.parse.place_lists import COUNTRY, eu_countries, lists
from bot.parse.stance import LEAVES, STAYS

EU, MIXED = "eu", "mixed"


@dataclass(frozen=True)
class PlaceRule:
    kind: str  # EU, COUNTRY or MIXED
    start: int  # from the lead (or the first place) to the last place (or the "only" after it)
    end: int
    country: str = ""  # COUNTRY: the one country
    granted: bool = False  # the condition of a permission ("hosted is fine only if it runs in Ohio"): may go there
    said_from: int = 0  # where the sentence of a granted list starts ("hosted is fine …" is read with it)


def _led(text: str, a: int, start: int) -> int | None:
    """Where the lead of a list starting at `start` begins ("stay in our", "solo en regiones de"), or None."""
    nouns = lexicon.alternation("place_list_noun")
    gap = lazy(rf"\s*(?:(?:either|both|ambos|ambas|the|our|la|las|los|el|nuestr[oa]s?)\s+)?(?:(?:{nouns})\s+(?:(?:of|in|en)\s+)?)?", re.I)  # "centros de datos en Lisboa"
    for lead in grouped.pattern("place_rule").finditer(text, max(a, start - 60), start):
        if gap.fullmatch(text, lead.end(), start):
            return lead.start()
    return None


def _aside(text: str, a: int, lead: int) -> bool:
    """Whether the words right before a list's lead are what it describes and not the data (`place_rule_aside`)."""
    return bool(re.search(rf"\b(?:{lexicon.alternation('place_rule_aside')})\s*$", text[max(a, lead - 40) : lead], re.I))


_PREP_BEFORE = lazy(r"\b(?:in|en|at|from|desde)\s+$", re.I)


def _bare_lead(text: str, start: int) -> int:
    """Where a list said before its "only" begins, with its preposition ("in Dublin only" from "in")."""
    m = _PREP_BEFORE.search(text, max(0, start - 8), start)
    return m.start() if m else start


def _only_after(text: str, end: int, b: int) -> int | None:
    nouns = lexicon.alternation("place_list_noun")
    only = lexicon.alternation("place_only")
    m = lazy(rf"(?:\s+(?:{nouns}))?\s+(?:{only})\b", re.I).match(text, end, b)
    return m.end() if m else None


def read(text: str, spans) -> list[PlaceRule]:
    """The place lists said as a rule in the cued sentences `spans`, not negated."""
    out: list[PlaceRule] = []
    for a, b in spans:
        if not grouped.pattern("place_rule").search(text, a, b) and not grouped.pattern("place_only").search(
            text, a, b
        ):
            continue
        for start, end, items in lists(text, a, b):
            lead = _led(text, a, start)
            after = _only_after(text, end, b)
            if lead is None and after is None or context.negated(text, lead if lead is not None else start):
                continue
            if _aside(text, a, lead if lead is not None else _bare_lead(text, start)):
                continue  # "business hours only in Berlin", "business hours in Dublin only": the office, not the data
            if len(items) == 1 and items[0][0] == COUNTRY:
                continue  # "must stay in Spain": kept_in_country's
            countries = {c for _, c in items}
            kind = EU if countries <= eu_countries() else COUNTRY if len(countries) == 1 else MIXED
            granted = lead is not None and bool(grouped.pattern("place_if").match(text, lead))
            out.append(
                PlaceRule(
                    kind,
                    lead if lead is not None else start,
                    after or end,
                    next(iter(countries)) if kind == COUNTRY else "",
                    granted,
                    a,
                )
            )
    return out


_BEFORE = 40  # a phrase this close before a list is its verb ("must stay in …"): the list's reading replaces it


def apply(rules: list[PlaceRule], events: list[tuple[int, str]], draft: Draft) -> list[tuple[int, str]]:
    """The residency events with each list's own reading in place of the phrases inside it: a country list stays
    home (and names the region), an EU list is EU residency (set by residency.py with the other EU rules), a list
    across jurisdictions asks. Every list's words are read."""
    kept = [(pos, kind) for pos, kind in events if not any(r.start - _BEFORE <= pos < r.end for r in rules)]
    for r in rules:
        draft.use(r.start, r.end, "data_may_leave")
        draft.use(r.start, r.end, "residency_places")  # its cities say where the data may be, not the office's zone
        draft.use(r.start, r.end, "eu_residency" if r.kind == EU else "region")
        if r.kind == COUNTRY:
            kept.append((r.start, LEAVES if r.granted else STAYS))  # "fine only if it runs in Ohio" may go there
            if r.granted:  # the permission's words ("hosted is fine") are this list's reading
                draft.use(r.said_from, r.end, "data_may_leave")
            if "region" not in draft.fields:
                draft.set("region", r.country)
        elif r.kind == MIXED:
            draft.ask(ASK_CONFLICT, "residency_unclear")
    return kept


def within(rules: list[PlaceRule], m: re.Match[str]) -> bool:
    """An EU phrase inside a list read here ("eu-central-1 or us-east-1 only"): the list's reading is the one."""
    return any(r.start - _BEFORE <= m.start() < r.end for r in rules)
