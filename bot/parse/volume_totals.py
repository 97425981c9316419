"""A labelled total of both sides over a period (vol12, session 12): "total tokens last month (input + output): 3.6B",
"total tokens (in+out), Nov: 730M", "tokens totales del mes (entrada + salida): 2.400 millones".

A finance list names the total in its label and the figure after the colon; the label says tokens, that they are
all of them (a total word and no one side, or both sides: lexicon `volume_both`, `volume_both_said`) and the
period (a period word, "last month", a month by name). The line is said the way the volume reader reads a total
("3.6B tokens in total per month"), so it is split by the mix the list gives or asks `total_volume_mix`. Runs
before any reader (bot/parse/structure.py), like volume_labels.py."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.volume_forms import _period

_NUMBER = r"\d[\d.,]*(?<![.,])(?:\s?(?:[kKMB]|bn|million|billion|millones|mil\s+millones)\b)?"
_LINE = lazy(
    rf"^(?P<lead>[ \t]*[-*•]?[ \t]*)(?P<label>[^\W\d_][^\n:=\d]{{2,80}}?)[ \t]*[:=][ \t]*(?:~|≈|about\s+|unos\s+)?(?P<value>{_NUMBER})"
    r"(?:[ \t]+(?:de[ \t]+)?tok(?:en)?s)?(?![\w.,])",
    re.I | re.M,
)
_TOKENS = lazy(r"\btok(?:en)?s?\b", re.I)
_TOTAL = lazy(r"\b(?:total(?:es)?|combined|overall|all|todos)\b", re.I)
_ONE_SIDE = lazy(r"\b(?:output|input|prompt|completion|cached|salida|entrada|cacheados|generados)\b", re.I)
_MONTHS = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
    r"|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre"
)
_SIDES = {"output": "output", "salida": "output", "completion": "output", "generados": "output", "cached": "cached", "cacheados": "cached"}
_PERIOD = lazy(
    rf"\b(?:(?P<adj>daily|weekly|monthly|diari[oa]s?|semanal(?:es)?|mensual(?:es)?)|(?P<word>day|week|month|d[ií]a|semana|mes)|(?P<month>{_MONTHS}))\b",
    re.I,
)
_ADJ = {"dai": "day", "wee": "week", "mon": "month", "dia": "day", "sem": "week", "men": "month"}


@cache
def _both() -> re.Pattern[str]:
    return lazy(rf"(?:{lexicon.alternation('volume_both')}|{lexicon.alternation('volume_both_said')})", re.I)


def volume_totals(text: str) -> str:
    """`text` with each labelled total of both sides said as a total volume over its period."""
    if ":" not in text and "=" not in text:
        return text

    def one(m: re.Match[str]) -> str:
        label = m["label"]
        if not _TOKENS.search(label):  # most lines of a config name no tokens: the cheapest test first
            return m.group(0)
        both = _both().search(label)
        sides = {_SIDES.get(w.lower(), "input") for w in _ONE_SIDE.findall(label)} - {"cached"}
        if both or (_TOTAL.search(label) and not sides):
            kind = "in total"
        elif len(sides) == 1 and _TOTAL.search(label):  # "total output tokens, Nov: 73M": that side's volume
            kind = f"of {sides.pop()}"
        else:
            return m.group(0)
        if not (period := _PERIOD.search(label)):
            return m.group(0)
        if period["adj"]:
            unit = _ADJ[period["adj"][:3].lower().replace("í", "i")]
        else:
            unit = _period(period["word"]) if period["word"] else "month"
        return f"{m['lead']}{m['value']} tokens {kind} per {unit}."

    return _LINE.sub(one, text)
