"""A metric or config key that names the prompt cache's hit rate (issue 14, mix17 s17): "vllm:gpu_prefix_cache_hit_rate
= 0.57", "prefix_cache_hit_ratio: 62%", "prompt_cache_hit_rate: 0.8", "kv_cache_hit_pct 41". The key is said in
words where it was ("… cache hit rate = 0.57", same length, so every offset holds) and the cache readers read it
like prose; the engine-setting filter (bot/parser.py) would otherwise drop it as a server's own setting. A key of
another cache ("redis_cache_hit_rate", "cdn_cache_hit_ratio": lexicon `other_cache_service`) is left as it is.
A provider's usage key of the tokens read from its prompt cache ("cache_read_input_tokens", "cached_tokens",
"prompt_cache_hit_tokens", "cachedContentTokenCount") is said "cached input tokens" likewise (mix17b s17), so "…
is about 40 % of all input tokens" reads as a share of the input like prose does."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy

_KEY = lazy(r"(?<![\w:.-])(?P<head>[a-z][\w:.-]*?[_.:-])?(?P<tail>cache[_.-]hit[_.-]?(?:rate|ratio|pct|percent(?:age)?))(?P<unit>[_.-]\w+)?(?![\w-]|[.:]\w)", re.I)


# the provider usage keys of cached prompt tokens (Anthropic, OpenAI, DeepSeek, Gemini)
_CACHED_KEY = lazy(
    r"(?<![\w:.-])(?:cache_read_input_tokens|cached_tokens|prompt_cache_hit_tokens|cached_?content_?token_?count)(?![\w-])", re.I
)


@cache
def _other() -> re.Pattern[str]:
    return lazy(rf"(?<![^\W_])(?:{lexicon.alternation('other_cache_service')})(?![^\W_])", re.I)


def _words(m: re.Match[str]) -> str:
    head, unit = m.group("head") or "", m.group("unit") or ""
    if _other().search(head) or m.group(0).lower() == "cache_hit_rate":
        return m.group(0)  # "redis_cache_hit_rate": not the prompt cache; "cache_hit_rate" is the scenario's own field
    tail = m.group("tail")
    return " " * len(head) + "cache hit rate".ljust(len(tail)) + " " * len(unit)  # "hit_ratio", "hit_pct": the rate


def _cached_words(m: re.Match[str]) -> str:
    said = "cached input tokens" if len(m.group(0)) >= len("cached input tokens") else "cached tokens"
    return said.ljust(len(m.group(0)))  # same length: every offset holds


def plain_keys(text: str) -> str:
    """Each prompt-cache hit-rate key said in words (see the module); text without one comes back as it was."""
    low = text.lower()
    if "cache" in low and "_" in text or "cachedcontent" in low:
        text = _CACHED_KEY.sub(_cached_words, text)
    if "hit" not in low:
        return text
    return _KEY.sub(_words, text)
