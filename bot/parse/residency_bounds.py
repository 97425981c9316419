"""Where a residency reading holds, by time, scope and status (res17, issue 14), applied to the phrase and stance
readings of bot/parse/residency.py before it decides: a wish said undecided asks (residency_wish.py), a later
phase's rule is set aside when the message sizes for now (residency_later.py), so is a rule of a document that
ended (residency_lapsed.py), a rule of ours said still in force
keeps the text home whoever else dropped theirs (residency_still.py); and a keep-home phrase leading into an EU rule
is that rule's ("deben permanecer en territorio de la UE" is EU residency, not "stays home")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.parse import residency_lapsed, residency_later, residency_still, residency_wish
from bot.parse.draft import Draft
from bot.parse.lazyre import lazy
from bot.parse.stance import LEAVES, STAYS, UNSURE

_INTO = 24  # characters from a keep-home phrase to the EU rule it leads into ("deben permanecer en …")
_CLAUSE_END = lazy(r"[.;:!?\n,]")


def leads_into(text: str, pos: int, rule: re.Match[str]) -> bool:
    """Whether the phrase at `pos` is inside the EU rule `rule` or just before it in the same clause."""
    return rule.start() - _INTO <= pos < rule.end() and not _CLAUSE_END.search(text, pos, max(pos, rule.start()))


def apply(text: str, draft: Draft, spans: Sequence[tuple[int, int]], events: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The readings (position, stays | leaves | unsure) that hold, by time, scope and status."""
    events = [(pos, UNSURE if kind != UNSURE and residency_wish.undecided(text, pos) else kind) for pos, kind in events]
    if not events and (wish := residency_wish.unread(text, spans)) is not None:  # nothing read, a wish undecided
        events = [(wish, UNSURE)]
    events = [(pos, kind) for pos, kind in events if not residency_later.set_aside(text, pos)]
    for a, cut, b in residency_lapsed.sentences(text, spans):  # "our old contract banned…; we've since terminated it"
        events = [(pos, kind) for pos, kind in events if not a <= pos < cut]
        draft.use(a, b, "data_may_leave")
    for pos, a, b in residency_still.holds(text, spans):  # "…dropped the same rule, but ours still stands"
        events = [(p, k) for p, k in events if not (a <= p < b and k == LEAVES)] + [(pos, STAYS)]
        draft.use(a, b, "data_may_leave")
    return events
