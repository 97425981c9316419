"""A count of a noun no lexicon row names, in a sentence that says "each" (the grammar's ask branch, split from
bot/parse/compose.py): "15 call centers, 120 tok/s apiece" is a group whose rates add up or a person's stream, so
compose asks which; "8 GPUs, 300 tok/s each" is hardware, per GPU or in total, and asks too."""

from __future__ import annotations

import re

from bot.parse import lexicon
from bot.parse.compose_forms import each_words, share_after, share_before
from bot.parse.count_nouns import ANY_NOUN, PER_PERIOD
from bot.parse.counts import Count, whole_numbers
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.rate_units import TOK_S

# "8 GPUs, 300 tok/s each": per GPU or in total? Hardware is never a head count, but "each" of it asks.
_HARDWARE = lazy(
    r"gpus|cards|nodes|servers|machines|instances|replicas|pods|boxes|nodos|servidores|m[aá]quinas|"
    r"[hab]\d{2,3}[a-z]{0,3}s|l40s|mi\d{3}x?s", re.I
)
_GPU_PLURAL = lazy(r"\s+(?:x\s*)?(?P<noun>[hab]\d{2,3}[a-z]{0,3}s|l40s|mi\d{3}x?s)(?!\w)", re.I)


def unknown_count(text: str, nums: list[Number], start: int, end: int, each_from: int | None = None) -> Count | None:
    """A whole number before a plural noun no lexicon row names, in a sentence that says "each" (from `each_from`)."""
    if not each_words(text, start if each_from is None else each_from, end):  # not "each request carries…"
        return None
    for n_start, n_end, value in whole_numbers(text, nums):  # in digits or words: "Twelve call centres, … apiece"
        if not (start <= n_start < end) or TOK_S.match(text, n_end):
            continue
        if share_before().search(text, max(0, n_start - 40), n_start) or share_after().match(text, n_end):
            continue  # "dos de cada tres usuarios": a share, whose "cada" hands nothing to anyone (mix15 s15)
        m = ANY_NOUN.match(text, n_end) or _GPU_PLURAL.match(text, n_end)  # "8 H100s, 300 tok/s each"
        counted = not lexicon.pattern("not_counted").fullmatch(m["noun"]) if m else False
        if m and not PER_PERIOD.match(text, m.end()) and (counted or _HARDWARE.fullmatch(m["noun"])):
            return Count(round(value), n_start, m.end(), None, m["noun"].lower())
    return None
