"""Figures said in words right before a tok/s unit: "a hundred and twenty tokens per second", "ninety tok/s",
"fifteen hundred tok/s", "noventa tokens por segundo", "mil quinientos tok/s".

The words are the lexicon's (`number_words`, `number_scales`, `number_parts`: "one", "a", "and", "ciento",
"y"), one list per language; a run of them is read as one figure (units and tens add up, "hundred"
multiplies what came before, "thousand"/"mil" closes a group). Only a run the tok/s unit follows becomes
a figure: "two teams" stays a count for compose.py, and no other reader sees a new number.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lexicon import WORD_END, WORD_START
from bot.parse.numbers import Number

_HINT = re.compile(r"tok|tps|t/s|tk", re.I)
# Where a tok/s unit may start ("tok/s", "tokens per second", "tk/s", "tps", "t/s", "output tokens a second")
_UNIT_AT = re.compile(r"(?<![^\W\d_])(?:output\s+|generated\s+|generados\s+)?(?=tok|tk|tps\b|t\s?/|t\s?p)", re.I)
_WINDOW = 80
# Before the first word that says a figure: "and", "y", and "a"/"one"/"un", which only multiply a scale
# ("a hundred" is hundred, "a trescientos" is trescientos)
_LEADING = re.compile(r"(?:(?:and|y|a|an|one|un|una|uno)[\s-]+)*", re.I)


@cache
def _values() -> dict[str, float]:
    out: dict[str, float] = {}
    for concept in ("number_parts", "number_words"):
        out |= {k: float(v) for k, v in lexicon.mapping(concept).items()}
    return out


@cache
def _last_words() -> frozenset[str]:
    """The words a figure in words may end with ("fifty", "hundred", "quinientos"; not "and" nor "a")."""
    return frozenset(w.split()[-1] for w in (*_values(), *_scales()) if _values().get(w, 2) >= 2)


@cache
def _needs_multiplier() -> frozenset[str]:
    """English scales say a figure only after one ("a hundred", "two thousand"); Spanish "mil" stands alone."""
    return frozenset(lexicon.rows("en", "number_scales"))


@cache
def _scales() -> dict[str, float]:
    return {k: float(v) for k, v in lexicon.mapping("number_scales").items()}


@cache
def _run() -> re.Pattern[str]:
    """A run of number words that ends the text it searches (the words before a unit)."""
    words = sorted({*_values(), *_scales()}, key=lambda w: (-len(w), w))  # the same pattern in every process
    word = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)
    return re.compile(rf"{WORD_START}(?:{word})(?:[\s-]+(?:{word}))*{WORD_END}\s*\Z", re.I)


def value(run: str) -> float | None:
    """The figure a run of number words says, or None when it says none ("and", "a")."""
    values, scales = _values(), _scales()
    total = current = 0.0
    said = False
    for token in re.findall(r"[^\W\d_]+", run.lower()):
        if token in scales:
            if scales[token] < 1000:
                current = (current or 1) * scales[token]
            else:
                total, current = total + (current or 1) * scales[token], 0.0
            said = True
        elif token in values:
            current += values[token]
            said = said or values[token] >= 2
        else:
            return None
    return total + current if said else None


def rate_figures(text: str, nums: list[Number], unit: re.Pattern[str]) -> list[Number]:
    """`nums` with every figure in words that `unit` follows, in text order."""
    if not _HINT.search(text):
        return nums
    found = []
    run = _run()
    for at in _UNIT_AT.finditer(text):  # only the words right before a unit: a paste costs its units, not its words
        i = at.start() - 1
        while i > 0 and text[i] in " -":
            i -= 1
        j = i
        while j > 0 and text[j - 1].isalpha():
            j -= 1
        if text[j : i + 1].lower() not in _last_words():
            continue  # "500 tok/s", "26M tokens": no number word right before the unit
        lead = max(0, at.start() - _WINDOW)
        if not (m := run.search(text, lead, at.start())):
            continue
        end = m.start() + len(m.group(0).rstrip())
        if not unit.match(text, end) or any(n.start < end and m.start() < n.end for n in nums):
            continue  # "12.5 thousand tok/s" is one figure, read by bot/parse/numbers.py
        start = m.start() + len(_LEADING.match(m.group(0)).group(0))  # "and ninety": ninety
        first = text[start:end].split()[0].lower()
        if first in _needs_multiplier() and start == m.start():
            continue  # "a couple hundred", "several thousand": no figure (the rates reader asks for digits)
        if (said := value(text[start:end])) is not None:
            found.append(Number(said, start, end, text[start:end], False))
    return sorted([*nums, *found], key=lambda n: n.start) if found else nums
