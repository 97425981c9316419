"""The context every reader shares: whether a phrase is negated in its clause. (Doubt, waiver and time for
residency live in bot/parse/stance.py, over the lexicon.)"""

from __future__ import annotations

import re

from bot.parse.lazyre import lazy

NEGATED = lazy(
    r"(?:\b(?:no|not|non|nothing|none|never|without|sin|ning[uú]n[oa]?|nada|nunca|jam[aá]s|ni|zero)|\w+n't|\bcannot)\b"
    r"[\w\s'-]{0,20}$",
    re.I,
)


def negated(text: str, start: int) -> bool:
    """A negation in the same clause, close before `start`: "no data can leave", "we don't care about GDPR"."""
    clause = re.split(r"[.;:!?,\n]", text[max(0, start - 40) : start])[-1]
    return bool(NEGATED.search(clause))

