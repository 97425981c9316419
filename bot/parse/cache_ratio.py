"""The cache hit rate said as hits against misses (num15b s15): "3 hits for every miss", "1 miss for every 3
hits", "one miss per four hits", "un fallo por cada dos aciertos", "hit/miss ratio 1:1". The counts are
numbers or the lexicon's number words; the nouns are the lexicon's (`hit_noun`, `miss_noun`), one of each; the
hit rate is hits / (hits + misses). Read only in a sentence that names the prompt cache and no other cache."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.cache_vetoes import other_cache
from bot.parse.draft import Draft, sentence
from bot.parse.lazyre import lazy


@cache
def _count_words() -> dict[str, float]:
    return {**lexicon.mapping("number_words"), "one": 1, "a": 1, "un": 1, "una": 1, "uno": 1, "every": 1, "cada": 1}


@cache
def _ratio() -> re.Pattern[str]:
    words = sorted(_count_words(), key=len, reverse=True)
    count = rf"(?:\d{{1,4}}|{'|'.join(map(re.escape, words))})"
    noun = rf"(?:(?:prompt\s+|prefix\s+)?cach[eé]\s+)?(?:(?P<h{{i}}>{lexicon.alternation('hit_noun')})|(?P<m{{i}}>{lexicon.alternation('miss_noun')}))"
    per = lexicon.alternation("ratio_per")
    return lazy(
        rf"(?<![\w.,])(?P<a>{count})\s+{noun.format(i=1)}{lexicon.WORD_END}\s+(?:{per})\s+(?:(?P<b>{count})\s+)?{noun.format(i=2)}{lexicon.WORD_END}"
        # "hit/miss ratio is 1:1", "ratio aciertos:fallos de 3:1"
        rf"|{noun.format(i=3)}\s?[/:-]\s?{noun.format(i=4)}\s+(?:[^\W\d_]+\s+){{0,3}}?(?P<x>\d{{1,4}})\s?:\s?(?P<y>\d{{1,4}})(?![\d:])",
        re.I,
    )


def _value(said: str | None) -> float:
    if said is None:
        return 1.0
    words = _count_words()
    return float(words[said.lower()]) if said.lower() in words else float(said)


def read_cache_ratio(text: str, draft: Draft) -> bool:
    """Set the hit rate from the first hits-against-misses ratio in a sentence that names the prompt cache."""
    if "cache_hit_rate" in draft.fields or not lexicon.pattern("cache_noun").search(text):
        return False
    for m in _ratio().finditer(text):
        lo, hi = sentence(text, m.start())
        if not lexicon.pattern("cache_noun").search(text, lo, hi) or other_cache(text, m.start()):
            continue
        if m.group("a"):
            first, second = _value(m.group("a")), _value(m.group("b"))
            hit_first, two_kinds = bool(m.group("h1")), bool(m.group("h1")) != bool(m.group("h2"))
        else:
            first, second = _value(m.group("x")), _value(m.group("y"))
            hit_first, two_kinds = bool(m.group("h3")), bool(m.group("h3")) != bool(m.group("h4"))
        if not two_kinds or first + second <= 0:
            continue
        hits = first if hit_first else second
        draft.use(m.start(), m.end(), "cache_hit_rate")
        draft.set("cache_hit_rate", round(hits / (first + second), 6))
        return True
    return False
