"""A target said on one card (w2gate, session 11): "`google/gemma-4-E4B-it` at 150 tok/s on a single card", "we need
200 tok/s on one L4", "qwen3 30b a3b a 350 tok/s en una sola H100" is the need, with the hardware it should fit on;
only a figure the card gives (a measurement or a capacity verb before it: "vLLM gives us 2.5k tok/s on a single H100",
"it hit 3k tok/s on a single H200") is a per-GPU figure that asks (`rate_per_gpu`). A figure per GPU ("1.5k tok/s
per GPU", "por GPU") stays per GPU whatever leads it."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.rate_units import GPU, measured_words, target_before

_ON_ONE = lazy(rf"\s*(?:on|with|en|con)\s+(?:an?|one|una?|single|1)(?:\s+(?:single|sola))?\s*(?:single\s+)?{GPU}\b", re.I)
_AT = lazy(r"(?:^|(?<=[\s`'\"):]))(?:at|@|a)\s+(?:(?:about|around|roughly|unos|unas)\s+|[~≈]\s*)?$", re.I)


@cache
def _gives() -> re.Pattern[str]:
    return lazy(rf"\b(?:{lexicon.alternation('rate_card_gives')})\b", re.I)


def target(before: str, after: str) -> bool:
    """Whether a tok/s figure followed by `after` ("on one L4") and led by `before` (its sentence so far) is the
    target on one card rather than the card's own figure."""
    if not _ON_ONE.match(after):
        return False
    lead = before[-60:]
    if measured_words().search(lead) or _gives().search(lead):
        return False
    return bool(target_before().search(lead) or _AT.search(lead))
