"""Which words of a text are cities, and which of them the time-zone reader reads as where the hours are kept
(bot/parse/places.py): the table of cities (the zone database's under places.yaml's business cities, and city
acronyms), where a name stands as whole words, and the frames that make it an office's ("in Madrid", "the Lima
team", "business hours, Paris"), not a person's or a company's name."""

from __future__ import annotations

import re
from functools import lru_cache

from bot.cache import cached_pickle
from bot.parse import lexicon, zone_words
from bot.parse.lazyre import lazy, words

# Cities the zone database names ("Asia/Dhaka" is Dhaka, "America/Argentina/Buenos_Aires" Buenos Aires), under
# the business cities of places.yaml, which win ("Santiago" is Chile's, "Kolkata" is also "Calcutta").
# Not zone names that are also words ("Pacific/Easter", "Pacific/Wake", "Indian/Christmas").
_NOT_CITIES = frozenset(lexicon.not_cities())


def _zone_cities() -> dict[str, str]:
    """Built once and kept in the user's cache: listing the zone database walks the disk."""
    import zoneinfo

    return cached_pickle("zone-cities", (sorted(_NOT_CITIES), zoneinfo.TZPATH, "links"), _zone_cities_now)


def _zone_cities_now() -> dict[str, str]:
    from zoneinfo import available_timezones

    from bot.parse.place_lists import zone_links

    links = zone_links()  # "Rosario", "Chongqing", "Canberra": a deprecated name's zone is the one it links to (mix14)
    out: dict[str, str] = {}
    for zone in sorted(available_timezones()):
        parts = zone.split("/")
        if parts[0] not in ("Africa", "America", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific"):
            continue
        if len(parts) == 3 and parts[1] != "Argentina" or parts[-1].lower() in _NOT_CITIES:
            continue
        out.setdefault(parts[-1].replace("_", " ").lower(), links.get(zone, zone))
    return out


# City acronyms (LA, SF, NYC) are cities too, but only as written in upper case ("la" is a Spanish word).
_ACRONYMS = {name.lower(): zone for name, zone in zone_words.acronyms().items()}
CITIES = _zone_cities() | lexicon.places() | _ACRONYMS
# longest first (as escaped), grouped by first letter: the same matches, tried ~8x faster (lazyre.words)
_CITY_NAMES = words(sorted(CITIES, key=lambda name: len(re.escape(name)), reverse=True), re.I)
# "in Madrid", "Madrid time", and a city set off on its own after a calendar: "business hours, Madrid".
_CITY = lazy(
    rf"\b(?:in|en|from|desde|at|our|nuestra|nuestro|hora\s+de|horario\s+de)\s+(?:the\s+|el\s+|la\s+)?(?P<city>{_CITY_NAMES})\b"
    rf"|\b(?P<city2>{_CITY_NAMES})(?:\s+(?:time|hours|office|offices|timezone|hora|team|hq|headquarters)|[\s-]based"
    rf"|\s+(?-i:[A-Z][\w&/-]*|[a-z]+)\s+(?:office|offices|team|teams|hq|desk|hub|site))\b"  # "the Tel Aviv R&D team", "our Lima Support desk", "the Singapore sales team"
    rf"|(?:hours|horario\s+laboral|horas\s+de\s+oficina|\d{{1,2}}\s?[-–]\s?\d{{1,2}}|9\s?to\s?5)\s?[,(]?\s?(?P<city3>{_CITY_NAMES})\s?(?=[,;.)?!]|$)"
    # a city set off on its own: "…, Paris", "(Ciudad de México)"
    rf"|(?:^|[,(;:]\s?)(?P<city4>{_CITY_NAMES})\s?(?=[,;.)?!\n]|$)",  # a line's end ends it too ("Horario: 8 a 16, Bogotá⏎")
    re.I,
)


_WORD = lazy(r"[^\W\d_]+")
_BY_FIRST_WORD: dict[str, list[str]] = {}
for _name in sorted(CITIES, key=len, reverse=True):
    _BY_FIRST_WORD.setdefault(re.match(r"[^\W\d_]+", _name.lower()).group(), []).append(_name.lower())
_LEAD, _TRAIL = 45, 30  # the most _CITY reads before a city ("horario de la ") and after it ("headquarters")


def named(text: str) -> list[tuple[int, int]]:
    """Where a city name stands as whole words (start, end), by a word lookup (the time-zone reader asks up to
    four times a text: worked out once)."""
    return list(_named(text))


@lru_cache(maxsize=2)
def _named(text: str) -> tuple[tuple[int, int], ...]:
    low, out = text.lower(), []
    for w in _WORD.finditer(low):
        for name in _BY_FIRST_WORD.get(w.group(), ()):
            end = w.start() + len(name)
            if low.startswith(name, w.start()) and not (end < len(low) and (low[end].isalnum() or low[end] == "_")):
                if name in _ACRONYMS and not text[w.start() : end].isupper():
                    continue  # "la sede" is no Los Angeles; "LA" is
                out.append((w.start(), end))
                break
    return tuple(out)


_NAME_AFTER = lazy(r"\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñ]")
_NAME_BEFORE = lazy(r"(?P<word>[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+)\s+$")


def _in_a_name(text: str, start: int, end: int) -> bool:
    """ "Santiago Ramírez", "Paris Hilton": a city name inside a person's or a company's name; not after a
    capitalised article or preposition (lexicon `city_not_in_name`: "The Tel Aviv R&D team", "Nuestra oficina")."""
    before = _NAME_BEFORE.search(text, max(0, start - 20), start)
    if before and lexicon.pattern("city_not_in_name").fullmatch(before.group("word")):
        before = None
    return bool(_NAME_AFTER.match(text, end) or before)


def cities(text: str, skip: tuple[tuple[int, int], ...] = ()) -> list[str]:
    """Cities _CITY reads. 220 names in one pattern tried at every character of a 4,000-character paste
    cost milliseconds: find where a name starts with a word lookup, then try the pattern only around it.
    `skip`: spans whose cities are no office (a residency rule's list, "only in Frankfurt or Paris": parseR)."""
    found: list[tuple[int, int]] = []
    last = -1  # where the last city read ends: "in London and New York" reads both (parseQ)
    said = [(a, b) for a, b in named(text) if not any(x <= a < y for x, y in skip)]
    for start, end in said:
        if last >= 0 and AND_CITY.fullmatch(text, last, start) and text[start].isupper():
            found.append((start, end))
            last = end
            continue
        if (read := _read_at(text, start, end)) is not None:
            found.append((start, end))
            last = read
    for (start, end), (after, _) in reversed(list(zip(said, said[1:], strict=False))):
        # and back: "the Lisbon and Madrid offices" reads Lisbon as Madrid's (gate, session 10)
        read_after = any(a == after for a, _ in found)
        if (start, end) not in found and read_after and text[start].isupper() and AND_CITY.fullmatch(text, end, after):
            found.append((start, end))
    return [text[a:b] for a, b in sorted(found)]


def _read_at(text: str, start: int, end: int) -> int | None:
    """Where _CITY's reading of the city name at [start, end) ends, or None when _CITY does not read it there.
    Kept per text: the time-zone reader asks with one list of spans to skip, then another."""
    reads = _reads(text)
    if (start, end) not in reads:
        reads[start, end] = None
        for m in _CITY.finditer(text, max(0, start - _LEAD), min(len(text), end + _TRAIL)):
            group = next(g for g in ("city", "city2", "city3", "city4") if m.group(g))
            if m.start(group) == start:
                reads[start, end] = m.end(group)
                break
    return reads[start, end]


@lru_cache(maxsize=2)
def _reads(text: str) -> dict[tuple[int, int], int | None]:
    return {}


def proper_cities(text: str, skip: tuple[tuple[int, int], ...]) -> list[str]:
    """The zones of cities named as proper nouns anywhere (not in a person's name, not a rule's place)."""
    return [CITIES[text[a:b].lower()] for a, b in named(text) if text[a].isupper() and not _in_a_name(text, a, b) and not any(x <= a < y for x, y in skip)]


AND_CITY = lazy(r"\s*(?:,|and|y|&)\s*(?:(?:in|en|de)\s+)?", re.I)
