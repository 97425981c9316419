"""A billing export pasted as labelled lines (bot/parse/exports.py reads its fields; w2num s11): "input tokens 412M
(of which served from the prompt cache: 289M)", "output tokens: 51.5M", "- tokens de entrada: 1.200 M (900 M
cacheados)". A line whose label names an export field (lexicon `export_*_key`, spaces allowed) and then one amount,
with a multiplier (k, M, B, million, millones); an amount in brackets after the input's that names the cache is the
cached part of that input. Lines that name no field (requests, the invoice total) are left to the other readers."""

from __future__ import annotations

import re

from bot.parse import config_figures
from bot.parse.cache_vetoes import CACHE_WORD
from bot.parse.export_tables import field_of
from bot.parse.lazyre import lazy
from bot.parse.numbers import parse_number

_AMOUNT = r"\d[\d.,]*(?:[ \t]?(?:[kKMB]|bn|million|billion|millones|mil\s+millones))?"
_LINE = lazy(
    rf"^[ \t]*[-*•]?[ \t]*(?P<label>[^\W\d][^\W\d ._-]*(?:[ ._-][^\W\d][^\W\d_]*){{0,4}})[ \t]*[:=—–]?[ \t]*(?P<value>{_AMOUNT})(?![\w.,])(?P<rest>[^\n]*)$",
    re.M,
)
_CACHED = lazy(rf"\(\s*(?P<words>[^()\d\n]{{0,60}}?)[ \t]*[:=]?[ \t]*(?P<value>{_AMOUNT})(?P<after>[^()\d\n]{{0,20}})\)")
_CACHED_WORD = lazy(r"cacheados?|cacheadas?", re.I)
_TOKENS_AFTER = lazy(r"[ \t]*(?:de[ \t]+)?tok(?:en)?s?\b", re.I)


def _amount(said: str) -> float | None:
    return parse_number(re.sub(r"\s+", "", said)) or parse_number(said)


def lines(text: str, export) -> None:  # export: exports._Export
    """Add the fields said on labelled lines, and the cached part said in brackets after the input."""
    for m in _LINE.finditer(text):
        field = field_of(words := config_figures.key_words(m["label"]))
        if field is None and _TOKENS_AFTER.match(m["rest"]):  # "salida: 1.314 millones de tokens": the side's tokens
            field = field_of(f"tokens {words}") or field_of(f"{words} tokens")
        value = _amount(m["value"])
        if field is None or value is None or value < 0 or field in export.seen:
            continue
        export.add(field, value)
        export.spans.append(m.span())
        cached = _CACHED.search(m["rest"]) if field == "input" else None
        words = f"{cached['words']} {cached['after']}" if cached else ""
        if cached and (CACHE_WORD.search(words) or _CACHED_WORD.search(words)) and (part := _amount(cached["value"])) is not None:
            export.add("cached", part)
