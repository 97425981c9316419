"""A sentence whose line was wrapped (mix14b, session 14): pasted prose breaks its lines where the editor did,
not where the sentence ends ("prompts are\\n9x longer than completions", "la salida es la mitad\\nde la
entrada"). A line break is a wrap when the line before is prose (a few words, no list, table, heading or
quote marker, ending in a word or a comma) and the next line goes on in lower case or with a figure; lines of
a list, a config or a log stay sentences of their own. The mix and the cache readers read sentences this way."""

from __future__ import annotations

from bot.parse.draft import sentence
from bot.parse.lazyre import lazy

_MARKER = lazy(r"\s*(?:[-*•|#>+]|\d{1,2}[.)]\s|\w+\s*[=:]\s*\S+\s*$)")  # a list, table, heading or quote line; "ctx: 8192"
_PROSE_END = lazy(r".*[^\W\d_],?\s*$|.*\d,\s*$")  # the line before ends in a word or a comma
_GOES_ON = lazy(r"[ \t]*(?:[a-zñáéíóú]|[~≈]?\d)")  # the next line goes on: lower case or a figure
_WORDS = lazy(r"[^\W\d_]{2,}")
MIN_WORDS = 4


def _wrap(text: str, newline: int) -> bool:
    start = text.rfind("\n", 0, newline) + 1
    line = text[start:newline]
    if _MARKER.match(line) or not _PROSE_END.match(line) or len(_WORDS.findall(line)) < MIN_WORDS:
        return False
    return bool(_GOES_ON.match(text, newline + 1)) and not _MARKER.match(text, newline + 1)


def unwrapped(text: str, pos: int) -> tuple[int, int]:
    """Bounds of the sentence around `pos`, across the line breaks that only wrap it."""
    lo, hi = sentence(text, pos)
    for _ in range(8):  # a long paragraph wrapped over many lines: a few are enough
        if hi < len(text) and text[hi] == "\n" and _wrap(text, hi):
            hi = sentence(text, hi + 1)[1]
        elif lo > 0 and text[lo - 1] == "\n" and _wrap(text, lo - 1):
            lo = sentence(text, lo - 1)[0]
        else:
            break
    return lo, hi
