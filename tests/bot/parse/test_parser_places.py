"""The zone table (bot/parse/lexicon/zones.yaml) as data: every zone it names is one tzdata knows, and its rows
keep the shape the reader relies on (bot/parse/zone_words.py)."""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo

import pytest

from bot.parse import zone_words
from bot.parse.context import top_level
from bot.parse.draft import Draft
from bot.parse.places import read_timezone

TABLE = zone_words.table()


def _zones() -> list[str]:
    rows = TABLE["abbreviations"].values()
    return [
        *(row["zone"] for row in TABLE["names"]),
        *TABLE["after_clock"].values(),
        *(row["zone"] for row in rows if "zone" in row),
        *(zone for row in rows for zone in row.get("ask", [])),
        *TABLE["acronyms"].values(),
        *TABLE["hints"],
    ]


@pytest.mark.parametrize("zone", sorted(set(_zones())))
def test_every_zone_is_in_tzdata(zone):
    assert ZoneInfo(zone).key == zone


def test_names_start_with_a_word():
    """The reader tries a names row only where its first word starts: a row opening with a group would be
    skipped."""
    for row in TABLE["names"]:
        for alternative in top_level(row["words"]):
            assert re.match(r"[a-záéíóúñü]+", alternative), alternative


def test_abbreviations_and_acronyms_are_upper_case():
    assert all(name.isupper() for name in [*TABLE["abbreviations"], *TABLE["acronyms"]])


def _tz(text: str, calendar: str = "business_hours") -> tuple[str | None, bool]:
    draft = Draft()
    draft.fields["calendar"] = calendar
    read_timezone(text, draft)
    return draft.fields.get("tz"), draft.asked_about("tz")


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("office hours in LA", "America/Los_Angeles"),
        ("horario de oficina en la sede de Madrid", "Europe/Madrid"),  # "la" is no Los Angeles
        ("we translate EN to PT, 24/7", None),  # a language code is no zone
        ("our MT pipeline", None),
        ("9-5 MT", "America/Denver"),
        ("Eastern business hours", "America/New_York"),
        ("Eastern European Time", "EET"),  # not "European time" (CET) as well
    ],
)
def test_words_that_are_zones_only_in_place(text, zone):
    assert _tz(text) == (zone, False)


@pytest.mark.parametrize(
    ("text", "zone"),
    [("9-5 IST, the team is in Pune", "Asia/Kolkata"), ("9-5 IST, Dublin office", "Europe/Dublin"), ("9-5 CST, we're in China", "Asia/Shanghai")],
)
def test_an_ambiguous_abbreviation_takes_the_candidate_the_question_supports(text, zone):
    assert _tz(text) == (zone, False)


@pytest.mark.parametrize("text", ["9-5 IST", "9-5 CST", "APAC business hours", "US business hours"])
def test_an_ambiguous_zone_asks(text):
    assert _tz(text) == (None, True)


# The city audit (parseT, session 7): business cities around the world in both languages' spellings, each read
# as the zone its office hours keep (by hand from tzdata's zone.tab and each city's country). Said as an asker
# would: "business hours in <city>" / "horario de oficina en <ciudad>".
CITY_ZONES = {
    "New York": "America/New_York", "Nueva York": "America/New_York", "London": "Europe/London",
    "Londres": "Europe/London", "Mexico City": "America/Mexico_City", "Ciudad de México": "America/Mexico_City",
    "São Paulo": "America/Sao_Paulo", "Sao Paulo": "America/Sao_Paulo", "Bogotá": "America/Bogota",
    "Lima": "America/Lima", "Santiago": "America/Santiago", "Buenos Aires": "America/Argentina/Buenos_Aires",
    "Caracas": "America/Caracas", "Montevideo": "America/Montevideo", "Brasília": "America/Sao_Paulo",
    "Lagos": "Africa/Lagos", "Abuja": "Africa/Lagos", "Nairobi": "Africa/Nairobi", "Cairo": "Africa/Cairo",
    "El Cairo": "Africa/Cairo", "Johannesburg": "Africa/Johannesburg", "Johannesburgo": "Africa/Johannesburg",
    "Cape Town": "Africa/Johannesburg", "Ciudad del Cabo": "Africa/Johannesburg", "Casablanca": "Africa/Casablanca",
    "Accra": "Africa/Accra", "Addis Ababa": "Africa/Addis_Ababa", "Túnez": "Africa/Tunis",
    "Riyadh": "Asia/Riyadh", "Riad": "Asia/Riyadh", "Dubai": "Asia/Dubai", "Dubái": "Asia/Dubai",
    "Abu Dabi": "Asia/Dubai", "Doha": "Asia/Qatar", "Tel Aviv": "Asia/Jerusalem", "Jerusalén": "Asia/Jerusalem",
    "Karachi": "Asia/Karachi", "Lahore": "Asia/Karachi", "Dhaka": "Asia/Dhaka", "Mumbai": "Asia/Kolkata",
    "Bombay": "Asia/Kolkata", "Nueva Delhi": "Asia/Kolkata", "Bangalore": "Asia/Kolkata", "Jakarta": "Asia/Jakarta",
    "Yakarta": "Asia/Jakarta", "Manila": "Asia/Manila", "Seoul": "Asia/Seoul", "Seúl": "Asia/Seoul",
    "Taipei": "Asia/Taipei", "Taipéi": "Asia/Taipei", "Hanoi": "Asia/Ho_Chi_Minh", "Saigon": "Asia/Ho_Chi_Minh",
    "Kuala Lumpur": "Asia/Kuala_Lumpur", "Bangkok": "Asia/Bangkok", "Singapur": "Asia/Singapore",
    "Tokio": "Asia/Tokyo", "Pekín": "Asia/Shanghai", "Shenzhen": "Asia/Shanghai", "Hong Kong": "Asia/Hong_Kong",
    "Warsaw": "Europe/Warsaw", "Varsovia": "Europe/Warsaw", "Istanbul": "Europe/Istanbul", "Estambul": "Europe/Istanbul",
    "Ankara": "Europe/Istanbul", "Reykjavik": "Atlantic/Reykjavik", "Reikiavik": "Atlantic/Reykjavik",
    "Dublín": "Europe/Dublin", "Moscú": "Europe/Moscow", "Kyiv": "Europe/Kyiv", "Bucarest": "Europe/Bucharest",
    "Auckland": "Pacific/Auckland", "Wellington": "Pacific/Auckland", "Sydney": "Australia/Sydney",
    "Perth": "Australia/Perth", "Honolulu": "Pacific/Honolulu", "Anchorage": "America/Anchorage",
    "Toronto": "America/Toronto", "Montréal": "America/Toronto", "Vancouver": "America/Vancouver",
    "Los Ángeles": "America/Los_Angeles", "Filadelfia": "America/New_York", "New Orleans": "America/Chicago",
    # session 9 (placeZ): a world audit's cities that fell back to UTC, zones written by hand (tzdata's names)
    "Cracovia": "Europe/Warsaw", "Wrocław": "Europe/Warsaw", "Gdańsk": "Europe/Warsaw", "Cali": "America/Bogota",
    "Barranquilla": "America/Bogota", "Valparaíso": "America/Santiago", "Curitiba": "America/Sao_Paulo",
    "Belo Horizonte": "America/Sao_Paulo", "Puebla": "America/Mexico_City", "Cancún": "America/Cancun",
    "Arequipa": "America/Lima", "Rabat": "Africa/Casablanca", "Durban": "Africa/Johannesburg",
    "Surabaya": "Asia/Jakarta", "Cebu": "Asia/Manila", "Chengdu": "Asia/Shanghai", "Hangzhou": "Asia/Shanghai",
    "Cantón": "Asia/Shanghai", "Kioto": "Asia/Tokyo", "Nagoya": "Asia/Tokyo", "Jeddah": "Asia/Riyadh",
    "Yeda": "Asia/Riyadh", "San Petersburgo": "Europe/Moscow", "Liubliana": "Europe/Ljubljana",
    "Vilna": "Europe/Vilnius", "Tallin": "Europe/Tallinn", "Manchester": "Europe/London", "Glasgow": "Europe/London",
    "Birmingham": "Europe/London", "Cardiff": "Europe/London", "Oporto": "Europe/Lisbon", "Burdeos": "Europe/Paris",
    "Marsella": "Europe/Paris", "Niza": "Europe/Paris", "Basilea": "Europe/Zurich", "Colonia": "Europe/Berlin",
    "Turín": "Europe/Rome", "Nápoles": "Europe/Rome", "Florencia": "Europe/Rome", "Salónica": "Europe/Athens",
    "Amberes": "Europe/Brussels", "Róterdam": "Europe/Amsterdam", "La Haya": "Europe/Amsterdam",
    "Luxemburgo": "Europe/Luxembourg", "Las Vegas": "America/Los_Angeles", "Adelaida": "Australia/Adelaide",
}  # fmt: skip


@pytest.mark.parametrize(("city", "zone"), sorted(CITY_ZONES.items()))
def test_city_audit(city, zone):
    assert _tz(f"business hours in {city}") == (zone, False)
    assert _tz(f"horario de oficina en {city}") == (zone, False)


# Countries: one dominant business zone reads it (with a note); several business zones ask (country_zones.yaml).
@pytest.mark.parametrize(
    ("text", "zone"),
    [("business hours in Brazil", "America/Sao_Paulo"), ("horario laboral en Brasil", "America/Sao_Paulo"),
     ("horario comercial en México", "America/Mexico_City"), ("business hours in Chile", "America/Santiago"),
     ("horario de oficina en Perú", "America/Lima"), ("business hours in Pakistan", "Asia/Karachi")],
)  # fmt: skip
def test_a_country_of_one_business_zone_reads_it(text, zone):
    assert _tz(text) == (zone, False)


@pytest.mark.parametrize(
    "text",
    ["horario de oficina en LATAM", "office hours across the Americas", "business hours in Canada",
     "horario laboral en Canadá", "horario de oficina en Estados Unidos", "business hours in Russia",
     "horario laboral en Rusia", "Australia business hours", "business hours in Indonesia",
     "office hours in Latin America", "horario de oficina en Sudamérica", "during Canadian business hours",
     "Latin American business hours", "horario laboral en toda Sudamérica"],
)  # fmt: skip
def test_a_region_or_country_of_several_zones_asks(text):
    assert _tz(text) == (None, True)


def test_several_zones_without_business_hours_do_not_ask():
    """The 24/7 week is the same in every zone: two offices' cities are no question then."""
    assert _tz("offices in Madrid and Austin", calendar="24x7") == (None, False)
    assert _tz("offices in Madrid and Austin") == (None, True)


@pytest.mark.parametrize(
    "text",
    ["business hours, Brazil and Argentina", "horario laboral en Chile y Perú", "business hours in Spain and Portugal"],
)
def test_countries_of_different_zones_ask(text):
    assert _tz(text) == (None, True)


@pytest.mark.parametrize(("text", "zone"), [("business hours, Germany", "Europe/Berlin"), ("horario laboral en Chile y en Chile", "America/Santiago")])
def test_a_country_set_off_or_said_twice_reads(text, zone):
    assert _tz(text) == (zone, False)
