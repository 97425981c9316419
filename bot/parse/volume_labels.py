"""A volume's period said in its label (net, session 10): "Daily volume? About 40M output tokens.", "output tokens
per day: 18M", "volumen diario: 8 millones de tokens de salida". The label and its value are said the way the
volume reader reads them ("40M output tokens per day"), before any reader runs (bot/parse/structure.py), so a
period a line or a question mark away from its figure is the figure's. Only a label that names tokens, in itself
or after the value, is read: "daily volume: 86.4M" may count requests or both sides and is left to the safety
net, which asks. Words are the lexicon's (`volume_label`, `config_volume_key`, `label_about`)."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.volume_forms import _period

_NUMBER = r"\d[\d.,]*(?<![.,])(?:\s?(?:[kKMB]|bn|million|billion|millones|mil\s+millones)\b)?"
_TOKENS_AFTER = r"(?:\s+(?:de\s+)?(?:(?:output|input|prompt|completion|generated)\s+)?tok(?:en)?s?\b(?:\s+(?:de\s+)?(?:salida|entrada|generados))?)"


@cache
def _label() -> re.Pattern[str]:
    label = "|".join(lexicon.alternation(c) for c in ("volume_label", "config_volume_key"))
    return lazy(
        rf"(?<![\w/])(?P<label>{label})[ \t]*(?:[:=≈?]|\s(?:is|are|es|son|of|de)\b)[ \t]*"
        rf"(?:(?:{lexicon.alternation('label_about')})\s+|[~≈]\s*)?(?P<value>{_NUMBER})(?P<tokens>{_TOKENS_AFTER})?",
        re.I,
    )


_PERIOD_WORD = lazy(
    r"daily|weekly|monthly|hourly|annual|yearly|quarterly|diari[oa]s?|semanal(?:es)?|mensual(?:es)?|trimestral(?:es)?|anual(?:es)?"
    r"|(?:day|week|month|hour|minute|quarter|year|d[ií]a|semana|mes|hora|trimestre|a[ñn]o)\b",
    re.I,
)
_OF_ADJECTIVE = {"daily": "day", "weekly": "week", "monthly": "month", "hourly": "hour", "annual": "year", "yearly": "year", "quarterly": "quarter"}
_SIDE = lazy(r"output|salida|generated|generad[oa]s", re.I)
_TOKENS = lazy(r"tok(?:en)?s?\b", re.I)


def volume_labels(text: str) -> str:
    """`text` with each labelled volume said as the volume reader reads it."""

    def one(m: re.Match[str]) -> str:
        label, tokens = m["label"], m["tokens"] or ""
        if not (_TOKENS.search(label) or tokens) or not (word := _PERIOD_WORD.search(label)):
            return m.group(0)
        period = _OF_ADJECTIVE.get(word.group(0).lower()) or _period(word.group(0))
        side = tokens or f" {label[: word.start()]}{label[word.end() :]}"  # "output tokens per day: 18M"
        if _SIDE.search(label) and not _SIDE.search(side):
            side = f" output{side}"  # "annual output: 12 billion tokens"
        side = re.sub(r"\b(?:per|a|each|por|al|volumen|volume|usage|traffic|tr[aá]fico|uso|consumo)\b", " ", side, flags=re.I)
        return f"{m['value']} {' '.join(side.split())} per {period}"

    return _label().sub(one, text)
