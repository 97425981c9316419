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
