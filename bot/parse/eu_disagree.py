"""Two sources that disagree on residency (res12, session 12): the asker says there is no rule ("no EU requirement on
this one", "no data residency constraint, right?") and a pasted contract or annex says there is one ("all processing
must take place within the European Union"). Neither is the later word of the same speaker, so neither wins: ask
`residency_unclear`. A rule in a sentence that opens with a contrast word ("No EU rule for the pilot. But production
must stay in the EU") is the asker's own second thought, and the rule holds; a waiver said in the rule's own sentence
is the EU reader's to weigh."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.parse import context, grouped, lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy

_LEAD = lazy(r"[\s>«\"“'‘—-]*")


def _waivers(text: str, eu_found: Sequence[re.Match[str]], spans: Sequence[tuple[int, int]]) -> list[int]:
    """Where a residency rule is said not to exist: a negated EU mention or a negated residency topic."""
    topics = context.finditer(grouped.pattern("residency_topic"), text, spans)
    said = [m.start() for m in [*eu_found, *topics] if context.negated(text, m.start())]
    return said + [m.start() for m in grouped.pattern("eu_waiver").finditer(text)]


def disagree(text: str, eu_found: Sequence[re.Match[str]], held: Sequence[re.Match[str]], spans: Sequence[tuple[int, int]]) -> bool:
    """Whether an EU rule that holds is said in another sentence than a waiver of the rule, without a contrast."""
    if not held:
        return False
    waived = {sentence(text, pos) for pos in _waivers(text, eu_found, spans)}
    for m in held:
        start, end = sentence(text, m.start())
        if lexicon.pattern("contrast").match(text, _LEAD.match(text, start).end()):
            continue
        if any(w != (start, end) for w in waived):
            return True
    return False
