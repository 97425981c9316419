"""The calendar: business hours or around the clock, clock spans, hours a day."""

from __future__ import annotations

import re

from bot.parse import calendar_mix, calendar_staff, lexicon, split_day, superseded
from bot.parse import calendar_spans as clock
from bot.parse.context import negated as _negated
from bot.parse.context import waived_after
from bot.parse.draft import ASK_CONFLICT, Draft
from bot.parse.lazyre import lazy
from bot.parse.numbers import plain
from costcore.scenario import Settings

_BUSINESS = lazy(
    r"(?=\w)(?:\b(?:business|office|working|work)\s+(?:hours|hrs?)\b|\bnine[\s-]to[\s-]five\b"
    r"|\b(?:during|in|within|over)\s+the\s+(?:work|working|business)\s?day\b|\bworkday\s+only\b"
    r"|\b(?:per|a|an|each|every|by)\s+(?:business|working|work)\s+day\b|\bpor\s+d[ií]a\s+laborable\b"
    r"|\bhorario\s+(?:laboral|de\s+oficina|comercial)\b|\b(?:horas|hrs?|hs)\.?\s+de\s+oficina\b|\bjornada\s+(?:laboral|de\s+oficina)\b"
    r"|\bjornada\s+de\s+(?:8|ocho)\s+horas\b)",
    re.I,
)
_ALWAYS = lazy(
    r"(?=\w)(?:\b24\s?[x×/]\s?7\b|\b24\s?h(?:ours|rs)?\s+(?:a|per|each|every)\s+day\b|\b24\s?h(?:ours|rs)?\s+(?:al|cada|por)\s+d[ií]a\b"
    r"|\b(?:mon(?:day)?|lun(?:es)?)[\s-]?(?:to|-|–|a)[\s-]?(?:fri(?:day)?|vie(?:rnes)?)\s+24\s?h\b|\b(?:a)?round[\s-]the[\s-]clock\b|\ball\s+day,?\s+every\s+day\b|\bday\s+and\s+night\b|\bnon[\s-]?stop\b"
    r"|\b24\s+horas\b|\bd[ií]a\s+y\s+noche\b|\btodo\s+el\s+d[ií]a\b)",
    re.I,
)


_CLAUSE_MARK = lazy(r"[,;:.!?()\n|—]|\s–\s")


def _aside(text: str, start: int, end: int) -> bool:
    """A calendar said in a clause about hardware left idle, an incident, maintenance or the past (lexicon
    `calendar_aside`: "the old GPUs sit idle overnight", "last year's outage ran from 9 to 5", "el clúster anterior
    solo funcionaba en horario de oficina"): read, and no serving calendar. The clause is cut at punctuation and
    at contrast words, so "we used to run 24/7, but now business hours only" keeps its second part."""
    lo, hi = max(0, start - 80), min(len(text), end + 80)
    a = max([lo] + [m.end() for m in _CLAUSE_MARK.finditer(text, lo, start)])
    b = next((m.start() for m in _CLAUSE_MARK.finditer(text, end, hi)), hi)
    a = max([a] + [m.end() for m in lexicon.pattern("contrast").finditer(text, a, start)])
    b = next((m.start() for m in lexicon.pattern("contrast").finditer(text, end, b)), b)
    return bool(lexicon.pattern("calendar_aside").search(text, a, b))


def _outside(text: str, start: int) -> bool:
    """Hours said as the ones it does NOT run in (lexicon `hours_outside`: "outside business hours", "fuera del horario
    de oficina", cal17 s17): like a negation, what the hours are not."""
    return bool(lexicon.pattern("hours_outside").search(text, max(0, start - 16), start))


_CLOSED_GAP = lazy(r"[^\W\d_]*(?:\s+(?:and|y|or|o|on|los|las)\s+[^\W\d_]+)?\s*,?\s*", re.I)


def _closed(text: str, end: int) -> bool:
    """Days said closed right after them (lexicon `calendar_closed`: "nights and weekends go to voicemail",
    "Saturdays off", "los fines de semana cerrado"): when the service is not used, no unpriced calendar."""
    gap = _CLOSED_GAP.match(text, end)
    return bool(lexicon.pattern("calendar_closed").match(text, gap.end() if gap else end))


# "12h/day", "16 hours a day", "40 hours a week": how long the tokens flow.
_HOUR_WORDS = {
    "eight": 8, "ocho": 8, "ten": 10, "diez": 10, "twelve": 12, "doce": 12, "sixteen": 16, "dieciséis": 16,
    "dieciseis": 16, "nine": 9, "nueve": 9, "twenty-four": 24, "twenty four": 24, "veinticuatro": 24,
}  # fmt: skip
_HOURS_A_DAY = lazy(
    r"(?=\w)\b(?P<hours>\d{1,2}|eight|ocho|ten|diez|twelve|doce|sixteen|diecis[eé]is|twenty[\s-]four|veinticuatro)\s?(?:h|hrs?|hours?|horas?)\s?(?:/|a|per|each|every|al|por|cada)\s?(?P<per>day|d[ií]a|week|semana)\b",
    re.I,
)
# A day said by its length (cal17b s17): "an 8-hour day", "normal eight hour days", "eight-hour weekdays", "a 12-hour
# shift", "jornadas de ocho horas", "una jornada normal de 8 horas". Its length decides as a clock span's does; a count
# before it ("three 8-hour shifts", "dos turnos de 8 horas") is shifts, which other rows read.
_NUMBER = r"\d{1,2}(?:[.,]5)?|eight|nine|ten|twelve|ocho|nueve|diez|doce|twenty[\s-]four|veinticuatro"
_DAY_LENGTH = lazy(
    rf"(?=\w)\b(?P<hours>{_NUMBER})[\s-]?(?:h|hrs?|hours?)[\s-]+(?:(?:work(?:ing)?|business|office)[\s-]?)?(?:days?|workdays?|weekdays|shifts?)\b"
    rf"|\b(?:jornadas?|turnos?)\s+(?:(?:normal(?:es)?|habitual(?:es)?|est[aá]ndar|laboral(?:es)?|diarias?|completas?)\s+)?de\s+(?P<hours_es>{_NUMBER})\s+horas\b",
    re.I,
)
_COUNT_BEFORE = lazy(r"\b(?:two|three|four|2|3|4|dos|tres|cuatro)\s+(?:\w+\s+)?$", re.I)


def _day_lengths(text: str, found: dict[object, list[re.Match[str]]]) -> list[tuple[str, int]]:
    out = []
    for m in found[_DAY_LENGTH]:
        if _COUNT_BEFORE.search(text, max(0, m.start() - 20), m.start()):
            continue
        said = (m.group("hours") or m.group("hours_es")).lower().replace(",", ".")
        hours = float(said) if said[0].isdigit() else _HOUR_WORDS.get(said.replace("twenty four", "twenty-four"), 0)
        out.append((m.group(0), hours))
    return out


# Days without hours ("5 days a week"): Monday to Friday, but which hours? The words are lexicon rows
# (`days_only`: "weekdays only", "Mon-Fri", "de lunes a viernes", "solo laborables"); a clock span or "business
# hours" beside them says the hours.
_DAYS_ONLY = lazy(r"(?<![\w.,])[567]\s+(?:days?\s+(?:a|per|of\s+the)\s+week|d[ií]as\s+(?:a|por|de)\s+(?:la\s+)?semana)\b", re.I)

def _day_hours(text: str, found: dict[object, list[re.Match[str]]], day: int) -> list[tuple[str, int]]:
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
    return out + [(typed, day if hours == day + 1 else hours) for typed, hours in _day_lengths(text, found)]  # "a 9-hour day": lunch


def read_calendar(text: str, draft: Draft, settings: Settings) -> None:
    """Business hours or around the clock. A negated phrase ("not 24/7") says what the hours are not, so
    only a negated phrase asks; a clock span as long as the settings' business day is one (said when it
    does not start when the settings' day opens)."""
    # Each pattern scans the text once (a 4,000-character paste made the second scans cost milliseconds).
    found: dict[object, list[re.Match[str]]] = {
        pattern: list(pattern.finditer(text))
        for pattern in (_BUSINESS, _ALWAYS, _HOURS_A_DAY, _DAY_LENGTH, _DAYS_ONLY, lexicon.pattern("days_only"), clock.CLOCK_SPAN, clock.SPAN,
                        lexicon.pattern("calendar_unpriced"), lexicon.pattern("calendar_always"), lexicon.pattern("hours_label"),
                        lexicon.pattern("calendar_business"))
    }
    day, opens = settings.business_hours_per_day, settings.business_hours_start
    if "input_per_output" in draft.fields:  # "entrada/salida de 4 a 1" is the mix, not hours
        mixed = [(lo, hi) for lo, hi, name in draft.used if name == "input_per_output"]  # "la relación es de 9 a 1"
        found[clock.SPAN] = [m for m in found[clock.SPAN] if not calendar_mix.is_mix(text, m, mixed)]
    found[clock.SPAN] = [m for m in found[clock.SPAN] if clock.is_hours(text, m, day, opens)]
    found[clock.CLOCK_SPAN] = [m for m in found[clock.CLOCK_SPAN] if not clock.LABEL.match(text, m.end())]
    for pattern, matches in found.items():
        for m in matches[:8]:
            draft.use(m.start(), m.end(), "calendar")
        found[pattern] = [m for m in matches if not _aside(text, m.start(), m.end())]
    calendar_staff.set_aside(  # "the team works 9-5, but the chat runs around the clock": the service's hours
        text, found, (_ALWAYS, lexicon.pattern("calendar_always")),
        (_BUSINESS, lexicon.pattern("calendar_business"), clock.CLOCK_SPAN, clock.SPAN, lexicon.pattern("hours_label")),
        (lexicon.pattern("calendar_unpriced"), lexicon.pattern("days_only")),
    )
    said = {"business_hours": [], "24x7": []}
    for kind, pattern in (("business_hours", _BUSINESS), ("24x7", _ALWAYS)):
        said[kind] = [not _negated(text, m.start()) and not waived_after(text, m.end()) and not _outside(text, m.start()) for m in found[pattern]]
    said["24x7"] += [not _negated(text, m.start()) for m in found[lexicon.pattern("calendar_always")]]  # "three shifts"
    said["business_hours"] += [not _negated(text, m.start()) for m in found[lexicon.pattern("calendar_business")]]  # "one day shift"
    business, always = any(said["business_hours"]), any(said["24x7"])
    for typed, hours in _day_hours(text, found, day):
        if hours == 24:
            always = True
        elif hours == day:
            business = True
        else:  # "12h a day": neither calendar llmcost prices
            draft.ask(ASK_CONFLICT, "calendar_unclear", said=typed)
            return
    spans = clock.clock_spans(found) + clock.bare_spans(found)
    labelled = [m for m in found[lexicon.pattern("hours_label")] if not _negated(text, m.start())]
    business = business or bool(labelled and not (always or spans or _day_hours(text, found, day)))  # "Support hours: Australia"
    for typed, start, hours, lo, hi in split_day.joined(text, spans, day):  # "de 9 a 14 y de 16 a 19": one day
        if hours >= 24:  # "from midnight to midnight": the whole day
            always = True
            continue
        if hours not in (day, day + 1) and not {hours - lunch for lunch in clock.break_hours(text, hi)} & {day, day + 1}:
            # "9-12", "7 to 7", "between midnight and 6am": neither calendar llmcost prices; a window minus its
            # break may be one ("9am-5:30pm with a half-hour lunch": 8 h)
            draft.ask(ASK_CONFLICT, "calendar_unclear", said=typed)
            return
        business = True
        if hours != day or (typed, start, hours, lo, hi) not in spans:  # "9am-6pm", "de 9 a 18": a lunch hour
            draft.note("business_hours_span", said=typed, hours=plain(hours), opens=opens, closes=opens + day)
        elif start != opens:
            draft.note("business_hours_shifted", said=typed, opens=opens, closes=opens + day)
    five = [m for m in found[_DAYS_ONLY] if m.group(0)[0] == "5"]  # "7 days a week, 24 hours" is around the clock
    days = next(iter(five + found[lexicon.pattern("days_only")]), None)
    unpriced = [m for m in found[lexicon.pattern("calendar_unpriced")] if not _negated(text, m.start()) and not _closed(text, m.end())]
    unpriced += [m for m in found[_DAYS_ONLY] if m.group(0)[0] in "67"]  # "7 days a week": the rows start with a word
    if unpriced and not always:  # "Mon-Sat 9-17", "two shifts (6-14 and 14-22)", "de sol a sol": neither calendar
        draft.ask(ASK_CONFLICT, "calendar_unclear", said=unpriced[0].group(0))
        return
    if always and business and superseded.settle(text, draft, "calendar", {  # "we were going to run it 24/7, but …"
        "business_hours": [(m.start(), m.end()) for m in found[_BUSINESS] + found[lexicon.pattern("calendar_business")] + labelled
                           if not _negated(text, m.start())] + [(s[3], s[4]) for s in spans],
        "24x7": [(m.start(), m.end()) for m in found[_ALWAYS] + found[lexicon.pattern("calendar_always")] if not _negated(text, m.start())],
    }):
        pass
    elif always and (business or days):  # "Mon-Fri 24h": around the clock on five days is neither calendar
        draft.conflict("calendar", ["business_hours", "24x7"])
    elif business:
        draft.set("calendar", "business_hours")
    elif always:
        draft.set("calendar", "24x7")
    elif said["business_hours"] or said["24x7"]:  # only "not 24/7", "not just business hours"
        draft.ask(ASK_CONFLICT, "calendar_unclear")
    elif days:  # "weekdays": Monday to Friday, at which hours?
        draft.ask(ASK_CONFLICT, "calendar_unclear", said=days.group(0))
