"""The mix from a part of a whole, or from two sizes bound to their nouns (issue 14, session 13, mix13b).

Parts of a whole: "of every four tokens we exchange, three are prompt", "3 in every 4 tokens are input", "only
one token in ten is generated", "de cada cinco tokens, cuatro son de entrada", "uno de cada cuatro tokens es de
salida". A part P of a whole W of tokens on one side is P : W − P of that side, whatever words join them: the
whole must be said in tokens (four out of five engineers is no mix), and the side is the first side word after
the part (a side noun or verb of the lexicon: "prompt", "what we send", "is generated", "de salida").

Bound sizes: "a 3,000-token prompt with a 300-token answer", "an 8k-token document in, a 500-token summary out".
A size written as a compound adjective ("N-token X") is the size of the noun it qualifies; its side is that
noun's ("prompt", "reply", "summary"), an "in"/"out" right after it, or else the side word nearest before it in
its clause ("feeds a 6,000-token transcript"). One input size and one output size in a sentence is the mix; a
limit ("a 4,000-token limit", "capped at") says no size (lexicon `mix_size_veto`)."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.mix_parts import sides
from bot.parse.numbers import numbers

REACH = 50  # how far after a part its side word may be, in characters
_TOKENS = r"tok(?:en)?s?\b"
_AFTER_PART = r"(?:\s+of\s+them)?\s*(?:are|is|son|es|go(?:es)?|come|comes|vienen|van|get|gets)?"


@cache
def _counts() -> dict[str, float]:
    """Number words, "one", and the scales that are a whole by themselves: "of every hundred tokens"."""
    hundreds = {word: n for word, n in lexicon.mapping("number_scales").items() if n == 100}
    return {**lexicon.mapping("number_words"), **hundreds, "one": 1, "un": 1, "uno": 1, "una": 1}


@cache
def _parts() -> re.Pattern[str]:
    count = rf"(?:\d{{1,3}}|{'|'.join(map(re.escape, sorted(_counts(), key=len, reverse=True)))})"
    of = r"(?:out\s+of\s+every|out\s+of|of\s+every|of\s+each|in\s+every|(?:de|sobre)\s+cada)"
    every = rf"(?:{of}|for\s+every|for\s+each|por\s+cada)"
    return lazy(
        # the whole first: "of every four tokens we exchange, three are prompt", "de cada 10 tokens …, 9 son prompt"
        rf"(?<![\w.,]){every}\s+(?P<w>{count})\s+{_TOKENS}(?P<gap>[^\d.;:!?\n]{{0,60}}?,)?\s*(?P<p>{count})(?![\w.,%])"
        # the part first: "3 in every 4 tokens", "one token in ten", "uno de cada cuatro tokens" ("1 token for every
        # 6 we read" is a relation of two sides: bot/parse/mix_relations.py)
        rf"|(?<![\w.,])(?P<p2>{count})\s+(?P<t1>{_TOKENS}\s+)?(?:in|{of})\s+(?P<w2>{count})(?(t1)|(?:\s+{_TOKENS}|(?P<bare>)(?=\s*(?:[,;:]|(?:of\s+them\s+)?(?:are|is|son|es|go|goes|come|comes|vienen|van|get|gets)\b))))",
        re.I,
    )


def _count(said: str) -> float:
    return float(said) if said.isdigit() else float(_counts()[said.lower()])


def _first_side(text: str, lo: int, hi: int) -> bool | None:
    """Input? by the first side word in [lo, hi); None if none."""
    m = sides().search(text, lo, hi)
    if not m:
        return None
    if m.group("i") or m.group("hin"):
        return True
    return False if m.group("o") or m.group("hout") else None


_CLAUSE_START = lazy(r"[,;:()\n]|\.\s", re.I)


def _one_side(text: str, m: re.Match[str]) -> bool:
    """The whole is one side's, not all the tokens: a side word before it in its clause ("we emit one token in
    every…", "generamos 1 de cada…") or between it and the part ("for every 6 tokens we read, 1 is generated")."""
    if m.group("gap") and sides().search(text, m.start("gap"), m.end("gap")):
        return True
    starts = [c.end() for c in _CLAUSE_START.finditer(text, max(0, m.start() - 60), m.start())]
    return bool(sides().search(text, starts[-1] if starts else max(0, m.start() - 60), m.start()))


# the whole said before a part that names no tokens: "of all the tokens we push, nine in ten are prompt", "de
# todos los tokens que consumimos, siete de cada diez son de entrada" (mix17 s17)
_TOKENS_BEFORE = lazy(r"\b(?:of|from|de|del)\s+(?:all\s+|tod[oa]s\s+)?(?:the\s+|our\s+|los\s+|nuestros\s+)?tokens\b", re.I)
_CLAUSE_END = lazy(r"[,;:()\n]|\.\s|\s(?:and|but|y|pero)\s", re.I)
_CACHE = lazy(r"\bcach(?:e[ds]?|ing|é)\b", re.I)


def _of_the_cache(text: str, m: re.Match[str]) -> bool:
    """A part said of the cache's hits is the cache reader's: "two of every three prompt tokens come from the prefix
    cache", "dos de cada tres tokens del prompt vienen de la caché" (mix15 s15)."""
    end = _CLAUSE_END.search(text, m.end(), m.end() + 80)
    return bool(_CACHE.search(text, m.start(), end.start() if end else min(len(text), m.end() + 80)))


def from_parts(text: str) -> list[float]:
    out = []
    for m in _parts().finditer(text):
        part, whole = _count(m.group("p") or m.group("p2")), _count(m.group("w") or m.group("w2"))
        if not 0 < part < whole or _one_side(text, m) or _of_the_cache(text, m):
            continue
        if m.group("bare") is not None and not _TOKENS_BEFORE.search(text, sentence(text, m.start())[0], m.start()):
            continue  # "siete de cada diez" is of the tokens only after "de todos los tokens"; "9 of every 10 requests" is none
        end = min(m.end() + REACH, sentence(text, m.end())[1])
        side = _first_side(text, m.end(), end)
        if side is not None:
            out.append(round(part / (whole - part) if side else (whole - part) / part, 6))
    return out


# "3,000-token prompt", "8k-token document": a figure bound by a hyphen to "token", the noun after it
_BOUND = lazy(r"\s?-\s?tokens?\s+(?=[^\W\d_])", re.I)
_EDGE = lazy(r"[,;()\n]|\d|\s(?:and|but|with|while|y|con|pero)\s", re.I)


@cache
def _veto() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('mix_size_veto')}){lexicon.WORD_END}", re.I)


def _bound_side(text: str, start: int, end: int) -> bool | None:
    """The side of the noun a bound size qualifies: said by the noun or the words after it in its clause ("prompt",
    "contract goes in", "summary out"), or by the side word nearest before it in its clause ("feeds a …")."""
    after = _EDGE.search(text, end, end + 40)
    side = _first_side(text, end, after.start() if after else min(len(text), end + 40))
    if side is not None:
        return side
    edges = [e.end() for e in _EDGE.finditer(text, max(0, start - 60), start)]
    found = list(sides().finditer(text, edges[-1] if edges else max(0, start - 60), start))
    return _first_side(text, found[-1].start(), found[-1].end()) if found else None


def from_bound(text: str) -> list[float]:
    if "-tok" not in text and "- tok" not in text:
        return []
    by_sentence: dict[int, list[tuple[bool, float]]] = {}
    for n in numbers(text):
        m = _BOUND.match(text, n.end)
        if not m or n.value <= 0 or _veto().search(text, m.end(), min(len(text), m.end() + 24)):
            continue
        side = _bound_side(text, n.start, m.end())
        if side is not None:
            by_sentence.setdefault(sentence(text, n.start)[0], []).append((side, n.value))
    out = []
    for said in by_sentence.values():
        ins, outs = [v for s, v in said if s], [v for s, v in said if not s]
        if len(ins) == 1 and len(outs) == 1:
            out.append(round(ins[0] / outs[0], 6))
    return out
