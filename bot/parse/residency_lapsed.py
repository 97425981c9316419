"""A rule whose document ended (res17, issue 14): "Our old vendor contract banned sending any data offshore; we've since
terminated it and the new one has no such clause", "The old MSA prohibited … It expired last quarter", "el contrato
anterior lo prohibía, pero lo rescindimos". A reading in a sentence that names its source as an old document (lexicon
`old_document`: the old/previous contract, MSA, DPA, policy; "el contrato anterior") is set aside when that sentence,
after it, or the next one says the document ended (`document_ended`: terminated, expired, lapsed, replaced,
"rescindimos", "venció"). The document in force decides; with nothing else said, the text may leave."""

from __future__ import annotations

from bot.parse import grouped, lexicon
from bot.parse.context import SENTENCE_END
from bot.parse.draft import sentence


def _end(text: str, pos: int) -> int | None:
    """Where the old document named in the sentence of `pos` is said to have ended, after it in that sentence or the
    next one; None if it is not."""
    start, end = sentence(text, pos)
    old = lexicon.pattern("old_document").search(text, start, end)
    if not old:
        return None
    nxt = SENTENCE_END.search(text, end + 1) if end < len(text) else None
    gone = lexicon.pattern("document_ended").search(text, old.end(), nxt.start() if nxt else len(text))
    return gone.start() if gone else None


def sentences(text: str, spans) -> list[tuple[int, int, int]]:
    """(start, end of what the old document said, end of the sentence saying it ended) for each cued sentence whose
    rule comes from an old document said to have ended. Its words are read (the safety net does not name "banned",
    "contract"); a rule said after the ending ("…expired; the new one forbids it too") is the one in force."""
    out = []
    for a, _ in spans:
        if (cut := _end(text, a)) is not None:
            nxt = SENTENCE_END.search(text, cut)
            b = nxt.start() if nxt else len(text)
            if any(grouped.pattern(c).search(text, cut, b) for c in ("forbid", "keep_in")):
                continue  # "…was replaced by a stricter one: nothing may leave": the new rule, read as it is
            out.append((a, cut, b))
    return out
