"""Counts that hold a gateway's resource, not a figure (w2gate, session 11): in "6 equipos colgados de una sola cuenta
… no hay forma de repartir el gasto por equipo", "4 teams … each has its own key" or "cuánto gasta cada uno" the
each/per word hands the teams a key, a bill or their spend. A sentence that names such a thing (lexicon
`gateway_held`: a key, a quota, a bill, spend) and holds no figure but the count hands the SLO nothing, so the safety
net does not ask whether a rate is per team (`figure_unread`, `slo_kind`)."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number


@cache
def _resource() -> re.Pattern[str]:
    return lazy(rf"(?<!\w)(?:{lexicon.alternation('gateway_held')}){lexicon.WORD_END}", re.I)


def hands_resource(text: str, pos: int, nums: list[Number], start: int, end: int) -> bool:
    """Whether the each/per word at `pos` sits in a sentence about a resource or money with no figure in it except
    the count at `start`…`end`."""
    a, b = sentence(text, pos)
    if any(a <= n.start < b and not start <= n.start < end and not n.machine for n in nums):
        return False
    return bool(_resource().search(text, a, b))
