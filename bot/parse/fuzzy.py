"""Typo distance for model names: rapidfuzz, imported on first use (a question without a typo never loads it)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from bot.parse.lazyre import lazy


@cache
def _rapidfuzz() -> Any:
    """rapidfuzz, imported when a typo is first weighed (~6 ms of start-up a question typed right skips)."""
    import rapidfuzz.distance
    import rapidfuzz.fuzz
    import rapidfuzz.process

    return rapidfuzz


def _best(key: str, choices: list[str], cutoff: float) -> tuple[str, float, int] | None:
    rf = _rapidfuzz()
    return rf.process.extractOne(key, choices, scorer=rf.fuzz.ratio, score_cutoff=cutoff)


def _could_reach(word: str, head: str, cutoff: float) -> bool:
    """Whether fuzz.ratio(word, head) can reach `cutoff`: the ratio is 2·LCS / (a + b) and the longest
    common subsequence is at most the letters the two share, so this never turns away a real match."""
    shared = sum((Counter(word) & Counter(head)).values())
    return 200 * shared >= cutoff * (len(word) + len(head))

_LETTERS = lazy(r"[a-z]+")


def _subsequence(short: str, long: str) -> bool:
    it = iter(long)
    return all(ch in it for ch in short)


def abbreviated(alias: dict[str, str]) -> dict[str, str]:
    """Alias keys the catalog's own short forms give: a model named both "dsv4 pro" and "DeepSeek-V4-Pro" says
    "dsv" stands for "deepseekv", so every other name that starts "deepseekv" gets a "dsv" twin
    ("dsv4 pro preview" is DeepSeek-V4-Pro-Preview). Read from the catalog, never a list of misspellings: only a
    short form of at least two letters, the start of the long one and a subsequence of it, before the same
    digits and words."""
    names: dict[str, list[str]] = {}
    for key, model in alias.items():
        names.setdefault(model, []).append(key)
    short: dict[str, str] = {}  # the long letters -> the short ones: "deepseekv" -> "dsv"
    for keys in names.values():
        split = [(m.group(0), key[m.end() :]) for key in keys if (m := _LETTERS.match(key))]
        for a, rest in split:
            for b, other in split:
                if (
                    rest == other
                    and rest[:1].isdigit()
                    and 2 <= len(a) < len(b)
                    and a[0] == b[0]
                    and _subsequence(a, b)
                ):
                    short.setdefault(b, a)
    derived = {}
    for key, model in alias.items():
        head = _LETTERS.match(key)
        if head and head.group(0) in short:
            twin = short[head.group(0)] + key[head.end() :]
            if twin not in alias:
                derived[twin] = model
    return derived

