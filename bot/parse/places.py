"""Time zones: IANA names, business cities (bot/parse/place_cities.py: which words are cities), US zone names,
abbreviations, fixed UTC offsets."""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

from bot.parse import (
    place_cities,
    place_countries,
    place_owner,
    place_people,
    place_ranges,
    place_scope,
    place_time,
    zone_words,
)
from bot.parse.draft import ASK_CONFLICT, Draft
from bot.parse.lazyre import lazy
from bot.parse.place_cities import CITIES

__all__ = ["CITIES", "read_timezone"]  # CITIES: read by calendar_spans, place_lists, wrapped

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


def read_timezone(text: str, draft: Draft) -> None:
    named = place_cities.named(text)
    before = place_time.earlier(text, named)  # "we had a Lisbon office, but it closed; now only Warsaw": no rival
    if draft.fields.get("calendar") == "business_hours" and (wide := place_ranges.spread(text, CITIES, [s for s in named if s not in before])):
        draft.ask(ASK_CONFLICT, "tz_region", field="tz", said=wide)  # "from Tijuana to Buenos Aires": which zone?
        return
    zones = [m.group(0) for m in _IANA.finditer(text) if _valid_zone(m.group(0))]
    ruled = tuple((a, b) for a, b, name in draft.used if name == "residency_places")  # where data may be, not the office
    later = place_scope.later(text, named) + before  # "phase 2 adds Lisbon, out of scope for now": no rival
    owned = place_owner.spans(text, place_cities.named(text))  # "a firm headquartered in Chicago": not where the hours are kept
    # the company's or the hardware's city is still the place when said alone; with business hours, any other city
    # named as a proper noun is where the people are ("tenemos la sede en Miami pero … el equipo de Caracas": cal17b)
    alone = not (owned and draft.fields.get("calendar") == "business_hours" and place_cities.proper_cities(text, ruled + later + owned))
    zones += [CITIES[city.lower()] for city in place_cities.cities(text, ruled + later + owned) or (place_cities.cities(text, ruled + later) if alone else [])]
    cities = list(zones)
    zones += place_scope.restated(zone_words.named(text), cities)  # "Phoenix, Mountain Standard Time": Phoenix's own clock
    said_countries = zone_words.country_time(text, place_countries.COUNTRY_ZONES)
    zones += said_countries
    if said_countries and draft.fields.get("calendar") == "business_hours":
        zones += [zone for _, zone in place_countries.country_zones(text)]  # "horario laboral en Chile y Perú": both
    said, ambiguous = zone_words.abbreviated(_OFFSET.sub(" ", text))
    zones += place_scope.restated(said, cities)
    hinted = zones + place_cities.proper_cities(text, ruled + later) if ambiguous else zones  # "Bangalore and Mumbai teams, … IST"
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
        zones = place_cities.proper_cities(text, ruled + later + owned) or place_cities.proper_cities(text, ruled + later)
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
        zones = [CITIES[city.lower()] for city in place_cities.cities(text, before)]
        if not zones and draft.fields.get("calendar") == "business_hours":
            zones = place_cities.proper_cities(text, before)  # "our Oslo office shut down, so only Helsinki uses it now"
    if not zones and later:  # the later place is the only one said: it is still where the day runs
        zones = [CITIES[city.lower()] for city in place_cities.cities(text, ruled)]
        if not zones and draft.fields.get("calendar") == "business_hours":
            zones = place_cities.proper_cities(text, ruled)  # "Toronto head office, 9 to 5": another entity's words, no rival
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
