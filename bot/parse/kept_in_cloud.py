"""The team's own cloud account as a rule (res12, session 12): "in our own AWS account" keeps the text home only when
its sentence makes it one (lexicon `kept_rule`: must, only, stays, never, requires, debe, solo…), so "we have credits
in our own Azure tenant" is a fact; and "outside our own Azure tenant" (or "anywhere but") is the same rule under a negation ("claimant
data is never processed outside our own Azure tenant"), so there the negation is what makes it the rule."""

from __future__ import annotations

import re

from bot.parse import grouped
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy

_OUTSIDE = lazy(r"(?:outside|beyond|out\s+of|anywhere|fuera|m[aá]s\s+all[aá])\b", re.I)  # "nowhere but …" is inside


def outside(m: re.Match[str]) -> bool:
    """Whether a kept-in-cloud phrase names the outside of the account ("outside our own GCP project")."""
    return bool(_OUTSIDE.match(m.group(0)))


def rule(text: str, m: re.Match[str]) -> bool:
    """Whether the phrase's sentence says it as a rule, not as where something already is."""
    start, end = sentence(text, m.start())
    return bool(grouped.pattern("kept_rule").search(text, start, end))
