"""Session 9 (placeZ): Europe as a region of several zones, and vendors that are no place (the cities a world audit
found falling back to UTC are rows of test_parser_places.CITY_ZONES)."""

from __future__ import annotations

import pytest

from bot import context
from bot.parser import parse
from tests.bot.parse.test_parser_places import _tz


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
