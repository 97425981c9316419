"""The calendar: business hours or around the clock, clock spans, hours a day."""

from __future__ import annotations

import re

from bot.parse import lexicon, mix_parts
from bot.parse.context import negated as _negated
from bot.parse.draft import ASK_CONFLICT, Draft, sentence
from bot.parse.lazyre import lazy
from costcore.scenario import Settings

_BUSINESS = lazy(
    r"(?=\w)(?:\bbusiness\s+hours\b|\boffice\s+hours\b|\bworking\s+hours\b|\bwork\s+hours\b|\bnine[\s-]to[\s-]five\b"
    r"|\b(?:during|in|within|over)\s+the\s+(?:work|working|business)\s?day\b|\bworkday\s+only\b|\b0?9[\s-]?(?:to|till|until|-|–)[\s-]?5\b"
    r"|\b(?:per|a|an|each|every|by)\s+(?:business|working|work)\s+day\b|\bpor\s+d[ií]a\s+laborable\b"
    r"|\b0?9\s?(?::00|h|am)?\s?(?:-|–|to|a)\s?(?:5\s?pm|17(?::00|h)?)(?!\d)|\b(?:between|from|entre|de)\s+0?9\s?(?::00|h|am)?\s+(?:and|to|y|a)\s+(?:5\s?pm|17(?::00|h)?)(?!\d)"
    r"|\bhorario\s+(?:laboral|de\s+oficina|comercial)\b|\bhoras\s+de\s+oficina\b|\bde\s+9\s+a\s+(?:5|17|18)\b|\bjornada\s+(?:laboral|de\s+oficina)\b"
    r"|\bjornada\s+de\s+(?:8|ocho)\s+horas\b)",
    re.I,
)
_ALWAYS = lazy(
    r"(?=\w)(?:\b24\s?[x×/]\s?7\b|\b24\s?h(?:ours|rs)?\s+(?:a|per|each|every)\s+day\b|\b24\s?h(?:ours|rs)?\s+(?:al|cada|por)\s+d[ií]a\b"
    r"|\b(?:mon(?:day)?|lun(?:es)?)[\s-]?(?:to|-|–|a)[\s-]?(?:fri(?:day)?|vie(?:rnes)?)\s+24\s?h\b|\b(?:a)?round[\s-]the[\s-]clock\b|\ball\s+day,?\s+every\s+day\b|\bday\s+and\s+night\b|\bnon[\s-]?stop\b"
    r"|\b24\s+horas\b|\bd[ií]a\s+y\s+noche\b|\btodo\s+el\s+d[ií]a\b)",
    re.I,
)


# A clock span with minutes or am/pm on its first end: "09:00-17:00", "8:00–16:00", "9am to 5pm".
_CLOCK_SPAN = lazy(
    r"(?=\d)(?<![\d:])(?P<h1>[01]?\d|2[0-3])(?::(?P<m1>[0-5]\d)|\s?(?P<a1>am|pm|h)\b)\s?(?:-|–|to|till|until|and|a|y)\s?"
    r"(?P<h2>[01]?\d|2[0-4])(?::(?P<m2>[0-5]\d)|\s?(?P<a2>am|pm|h)\b)?(?![\d:])",
    re.I,
)


def _hour(hour: str, minute: str | None, suffix: str | None) -> float:
    value = int(hour) % 24 + int(minute or 0) / 60
    return value + 12 if (suffix or "").lower() == "pm" and int(hour) < 12 else value


# "de lunes a viernes de 8 a 16": a Spanish hour span needs no minutes.
_DE_A_SPAN = lazy(
    r"(?=d)\bde\s+(?P<h1>[01]?\d|2[0-3])\s+a\s+(?P<h2>[01]?\d|2[0-4])(?:\s*h(?:oras)?)?(?!\s*[^\W\d_])(?![\d:])",
    re.I,
)


def _clock_spans(found: dict[object, list[re.Match[str]]]) -> list[tuple[str, float, float]]:
    spans = []
    for m in found[_DE_A_SPAN]:
        start, end = int(m.group("h1")), int(m.group("h2"))
        end += 12 if end <= start else 0
        spans.append((m.group(0), float(start), float(end - start)))
    for m in found[_CLOCK_SPAN]:
        start = _hour(m.group("h1"), m.group("m1"), m.group("a1"))
        end = _hour(
            m.group("h2"), m.group("m2"), m.group("a2") or (m.group("a1") if m.group("a1") != "h" else None)
        )
        if end > start:
            spans.append((m.group(0), start, end - start))
    return spans


# "12h/day", "16 hours a day", "40 hours a week": how long the tokens flow.
_HOUR_WORDS = {
    "eight": 8, "ocho": 8, "ten": 10, "diez": 10, "twelve": 12, "doce": 12, "sixteen": 16, "dieciséis": 16,
    "dieciseis": 16, "twenty-four": 24, "twenty four": 24, "veinticuatro": 24,
}  # fmt: skip
_HOURS_A_DAY = lazy(
    r"(?=\w)\b(?P<hours>\d{1,2}|eight|ocho|ten|diez|twelve|doce|sixteen|diecis[eé]is|twenty[\s-]four|veinticuatro)\s?(?:h|hrs?|hours?|horas?)\s?(?:/|a|per|each|every|al|por|cada)\s?(?P<per>day|d[ií]a|week|semana)\b",
    re.I,
)
# Days without hours ("5 days a week"): Monday to Friday, but which hours? The words are lexicon rows
# (`days_only`: "weekdays only", "Mon-Fri", "de lunes a viernes", "solo laborables"); a clock span or "business
# hours" beside them says the hours.
_DAYS_ONLY = lazy(r"(?<![\w.,])[57]\s+(?:days?\s+(?:a|per)\s+week|d[ií]as\s+(?:a|por)\s+semana)\b", re.I)
# A bare span next to a zone or "hours": "9-6 CET", "8-5 local": a working day, but not the 8 hours priced.
_BARE_SPAN = lazy(
    r"(?=\d)\b(?P<h1>\d{1,2})\s?[-–]\s?(?P<h2>\d{1,2})\s+(?:cet|cest|utc|gmt|et|pt|est|pst|local|office|hours|h|(?:[^\W\d_]+\s+)?time|hora)\b",
    re.I,
)


def _day_hours(found: dict[object, list[re.Match[str]]], day: int) -> list[tuple[str, int]]:
    """Hours a day the tokens flow, from "12h/day" or "40 hours a week" (a business week: `day` × 5)."""
    out = []
    for m in found[_HOURS_A_DAY]:
        said = m.group("hours").lower()
        hours = (
            int(said)
            if said.isdigit()
            else _HOUR_WORDS.get(said.replace("é", "e").replace("twenty four", "twenty-four"), 0)
        )
        per_week = m.group("per").lower() in ("week", "semana")
        out.append((m.group(0), {5 * day: day, 168: 24}.get(hours, 0) if per_week else hours))
    return out


def read_calendar(text: str, draft: Draft, settings: Settings) -> None:
    """Business hours or around the clock. A negated phrase ("not 24/7") says what the hours are not, so
    only a negated phrase asks; a clock span as long as the settings' business day is one (said when it
    does not start when the settings' day opens)."""
    # Each pattern scans the text once (a 4,000-character paste made the second scans cost milliseconds).
    found: dict[object, list[re.Match[str]]] = {
        pattern: list(pattern.finditer(text))
        for pattern in (_BUSINESS, _ALWAYS, _HOURS_A_DAY, _DAYS_ONLY, lexicon.pattern("days_only"), _BARE_SPAN, _CLOCK_SPAN, _DE_A_SPAN)
    }
    if "input_per_output" in draft.fields:  # "entrada/salida de 4 a 1" is the mix, not hours
        found[_DE_A_SPAN] = [m for m in found[_DE_A_SPAN] if not mix_parts.sides().search(text, *sentence(text, m.start()))]
    for matches in found.values():
        for m in matches[:8]:
            draft.use(m.start(), m.end(), "calendar")
    said = {"business_hours": [], "24x7": []}
    for kind, pattern in (("business_hours", _BUSINESS), ("24x7", _ALWAYS)):
        said[kind] = [not _negated(text, m.start()) for m in found[pattern]]
    business, always = any(said["business_hours"]), any(said["24x7"])
    day, opens = settings.business_hours_per_day, settings.business_hours_start
    for typed, hours in _day_hours(found, day):
        if hours == 24:
            always = True
        elif hours == day:
            business = True
        else:  # "12h a day": neither calendar llmcost prices
            draft.ask(ASK_CONFLICT, "calendar_unclear", said=typed)
            return
    for m in found[_BARE_SPAN]:
        start, end = int(m.group("h1")), int(m.group("h2"))
        end += 12 if end <= start else 0  # "9-6" is 9:00 to 18:00
        if (start, end) != (opens, opens + day) and not business:
            draft.ask(ASK_CONFLICT, "calendar_unclear", said=m.group(0))
            return
    for typed, start, hours in _clock_spans(found):
        if hours != day:
            draft.ask(ASK_CONFLICT, "calendar_unclear", said=typed.strip())
            return
        business = True
        if start != opens:
            draft.note("business_hours_shifted", said=typed.strip(), opens=opens, closes=opens + day)
    days = next(iter(found[_DAYS_ONLY] + found[lexicon.pattern("days_only")]), None)
    if always and (business or days):  # "Mon-Fri 24h": around the clock on five days is neither calendar
        draft.conflict("calendar", ["business_hours", "24x7"])
    elif business:
        draft.set("calendar", "business_hours")
    elif always:
        draft.set("calendar", "24x7")
    elif said["business_hours"] or said["24x7"]:  # only "not 24/7", "not just business hours"
        draft.ask(ASK_CONFLICT, "calendar_unclear")
    elif days:  # "weekdays": Monday to Friday, at which hours?
        draft.ask(ASK_CONFLICT, "calendar_unclear", said=days.group(0))
