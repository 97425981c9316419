"""Rulings as events in time (issue 14): what a verb does to a rule, and which event came last.

- A verb that acts on a rule takes its polarity from its object (lexicon `annul` × `permission` | `rule`): "the
  board overturned the approval", "revoked the exception", "struck down the waiver", "revocó la excepción", "dejó
  sin efecto la autorización" take a permission back, so the text stays; "rescinded the ban", "reversed the
  prohibition", "anuló la prohibición" take a rule back, so it may leave.
- A rule put back in force (lexicon `reinstated`: "reinstated", "put it back in place", "blocked again", "volvió a
  imponerse") holds when no withdrawal or approval comes after it: "lifted the ban in February and put it back in
  place in August" stays; "reinstated the block in May and then lifted it for good in September" may leave.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import context, grouped, lexicon
from bot.parse.lazyre import lazy

STAYS, LEAVES = "stays", "leaves"
# what the verb acts on, a few words on: "withdrew its approval", "overturned the approval legal had given"
_OBJECT = r"\s+(?:(?:the|its|their|his|her|our|that|this|an?|el|la|los|las|su|sus|esa|ese|nuestr[oa])\s+)?(?:[\w-]+\s+){0,2}?"


@cache
def _acting() -> re.Pattern[str]:
    verbs, perm, rule = (lexicon.alternation(c) for c in ("annul", "permission", "rule"))
    named = rf"{_OBJECT}(?:(?P<perm>{perm})|(?P<rule>{rule}))\b(?!\s+(?:{lexicon.alternation('rule_not_data')}))"
    return lazy(rf"\b(?:{verbs})(?:{named}|\s+(?P<pron>it|them|that|this)\b(?!\s+(?:{lexicon.alternation('rule_not_data')})))", re.I)


@cache
def _antecedent() -> re.Pattern[str]:
    perm, rule = (lexicon.alternation(c) for c in ("permission", "rule"))
    return lazy(rf"\b(?:(?P<perm>{perm})|(?P<rule>{rule}))\b", re.I)


_BACK = 160  # how far back a pronoun's noun is looked for: its sentence and the one before


def acted_on(text: str, a: int, b: int) -> list[tuple[str, int, int]]:
    """(stays | leaves, start, end) for each verb in `a`…`b` that acts on a permission or a rule, in order. On a
    pronoun ("the CISO withdrew it") the verb acts on the last permission or rule named before it: "there was a
    data-stays-on-prem mandate, but the CISO withdrew it" takes a rule back; "legal gave an exception and then
    revoked it" a permission; with neither named, the verb acts on nothing read here."""
    out = []
    for m in _acting().finditer(text, a, b):
        if m.group("pron"):
            noun = max(_antecedent().finditer(text, max(0, m.start() - _BACK), m.start()), key=lambda n: n.start(), default=None)
            if noun is None:
                continue
            out.append((STAYS if noun.group("perm") else LEAVES, m.start(), m.end()))
        else:
            out.append((STAYS if m.group("perm") else LEAVES, m.start(), m.end()))
    return out


@cache
def _not_data() -> re.Pattern[str]:
    return lazy(rf"\b(?:{lexicon.alternation('rule')})\s+(?:{lexicon.alternation('rule_not_data')})", re.I)


def not_data(text: str, a: int, b: int) -> bool:
    """Whether a rule in `a`…`b` is said to be about something that is not the text ("the ban on personal laptops")."""
    return bool(_not_data().search(text, a, b))


def reinstated(text: str, a: int, b: int, ruler: str = "") -> re.Match[str] | None:
    """The last rule put back in force in `a`…`b`, unless a withdrawal, a lifting verb or an approval follows it. The
    span speaks of the text leaving (a forbidding word, a way out, a keep-in rule) or goes on about whoever ruled before
    (`ruler`): "we put the old dashboard back in place", "security put the firewall rules back" are none."""
    back = max(grouped.pattern("reinstated").finditer(text, a, b), key=lambda m: m.start(), default=None)
    if back is not None and context.negated(text, back.start()):  # "no la han vuelto a poner": not back
        return None
    if back is None or not (ruler or any(grouped.pattern(c).search(text, a, b) for c in ("forbid", "egress", "keep_in"))):
        return None
    if lexicon.pattern("withdrawn").search(text, back.end(), b) or grouped.pattern("approve").search(text, back.end(), b):
        return None
    return None if any(kind == LEAVES for kind, _, _ in acted_on(text, back.end(), b)) else back
