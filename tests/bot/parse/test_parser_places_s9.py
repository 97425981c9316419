"""Session 9 (placeZ): business cities a world audit found falling back to UTC, Europe as a region of several zones,
and vendors that are no place. The zones are written here by hand (tzdata's own names), not read from places.yaml."""

from __future__ import annotations

import pytest

from bot import context
from bot.parse.draft import Draft
from bot.parse.places import read_timezone
from bot.parser import parse

CITY_ZONES = {
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


def _tz(text: str) -> tuple[str | None, bool]:
    draft = Draft()
    draft.fields["calendar"] = "business_hours"
    read_timezone(text, draft)
    return draft.fields.get("tz"), draft.asked_about("tz")


@pytest.mark.parametrize(("city", "zone"), sorted(CITY_ZONES.items()))
def test_world_city_audit_s9(city, zone):
    assert _tz(f"business hours in {city}") == (zone, False)
    assert _tz(f"horario de oficina en {city}") == (zone, False)


@pytest.mark.parametrize("text", ["business hours in Europe", "horario de oficina en Europa", "office hours across Europe"])
def test_europe_as_a_place_asks_the_zone(text):
    assert _tz(text) == (None, True)


def test_european_business_hours_stay_cet():  # a time convention, as the zone table has read it since session 5
    assert _tz("European business hours") == ("CET", False)


@pytest.mark.parametrize(
    "text",
    ["nadie sabe qué departamento gastó 8.000 € en OpenAI; llama 3.3 70b a 300 tok/s",
     "we're on Together and Vertex today; llama 3.3 70b at 300 tok/s",
     "hoy estamos en Bedrock y Fireworks; llama 3.3 70b a 300 tok/s",
     "our spend in Anthropic and Groq doubled; llama 3.3 70b at 300 tok/s"],
)  # fmt: skip
def test_a_vendor_is_no_place_word(text):
    result = parse(text, context.current().catalogs)
    unused = [n for n in result.notes if n.code == "words_not_used" and "tz" in n.params["fields"]]
    assert unused == [] and result.scenario.tz == "UTC"
