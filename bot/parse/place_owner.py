"""A city that says where the company is, not where the people who keep the hours are (cal16b, session 16):
"Somos una empresa de Barcelona, pero quien lo usa es el equipo de Ciudad de México", "a Toronto company",
"headquartered in Austin". With business hours and only proper-noun cities to go on (bot/parse/places.py), such a
city gives way to the others named; said alone it is still the place. The words are lexicon rows
(`place_owner_before`, `place_owner_after`)."""

from __future__ import annotations

from bot.parse import lexicon
from bot.parse.lazyre import lazy

_GAP = lazy(r"\s+(?:(?:the|el|la|our|a|an|un|una|nuestr[oa])\s+)?")


def spans(text: str, named: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The (start, end) of each named city said as the company's own place."""
    out = []
    for a, b in named:
        before = next((m for m in lexicon.pattern("place_owner_before").finditer(text, max(0, a - 40), a) if _GAP.fullmatch(text, m.end(), a)), None)
        after = lexicon.pattern("place_owner_after").match(text, b + 1) if text[b : b + 1] in (" ", "-") else None
        if before or after:
            out.append((a, b))
    return tuple(out)
