"""The count the asker sizes for (count15b, session 15): a per-unit need composed with today's count ("12 tenants today
and 20 signed for next year; each tenant needs 100 tok/s") is sized for the count a `size_for` phrase names ("Size it
for next year's 20", "Plan for all 40", "Dimensiona para las 12"): each unit's need × that count (note
`rate_multiplied`, `count_current`). A figure after the phrase that is no count (a tok/s, a share, a time) is not one.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.count_nouns import count_noun
from bot.parse.draft import Draft
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain

_LEAD = r"(?:(?:it|them|this|all|all\s+the|the|those|these|next\s+year'?s|this\s+year'?s|the\s+full|full|l[oa]s|tod[oa]s\s+l[oa]s|tod[oa]s|esos|esas|estas|estos)\s+)*"
_NOT_COUNT = lazy(r"\s*(?:%|percent|por\s+ciento|k\b|m\b|tok|tps|t/s|ms|s\b|sec|seg|h\b|hours?|horas?|am\b|pm\b|x\b|×|[.,]\d)", re.I)


@cache
def _phrase() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('size_for')})\s+{_LEAD}(?=\d)", re.I)


def resize(text: str, nums: list[Number], draft: Draft, done) -> None:
    """Each unit's need × the count sized for, when one is named and differs from the count composed."""
    count = done.params["count"]
    for said in _phrase().finditer(text):
        n = next((n for n in nums if n.start == said.end()), None)
        if n is None or not n.value.is_integer() or n.value < 2 or n.value == count or _NOT_COUNT.match(text, n.end):
            continue
        if _year(text, n):
            continue  # "Size for the 2027 plan": a year is never a count
        # the count sized for is one said before ("20 signed for next year"), or today's and the ones added
        # ("8 today and 4 more in January … size for the 12")
        before = [m for m in nums if m.end <= said.start() and m.value.is_integer() and not _NOT_COUNT.match(text, m.end)]
        said_before = [m for m in before if m.value == n.value or m.value + count == n.value]
        if said_before:
            for m in said_before + [m for m in before if m.value == count]:  # today's count: read, and set aside
                draft.use(m.start, m.end, "slo_tok_s")
            _apply(draft, done, n, said.start())
            return


def _year(text: str, n: Number) -> bool:
    """A year as typed ("2027"), with no counted noun after it ("2027 tenants" would count)."""
    return 1900 <= n.value <= 2100 and text[n.start : n.end].isdigit() and not count_noun().match(text, n.end)


def _apply(draft: Draft, done, n: Number, start: int) -> None:
    each = float(done.params["each"])
    total = each * n.value
    draft.notes.remove(done)
    draft.fields["slo_tok_s"] = total
    draft.use(start, n.end, "slo_tok_s")
    draft.note("rate_multiplied", count=round(n.value), each=plain(each), tok_s=plain(total))
    draft.note("count_current", old=plain(done.params["count"]), new=plain(n.value))  # today's count, set aside
