"""A keep-home wish nobody has decided (res17, issue 14): "our CTO would like everything in our own datacentre, but
nothing has been decided", "al director le gustaría tenerlo todo en casa, pero todavía no hay nada decidido". A rule
or permission read by the phrase patterns in a part of its sentence governed by a wish (lexicon `residency_wish`:
"would like", "would prefer", "le gustaría", "preferiría") is no ruling when the sentence, or the next one, says the
matter is undecided (lexicon `doubt`): the reading becomes doubt, and residency asks `residency_unclear`. A wish with
nothing said undecided ("we'd prefer to keep it in-house") reads as before; doubt without a wish is the stance
reader's (bot/parse/stance.py). A wish and its undecided matter in a sentence with a residency cue that no
reader read at all ("the COO would love to keep the transcripts in-house, but nothing has been decided") asks too."""

from __future__ import annotations

from bot.parse import grouped, lexicon
from bot.parse.context import SENTENCE_END
from bot.parse.draft import sentence

_REACH = 80  # characters before the phrase in which its wish is looked for, within its sentence


def undecided(text: str, pos: int) -> bool:
    """Whether the phrase at `pos` is a wish said undecided in its sentence or the next."""
    start, end = sentence(text, pos)
    if not lexicon.pattern("residency_wish").search(text, max(start, pos - _REACH), pos + 1):
        return False
    nxt = SENTENCE_END.search(text, end + 1) if end < len(text) else None
    return bool(grouped.pattern("doubt").search(text, pos, nxt.start() if nxt else len(text)))


def unread(text: str, spans) -> int | None:
    """The position of a wish said undecided in a cued sentence (`spans`), for a message no residency reading came from."""
    for a, b in spans:
        if (m := lexicon.pattern("residency_wish").search(text, a, b)) and undecided(text, m.end()):
            return m.end()
    return None
