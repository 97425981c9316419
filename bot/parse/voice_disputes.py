"""Another voice in a pasted thread (bot/parse/voices.py): who says a line, and a rate one voice rejects of another's."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import Draft
from bot.parse.lazyre import lazy

_SPEAKER = lazy(r"^[>\s]*(?:\*{0,2}@?)([^\W\d][\w.'-]{0,20}(?:\s[^\W\d][\w.'-]{0,20})?)\*{0,2}:", re.M)


@cache
def _not_before() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}{lexicon.alternation('figure_not_before')}(?![a-záéíóúñ])", re.I)


def speaker(text: str, at: int) -> str | None:
    """Who says the line holding `at` in a pasted thread ("> pm: …", "ana: …"), or None."""
    start = text.rfind("\n", 0, at) + 1
    said = _SPEAKER.match(text, start)
    return said.group(1).lower() if said and said.end() <= at else None


def disputed(text: str, figures: list, draft: Draft) -> None:
    """Another voice rejects a rate said before ("> pm: we need 400 tok/s" … "> eng: I measured 250 tok/s, not
    400"): which one counts is theirs to say, so the question asks (a voice correcting itself, "400 not 300", is a
    correction, read by `_corrections`)."""
    for i, negated in enumerate(figures):
        window = max(0, negated.number.start - 16)
        mark = next(
            (
                m
                for m in _not_before().finditer(text, window, negated.number.start)
                if not text[m.end() : negated.number.start].strip()
            ),
            None,
        )
        if mark is None:
            continue
        said = [f for f in figures[:i] if f.kind.startswith("tok/s") and f.number.end <= mark.start()]
        old = next((f for f in said if f.number.value == negated.number.value), None)
        new = said[-1] if said else None
        if old is None or new is old or new.number.value == old.number.value:
            continue
        who_old, who_new = speaker(text, old.number.start), speaker(text, new.number.start)
        if who_old and who_new and who_old != who_new:
            draft.conflict("slo_tok_s", [old.number.value, new.number.value])
            return
