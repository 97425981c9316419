"""Our rule still stands, whoever else dropped theirs (res17, issue 14): "Our sister company dropped the same rule,
but ours still stands", "our parent company no longer bans external APIs, but our own policy still does", "nuestra
filial ya quitó la prohibición, pero la nuestra sigue vigente". A clause that says a rule of ours is still in force
(lexicon `still_holds` with a first-person owner, `our_owner`, in its part of the sentence) after a rule named in its
sentence or the one before (a forbidding word, a keep-in rule or a rule's noun later than any permission's noun)
keeps the text home: another party's withdrawal in those sentences takes nothing back of ours."""

from __future__ import annotations

from bot.parse import grouped, lexicon
from bot.parse.draft import sentence


def _last(pattern, text: str, a: int, b: int) -> int:
    return max((m.start() for m in pattern.finditer(text, a, b)), default=-1)


def holds(text: str, spans) -> list[tuple[int, int, int]]:
    """(position, first sentence start, sentence end) of each rule of ours said still in force."""
    out = []
    for a, b in spans:
        for m in lexicon.pattern("still_holds").finditer(text, a, b):
            start, end = sentence(text, m.start())
            lead = max(start, m.start() - 60)
            if not lexicon.pattern("our_owner").search(text, lead, m.start()):
                continue  # "the exception still stands": whose, not said
            before = sentence(text, start - 2)[0] if start > 1 else start
            rule = max(_last(grouped.pattern(c), text, before, m.start()) for c in ("forbid", "keep_in"))
            rule = max(rule, _last(lexicon.pattern("rule"), text, before, m.start()))
            if rule >= 0 and rule > _last(lexicon.pattern("permission"), text, before, m.start()):
                out.append((m.start(), before, end))
    return out

