"""Forms of a request rate and a reply's size the request reader (bot/parse/request_volumes.py) shares (count16,
session 16): the rate's unit said as a label before its figure ("req/s 2.5", "QPS is 10", "rps: ~4"), and an output
size per one item said right after items a period ("86,400 images a day, ~100 output tokens per caption")."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number

# an output size per one of them said right after: "86,400 images a day, ~100 output tokens per caption" (count16 s16)
OUTPUT_EACH = lazy(
    r"[ \t]*[,;:]?[ \t]*(?:(?:at|with|of|con|de)[ \t]+)?(?:(?:about|around|roughly|unos|unas)[ \t]+)?[~≈]?[ \t]*\d[\d.,]*[ \t]?[kK]?[ \t]?"
    r"(?:output|generated)[ \t]+tok(?:en)?s?[ \t]+(?:per|each|every|a|an|por|cada)[ \t]+[^\W\d_]{3,}",
    re.I,
)


def span(requests: Number, per: re.Match[str]) -> tuple[int, int]:
    """Where the requests and their unit are said, the unit after the figure or before it ("QPS is 10")."""
    return min(requests.start, per.start()), max(requests.end, per.end())


@cache
def unit_before(concept: str) -> re.Pattern[str]:  # "req/s 2.5", "QPS is 10", "rps: ~4" (count16 s16): the unit as a label
    # not a unit its own figure said before ("5 qps at 400 tokens per answer")
    return lazy(rf"(?<![\w/])(?<!\d\s)(?:{lexicon.alternation(concept)})(?:\s*[:=]|\s+(?:is|of|es|de))?(?:\s+(?:about|around|roughly|unos|unas))?\s*[~≈]?\s*$", re.I)
