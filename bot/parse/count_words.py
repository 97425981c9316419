"""Counts said as multiples and products (bot/parse/counts.py): "two dozen sites", "dos docenas de sucursales", "half a dozen
teams". A run of number words that ends in a scale below a thousand (lexicon `number_scales`: dozen, docena,
hundred) is joined to its noun by "of"/"de" (lexicon `multiple_of`), so the count ends after it and the noun
after it is what it counts. "a dozen", "media docena de", "un par de", "a couple of" are number words (lexicon
`number_words`); the scale multiplies what came before (bot/parse/spelled.py). A count of people said of each
of a count of groups ("4 oficinas de 60 personas", "2 call centres with 150 agents each", lexicon `count_of_each`,
`count_with_each`) is all of them: 240, 300.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from bot.parse import lexicon
from bot.parse.lazyre import lazy

if TYPE_CHECKING:
    from bot.parse.counts import Count


@cache
def _of() -> re.Pattern[str]:
    return lazy(rf"\s+{lexicon.alternation('multiple_of')}(?=\s)", re.I)


@cache
def _small_scales() -> frozenset[str]:
    return frozenset(k for k, v in lexicon.mapping("number_scales").items() if float(v) < 1000)


def end_of(text: str, start: int, end: int) -> int:
    """Where the count that the words text[start:end] say ends: after "of"/"de" when its last word is a multiple
    ("dos docenas de", "two dozen of the"), else `end`."""
    last = text[start:end].split()[-1].lower() if end > start else ""
    if last in _small_scales() and (m := _of().match(text, end)):
        return m.end()
    return end


@cache
def _joins() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    of = lazy(rf"\s*(?:{lexicon.alternation('count_of_each')})\s+[~≈]?\s*", re.I)
    with_ = lazy(rf"\s*(?:{lexicon.alternation('count_with_each')})\s+[~≈]?\s*", re.I)
    # "with 20 agents each", "con 20 agentes cada una", "with 20 agents in each" (lexicon `nest_in_each`)
    return of, with_, lazy(rf"\s*,?\s*(?:{lexicon.alternation('each')}|cada\s+un[oa]|{lexicon.alternation('nest_in_each')})(?!\w)(?!\s+of\b)", re.I)


@cache
def _in_each() -> re.Pattern[str]:
    """ "8 schools and in each school 60 students", "5 oficinas, y en cada oficina 30 gestores" (count17 s17)."""
    return lazy(
        rf"\s*[,;]?\s*(?:(?:and|y|with|con)\s+)?{lexicon.alternation('nest_in_each')}(?:\s+(?:of\s+them|de\s+ell[oa]s|[^\W\d_]{{3,}}))?\s*,?\s*"
        rf"(?:(?:there\s+are|there'?ll\s+be|we\s+(?:have|expect)|hay|habr[aá]|tenemos)\s+)?(?:(?:{lexicon.alternation('count_about')})\s+|[~≈]\s*)?",
        re.I,
    )


def products(text: str, out: list[Count]) -> list[Count]:
    """`out` with a count of people said of each of the count of groups before it made the product ("4 oficinas de
    60 personas" → 240 personas); the groups' count stays."""
    from dataclasses import replace

    of, with_, each = _joins()
    found = list(out)
    for i, (groups, people) in enumerate(zip(out, out[1:], strict=False)):
        if not groups.group or people.group is not False or people.noun == "heads":
            continue
        if _in_each().fullmatch(text, groups.end, people.start):  # "in each school 60 students are online at once": 8 × 60 at once
            found[i + 1] = replace(people, value=people.value * groups.value)
        elif people.at_once:
            continue
        elif of.fullmatch(text, groups.end, people.start) or (
            with_.fullmatch(text, groups.end, people.start) and (each.match(text, people.end) or "cada" in text[groups.end : people.start].lower())
        ):
            found[i + 1] = replace(people, value=people.value * groups.value)
    return found


def inner_of(text: str, count: Count, n: int) -> bool:
    """The count is a product (`products`) whose inner number, as typed, is `n`: "in each school 60 students" is 480."""
    typed = re.match(r"[\d.,]+", text[count.start : count.end])
    return count.value > n and count.value % n == 0 and typed is not None and typed.group(0).replace(",", "").replace(".", "") == str(n)
