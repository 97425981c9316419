"""Typos the ratio of the whole name misses: a typo in the family word alone, the rest of an alias typed exactly
("lamma 3.3"), and a typo of an alias that is also a plain word, where a model is meant ("can we run maverik").
Split from `model_guess`."""

from __future__ import annotations

import re
from functools import lru_cache

from bot.parse.fuzzy import _best
from bot.parse.lazyre import lazy
from bot.parse.model_index import BARE_WORDS, CONFIDENT, Mention, _Index
from bot.parse.words import STOPWORDS, Token, model_context

_LETTERS = lazy(r"[a-z]+")
_BARE_FIRST: dict[str, list[str]] = {}  # the word aliases by first letter: most words are turned away at once
for _word in sorted(BARE_WORDS):
    _BARE_FIRST.setdefault(_word[0], []).append(_word)
HEAD_TYPO = 80  # rapidfuzz ratio of a family word's typo when the rest of the name is exact ("lamma" ~ "llama")


def _head_typo(text: str, toks: list[Token], i: int, covered: set[int], index: _Index) -> Mention | None:
    """ "lamma 3.3": a typo in the family word only, the rest of an alias typed exactly (the number groups
    included), so the short name's ratio is low but nothing else is in doubt."""
    key = ""
    found: tuple[int, set[str]] | None = None
    for j in range(i, min(len(toks), i + 3)):
        if j in covered or (j > i and toks[j].lower in STOPWORDS):
            break
        key += toks[j].key
        head = _LETTERS.match(key)
        rest = key[head.end() :] if head else ""
        if not rest or not rest[0].isdigit():
            continue
        models = {
            model
            for alias_key, model in index.alias.items()
            if alias_key.endswith(rest)
            and (alias_head := alias_key[: -len(rest)]).isalpha()
            and (_best(head.group(0), [alias_head], HEAD_TYPO) is not None or near_head(head.group(0), frozenset([alias_head])))
            and index.same_units(alias_key, text[toks[i].start : toks[j].end])
        }
        if models:
            found = (j, models)
    if found is None or len(found[1]) != 1:
        return None
    j, models = found
    return Mention(toks[i].start, toks[j].end, text[toks[i].start : toks[j].end], models.pop(), "corrected")


def _bare_typo(text: str, tok: Token, index: _Index) -> Mention | None:
    """ "can we run maverik": a typo of an alias that is also a plain word, where a model is meant."""
    key = tok.key
    if len(key) < 5 or key[0] not in _BARE_FIRST or key in index.alias or not key.isalpha():
        return None
    words = [w for w in _BARE_FIRST[key[0]] if abs(len(w) - len(key)) <= 2]
    if not words or not model_context(text, tok.start, tok.end):
        return None
    best = _best(tok.key, words, CONFIDENT)
    return Mention(tok.start, tok.end, tok.text, index.alias[best[0]], "corrected") if best else None


@lru_cache(maxsize=8192)
def near_head(word: str, heads: frozenset[str]) -> bool:
    """ "quen", "qwn", "gml": one letter off a family word of four or more letters ("qwen"), so the fuzzy reader weighs
    the whole name (the digits must still be the catalog name's: "quen3.5 398b" is no row)."""
    return 3 <= len(word) <= 6 and any(
        _one_edit(word, h) if len(h) >= 4 else _swapped(word, h) for h in heads
    )  # a three-letter family word ("glm", "gpt") only with two letters swapped: "gml", "gtp"


def _swapped(a: str, b: str) -> bool:
    if len(a) != len(b) or a == b:
        return False
    diff = [k for k in range(len(a)) if a[k] != b[k]]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


def _one_edit(a: str, b: str) -> bool:
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    if len(a) > len(b):
        a, b = b, a
    i = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(a))
    return a[i:] == b[i + 1 :]


# "qwen3,5 397b", "glm 5,1", "deepseek v4,1 flash": a version written with a decimal comma (a single digit each
# side, glued to a word or after one)
_COMMA_VERSION = lazy(r"(?<![\w.,])(?:(?P<prev>[^\W\d_]+)\s+)?(?P<head>[^\W\d_]*)(?P<gap>\s?)(?P<a>\d),(?P<b>\d)(?![\d,.])")


_DIGIT_COMMA = lazy(r"\d,\d(?![\d,.])")  # one quick scan: most questions hold none


def decimal_commas(text: str, index: _Index) -> str:
    """The text with a decimal comma in a version made a dot, where the dotted name starts a catalog name (the
    index's prefixes); the same length, so every span stays where it was. "1,500 tok/s" is no version."""

    def fix(m: re.Match[str]) -> str:
        core = m["head"].lower() + m["a"] + m["b"]
        prev = (m["prev"] or "").lower()
        if (m["head"] and core in index.prefixes) or (prev and prev + core in index.prefixes):
            return m.group(0)[: m.start("a") - m.start() + 1] + "." + m["b"]
        return m.group(0)

    return _COMMA_VERSION.sub(fix, text) if _DIGIT_COMMA.search(text) else text
