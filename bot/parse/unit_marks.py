"""Where a per-unit figure's unit is said (bot/parse/per_unit.py): a marker in the figure's clause (per / each / every
/ for each / por / cada / por cada / a cada + the unit, "<unit>-level", before the figure or right after it), a bare
"each" after the figure and whom it is for ("200 tok/s apiece for the regional desks"), "each of us", a label whose
unit is the rate's ("tok/s per region: 250"), and a thread's summary that says the SLO's value again with a count
and "each" ("so three teams at 800 each"). Vetoes: "in total" in the clause, and a clause about the unit's own
things (lexicon `group_clause`: "each team has its own budget")."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, unit_forms
from bot.parse.counts import Count, counts
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.rate_units import TOK_S

_CLAUSE_MARK = lazy(r"[;\n|]|[.!?](?=\s|$)|:(?!\s*[~≈]?\s*\d)")  # a label's ":" ends a clause only before words


@cache
def _mark_before() -> re.Pattern[str]:
    """ "per brand", "each of the plants", "Tenant-level", "por cada región", "a cada tienda", "slo per tenant". """
    article = r"(?:(?:one\s+of\s+)?(?:the|our|its|their|el|la|los|las|nuestr[oa]s?|sus?)\s+)?"
    return lazy(
        rf"(?<![^\W_])(?:{lexicon.alternation('unit_marker')})[\s_-]+(?:(?:one\s+)?of\s+)?{article}"
        r"(?!(?:un[oa]|one)\b)(?P<unit>[^\W\d_]{3,}(?:[ \t][^\W\d_]{3,})?)"  # "cada uno" is a bare each
        r"|(?<![^\W_])(?P<level>[^\W\d_]{3,})-(?:level|wide)\b",
        re.I,
    )


_A_UNIT = lazy(r"\s+(?:a|an)\s+(?P<unit>[^\W\d_]{3,})(?!\w)", re.I)
_AFTER = lazy(r"\s*(?:[^\W\d_]+\s+)??(?=\S)")  # "60 tok/s per clinic", "300 tok/s needed per region"


@cache
def _label() -> re.Pattern[str]:
    return lazy(
        r"(?<!\w)(?:tok(?:en)?s?\s*/\s*s(?:ec)?|tps|t/s|tokens?\s+(?:per|a|por)\s+(?:second|segundo))[\s_]+"
        rf"(?:{lexicon.alternation('unit_marker')})[\s_-]+(?P<unit>[^\W\d_]{{3,}})\s*[:=]\s*[~≈]?\s*$",
        re.I,
    )


def unit_label(text: str, nums: list[Number]) -> tuple[Number, str] | None:
    """A label whose unit is the rate's before its figure ("- tok/s per region: 250") and the figure after it."""
    if "/" not in text and "tps" not in text.lower() and "token" not in text.lower():
        return None
    for n in nums:
        m = _label().search(text, max(0, n.start - 60), n.start)
        if m and not TOK_S.match(text, n.end) and unit_forms.kind(m["unit"]) is not None:
            return n, m["unit"]
    return None


def unit_before(text: str, figure: Number) -> str | None:
    """The unit a marker before the figure in its clause hands it to ("every branch uses about 20M output tokens a
    month", "cada sucursal genera 3M"), with the same vetoes as `bound_unit`; for figures in any unit."""
    start = sentence(text, figure.start)[0]
    for m in _CLAUSE_MARK.finditer(text, max(start, figure.start - 120)):
        if m.start() >= figure.start:
            break
        start = m.end()
    found = None
    for m in _mark_before().finditer(text, start, figure.start):
        found = m
    end = next((m.start() for m in _CLAUSE_MARK.finditer(text, figure.end)), len(text))
    if found is None and _EACH_ENDS.search(text, figure.end, end):  # "our teams burn 2M output tokens a week each"
        found = _SUBJECT.search(text, start, figure.start)
    if found is None or not found.group("unit"):
        return None
    if lexicon.pattern("rate_total").search(text, start, end) or lexicon.pattern("total").search(text, start, end):
        return None
    if lexicon.pattern("group_clause").match(text, found.end() + 1):
        return None
    return unit_forms.head(text, found.group("unit"))


# a bare "each" that ends the figure's clause, and the plural it is said of before the figure
_EACH_ENDS = lazy(r"(?<!\w)(?:each|apiece|a\s+piece|cada\s+un[oa]|c/u)\s*(?:[.,;:!?)]|$)", re.I)
_SUBJECT = lazy(r"(?<!\w)(?:our|the|all|nuestr[oa]s|l[oa]s|tod[oa]s\s+l[oa]s)\s+(?P<unit>[^\W\d_]{3,}s)(?!\w)", re.I)


def bound_unit(text: str, figure: Number) -> str | None:
    """The unit a marker in the figure's clause hands the figure to, or None."""
    start = sentence(text, figure.start)[0]
    for m in _CLAUSE_MARK.finditer(text, max(start, figure.start - 120)):  # unbounded: the lookahead sees the figure
        if m.start() >= figure.start:
            break
        start = m.end()
    found = None
    for m in _mark_before().finditer(text, start, figure.start):
        found = m  # the nearest before the figure
    unit_end = TOK_S.match(text, figure.end).end()
    if found is None and (a := _A_UNIT.match(text, unit_end)):
        found = a  # "60 tok/s a store": "a" hands the figure to each only after it ("for a team of 12" is no unit)
    if found is None and (gap := _AFTER.match(text, unit_end)):
        m = _mark_before().match(text, gap.end())
        found = m if m and m.group("unit") else None
    end = next((m.start() for m in _CLAUSE_MARK.finditer(text, unit_end)), len(text))
    if found is None and _BARE_EACH.match(text, unit_end):  # "200 tok/s apiece for the regional desks"
        found = _FOR_UNITS.search(text, start, end)
    if found is None and lexicon.pattern("each_of_us").search(text, start, end):
        return unit_forms.US  # "each of us wants 40 tok/s", "cada uno de nosotros quiere 40 tok/s"
    if found is None:
        return None
    if lexicon.pattern("rate_total").search(text, start, end) or lexicon.pattern("total").search(text, start, end):
        return None  # "each team has its own budget, 120 tok/s in total" ("sustained" says when, not who: still each)
    if lexicon.pattern("group_clause").match(text, found.end() + 1):
        return None  # "each team has its own key", "per-team budgets": the unit's, not the rate's
    unit = found.group("unit") or (found.groupdict().get("level") or "")
    return unit_forms.head(text, unit)


# a bare "each" after the figure and whom the figure is for in its clause: "200 tok/s apiece for the regional desks",
# "para los agentes del call center: 30 tok/s cada uno"
_BARE_EACH = lazy(r"\s*,?\s*(?:each|apiece|a\s+piece|cada\s+un[oa]|c/u)(?!\w)", re.I)
_FOR_UNITS = lazy(
    r"(?<!\w)(?:for|para)\s+(?:the|our|all|l[oa]s|nuestr[oa]s)\s+(?:[^\W\d_]+\s+)?(?P<unit>[^\W\d_]{3,}s)(?!\w)", re.I
)
_SUMMED = lazy(r"\s+(?:at|of|with|a|de|con)\s+[~≈]?\s*$", re.I)
_GAP = lazy(r"(?:\s*(?:tok(?:ens)?/s|tps))?\s+", re.I)


def summed(text: str, nums: list[Number], slo: float) -> tuple[Count, Number] | None:
    """A group count said with the SLO's value again and "each" right after it ("three teams at 800 each", "dos
    equipos a 300 cada uno"), anywhere: the figure is each one's."""
    for n in nums:
        if n.value != slo or not (gap := _GAP.match(text, n.end)) or not lexicon.pattern("each").match(text, gap.end()):
            continue
        for count in counts(text, nums):
            if count.group and count.end <= n.start and _SUMMED.fullmatch(text, count.end, n.start):
                return count, n
    return None
