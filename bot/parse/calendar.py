"""The calendar: business hours or around the clock, clock spans, hours a day."""

from __future__ import annotations

import re

from bot.parse import lexicon, mix_parts, places, split_day, zone_words
from bot.parse.context import negated as _negated
from bot.parse.context import waived_after
from bot.parse.draft import ASK_CONFLICT, Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import plain
from costcore.scenario import Settings

_BUSINESS = lazy(
    r"(?=\w)(?:\bbusiness\s+hours\b|\boffice\s+hours\b|\bworking\s+hours\b|\bwork\s+hours\b|\bnine[\s-]to[\s-]five\b"
    r"|\b(?:during|in|within|over)\s+the\s+(?:work|working|business)\s?day\b|\bworkday\s+only\b"
    r"|\b(?:per|a|an|each|every|by)\s+(?:business|working|work)\s+day\b|\bpor\s+d[ií]a\s+laborable\b"
    r"|\bhorario\s+(?:laboral|de\s+oficina|comercial)\b|\bhoras\s+de\s+oficina\b|\bjornada\s+(?:laboral|de\s+oficina)\b"
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
    r"(?=\d)(?<![\d:])(?P<h1>[01]?\d|2[0-3])(?::(?P<m1>[0-5]\d)|\s?(?P<a1>am|pm|h|de\s+la\s+(?:mañana|tarde|noche))\b)\s?(?:-|–|to|till|until|and|a|y)\s?"
    r"(?:(?P<h2>[01]?\d|2[0-4])(?::(?P<m2>[0-5]\d)|\s?(?P<a2>am|pm|h|de\s+la\s+(?:mañana|tarde|noche))\b)?(?!\d|:\d)|(?P<noon>noon|midday|mediod[ií]a)\b)",
    re.I,
)


def _hour(hour: str, minute: str | None, suffix: str | None) -> float:
    value = int(hour) % 24 + int(minute or 0) / 60
    pm = (suffix or "").lower() == "pm" or (suffix or "").lower().endswith(("tarde", "noche"))  # "6 de la tarde"
    return value + 12 if pm and int(hour) < 12 else value


# A bare span of hours, without minutes or am/pm: "8 to 4", "9-17", "de 8 a 16", "between 9 and 5". It is hours
# with a clock word after it (a unit: "de 8 a 16 h"; a zone: "8 to 4 US Central", "7 to 3 Pacific"; "local",
# "hours", days: "9-5 weekdays", "de 9 a 18 de lunes a viernes", "in Istanbul") or, at a clause's end, after a
# lead (lexicon `span_hours_lead`: "de", "from", "online", "traffic runs…"), or when it is the business day
# itself ("9-5", "9-17"). Never before a count or a unit (lexicon `span_not_hours`: "9 to 5 engineers", "8 to
# 16 GPUs", "de 4 a 6 personas", "de 120 a 500 tps"), nor before ":", "→" or "=" and a figure, which it labels ("9-17:
# 300 tok/s", "(9-17): 300"); a colon before words ends it ("Toronto, 9-17: deepseek …").
_SPAN = lazy(
    r"(?=[\dbfdehBFDEH])(?<![\w.,:/$€-])(?:(?P<lead>(?:de|desde|entre|from|between|horario(?:\s+de)?)\s+(?:las?\s+)?))?(?P<h1>[01]?\d|2[0-3])"
    r"(?(lead)(?:\s?[-–]\s?|[\s-](?:to|till|until|a|y|and|hasta)[\s-](?:las?\s+)?)|(?:\s?[-–]\s?|[\s-](?:to|till|until)[\s-]|(?P<bare>\s(?:a|hasta)\s)))(?P<h2>[01]?\d|2[0-4])"
    r"(?![\d:.,/]\d|\d|\)?\s*(?::|→|->|=>?)\s*[~≈]?\s*\d|\s?(?:am|pm)\b|\s?[-–]\s?\d)(?P<unit>\s?(?:h|hrs?|horas|hours|o'clock)\b)?",
    re.I,
)
_CLOCK_WORD_AFTER = lazy(
    r"\s*[,(]?\s*(?:on\s+)?(?:local|office|business|working|hours|time|hora|horario|weekdays?|week\s*days|workdays|entre\s+semana"
    r"|utc|gmt|m-f|mon-fri|l-v|(?:de\s+)?(?:mon(?:day)?|lun(?:es)?)\b)",
    re.I,
)
_PLACE_AFTER = lazy(r"\s*[,(]?\s*(?:(?:in|en)\s+[A-ZÁÉÍÓÚ]|(?-i:[A-ZÁÉÍÓÚ][a-záéíóúñ]))", re.I)  # "in Istanbul", "Madrid"
_CLAUSE_END = lazy(r"(?:\s+(?:only|solo|s[oó]lo)\b)?\s*(?:[.,;:!?)\n—–→|]|->|-\s|$|(?:and|y|or|o)\s)", re.I)
# A city or a country set off before the span ("Lisbon, 8 to 18: …", "Bogotá — de 8 a 18 —", "Tokyo - 9-18 -").
_PLACE_BEFORE = lazy(r"(?P<name>(?:[^\W\d_]+\s+){0,2}[^\W\d_]+)\s*(?:[,(—–|:]|\s-)\s*$")


def _place_before(text: str, start: int) -> bool:
    m = _PLACE_BEFORE.search(text, max(0, start - 40), start)
    words = m.group("name").split() if m else []
    names = (" ".join(words[i:]).lower() for i in range(len(words)))  # "Ciudad de México", "de México", "México"
    return any(name in places.CITIES or name in lexicon.country_zones() for name in names)


def _is_hours(text: str, m: re.Match[str], day: int, opens: int) -> bool:
    end, place = m.end(), _place_before(text, m.start())
    if m.group("bare") and not (place or _PLACE_AFTER.match(text, end) or m.group("unit") or _CLOCK_WORD_AFTER.match(text, end)):
        return False  # "9 a 17" without "de" is hours only beside a place or a clock word ("4 a 1" is a ratio)
    if m.group("unit") or _CLOCK_WORD_AFTER.match(text, end):
        return True
    if lexicon.pattern("span_not_hours").match(text, end + (1 if text[end : end + 1] == " " else 0)):
        return False
    start, stop = int(m.group("h1")), int(m.group("h2"))
    stop += 12 if stop <= start else 0
    if (start, stop) == (opens, opens + day) or _PLACE_AFTER.match(text, end) or zone_words.zone_at(text, end):
        return True  # "9-5 M-F", "9 to 5, Berlin", "8 to 4 US Central"
    if not _CLAUSE_END.match(text, end):
        return False
    lo = max(0, m.start() - 30)
    lead = lexicon.pattern("span_hours_lead").search(text[lo : m.start()].split(",")[-1])
    return bool(m.group("lead") or lead or place or stop - start in (day, day + 1))  # an office day's shape: "8-4", "9-18"


_CLAUSE_MARK = lazy(r"[,;:.!?()\n|]")


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


def _bare_spans(found: dict[object, list[re.Match[str]]]) -> list[split_day.Span]:
    spans = []
    for m in found[_SPAN]:  # already only those that are hours
        start, end = int(m.group("h1")), int(m.group("h2"))
        end += 12 if end <= start else 0  # "8 to 4" is 8:00 to 16:00
        spans.append((m.group(0).strip(), float(start), float(end - start), m.start(), m.end()))
    return spans


def _clock_spans(found: dict[object, list[re.Match[str]]]) -> list[split_day.Span]:
    spans = []
    for m in found[_CLOCK_SPAN]:
        start = _hour(m.group("h1"), m.group("m1"), m.group("a1"))
        end = 12.0 if m.group("noon") else _hour(
            m.group("h2"), m.group("m2"), m.group("a2") or (m.group("a1") if m.group("a1") in ("am", "pm", "AM", "PM") else None)
        )
        if end <= start and not m.group("a2") and end < 12:
            end += 12  # "8:30 to 4:30", "9am to 5": afternoon, as a bare "8 to 4" is
        # "10pm to 6am" runs overnight: no business day, and not around the clock either (0 hours asks)
        spans.append((m.group(0).strip(), start, end - start if end > start else 0.0, m.start(), m.end()))
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
        for pattern in (_BUSINESS, _ALWAYS, _HOURS_A_DAY, _DAYS_ONLY, lexicon.pattern("days_only"), _CLOCK_SPAN, _SPAN)
    }
    day, opens = settings.business_hours_per_day, settings.business_hours_start
    if "input_per_output" in draft.fields:  # "entrada/salida de 4 a 1" is the mix, not hours
        found[_SPAN] = [m for m in found[_SPAN] if not mix_parts.sides().search(text, *sentence(text, m.start()))]
    found[_SPAN] = [m for m in found[_SPAN] if _is_hours(text, m, day, opens)]
    for pattern, matches in found.items():
        for m in matches[:8]:
            draft.use(m.start(), m.end(), "calendar")
        found[pattern] = [m for m in matches if not _aside(text, m.start(), m.end())]
    said = {"business_hours": [], "24x7": []}
    for kind, pattern in (("business_hours", _BUSINESS), ("24x7", _ALWAYS)):
        said[kind] = [not _negated(text, m.start()) and not waived_after(text, m.end()) for m in found[pattern]]
    business, always = any(said["business_hours"]), any(said["24x7"])
    for typed, hours in _day_hours(found, day):
        if hours == 24:
            always = True
        elif hours == day:
            business = True
        else:  # "12h a day": neither calendar llmcost prices
            draft.ask(ASK_CONFLICT, "calendar_unclear", said=typed)
            return
    spans = _clock_spans(found) + _bare_spans(found)
    for typed, start, hours, lo, hi in split_day.joined(text, spans, day):  # "de 9 a 14 y de 16 a 19": one day
        if hours not in (day, day + 1):  # "9-12", "7 to 7": neither calendar llmcost prices
            draft.ask(ASK_CONFLICT, "calendar_unclear", said=typed)
            return
        business = True
        if hours != day or (typed, start, hours, lo, hi) not in spans:  # "9am-6pm", "de 9 a 18": a lunch hour
            draft.note("business_hours_span", said=typed, hours=plain(hours), opens=opens, closes=opens + day)
        elif start != opens:
            draft.note("business_hours_shifted", said=typed, opens=opens, closes=opens + day)
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
