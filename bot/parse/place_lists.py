"""Places named in a run ("the Frankfurt or Paris regions", "eu-west-1 / eu-central-1", "Madrid o Milán"), each with
its country: a city of the time-zone reader's table (bot/parse/places.py; its country is its zone's, from the zone
database's zone.tab), a country (lexicon/countries.yaml) or a row of lexicon/place_regions.yaml. Whether a run is a
residency rule is bot/parse/residency_places.py's to say."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy

COUNTRY = "country"
_WORD = lazy(r"[^\W_][\w.'-]*[\w.]|[^\W_]")
_SEP = lazy(r"\s*(?:,\s*(?:or|and|o|y)?|/|&|or|and|o|y|u|e)\s*(?:(?:the|our|la|el|in|en)\s+)?", re.I)  # "España o en Italia" (res15)
_LONGEST = 3  # words in the longest place name ("frankfurt am main", "ciudad de méxico")


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
def zone_links() -> dict[str, str]:
    """A deprecated zone name (not in zone.tab: "America/Rosario", "Asia/Chongqing") -> the zone it links to."""
    from importlib import resources

    table = resources.files("tzdata").joinpath("zoneinfo", "tzdata.zi").read_text(encoding="utf-8")
    listed = _zone_countries()
    return {p[2]: p[1] for line in table.splitlines() if line.startswith("L ") and (p := line.split())[2] not in listed}


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
def eu_countries() -> frozenset[str]:
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


def lists(text: str, a: int, b: int) -> list[tuple[int, int, list[tuple[str, str]]]]:
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
