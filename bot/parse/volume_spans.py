"""Hours of a period that has its own (volume_forms.SPAN_WORDS: "per shift", "a night", "por turno", "por noche"):
said right after it ("per shift (8h)", "por turno de 12 horas", "per 8-hour shift") or in its sentence or the next
(lexicon `span_hours`: "each shift lasts 8 hours", "the batch window is 5 hours", "must finish in 6 hours", "cada
turno dura 8 horas", "con 6 horas de ventana"). Not said: the volume reader asks (`volume_span_hours`), since a
shift or a night is no calendar's day."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import calendar_spans, lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.volume_forms import SPAN_WORDS

_SPAN = lazy(rf"(?:{SPAN_WORDS})", re.I)
_NIGHT = lazy(r"night|noche|overnight", re.I)
_WINDOW = lazy(r"window", re.I)
_HOURS = lazy(r"(?<![\d.,])(\d{1,2})\s*[-\s]?(?:hours?|hrs?|h|horas)\b", re.I)
_RIGHT_AFTER = lazy(
    r"\s*(?:\(\s*[~≈]?\s*|,?\s*(?:of|de|lasting|que\s+dura)\s+(?:about\s+|around\s+|unas\s+|~\s*)?)(\d{1,2})\s*[-\s]?(?:hours?|hrs?|h|horas)\b",
    re.I,
)


def span(period: str | None) -> str | None:
    """ "shift", "night" or "window" for a period word that has hours of its own, else None."""
    if not period or not _SPAN.fullmatch(period):
        return None
    return "night" if _NIGHT.search(period) else "window" if _WINDOW.search(period) else "shift"


def span_hours(text: str, volume: re.Match[str]) -> tuple[int, int, int] | None:
    """The hours the message gives the shift or night (1 to 24) and where they are said, or None."""
    if said := volume.group("day_hours"):
        where = volume.span()
    elif m := _RIGHT_AFTER.match(text, volume.end()):
        said, where = m.group(1), m.span()
    else:
        lo, hi = sentence(text, volume.start())
        end = sentence(text, hi + 1)[1] if hi + 1 < len(text) else hi
        found = _said().search(text, lo, end)
        said = found and (hours := _HOURS.search(found.group(0))) and hours.group(1)
        where = found.span() if found else (0, 0)
        if not said and (shift := calendar_spans.shift_hours(text, lo, end)):  # "shifts are 9-5": its span's hours
            said, where = str(shift), (lo, end)
    return (int(said), *where) if said and 0 < int(said) <= 24 else None


@cache
def _said() -> re.Pattern[str]:
    return lazy(lexicon.alternation("span_hours"), re.I)


@cache
def _shifts_a_day() -> re.Pattern[str]:
    words = "|".join(sorted(map(re.escape, lexicon.mapping("number_words")), key=len, reverse=True))
    return lazy(
        rf"(?<![\w.,])(?P<n>\d{{1,2}}|{words})\s+(?:[^\W\d_]+\s+)?(?:shifts|turnos)\s+(?:a|per|each|every|al|por|cada|diarios)\b(?:\s+(?:day|d[ií]a))?",
        re.I,
    )


def shifts_a_day(text: str, volume: re.Match[str]) -> tuple[int, int, int] | None:
    """ "we run 3 shifts a day", "hay tres turnos al día": how many shifts fill a day, said in the volume's sentence
    or the next, and where; a volume per shift is then that many times a day's volume (grow17b s17)."""
    lo, hi = sentence(text, volume.start())
    end = sentence(text, hi + 1)[1] if hi + 1 < len(text) else hi
    if not (said := _shifts_a_day().search(text, lo, end)):
        return None
    raw = said.group("n").lower()
    count = int(raw) if raw.isdigit() else int(lexicon.mapping("number_words")[raw])
    return (count, *said.span()) if 1 < count <= 4 else None
