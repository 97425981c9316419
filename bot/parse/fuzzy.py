"""Typo distance for model names: rapidfuzz, imported on first use (a question without a typo never loads it)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any


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
