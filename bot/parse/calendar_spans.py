"""Clock spans of a calendar: "09:00-17:00", "9am to 5pm", and bare spans of hours ("8 to 4", "9-17", "de 8 a 16")
that are hours only beside a clock word, a zone, a place or at a clause's end (bot/parse/calendar.py reads them)."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, places, split_day, zone_words
from bot.parse.lazyre import lazy

# A clock span with minutes or am/pm on its first end: "09:00-17:00", "8:00–16:00", "9am to 5pm"; either end may be
# midnight or noon ("between midnight and 6am", "from noon to midnight", "de medianoche a las 6": cal17 s17), and its length
# decides the calendar like any span's (bot/parse/calendar.py).
CLOCK_SPAN = lazy(
    r"(?=[\dmMnN])(?<![\d:])(?:(?P<h1>[01]?\d|2[0-3])(?::(?P<m1>[0-5]\d)|\s?(?P<a1>am|pm|h|de\s+la\s+(?:mañana|tarde|noche))\b)|(?P<mid1>midnight|medianoche)\b|(?P<noon1>noon|midday|mediod[ií]a)\b)"
    r"\s?(?:-|–|to|till|until|and|a|y|hasta)\s?(?:las?\s+)?"
    r"(?:(?P<h2>[01]?\d|2[0-4])(?::(?P<m2>[0-5]\d)|\s?(?P<a2>am|pm|h|de\s+la\s+(?:mañana|tarde|noche))\b)?(?!\d|:\d)|(?P<noon>noon|midday|mediod[ií]a)\b|(?P<mid2>midnight|(?:la\s+)?medianoche)\b)",
    re.I,
)


def _hour(hour: str, minute: str | None, suffix: str | None) -> float:
    value = int(hour) % 24 + int(minute or 0) / 60
    pm = (suffix or "").lower() == "pm" or (suffix or "").lower().endswith(("tarde", "noche"))  # "6 de la tarde"
    return value + 12 if pm and int(hour) < 12 else value


# A bare span of hours, without minutes or am/pm: "8 to 4", "9-17", "de 8 a 16", "between 9 and 5", "8to5". It is hours
# with a clock word after it (a unit: "de 8 a 16 h"; a zone: "8 to 4 US Central", "7 to 3 Pacific"; "local",
# "hours", days: "9-5 weekdays", "de 9 a 18 de lunes a viernes", "in Istanbul") or, at a clause's end, after a
# lead (lexicon `span_hours_lead`: "de", "from", "online", "traffic runs…"), or when it is the business day
# itself ("9-5", "9-17"). Never before a count or a unit (lexicon `span_not_hours`: "9 to 5 engineers", "8 to
# 16 GPUs", "de 4 a 6 personas", "de 120 a 500 tps"), nor before ":", "→" or "=" and a figure, which it labels ("9-17:
# 300 tok/s", "(9-17): 300"); a colon before words ends it ("Toronto, 9-17: deepseek …").
SPAN = lazy(
    r"(?=[\dbfdehBFDEH])(?<![\w.,:/$€-])(?:(?P<lead>(?:de|desde|entre|from|between|horario(?:\s+de)?)\s+(?:las?\s+)?))?(?P<h1>[01]?\d|2[0-3])"
    r"(?(lead)(?:\s?[-–]\s?|[\s-](?:to|till|until|a|y|and|hasta)[\s-](?:las?\s+)?)|(?:\s?[-–]\s?|[\s-](?:to|till|until)[\s-]|(?<=\d)(?:to|till|til)(?=\d)|(?P<bare>\s(?:a|hasta)\s)))(?P<h2>[01]?\d|2[0-4])"
    r"(?![\d:.,/]\d|\d|\)?\s*(?::|→|->|=>?)\s*[~≈]?\s*\d|\s?(?:am|pm)\b|\s?[-–]\s?\d)(?P<unit>\s?(?:h|hrs?|hs|horas|hours|o'clock)\b)?",
    re.I,
)
_CLOCK_WORD_AFTER = lazy(
    r"\s*[,(]?\s*(?:on\s+)?(?:local|office|business|working|hours|time|hora|horario|weekdays?|week\s*days|workdays|entre\s+semana"
    r"|utc|gmt|m-f|mon-fri|l-v|(?:de\s+)?(?:mon(?:day)?|lun(?:es)?)\b"
    r"|every\s+day\b|daily\b|each\s+day\b|todos\s+los\s+d[ií]as\b|cada\s+d[ií]a\b|a\s+diario\b|diariamente\b)",  # "de 6 a 22 todos los días"
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


def is_hours(text: str, m: re.Match[str], day: int, opens: int) -> bool:
    end, place = m.end(), _place_before(text, m.start())
    if m.group("bare") and not (place or _PLACE_AFTER.match(text, end) or m.group("unit") or _CLOCK_WORD_AFTER.match(text, end)):
        return False  # "9 a 17" without "de" is hours only beside a place or a clock word ("4 a 1" is a ratio)
    if m.group("unit") or _CLOCK_WORD_AFTER.match(text, end):
        return True
    if lexicon.pattern("span_break_after").match(text, end + len(text[end : end + 3]) - len(text[end : end + 3].lstrip(" ,"))):
        return True  # "de 9 a 18 con hora de comida", "9 to 6 with a lunch break": a working day and its lunch
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



# A break said after a window, with its length or without (cal17b s17): "9am-5:30pm with a half-hour lunch", "8 to 5
# with an hour for lunch", "de 8:30 a 17:30 con una hora para comer", "9:00 to 17:30 with a lunch break". The window
# minus the break is the working day (bot/parse/calendar.py); a break of no stated length is half an hour to an hour.
BREAK = lazy(
    r"(?:\s?(?:am|pm|h|hrs?)\b)?\s*,?\s*(?:with|incl\.?|including|plus|minus|less|except|excluding|and|but|con|y|menos|incluyendo|sin\s+contar)\s+"
    r"(?:(?:an?|one|the|una?|la|el|its|their|su)\s+)?(?:(?P<len>half[\s-]an?[\s-]hours?|half[\s-]hours?|\d{2}[\s-]?(?:min(?:ute)?s?|minutos)|hora\s+y\s+media"
    r"|(?:media|una|1)\s+hora|(?:an?|one|1|two|2|dos)[\s-]?(?:h|hrs?|hours?|horas?)|hour|\d(?:[.,]5)?\s?(?:h|hrs?|hours?|horas))(?:'s)?[\s-]+"
    r"(?:(?:off|break|pause|de\s+descanso|libre)\s+)?(?:(?:for|of|para|de)\s+(?:la\s+)?)?)?"
    r"(?:lunch|meal|midday|break|comida|almuerzo|comer|descanso|pausa)",
    re.I,
)
_BREAK_WORDS = {"half": 0.5, "media": 0.5, "hora y media": 1.5, "two": 2, "2": 2, "dos": 2}


def break_hours(text: str, end: int) -> tuple[float, ...]:
    """The lengths the break said right after a window ending at `end` may have: () when none is said."""
    m = BREAK.match(text, end)
    if not m:
        return ()
    said = (m.group("len") or "").lower()
    if not said:
        return (0.5, 1.0)
    if said.startswith("hora y media"):
        return (1.5,)
    if said[:2].isdigit() and "min" in said:
        return (int(said[:2]) / 60,)
    if said[0].isdigit() and said[1:2] in (".", ","):
        return (float(said[:3].replace(",", ".")),)
    return (_BREAK_WORDS.get(said.split()[0].split("-")[0], 1.0),)


def bare_spans(found: dict[object, list[re.Match[str]]]) -> list[split_day.Span]:
    spans = []
    for m in found[SPAN]:  # already only those that are hours
        start, end = int(m.group("h1")), int(m.group("h2"))
        end += 12 if end <= start else 0  # "8 to 4" is 8:00 to 16:00
        spans.append((m.group(0).strip(), float(start), float(end - start), m.start(), m.end()))
    return spans


def clock_spans(found: dict[object, list[re.Match[str]]]) -> list[split_day.Span]:
    spans = []
    for m in found[CLOCK_SPAN]:
        start = 0.0 if m.group("mid1") else 12.0 if m.group("noon1") else _hour(m.group("h1"), m.group("m1"), m.group("a1"))
        if m.group("mid2"):
            spans.append((m.group(0).strip(), start, 24.0 - start, m.start(), m.end()))  # "6pm to midnight": 6 h
            continue
        end = 12.0 if m.group("noon") else _hour(
            m.group("h2"), m.group("m2"), m.group("a2") or (m.group("a1") if m.group("a1") in ("am", "pm", "AM", "PM") else None)
        )
        if end <= start and not m.group("a2") and end < 12:
            end += 12  # "8:30 to 4:30", "9am to 5": afternoon, as a bare "8 to 4" is
        # "10pm to 6am" runs overnight: no business day, and not around the clock either (0 hours asks)
        spans.append((m.group(0).strip(), start, end - start if end > start else 0.0, m.start(), m.end()))
    return spans


# A clock span that labels a figure ("9-17: 300 tok/s", "08:00-20:00: 500 tok/s", "(9-17): 300") is no calendar,
# and its first hour no figure of the question.
LABEL = lazy(r"\)?\s*(?::|→|->|=>?)\s*[~≈]?\s*\d")
LABEL_AFTER_HOUR = lazy(r"\s?[-–]\s?(?:[01]?\d|2[0-4])\)?\s*(?::|→|->|=>?)\s*[~≈]?\s*\d")


def labelled_figure(text: str, start: int, end: int) -> int | None:
    """Where the figure starts that a span opening at the hour text[start:end] labels ("peak 9-17: 300" → 300's
    start), or None when the hour opens no such label."""
    m = LABEL_AFTER_HOUR.match(text, end) if end - start <= 2 else None
    return m.end() - 1 if m else None


# A shift said with its clock span (gate, session 11): "shifts are 9-5", "we run one shift, 8 to 4", "el turno es de 9
# a 17" (lexicon `shift_span_lead`: the shift word and what links it to the span, EN/ES).
@cache
def _shift_lead() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('shift_span_lead')})\s*$", re.I)


def shift_hours(text: str, lo: int, hi: int, day: int = 8, opens: int = 9) -> int | None:
    """The hours of a shift whose clock span text[lo:hi] says ("shifts are 9-5": 8), or None. A volume per shift
    then flows in them, as it does with "each shift lasts 8 hours" (bot/parse/volume_spans.py)."""
    for m in (*CLOCK_SPAN.finditer(text, lo, hi), *SPAN.finditer(text, lo, hi)):
        if not _shift_lead().search(text, max(lo, m.start() - 40), m.start()):
            continue
        if m.re.pattern == SPAN.pattern and not is_hours(text, m, day, opens):
            continue
        spans = clock_spans({CLOCK_SPAN: [m]}) if m.re.pattern == CLOCK_SPAN.pattern else bare_spans({SPAN: [m]})
        hours = round(spans[0][2])
        return hours if 0 < hours <= 24 else None
    return None

