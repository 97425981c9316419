"""Holders the message counts itself, and a split per holder that cannot be made (res16, issue 14): "Three agencies of
the ministry … receive one bill, and the auditors want to know what each agency consumed. We simply can't tell them",
"20 client companies … a line per client, but it's all one bill from the vendor so we can't pass the costs through".

The holder is any noun the message counts ("three agencies", "20 client companies", "las tres filiales") and names
again after each/per (lexicon `gateway_each`: "each agency", "per client", "cada una"), so no list of holder nouns is
needed. The split is pain when an inability (`gateway_unable`: "can't", "no data to do that") sits in its sentence
or the next one; a per-holder setup they have ("each agency has its own key") is `gateway_have`'s, read as before."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy


@cache
def _counted() -> re.Pattern[str]:
    return lazy(rf"(?<!\w)(?:{lexicon.alternation('gateway_count')})\s+(?P<noun>(?:[\w-]+\s+){{0,2}}?[^\W\d_]{{3,}}?(?:ies|es|s))\b", re.I)


@cache
def _each() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('gateway_each')})\s+(?:(?P<one>one|of\s+them|una|uno)\b|(?P<noun>[^\W\d_]{{3,}}(?:\s+[^\W\d_]{{3,}})?))", re.I)


def _stem(word: str) -> str:
    word = word.lower()
    return word[:-1] if word.endswith(("y", "e")) and len(word) > 4 else word


def holders(text: str) -> set[str]:
    """The stems of the nouns the message counts: "four regional offices" gives "offic", "three agencies" "agenc"."""
    return {_stem(re.sub(r"(?:ies|es|s)$", "", w)) for m in _counted().finditer(text) for w in m.group("noun").split()}


def unsplit(text: str, spans: tuple[tuple[int, int], ...] = ()) -> list[re.Match[str]]:
    """Each/per + a counted holder with an inability in its sentence or the next: a split the message cannot make."""
    counted = holders(text)
    if not counted:
        return []
    out = []
    for m in _each().finditer(text):
        if spans and not any(a <= m.start() < b for a, b in spans):
            continue
        if not (m.group("one") or any(_stem(w).startswith(s) or s.startswith(_stem(w)) for w in m.group("noun").split() for s in counted)):
            continue
        a, b = sentence(text, m.start())
        nxt = sentence(text, b + 1)[1] if b + 1 < len(text) else b
        if lexicon.pattern("gateway_unable").search(text, a, nxt):
            out.append(m)
    return out
