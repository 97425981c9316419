"""A rule of a later phase, when the message sizes for now (res17, issue 14): "Next year the Brazil expansion brings
data that must stay in-country, but for now it's only Spanish traffic… Sizing for today", "Phase two (2027) will
bring patient records that can't leave the hospital, but right now we only need to size for the FAQ bot". A reading
in a part of its sentence said of later (lexicon `rule_later`: next year, phase two, in 2027, "el año que viene")
is read and set aside when another part of the message says what is sized is now (`sized_now`: for now, right now,
today, "por ahora", "de momento"), unless the message sizes for that later case (`sized_later`: "that's the load we're
sizing for", "size it for that case", "para ese escenario"): then the later rule binds like any other."""

from __future__ import annotations

from bot.parse import lexicon
from bot.parse.draft import sentence


def _part(text: str, pos: int) -> tuple[int, int]:
    """The part of the sentence holding `pos`, cut at its contrast words."""
    start, end = sentence(text, pos)
    cuts = [start, *(m.start() for m in lexicon.pattern("contrast").finditer(text, start, end)), end]
    return next((a, b) for a, b in zip(cuts, cuts[1:], strict=False) if a <= pos < b or b == end)


def set_aside(text: str, pos: int) -> bool:
    """Whether the reading at `pos` is a later phase's rule while the message sizes for now."""
    a, b = _part(text, pos)
    if not lexicon.pattern("rule_later").search(text, a, b):
        return False
    now = lexicon.pattern("sized_now")
    if not (now.search(text, 0, a) or now.search(text, b)):
        return False
    return not lexicon.pattern("sized_later").search(text)
