"""A list of places as the residency rule (issue 14, parseR): "processed in the Frankfurt or Paris regions only",
"only eu-west-1 / eu-central-1", "must stay in Dublin or Amsterdam", "solo en regiones de Madrid o Milán".

A place is a city (the time-zone reader's table, bot/parse/places.py: its country is its zone's, from the zone
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
from functools import cache

from bot.parse import context, grouped, lexicon
from bot.parse.draft import ASK_CONFLICT, Draft
from bot.parse.lazyre import lazy
from bot.parse.stance import LEAVES, STAYS

EU, COUNTRY, MIXED = "eu", "country", "mixed"
_WORD = lazy(r"[^\W_][\w.'-]*[\w.]|[^\W_]")
_SEP = lazy(r"\s*(?:,\s*(?:or|and|o|y)?|/|&|or|and|o|y|u|e)\s*(?:(?:the|our|la|el)\s+)?", re.I)
_LONGEST = 3  # words in the longest place name ("frankfurt am main", "ciudad de méxico")


@dataclass(frozen=True)
class PlaceRule:
    kind: str  # EU, COUNTRY or MIXED
    start: int  # from the lead (or the first place) to the last place (or the "only" after it)
    end: int
    country: str = ""  # COUNTRY: the one country
    granted: bool = False  # the condition of a permission ("hosted is fine only if it runs in Ohio"): may go there
    said_from: int = 0  # where the sentence of a granted list starts ("hosted is fine …" is read with it)


@cache
def _zone_countries() -> dict[str, str]:
    """IANA zone -> ISO 3166 alpha-2, from the zone database's zone.tab (tzdata, a dependency)."""
    from importlib import resources

    out: dict[str, str] = {}
    table = resources.files("tzdata").joinpath("zoneinfo", "zone.tab").read_text(encoding="utf-8")
    for line in table.splitlines():
        if line and not line.startswith("#"):
            code, _, zone = line.split("\t")[:3]
            out[zone] = code
    return out


@cache
def _names() -> dict[str, str]:
    """Every city and region name (lower case) -> its country."""
    from bot.parse.places import CITIES

    zones = _zone_countries()
    out = {name: zones[zone] for name, zone in CITIES.items() if zone in zones}
    return out | {str(k).lower(): str(v).upper() for k, v in lexicon.place_regions()["regions"].items()}


@cache
def _countries() -> list[tuple[re.Pattern[str], str]]:
    return [(lazy(name, re.I), code) for name, code in lexicon.countries().items()]


@cache
def _starts() -> tuple[frozenset[str], re.Pattern[str]]:
    """The first words of every city and region name, and any country name at a position: a word that starts
    no place is passed over with one set look-up and one anchored match (a paste has thousands of words)."""
    firsts = frozenset(name.split()[0] for name in _names())
    return firsts, lazy("|".join(f"(?:{name})" for name in lexicon.countries()) + r"(?!\w)", re.I)


@cache
def _eu() -> frozenset[str]:
    return frozenset(str(c).upper() for c in lexicon.place_regions()["eu_countries"])


def _place_at(text: str, words: list[re.Match[str]], i: int) -> tuple[int, str, str] | None:
    """(words taken, country, name) of the longest place starting at words[i] (name COUNTRY for a country).
    Names of three letters or fewer count only in upper case ("LA" is Los Angeles, "la" is Spanish)."""
    names = _names()
    firsts, country = _starts()
    if words[i].group(0).lower().rstrip(".") not in firsts and not country.match(text, words[i].start()):
        return None
    for n in range(min(_LONGEST, len(words) - i), 0, -1):
        start, end = words[i].start(), words[i + n - 1].end()
        if n > 1 and not all(
            re.fullmatch(r"\s+", text[words[k].end() : words[k + 1].start()]) for k in range(i, i + n - 1)
        ):
            continue
        said = text[start:end].rstrip(".")
        name = said.lower()
        if name in names and (len(name) > 3 or said.isupper()):
            return n, names[name], name
        if code := next((code for p, code in _countries() if p.fullmatch(name)), None):
            return n, code, COUNTRY
    return None


def _lists(text: str, a: int, b: int) -> list[tuple[int, int, list[tuple[str, str]]]]:
    """(start, end, [(name, country)…]) of each run of places in text[a:b] joined by list separators."""
    words = list(_WORD.finditer(text, a, b))
    out: list[tuple[int, int, list[tuple[str, str]]]] = []
    i = 0
    while i < len(words):
        found = _place_at(text, words, i)
        if not found:
            i += 1
            continue
        if out and out[-1][1] <= words[i].start() and _SEP.fullmatch(text, out[-1][1], words[i].start()):
            start, _, items = out.pop()
        else:
            start, items = words[i].start(), []
        n, country, name = found
        out.append((start, words[i + n - 1].end(), [*items, (name, country)]))
        i += n
    return out


def _led(text: str, a: int, start: int) -> int | None:
    """Where the lead of a list starting at `start` begins ("stay in our", "solo en regiones de"), or None."""
    nouns = lexicon.alternation("place_list_noun")
    gap = lazy(rf"\s*(?:(?:the|our|la|las|los|el|nuestr[oa]s?)\s+)?(?:(?:{nouns})\s+(?:of\s+)?)?", re.I)
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
        for start, end, items in _lists(text, a, b):
            lead = _led(text, a, start)
            after = _only_after(text, end, b)
            if lead is None and after is None or context.negated(text, lead if lead is not None else start):
                continue
            if _aside(text, a, lead if lead is not None else _bare_lead(text, start)):
                continue  # "business hours only in Berlin", "business hours in Dublin only": the office, not the data
            if len(items) == 1 and items[0][0] == COUNTRY:
                continue  # "must stay in Spain": kept_in_country's
            countries = {c for _, c in items}
            kind = EU if countries <= _eu() else COUNTRY if len(countries) == 1 else MIXED
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
