"""Percentages: cache hit rates and VAT rates, each bound to the word that names it."""

from __future__ import annotations

import re
from itertools import islice

from bot.parse import lexicon
from bot.parse.cache_shares import other_cache, word_gap
from bot.parse.cache_shares import priced as _priced
from bot.parse.cache_time import read_cache_time
from bot.parse.cache_vetoes import CACHE_WORD as _CACHE_WORD
from bot.parse.cache_vetoes import a_change, tax
from bot.parse.cache_words import read_cache_words
from bot.parse.draft import ASK_RANGE, Draft, sentence
from bot.parse.figures import (
    MAX_MENTIONS,
)
from bot.parse.lazyre import lazy
from bot.parse.numbers import plain

_PERCENT = lazy(
    r"(?=[-−\d])(?<![\w.,])([-−]?\d+(?:[.,]\d+)?)\s?(?:%|percent\b|per\s?cent\b|por\s?ciento\b)", re.I
)
# A cache is only a hit rate with a hit word: "GPU utilisation on our cache servers" is not one.
_HITS = (
    r"cache[\s-]hits?|hit(?:s|ting)?\s+(?:in\s+|on\s+)?(?:the\s+|our\s+)?cache|cached|cache[\s-]?hit[\s-]?(?:rate|ratio)|"
    r"hit[\s-]?(?:rate|ratio)|cache\s+(?:rate|ratio)|served\s+from\s+(?:the\s+)?cache|from\s+(?:the\s+)?cache|"
    r"prompt\s+caching|caché|cachead[oa]s?|aciertos?(?:\s+(?:de|en)\s+(?:la\s+)?cach[eé])?|(?:cache|caching)\s+(?:\w+\s+){0,2}?hits?\b"
)
_CACHE = lazy(rf"\b(?:{_HITS})", re.I)
# A keyword right before the figure binds it, whatever is nearer: "cache hit rate 50%, VAT 21%".
_BOUND_BEFORE = (
    (
        "cache_hit_rate",
        lazy(
            rf"(?:\b(?:{_HITS})\s?(?:of|is|=|:|at|de|del|es)?|\b(?:prompt\s+)?cach[eé]\s?[:=]?)\s?(?:around|about|~|≈|roughly|unos?)?\s?$",
            re.I,
        ),
    ),
    (
        "vat_rate",
        lazy(rf"\b{lexicon.alternation('tax_word')}(?:\s+rate)?\s?(?:of|is|=|:|at|de|del|al)?\s?$", re.I),
    ),
)
_PERCENT_RANGE_BEFORE = lazy(r"(\d+(?:[.,]\d+)?)\s?%?\s?(?:-|–|to|a)\s?$")
MAX_VAT_PERCENT = 27  # the highest standard VAT rate in the EU (Hungary); above it is likely something else


def _near(pattern: re.Pattern[str], text: str, start: int, end: int, reach: int = 40) -> int | None:
    """Distance from the span to the closest match of `pattern` in the same sentence, within `reach`."""
    lo, hi = sentence(text, start)
    best = None
    for match in pattern.finditer(text, max(lo, start - reach), min(hi, end + reach)):
        distance = max(0, start - match.end(), match.start() - end)
        best = distance if best is None else min(best, distance)
    return best


# "50% cache", "30 % prompt cache": the word right after the figure names it (not "40% … cache servers").
_CACHE_AFTER = lazy(
    r"\s?(?:(?:of\s+)?(?:the\s+)?(?:prompt\s+|kv\s+|context\s+)?(?:cache|caching|caché)(?![\s-]?(?:servers?|layer|nodes?|cluster|costs?|size|memory|ram))\b)",
    re.I,
)


# A hit rate of another cache: "45% hit rate on Redis for embeddings" is not the prompt cache.
_OTHER_CACHE_AFTER = lazy(
    r"[^.;\n]{0,30}\b(?:redis|memcached?|varnish|cdn|cloudflare|embeddings?|elasticsearch|postgres|database|db|kv\s+store|"
    r"disk|page|browser|http)\b",
    re.I,
)


# The share that misses: "30% cache misses", "40% cache miss rate", "30% de fallos de caché", "20% of
# prompts don't hit the cache".
_MISSES = lazy(
    r"[^.;,\n]{0,25}?\b(?:miss(?:es|ed)?|fallos?|no\s+aciertan|(?:do|does)\s*n[o']t\s+hit|don't\s+hit|doesn't\s+hit|never\s+hit)\b",
    re.I,
)


def _prefix_near(text: str, match: re.Match[str]) -> bool:
    """ "90 % of the prompt is the same system prompt", "el prompt de sistema es el 70 % de cada petición": the
    share of each prompt a cache keeps (lexicon `shared_prefix`), so a hit rate."""
    lo, hi = sentence(text, match.start())
    window = max(lo, match.start() - 60), min(hi, match.end() + 60)  # "80 % of the prompt is a system prompt shared by all requests"
    return any(_distance(text, match, w) is not None for w in lexicon.pattern("shared_prefix").finditer(text, *window))


def _percent_field(text: str, match: re.Match[str]) -> str | None:
    before = text[sentence(text, match.start())[0] : match.start()][-40:]
    for name, pattern in _BOUND_BEFORE:
        if pattern.search(before):
            return name
    if _OTHER_CACHE_AFTER.match(text, match.end()):
        return None
    if _CACHE_AFTER.match(text, match.end()):
        return "cache_hit_rate"
    cache = _near(_CACHE, text, match.start(), match.end())
    vat = _near(tax(), text, match.start(), match.end(), reach=25)
    if cache is None and vat is None:
        return "cache_hit_rate" if _prefix_near(text, match) else None
    return "cache_hit_rate" if vat is None or (cache is not None and cache <= vat) else "vat_rate"




def _miss_before(text: str, match: re.Match[str]) -> re.Match[str] | None:
    """The lexicon's cache-miss words right before the figure, in its sentence, no other figure between."""
    start = max(sentence(text, match.start())[0], match.start() - 40)
    misses = list(lexicon.pattern("cache_miss").finditer(text, start, match.start()))
    if misses and not re.search(r"\d", text[misses[-1].end() : match.start()]):
        return misses[-1]
    return None


def _miss_after(text: str, match: re.Match[str]) -> re.Match[str] | None:
    """ "40% of prompts miss the cache": a miss word, then a cache word, right after the figure."""
    end = min(sentence(text, match.start())[1], match.end() + 50)
    miss = _MISSES.match(text, match.end(), end)
    return miss if miss and _CACHE_WORD.search(text, miss.start(), end) else None


def _distance(text: str, match: re.Match[str], word: re.Match[str]) -> int | None:
    """How far a word is from the figure, None when another figure stands between them."""
    return word_gap(text, (word.start(), word.end()), (match.start(), match.end()))


def _miss_near(text: str, match: re.Match[str]) -> re.Match[str] | None:
    """A miss word (lexicon `miss_word`) nearer the figure than any hit word, in a sentence about the
    cache, in either order: "we miss the prompt cache 25% of the time", "un 25 % de las peticiones fallan
    en la caché"."""
    lo, hi = sentence(text, match.start())
    if not _CACHE_WORD.search(text, lo, hi):
        return None
    window = max(lo, match.start() - 45), min(hi, match.end() + 45)

    def nearest(concept: str) -> tuple[int, re.Match[str]] | None:
        found = [
            (d, w)
            for w in lexicon.pattern(concept).finditer(text, *window)
            if (d := _distance(text, match, w)) is not None
        ]
        return min(found, key=lambda f: f[0]) if found else None

    miss, hit = nearest("miss_word"), nearest("hit_word")
    return miss[1] if miss and (hit is None or miss[0] <= hit[0]) else None  # a tie is a negated hit


def read_percentages(text: str, draft: Draft) -> None:
    """Cache hit rates and VAT rates: "50% cache hits", "half of our prompts hit the cache", "IVA del 10%"."""
    others = lexicon.pattern("other_cache").search(text) or lexicon.pattern("other_cache_service").search(text)
    timed = set() if others else read_cache_time(text, draft)  # "used to be 80 %, now 30 %", "between 30 and 60 %"
    for match in islice(_PERCENT.finditer(text), MAX_MENTIONS):
        if match.start() in timed:
            continue
        value = float(match.group(1).replace(",", ".").replace("−", "-"))
        if others and other_cache(text, match.start()) and not tax().search(text, *sentence(text, match.start())):
            draft.use(match.start(), match.end(), "figure_aside")  # read and set aside (bot/parse/unused_figures.py)
            continue  # "the redis cache hits 90 %": another cache
        if _priced(text, match) or a_change(text, match.end()):
            draft.use(match.start(), match.end(), "figure_aside")
            continue  # "prompt caching cuts input cost by 90 %": a discount; "80 % faster": a change
        if 0 <= value <= 100 and (
            miss := _miss_before(text, match) or _miss_after(text, match) or _miss_near(text, match)
        ):
            # "cache misses around 25 %", "40% of prompts miss the cache"
            draft.use(min(miss.start(), match.start()), max(miss.end(), match.end()), "cache_hit_rate")
            draft.set("cache_hit_rate", round(1 - value / 100, 6))
            draft.note("cache_from_misses", misses=plain(value), hits=plain(round(100 - value, 4)))
            continue
        if not (name := _percent_field(text, match)):
            continue
        draft.use(match.start(), match.end(), name)
        if name == "cache_hit_rate":
            for cache in _CACHE_WORD.finditer(text, *sentence(text, match.start())):
                draft.use(cache.start(), cache.end(), "cache_hit_rate")
        if low := _PERCENT_RANGE_BEFORE.search(text, max(0, match.start() - 12), match.start()):
            draft.conflict(name, [float(low.group(1).replace(",", ".")) / 100, value / 100])
        elif not 0 <= value <= 100:
            draft.ask(ASK_RANGE, "percent_out_of_range", field=name, value=plain(value))
        elif name == "vat_rate" and value > MAX_VAT_PERCENT:
            draft.ask(ASK_RANGE, "vat_rate_unusual", field=name, value=plain(value), limit=MAX_VAT_PERCENT)
        elif name == "cache_hit_rate" and _MISSES.match(text, match.end(), min(len(text), match.end() + 40)):
            draft.set(name, round(1 - value / 100, 6))  # "30% cache misses" is 70 % hits
            draft.note("cache_from_misses", misses=plain(value), hits=plain(round(100 - value, 4)))
        else:
            draft.set(name, round(value / 100, 6))
    if "cache_hit_rate" in draft.fields or draft.asked_about("cache_hit_rate"):
        return
    read_cache_words(text, draft)
