"""When an EU match is an EU rule (bot/parse/residency.py), read from the lexicon (bot/parse/lexicon/*.yaml):
- escalated (`not_even`): "not even an EU-hosted API is acceptable", "ni siquiera un proveedor europeo": the EU
  is ruled out too, so the text may not leave at all, and no EU residency is set;
- no rule (`eu_not_rule`): "an EU region for latency" says where, not what must be;
- against others (`foreign`): "nothing goes to US clouds, EU providers are fine" is EU residency; the refusal
  of the foreign clouds is its other half, not "may not leave";
- a regulation in an EU rule's sentence is its reason (`eu_reason`): "because of GDPR we need an EU region"."""

from __future__ import annotations

import re

from bot.parse import lexicon
from bot.parse.draft import sentence
from bot.parse.stance import STAYS


def _clause_before(text: str, pos: int) -> tuple[int, int]:
    start, _ = sentence(text, pos)
    return max([start] + [text.rfind(mark, start, pos) + 1 for mark in ";:—"]), pos


def escalated(text: str, m: re.Match[str]) -> bool:
    """An escalation word before the EU words in their clause, or right after them ("European ones included")."""
    a, _ = _clause_before(text, m.start())
    start, end = sentence(text, m.start())
    if not lexicon.pattern("forbid").search(text, start, end):  # "even EU providers are fine" escalates nothing
        return False
    return bool(lexicon.pattern("not_even").search(text, a, min(end, m.end() + 40)))


def escalates(text: str, start: int, end: int) -> bool:
    """A sentence that rules out even the EU ("ni siquiera una nube europea"): its EU words are read, set nothing."""
    return bool(lexicon.pattern("not_even").search(text, start, end))


def not_a_rule(text: str, m: re.Match[str]) -> bool:
    """"An EU region for latency": a reason that is no rule, in the sentence of the EU words."""
    start, end = sentence(text, m.start())
    if any(lexicon.pattern(c).search(text, start, end) for c in ("eu_reason", "rule")):
        return False  # "an EU region for latency, and GDPR requires it anyway"
    return bool(lexicon.pattern("eu_not_rule").search(text, start, end))


def foreign(text: str, start: int, end: int) -> bool:
    """A refusal aimed at clouds of another jurisdiction ("US clouds", "nubes americanas")."""
    return bool(lexicon.pattern("foreign").search(text, start, end))


def reasons_dropped(text: str, events: list[tuple[int, str]], eu: list[re.Match[str]], lists=()) -> list[tuple[int, str]]:
    """A regulation in the sentence of an EU rule (lexicon `eu_reason`) is the rule's reason, not a rule of its
    own: "because of GDPR we need an EU region" is EU residency (an EU endpoint may take the text); so is one beside
    a list of EU places (`lists`, their spans: "Frankfurt region only, per our GDPR assessment")."""
    where = [sentence(text, m.start()) for m in eu] + [sentence(text, a) for a, _ in lists]
    return [
        (pos, kind)
        for pos, kind in events
        if not (kind == STAYS and lexicon.pattern("eu_reason").match(text, pos) and any(a <= pos < b for a, b in where))
    ]
