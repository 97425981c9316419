"""What in a residency sentence is no rule of ours (bot/parse/stance.py): a part said as a hypothesis ("if legal ever
bans it"), another company's rule with no "we" after it ("our competitor forbids…", "Acme's legal team forbids their
data leaving their network"), a rule whose subject is said not to be us ("the HR team (not us) is barred from…"), or a rule disowned after it in the sentence ("…, but that's their project, not ours",
"the ban only covers the payments team", "eso es cosa suya"): read, they set nothing."""

from __future__ import annotations

import re

from bot.parse import grouped
from bot.parse.lazyre import lazy

_OURS = lazy(r"\b(?:we|our)\b|\bnuestr[oa]s?\b|\bnosotr[oa]s\s+(?:tambi[eé]n|tampoco)\b", re.I)  # "…, and so do we"; not "…to us"


def not_a_rule(text: str, a: int, b: int) -> tuple[int, int] | None:
    """The span of a part said as a hypothesis, or as another company's rule with no "we" after it."""
    if said := grouped.pattern("hypothetical").search(text, a, b):
        return said.start(), b
    if grouped.pattern("not_us").search(text, a, b):  # "the HR team (not us) is barred from…": theirs, whatever follows
        return a, b
    if (theirs := grouped.pattern("not_ours").search(text, a, b)) and not _OURS.search(text, theirs.end(), b):
        return theirs.start(), b
    return None


def disowned(text: str, start: int, end: int) -> int | None:
    """Where a sentence disowns the rule said before it: every stance before that point is someone else's."""
    mine = grouped.pattern("disowned").search(text, start, end)
    return mine.start() if mine else None


def next_to(text: str, before_end: int, start: int) -> bool:
    """Whether a sentence starting at `start` follows one ending at `before_end` right away (blank space between)."""
    return before_end <= start and not text[before_end:start].strip()
