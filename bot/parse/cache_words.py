"""The cache hit rate said in words, before the composed shares of bot/parse/cache_shares.py: a rate after its
name ("cache hit rate 30" a percentage, "0.3" a fraction, a dashboard's "prefix_cache_hit_rate 0.42"), none ("no
cache hits", "nothing is cached", "sin aciertos de caché": 0) and not known ("no idea about cache hits": the
default, read)."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.cache_ratio import read_cache_ratio
from bot.parse.cache_shares import read_cache_shares
from bot.parse.cache_vetoes import CACHE_WORD, other_cache
from bot.parse.draft import ASK_RANGE, Draft
from bot.parse.lazyre import lazy
from bot.parse.numbers import plain

# "no cache hits", "nothing is cached", "sin aciertos de caché": none; "no idea about cache hits" is not.
_HIT_RATE = lazy(  # "cache hit rate 0.3", a dashboard's "prefix_cache_hit_rate 0.42", "cache_hit_ratio: 0.55"
    r"(?<![^\W_])cache[\s_-]hits?[\s_-]?(?:rate|ratio)\s?(?:of|is|=|:|at|around|~|≈)?\s?(\d+(?:[.,]\d+)?)(?!\s?%|\d)", re.I
)


@cache
def _no_hits() -> re.Pattern[str]:  # lexicon `no_cache_hits`
    return lazy(rf"\b{lexicon.alternation('no_cache_hits')}\b", re.I)


@cache
def _hits_unknown() -> re.Pattern[str]:  # lexicon `not_known` a few words before the cache
    return lazy(rf"\b{lexicon.alternation('not_known')}\b[^.;\n]{{0,25}}\bcach", re.I)


def read_cache_words(text: str, draft: Draft) -> None:
    """What percentages left: "cache hit rate 30" (a percentage) or "0.3" (a fraction), "no cache hits" (0),
    "no idea about cache hits" (the default, read), then the composed shares above."""
    if "cache_hit_rate" in draft.fields or draft.asked_about("cache_hit_rate"):
        return
    if (rate := _HIT_RATE.search(text)) and other_cache(text, rate.start()):
        draft.use(rate.start(), rate.end(), "figure_aside")  # "our varnish cache hit ratio is 0.8": another cache's
    if (rate := _HIT_RATE.search(text)) and not other_cache(text, rate.start()):
        draft.use(rate.start(), rate.end(), "cache_hit_rate")
        value = float(rate.group(1).replace(",", "."))
        if value > 100:
            draft.ask(ASK_RANGE, "percent_out_of_range", field="cache_hit_rate", value=plain(value))
        else:  # "hit rate 0.3" is a fraction, "hit rate 30" a percentage
            draft.set("cache_hit_rate", value if value <= 1 else round(value / 100, 6))
        return
    if _no_hits().search(text) or _hits_unknown().search(text):  # "no idea about cache hits": the default
        for cache in CACHE_WORD.finditer(text):
            draft.use(cache.start(), cache.end(), "cache_hit_rate")
    if _no_hits().search(text):
        draft.set("cache_hit_rate", 0.0)
        return
    if not read_cache_ratio(text, draft):  # "1 miss for every 3 hits" before any share: its "3" is no share
        read_cache_shares(text, draft)
