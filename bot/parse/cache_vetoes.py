"""What makes a share near the word cache no hit rate of the prompt cache: another cache named next to it
(lexicon `other_cache`: "the redis cache", "CDN cache", "cache usage on the GPUs", "la caché de redis") or a
price near it (`cache_veto`: "prompt caching cuts input cost by 90 %"). Used by bot/parse/percentages.py and
bot/parse/cache_shares.py."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy

CACHE_WORD = lazy(r"\bcach(?:e[ds]?|ing|é|ead[oa]s?)\b", re.I)  # "tokens de entrada cacheados"
_SPACES = lazy(r"\s*")
_CLAUSE_EDGE = lazy(r",(?!\d)|[;:()]|\s[-–—]\s|\s(?:and|but|while|whereas|y|e|pero|mientras|aunque)\s", re.I)


@cache
def other_cache_near() -> re.Pattern[str]:
    """Another cache named next to the word cache: "the redis cache", "CDN cache", "cache usage on the GPUs",
    "la caché de redis" (a GPU elsewhere in the sentence is no other cache)."""
    other = lexicon.alternation("other_cache")
    return lazy(
        rf"{lexicon.WORD_START}(?:{other})\s+(?:[\w-]+\s+)?cach[eé]"
        rf"|\bcach[eé]\s+(?:[\w-]+\s+){{0,3}}?(?:on|of|in|for|de|del|en)\s+(?:(?:the|our|la|el|los|las)\s+)?(?:{other}){lexicon.WORD_END}",
        re.I,
    )


def priced(text: str, match: re.Match[str]) -> bool:
    """A share said of a price near the cache: "prompt caching cuts input cost by 90 %" is a discount. A share of
    the tokens themselves ("62 % of input tokens were cache hits" on a bill) is measured traffic, not a price."""
    if lexicon.pattern("share_of_tokens").match(text, _SPACES.match(text, match.end()).end()):
        return False
    lo, hi = sentence(text, match.start())
    if not CACHE_WORD.search(text, lo, hi):
        return False
    # the price word in the share's own clause, however far: "the discount on cached tokens from the provider is
    # 50 %"; a clause beside it is its own ("discounts cached input by 90 %, and about half of our input is
    # cached": half; mix14b s14)
    edges = [e.end() for e in _CLAUSE_EDGE.finditer(text, lo, match.start())]
    after = _CLAUSE_EDGE.search(text, match.end(), hi)
    return bool(lexicon.pattern("cache_veto").search(text, edges[-1] if edges else lo, after.start() if after else hi))


def a_change(text: str, end: int) -> bool:
    """A share said as a change, the word right after it (lexicon `share_is_change`): "80 % faster cold starts",
    "un 80 % más rápidos". No hit rate."""
    return bool(_change().match(text, end))


@cache
def _change() -> re.Pattern[str]:
    return lazy(rf"\s*(?:{lexicon.alternation('share_is_change')}){lexicon.WORD_END}", re.I)


def other_cache(text: str, pos: int) -> bool:
    """A sentence about another cache (redis, a CDN, embeddings): its shares are not the prompt cache's. A
    service with its own cache (lexicon `other_cache_service`) counts anywhere in the sentence ("Cloudflare
    serves 75 % of requests from cache") unless the sentence names the prompt cache (`prompt_cache_named`).
    A contrast word (lexicon `contrast`) ends the part: "the CDN cache serves 95 % …, but prompt-cache hits are
    around 40 %" names another cache only before "but"."""
    lo, hi = _part(text, pos, *sentence(text, pos))
    if other_cache_near().search(text, lo, hi):
        return True
    # the share's own clause is about a service's cache: "Redis answers 60 % of lookups and the prompt cache hits 35 %"
    start, end = _clause(text, pos, lo, hi)
    if lexicon.pattern("other_cache_service").search(text, start, end) and not lexicon.pattern(
        "prompt_cache_named"
    ).search(text, start, end):
        return True
    return bool(
        lexicon.pattern("other_cache_service").search(text, lo, hi)
        and not lexicon.pattern("prompt_cache_named").search(text, lo, hi)
    )



def _part(text: str, pos: int, lo: int, hi: int) -> tuple[int, int]:
    """The stretch of the sentence [lo, hi) between the contrast words around `pos`; narrower, the share's own
    clause (cut at a comma, "and", "y") when that clause names a cache itself: "KV cache on the GPUs is 80 % full,
    prefix cache hit rate 45 %" keeps the GPUs' cache out of the prefix cache's clause (countV)."""
    for cut in lexicon.pattern("contrast").finditer(text, lo, hi):
        if cut.end() <= pos:
            lo = cut.end()
        elif cut.start() >= pos:
            hi = cut.start()
            break
    start, end = _clause(text, pos, lo, hi)
    return (start, end) if CACHE_WORD.search(text, start, end) else (lo, hi)


def _clause(text: str, pos: int, lo: int, hi: int) -> tuple[int, int]:
    """The clause of [lo, hi) around `pos`, cut at a comma, a semicolon, "and", "y"."""
    start = max((m.end() for m in _CLAUSE_CUT.finditer(text, lo, pos)), default=lo)
    return start, next((m.start() for m in _CLAUSE_CUT.finditer(text, pos, hi)), hi)


_CLAUSE_CUT = lazy(r"[,;]|\s(?:and|y|e|while|whereas|mientras\s+que)\s", re.I)


@cache
def tax() -> re.Pattern[str]:  # lexicon `tax_word`: "VAT 21 %" beside a share is no hit rate (percentages.py too)
    return lazy(rf"\b{lexicon.alternation('tax_word')}\b", re.I)
