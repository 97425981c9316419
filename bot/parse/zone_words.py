"""Time zones said without a city, from a table (bot/parse/lexicon/zones.yaml): regional names ("Eastern time",
"east coast", "hora peninsular"), words that are a zone only next to a clock ("9-5 Pacific"), abbreviations
(upper case as written; "ET"/"PT"/"CT"/"MT" only next to a clock or an hours word, since "EN to PT" is a
language), ambiguous ones ("IST", "CST": the candidate another word supports, else ask), city acronyms (LA,
SF, NYC: upper case only) and regions that span zones ("APAC business hours": ask)."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from bot.parse import lexicon
from bot.parse.context import top_level
from bot.parse.lazyre import lazy

_HOURS = r"(?:business\s+|office\s+|working\s+|work\s+|core\s+)?(?:hours|hrs|time|timezone|tz)\b"
# A clock or an hours word right before ("9-5 ET", "business hours PT", "9am-5pm CT", "horario del") ...
_CLOCK_BEFORE = lazy(
    r"(?:\d{1,2}(?::\d{2})?\s?[ap]\.?m\.?|\d{1,2}:\d{2}|\d{1,2}\s?(?:[-–]|to|until|till|a|and|y)\s?\d{1,2}(?::\d{2})?"
    r"|\b(?:hours|hrs|time|horario|hora|day|shift|o'clock))\s?[,(]?\s?$",
    re.I,
)
# ... or an hours word right after ("ET business hours", "Pacific office hours").
_CLOCK_AFTER = lazy(rf"\s?[,)]?\s?{_HOURS}", re.I)


@cache
def table() -> dict[str, Any]:
    return lexicon.zones()


@cache
def _names() -> re.Pattern[str]:
    branches = "|".join(f"(?P<n{i}>{row['words']})" for i, row in enumerate(table()["names"]))
    return lazy(rf"{lexicon.WORD_START}(?:{branches}){lexicon.WORD_END}", re.I)


@cache
def _clock_words() -> re.Pattern[str]:
    return lazy(rf"\b({'|'.join(map(re.escape, table()['after_clock']))})\b", re.I)


@cache
def _abbreviations() -> re.Pattern[str]:
    names = sorted(table()["abbreviations"], key=len, reverse=True)
    return lazy(rf"(?<![\w/+-])({'|'.join(names)})(?![\w/+-]|\+\d|-\d)")


@cache
def _spans() -> re.Pattern[str]:
    region = table()["spans"]
    return lazy(
        rf"{lexicon.WORD_START}(?:(?P<r1>{region}|{table()['span_adjectives']})\s+{_HOURS}"
        rf"|(?:hours|hrs|horario(?:\s+de)?\s+\w+|horas\s+de\s+oficina|jornada(?:\s+laboral)?|time)(?:\s?[,:]\s?|\s+(?:(?:{lexicon.alternation('region_span_lead')})\s+)?(?:the\s+|los\s+|las\s+)?)(?P<r2>{region})\b)",
        re.I,
    )


def _by_clock(text: str, start: int, end: int) -> bool:
    return bool(_CLOCK_BEFORE.search(text, max(0, start - 25), start) or _CLOCK_AFTER.match(text, end))


_LETTERS = lazy(r"[a-záéíóúñü]+")
_WORD = lazy(r"[^\W\d_]+")


@cache
def _name_starts() -> re.Pattern[str]:
    """The literal word each alternative of the names rows starts with, grouped by first letter: the names
    pattern is tried only where one starts, so a 4,000-character paste costs one quick scan."""
    heads: dict[str, set[str]] = {}
    for row in table()["names"]:
        for alternative in top_level(row["words"]):
            head = _LETTERS.match(alternative).group()
            heads.setdefault(head[0], set()).add(head[1:])
    branches = "|".join(f"{h}(?:{'|'.join(sorted(t, key=lambda x: (-len(x), x)))})" for h, t in heads.items())
    return lazy(rf"(?=[^\W\d_])(?<!\w)(?:{branches})", re.I)


def named(text: str) -> list[str]:
    """Zones the text names by region or by a word next to a clock ("9-5 Pacific", "east coast")."""
    zones, end, ends = [], 0, []
    for start in _name_starts().finditer(text):
        if start.start() >= end and (m := _names().match(text, start.start())):
            zones.append(table()["names"][int(next(k for k, v in m.groupdict().items() if v)[1:])]["zone"])
            end = m.end()
            ends.append(end)
    # "business hours Pacific and Eastern", "hora del Pacífico y central": a zone word listed right after a zone
    for m in _clock_words().finditer(text):
        joined = any(_LISTED.fullmatch(text, e, m.start()) for e in ends if e <= m.start())
        if (joined or _by_clock(text, m.start(), m.end())) and not _names().match(text, m.start()):
            zones.append(table()["after_clock"][m.group(1).lower()])
            ends.append(m.end())
    return zones


_LISTED = lazy(r"\s*(?:,|/|&|\band\b|\bor\b|\by\b|\bo\b)\s*(?:(?:the|la|el)\s+)?", re.I)


_HOURS_WORD = lazy(r"(?=[htHT])\b(?:hours|hrs|time|timezone|tz)\b", re.I)
_DAY_WORDS = {"business", "office", "working", "work", "core"}
_HORA = lazy(r"(?=[hH])\b(?:hora|horario)\s+(?:laboral\s+|de\s+oficina\s+)?(?:de|del|en)\s+", re.I)


def country_time(text: str, countries: dict[str, str]) -> list[str]:
    """ "UK hours", "India time", "hora de Chile": a country whose business day runs in one zone, by a word
    lookup around "hours"/"hora" (not every country name tried at every character)."""
    zones = []
    for m in _HOURS_WORD.finditer(text):
        words = _WORD.findall(text[max(0, m.start() - 40) : m.start()].lower())
        words = words[:-1] if words and words[-1] in _DAY_WORDS else words
        zones += [countries[n] for n in (" ".join(words[-k:]) for k in (3, 2, 1)) if words and n in countries][:1]
    for m in _HORA.finditer(text):
        words = _WORD.findall(text[m.end() : m.end() + 30].lower())
        zones += [countries[n] for n in (" ".join(words[:k]) for k in (3, 2, 1)) if words and n in countries][:1]
    return zones


def abbreviated(text: str) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """(zones, [(abbreviation, candidates)] of the ambiguous ones) the text uses as zones."""
    zones, ambiguous = [], []
    for m in _abbreviations().finditer(text):
        row = table()["abbreviations"][m.group(1)]
        if row.get("clock") and not _by_clock(text, m.start(), m.end()):
            continue  # "EN to PT", "our MT pipeline"
        if "ask" in row:
            ambiguous.append((m.group(1), list(row["ask"])))
        else:
            zones.append(row["zone"])
    return zones, ambiguous


def resolve(text: str, candidates: list[str], found: list[str], countries: dict[str, str]) -> str | None:
    """The one candidate of an ambiguous abbreviation that the rest of the question supports: a zone read
    from a city or a name, a country named ("India"), or a hint word ("US", "China"); None if not one."""
    hints = table().get("hints", {})
    support = set(found)
    support |= {zone for name, zone in countries.items() if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.I)}
    support |= {zone for zone, words in hints.items() if re.search(rf"(?<!\w)(?:{words})(?!\w)", text, re.I)}
    fits = [zone for zone in candidates if zone in support]
    return fits[0] if len(fits) == 1 else None


def spans_zones(text: str) -> str | None:
    """ "APAC business hours", "US hours": a region of several zones is where the day runs (the words said)."""
    m = _spans().search(text)
    return (m.group("r1") or m.group("r2")) if m else None


@cache
def _span_country() -> re.Pattern[str]:
    t = table()
    return lazy(rf"{lexicon.WORD_START}(?:{t['span_country_lead']})\s+(?:the\s+)?(?P<c>{t['span_countries']})\b", re.I)


def span_country(text: str, skip: tuple[tuple[int, int], ...] = ()) -> str | None:
    """ "our users are all in Russia": a country of several zones said as a place (not one a residency rule
    names, `skip`), which with business hours asks which zone as the region's hours do."""
    m = next((m for m in _span_country().finditer(text) if not any(a <= m.start("c") < b for a, b in skip)), None)
    return m.group("c") if m else None


def acronyms() -> dict[str, str]:
    return dict(table()["acronyms"])


_ZONE_LEAD = lazy(r"\s*[,(]?\s*(?:(?:us|u\.s\.|ee\.?\s?uu\.?)\s+)?(?:time\s+)?", re.I)


def zone_at(text: str, pos: int) -> bool:
    """A zone said right at `pos` ("8 to 4 US Central", "9-17 CET", "7 to 3 Pacific"): a regional name, a word
    that is a zone next to a clock, or an abbreviation (upper case as written)."""
    at = _ZONE_LEAD.match(text, pos).end()
    return any(p.match(text, at) for p in (_names(), _clock_words(), _abbreviations(), _acronym_words()))


@cache
def _acronym_words() -> re.Pattern[str]:  # "9 to 5 NYC time": upper case only, like the places reader
    return lazy(rf"(?:{'|'.join(sorted(acronyms(), key=len, reverse=True))})\b")


@cache
def _clock(zone: str) -> tuple[object, ...]:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    return tuple(datetime(2026, month, 15, 12, tzinfo=ZoneInfo(zone)).utcoffset() for month in range(1, 13))


def one_clock(zones: list[str]) -> list[str]:
    """Zones that keep the same clock all year count once ("the Nairobi and Kampala desks": both East Africa Time,
    gate, session 10): the first said stands for the others, so no question asks which of two equal clocks."""
    out: list[str] = []
    for zone in zones:
        if not any(_clock(zone) == _clock(kept) for kept in out):
            out.append(zone)
    return out

