"""A volume's unit and how many of it the question counts (bot/parse/volumes.py): "per franchise location", "por
línea de producto", "per sales territory ~4M…" (the unit before the volume), and its count said again whole or by
its head ("15 franchise locations", "10 claims pipelines" for "per pipeline", "9 líneas de producto")."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache

from bot.parse import lexicon
from bot.parse.compose_forms import stems
from bot.parse.counts import counts
from bot.parse.figures import counted, plural_of
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.volume_forms import _PERIODS
from costcore.calendar import period_hours as calendar_hours
from costcore.scenario import CalendarKind, Settings


# "per sales territory ~4M completion tokens daily", "por sede, unos 2M…": the unit said before the volume
@cache
def _lead_unit_pattern() -> re.Pattern[str]:
    about = lexicon.alternation("count_about")
    return lazy(
        rf"(?<![\w'])(?:per|por)\s+(?!{about}\b)(?P<unit>[^\W\d_]{{3,}}(?:\s+(?:(?:de|del|of)\s+)?(?!{about}\b)[^\W\d_]{{3,}}){{0,2}})"
        rf"\s*:?\s*(?:{about}\s+|[~≈]\s*)?$",
        re.I,
    )


# "…500 tok/s per user ~…": a "per" right after a figure or its unit is that figure's, not a unit for what follows
_AFTER_FIGURE = lazy(r"(?:\d|\btok(?:en)?s?/?s?|\btps|\bt/s|\btokens?)\s*$", re.I)


def lead_unit(text: str, start: int) -> str | None:
    lead = _lead_unit_pattern().search(text, max(0, start - 50), start)
    if lead is None or re.search(r"[.;\n]", text[lead.start() : start]):
        return None
    if _AFTER_FIGURE.search(text, max(0, lead.start() - 12), lead.start()):
        return None
    return None if re.fullmatch(rf"(?:{_PERIODS})", lead["unit"], re.I) else lead["unit"]


def capacity_unit(unit: str, text: str = "", nums: list[Number] | None = None, number: Number | None = None) -> bool:
    """ "per GPU", "per GPU node", "por nodo": hardware or a thing never counted (every word of it), whose volume is a
    capacity; "per call center", "por línea de producto" (a group noun) count. A word that is seldom a head but that
    the message counts ("3 unidades de negocio … por unidad y día") is a unit like any other: its volume is traffic."""
    if lexicon.pattern("group_nouns").fullmatch(unit):
        return False
    words = [w for w in unit.split() if w.lower() not in ("de", "del", "of")]
    if any(lexicon.pattern("hardware_nouns").fullmatch(w + end) for w in words for end in ("", "s")):
        return True
    if not all(any(lexicon.pattern("not_counted").fullmatch(w + end) for end in ("", "s", "es")) for w in words):
        return False
    return number is None or not unit_counts(text, nums or [], unit, number)


def unit_counts(text: str, nums: list[Number], unit: str, number: Number) -> list[int]:
    """How many of the unit the question counts: "12 tenants" for "per tenant", "15 franchise locations" for "per
    franchise location", "10 claims pipelines" for "per pipeline", "9 líneas de producto" for "por línea de
    producto" (a phrase said again whole, or its head alone: last in English, first in Spanish)."""
    if found := counted(text, nums, plural_of(unit), skip=number):
        return found
    said = stems(unit)
    return list(dict.fromkeys(c.value for c in counts(text, nums) if c.noun and _same_thing(said, stems(c.noun))))


def _same_thing(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    short, long = sorted((a, b), key=len)
    return bool(short) and (long[: len(short)] == short or long[-len(short) :] == short)


def period_hours(period: str, calendar: CalendarKind, settings: Settings) -> Fraction:
    """costcore's hours of one period, and a quarter as three of the calendar's months."""
    if period == "quarter":
        return 3 * calendar_hours("month", calendar, settings)
    return calendar_hours(period, calendar, settings)
