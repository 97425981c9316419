"""A request count said in words (vol12, session 12): "Four requests per second, each reply about 400 tokens",
"diez peticiones por segundo", "two thousand calls a day". bot/parse/spelled.py reads words before a tok/s unit
or a volume's tokens; a count of requests per period is a figure the same way, for bot/parse/request_volumes.py
only (the count is no tok/s of its own)."""

from __future__ import annotations

import re

from bot.parse import spelled
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number

_NOUN = r"(?:requests?|calls?|queries|peticiones|llamadas|consultas|solicitudes)"
_PERIOD = r"(?:second|sec|minute|min|hour|day|segundo|minuto|hora|d[ií]a)"
_COUNTED = lazy(
    rf"(?<=[^\W\d_])[\s-]+(?:[^\W\d_]+[\s-]+)?(?P<noun>{_NOUN})\s+(?:an?|per|each|every|/|por|al|cada|a\s+la)\s*{_PERIOD}s?\b", re.I
)
_WORDS_BEFORE = lazy(r"(?:[^\W\d_]+[\s-]+){1,5}$")


def with_spelled(text: str, nums: list[Number]) -> list[Number]:
    """`nums` with each count of requests per period said in words, in text order."""
    found = []
    for m in _COUNTED.finditer(text):
        lead = _WORDS_BEFORE.search(text, max(0, m.start() - 50), m.start() + 1)
        if not lead:
            continue
        for word in re.finditer(r"[^\W\d_]+", text[lead.start() : m.start()]):
            at = lead.start() + word.start()
            if (run := spelled.run_at(text, at)) and m.start() <= run[0] <= m.start("noun") and not any(n.start < run[0] and at < n.end for n in nums):
                found.append(Number(run[1], at, run[0], text[at : run[0]], False))
                break
    return sorted([*nums, *found], key=lambda n: n.start) if found else nums
