"""Time zones: IANA names, business cities (bot/parse/lexicon/places.yaml), US zone names, abbreviations,
fixed UTC offsets."""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from bot.cache import cached_pickle
from bot.parse import (
    lexicon,
    place_countries,
    place_owner,
    place_people,
    place_ranges,
    place_scope,
    place_time,
    zone_words,
)
from bot.parse.draft import ASK_CONFLICT, Draft
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
    rf"|\s+(?-i:[A-Z][\w&/-]*)\s+(?:office|offices|team|teams|hq|desk|hub|site))\b"  # "the Tel Aviv R&D team", "our Lima Support desk"
    rf"|(?:hours|horario\s+laboral|horas\s+de\s+oficina|\d{{1,2}}\s?[-–]\s?\d{{1,2}}|9\s?to\s?5)\s?[,(]?\s?(?P<city3>{_CITY_NAMES})\s?(?=[,;.)?!]|$)"
    # a city set off on its own: "…, Paris", "(Ciudad de México)"
    rf"|(?:^|[,(;:]\s?)(?P<city4>{_CITY_NAMES})\s?(?=[,;.)?!\n]|$)",  # a line's end ends it too ("Horario: 8 a 16, Bogotá⏎")
    re.I,
)
_IANA = lazy(
    r"\b(?:Africa|America|Asia|Atlantic|Australia|Europe|Pacific|Indian)/[A-Za-z_]{2,30}(?:/[A-Za-z_]{2,30})?\b"
)


def _valid_zone(key: str) -> bool:
    try:
        ZoneInfo(key)
    except (ValueError, KeyError, OSError):
        return False
    return True


# "UTC+2", "GMT-5": a fixed offset. IANA's Etc zones count the other way: UTC+2 is Etc/GMT-2.
_OFFSET = lazy(r"\b(?:UTC|GMT)\s?([+\-−])\s?(\d{1,2})(?::?(\d{2}))?(?![\d:])", re.I)


def _offset_zones(text: str, draft: Draft) -> list[str]:
    zones = []
    for m in _OFFSET.finditer(text):
        hours, minutes = int(m.group(2)), int(m.group(3) or 0)
        sign = "-" if m.group(1) == "+" else "+"
        zone = f"Etc/GMT{sign}{hours}" if hours else "UTC"
        if minutes or not _valid_zone(zone):  # UTC+5:30 has no Etc zone: ask for the city
            draft.ask(ASK_CONFLICT, "value_not_understood", field="tz")
            continue
        zones.append(zone)
        draft.note("offset_zone", said=m.group(0), tz=zone)
    return zones


_WORD = lazy(r"[^\W\d_]+")
_BY_FIRST_WORD: dict[str, list[str]] = {}
for _name in sorted(CITIES, key=len, reverse=True):
    _BY_FIRST_WORD.setdefault(re.match(r"[^\W\d_]+", _name.lower()).group(), []).append(_name.lower())
_LEAD, _TRAIL = 45, 30  # the most _CITY reads before a city ("horario de la ") and after it ("headquarters")


def _named(text: str) -> list[tuple[int, int]]:
    """Where a city name stands as whole words (start, end), by a word lookup."""
    low, out = text.lower(), []
    for w in _WORD.finditer(low):
        for name in _BY_FIRST_WORD.get(w.group(), ()):
            end = w.start() + len(name)
            if low.startswith(name, w.start()) and not (end < len(low) and (low[end].isalnum() or low[end] == "_")):
                if name in _ACRONYMS and not text[w.start() : end].isupper():
                    continue  # "la sede" is no Los Angeles; "LA" is
                out.append((w.start(), end))
                break
    return out


_NAME_AFTER = lazy(r"\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñ]")
_NAME_BEFORE = lazy(r"(?P<word>[A-ZÁÉÍÓÚÑ][a-záéíóúñ]+)\s+$")


def _in_a_name(text: str, start: int, end: int) -> bool:
    """ "Santiago Ramírez", "Paris Hilton": a city name inside a person's or a company's name; not after a
    capitalised article or preposition (lexicon `city_not_in_name`: "The Tel Aviv R&D team", "Nuestra oficina")."""
    before = _NAME_BEFORE.search(text, max(0, start - 20), start)
    if before and lexicon.pattern("city_not_in_name").fullmatch(before.group("word")):
        before = None
    return bool(_NAME_AFTER.match(text, end) or before)


def _cities(text: str, skip: tuple[tuple[int, int], ...] = ()) -> list[str]:
    """Cities _CITY reads. 220 names in one pattern tried at every character of a 4,000-character paste
    cost milliseconds: find where a name starts with a word lookup, then try the pattern only around it.
    `skip`: spans whose cities are no office (a residency rule's list, "only in Frankfurt or Paris": parseR)."""
    found: list[tuple[int, int]] = []
    last = -1  # where the last city read ends: "in London and New York" reads both (parseQ)
    named = [(a, b) for a, b in _named(text) if not any(x <= a < y for x, y in skip)]
    for start, end in named:
        if last >= 0 and _AND_CITY.fullmatch(text, last, start) and text[start].isupper():
            found.append((start, end))
            last = end
            continue
        for m in _CITY.finditer(text, max(0, start - _LEAD), min(len(text), end + _TRAIL)):
            group = next(g for g in ("city", "city2", "city3", "city4") if m.group(g))
            if m.start(group) == start:
                found.append((start, end))
                last = m.end(group)
                break
    for (start, end), (after, _) in reversed(list(zip(named, named[1:], strict=False))):
        # and back: "the Lisbon and Madrid offices" reads Lisbon as Madrid's (gate, session 10)
        read_after = any(a == after for a, _ in found)
        if (start, end) not in found and read_after and text[start].isupper() and _AND_CITY.fullmatch(text, end, after):
            found.append((start, end))
    return [text[a:b] for a, b in sorted(found)]


def _proper_cities(text: str, skip: tuple[tuple[int, int], ...]) -> list[str]:
    """The zones of cities named as proper nouns anywhere (not in a person's name, not a rule's place)."""
    return [CITIES[text[a:b].lower()] for a, b in _named(text) if text[a].isupper() and not _in_a_name(text, a, b) and not any(x <= a < y for x, y in skip)]


_AND_CITY = lazy(r"\s*(?:,|and|y|&)\s*(?:(?:in|en|de)\s+)?", re.I)


def read_timezone(text: str, draft: Draft) -> None:
    named = _named(text)
    before = place_time.earlier(text, named)  # "we had a Lisbon office, but it closed; now only Warsaw": no rival
    if draft.fields.get("calendar") == "business_hours" and (wide := place_ranges.spread(text, CITIES, [s for s in named if s not in before])):
        draft.ask(ASK_CONFLICT, "tz_region", field="tz", said=wide)  # "from Tijuana to Buenos Aires": which zone?
        return
    zones = [m.group(0) for m in _IANA.finditer(text) if _valid_zone(m.group(0))]
    ruled = tuple((a, b) for a, b, name in draft.used if name == "residency_places")  # where data may be, not the office
    later = place_scope.later(text, named) + before  # "phase 2 adds Lisbon, out of scope for now": no rival
    owned = place_owner.spans(text, _named(text))  # "a firm headquartered in Chicago": not where the hours are kept
    zones += [CITIES[city.lower()] for city in _cities(text, ruled + later + owned) or _cities(text, ruled + later)]
    cities = list(zones)
    zones += place_scope.restated(zone_words.named(text), cities)  # "Phoenix, Mountain Standard Time": Phoenix's own clock
    said_countries = zone_words.country_time(text, place_countries.COUNTRY_ZONES)
    zones += said_countries
    if said_countries and draft.fields.get("calendar") == "business_hours":
        zones += [zone for _, zone in place_countries.country_zones(text)]  # "horario laboral en Chile y Perú": both
    said, ambiguous = zone_words.abbreviated(_OFFSET.sub(" ", text))
    zones += place_scope.restated(said, cities)
    hinted = zones + _proper_cities(text, ruled + later) if ambiguous else zones  # "Bangalore and Mumbai teams, … IST"
    for said_as, candidates in ambiguous:  # "IST": India, Israel or Ireland; "CST": US Central or China
        if zone := zone_words.resolve(text, candidates, hinted, place_countries.COUNTRY_ZONES):
            zones.append(zone)
        else:
            draft.ask(ASK_CONFLICT, "tz_ambiguous", field="tz", said=said_as, zones=candidates)
    offsets = _offset_zones(text, draft)
    if not zones:  # "9-5 CET (UTC+1)": the named zone wins, the offset only restates it
        zones = offsets
    if not zones and draft.fields.get("calendar") == "business_hours":
        # "during Singapore business hours", "horario de oficina de Buenos Aires": with business hours, a city
        # named as a proper noun anywhere is where the day runs (two different ones ask which); the company's own
        # city gives way to another ("una empresa de Barcelona, … el equipo de Ciudad de México")
        zones = _proper_cities(text, ruled + later + owned) or _proper_cities(text, ruled + later)
    countries: list[tuple[str, str]] = []
    if not zones and draft.fields.get("calendar") == "business_hours" and (countries := place_countries.country_zones(text)):
        zones = [zone for _, zone in countries]  # "business hours in Spain": the country's one business zone
        if len(set(zones)) == 1:
            draft.note("zone_from_country", country=countries[0][0], tz=zones[0])  # said in a note
    bound_region = None
    if not zones and draft.fields.get("calendar") == "business_hours":  # "our US sales reps", "el equipo de México"
        countries, bound_region = place_people.read(text, draft, ruled + later + place_scope.regions(draft))
        zones = [zone for _, zone in countries]
    if not zones and before:  # a place of the past yields to the city of now, even one a residency reader also read
        zones = [CITIES[city.lower()] for city in _cities(text, before)]
        if not zones and draft.fields.get("calendar") == "business_hours":
            zones = _proper_cities(text, before)  # "our Oslo office shut down, so only Helsinki uses it now"
    if not zones and later:  # the later place is the only one said: it is still where the day runs
        zones = [CITIES[city.lower()] for city in _cities(text, ruled)]
        if not zones and draft.fields.get("calendar") == "business_hours":
            zones = _proper_cities(text, ruled)  # "Toronto head office, 9 to 5": another entity's words, no rival
    business = draft.fields.get("calendar") == "business_hours"
    if not zones and not ambiguous and business and (region := bound_region or zone_words.spans_zones(text) or zone_words.span_country(text, ruled + place_scope.regions(draft))):
        draft.ask(ASK_CONFLICT, "tz_region", field="tz", said=region)  # "APAC business hours": which zone?
    distinct = list(dict.fromkeys(zones))
    if len(distinct) > 1 and set(distinct) != {"UTC"}:
        distinct = [z for z in distinct if z != "UTC"] or distinct  # "9-5 CET (UTC+1)": the city zone wins
    if len(distinct) > 1 and business and not said_countries and not countries:
        distinct = zone_words.one_clock(distinct)  # "the Nairobi and Kampala desks, 8 to 5": one clock, no question
    if len(distinct) == 1:
        draft.set("tz", distinct[0])
    elif len(distinct) > 1 and business:
        draft.conflict("tz", distinct[:3])
    # Several zones and no business day ("an office in Madrid and one in Austin", 24/7): the week is the same in
    # every zone, so no question; the zone stays the default (parseT).
