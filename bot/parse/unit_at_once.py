"""The one number said to be at it at once (split from bot/parse/unit_forms.py, count14 s14): after a peak word and
before an online word ("peak of 75 online", "pico de 140 conectados"), before the at-once words ("maybe 60 at the
same time"), after them before people ("a la vez habrá unos 100 usuarios"). Lexicon `peak_count`, `online_word`,
`at_once`."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import grouped, lexicon
from bot.parse.lazyre import lazy

_NUMBER_AT_ONCE = r"(?<![\w.,/:])(?P<n>\d{1,6})(?![\d.,]*\s*(?:[kKmM]\b|tok|t/s|tps|%|percent|por\s?ciento)|[/:x×]\d)"


@cache
def _at_once() -> re.Pattern[str]:
    return lazy(
        rf"(?<!\w)(?:{lexicon.alternation('peak_count')})\s+{_NUMBER_AT_ONCE}\s+(?:[^\W\d_]+\s+)?(?:{lexicon.alternation('online_word')})(?!\w)"
        # "60 of them to be chatting at any one moment", "40 ejecutivos van a usar el asistente a la vez": the words
        # between are the clause's, no figure and no mark between them
        rf"|{_NUMBER_AT_ONCE.replace('?P<n>', '?P<m>')}(?:\s+[^\W\d_]+(?:-[^\W\d_]+)?){{0,7}}\s+(?:{lexicon.alternation('at_once')})(?!\w)"
        # "a la vez habrá unos 100 usuarios", "at any moment about 60 users": the at-once words first, then people
        rf"|(?<!\w)(?:{lexicon.alternation('at_once')})(?:\s+[^\W\d_]+){{0,3}}\s+{_NUMBER_AT_ONCE.replace('?P<n>', '?P<k>')}\s+(?:{grouped.by_letter('person_nouns')})(?!\w)"
        # "the most we've ever seen online together is 150", "a la vez, como mucho, fueron 60": the at-once words, a
        # link (lexicon `at_once_link`), the number and nothing after it in its clause
        rf"|(?<!\w)(?:{lexicon.alternation('at_once')})(?:\s+[^\W\d_]+){{0,3}}?\s*,?\s*(?:(?:{lexicon.alternation('at_once_link')})\s*,?\s*){{1,2}}(?:about\s+|around\s+|unos\s+|~\s*)?"
        rf"{_NUMBER_AT_ONCE.replace('?P<n>', '?P<j>')}(?=\s*(?:[.;,!)\n]|$))",
        re.I,
    )


def at_once_number(text: str) -> tuple[int, int, int] | None:
    """The one number said to be at it at once ("pico de 140 conectados", "maybe 60 at the same time"), or None."""
    # "600 agentes y un tercio está en llamada en cualquier momento": a share between is some of them, no number
    found = {
        int(m["n"] or m["m"] or m["k"] or m["j"]): m
        for m in _at_once().finditer(text)
        if int(m["n"] or m["m"] or m["k"] or m["j"]) >= 2 and not lexicon.pattern("share_of").search(text, m.start() + 1, m.end())
    }
    if len(found) != 1:
        return None
    (n, m), = found.items()
    return n, m.start(), m.end()
