"""A reply's size said beside the prompt's, in words no lexicon row names (vol12, session 12): "5,000 requests per
minute, each hint ~120 tokens, prompts ~900", "cada resumen ~200 tokens y la entrada ~3k". With the requests
counted and one size said of the input side (bot/parse/mix_parts.py `sizes`), the one other token size in the
sentence is what comes back: the output a request, and with the input's size the mix
(bot/parse/request_volumes.py asks `slo_not_numeric` when neither or two are left)."""

from __future__ import annotations

import re

from bot.parse import mix_parts
from bot.parse.figures import mentions
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, parse_number

_TOKENS_AFTER = lazy(r"\s?(?:de\s+)?tok(?:en)?s?\b", re.I)
_INPUT = ("bi", "ai", "vi", "ei")


def beside_input(text: str, nums: list[Number], here: tuple[int, int], requests: Number) -> tuple[Number, int, float] | None:
    """The reply's figure, where its words end, and the input's size, or None."""
    inputs = [m for m in mix_parts.sizes().finditer(text, *here) if any(m.group(g) for g in _INPUT)]
    if len(inputs) != 1 or any(m.group(g) for m in mix_parts.sizes().finditer(text, *here) for g in ("ao", "bo", "vo", "eo")):
        return None
    said = inputs[0]
    figure = next(g for g in ("m", "n", "v", "e") if said.group(g))
    size = parse_number(said.group(figure).replace(" ", ""))
    others = [
        (n, t.end())
        for n in mentions(nums)
        if here[0] <= n.start < here[1] and n is not requests and not said.start() <= n.start < said.end()
        and (t := _TOKENS_AFTER.match(text, n.end))
    ]
    if len(others) != 1 or not size:
        return None
    return others[0][0], others[0][1], size
