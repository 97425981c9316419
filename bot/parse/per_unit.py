"""The invariant behind counts × rates (issue 14): a per-unit marker bound to the SLO figure is composed with a
count of that unit said anywhere in the message, or asked; never the bare per-unit figure in silence.

    MARK  = per / each / every / for each / por / cada / por cada / a cada + the unit's noun, or "<unit>-level", in
            the figure's clause: before it ("Per brand we need 95 tok/s", "Branch-level SLO: 50 tok/s", "carga por
            región 300 tok/s") or right after it ("60 tok/s per clinic", "120 tok/s por planta")
    COUNT = that unit counted in any form (`unit_forms.counts_of`): "nine countries", "Brands: 6", "Franchises (11)",
            "number of schools: 30", "how many analysts? roughly 80", "Plants: Monterrey, Puebla and Saltillo",
            "the call centres. There are 6 of them"

A group's tok/s adds up (note `rate_multiplied`); one count is read, none or several ask `rate_per_group`. A
person's or a stream's is per stream: the count and what is said at once after it give the concurrency
(`compose_at_once.per_stream`), or a number said at once anywhere ("pico de 140 conectados"). Hardware, times and
the figures' own items ("per GPU", "per second", "per request") are no unit (lexicon `not_group`, `not_counted`).
It runs after bot/parse/compose.py and settles only what that left open.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, unit_forms
from bot.parse.compose_at_once import per_stream, streams_at_once
from bot.parse.counts import Count, counts
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
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


_AFTER = lazy(r"\s*(?:[^\W\d_]+\s+)??(?=\S)")  # "60 tok/s per clinic", "300 tok/s needed per region"


def read_per_unit(text: str, nums: list[Number], draft: Draft) -> None:
    if (done := next((n for n in draft.notes if n.code == "rate_multiplied"), None)) is not None:
        _part_of(text, draft, done)  # "500 tok/s per region … only in 2 of our 5 regions": not all 5
        return
    if any(n.code == "volume_times_users" for n in draft.notes):
        return  # compose.py or rates.py composed it
    asked = next((f for _, f in draft.asks if f.code == "rate_per_group"), None)
    if asked is not None:  # rates.py saw "per <group>" and no count it knew: a count in another form?
        figure = next((n for n in nums if n.value == asked.params["tok_s"] and TOK_S.match(text, n.end)), None)
        if figure is not None and unit_forms.kind(asked.params["group"]) is not None:
            _group(text, nums, draft, figure, asked.params["group"], asked)
        return
    slo = draft.fields.get("slo_tok_s")
    if slo is None and "slo_tok_s" not in draft.disputed and not draft.asks and (label := _unit_label(text, nums)):
        figure, unit = label  # "tok/s per region: 250", "tok/s por filial: 250": the unit said before the figure
        draft.use(figure.start - 1, figure.end, "slo_tok_s")
        draft.fields["slo_tok_s"] = figure.value
        slo = figure.value
        if unit_forms.kind(unit) == "group":
            _group(text, nums, draft, figure, unit, None)
        elif unit_forms.kind(unit) == "person":
            _people(text, nums, draft, unit)
        return
    if slo is None or draft.fields.get("slo_kind") == "aggregate" or draft.asked_about("slo_tok_s"):
        return
    if any(f.code == "slo_unclear" for _, f in draft.asks):
        return
    figure = next((n for n in nums if n.value == slo and TOK_S.match(text, n.end)), None)
    if figure is not None and (summed := _summed(text, nums, slo)):
        count, again = summed  # "so three teams at 800 each": the thread's figure, handed to each of the count
        _compose(draft, figure, count.value, count.start, again.end)
        return
    if figure is None or (unit := bound_unit(text, figure)) is None:
        return
    kind = unit_forms.kind(unit)
    if kind == "group" and streams_at_once(text, nums, unit.split()[-1]):
        return  # "300 voice bots running concurrently, 25 tok/s per bot": a stream's (bot/parse/rates.py)
    if kind == "group":
        _group(text, nums, draft, figure, unit, None)
    elif kind == "person" and "concurrency" not in draft.fields and not draft.asked_about("concurrency"):
        _people(text, nums, draft, unit)


@cache
def _label() -> re.Pattern[str]:
    return lazy(
        r"(?<!\w)(?:tok(?:en)?s?\s*/\s*s(?:ec)?|tps|t/s|tokens?\s+(?:per|a|por)\s+(?:second|segundo))[\s_]+"
        rf"(?:{lexicon.alternation('unit_marker')})[\s_-]+(?P<unit>[^\W\d_]{{3,}})\s*[:=]\s*[~≈]?\s*$",
        re.I,
    )


def _unit_label(text: str, nums: list[Number]) -> tuple[Number, str] | None:
    """A label whose unit is the rate's before its figure ("- tok/s per region: 250") and the figure after it."""
    if "/" not in text and "tps" not in text.lower() and "token" not in text.lower():
        return None
    for n in nums:
        m = _label().search(text, max(0, n.start - 60), n.start)
        if m and not TOK_S.match(text, n.end) and unit_forms.kind(m["unit"]) is not None:
            return n, m["unit"]
    return None


def _part_of(text: str, draft: Draft, done) -> None:
    """A composed count said as the whole of a part ("2 of our 5 regions", "3 de nuestras 5 sedes"): which is it? asked."""
    count = done.params["count"]
    part = lazy(rf"(?<![\w.,])(?P<n>\d+)\s+(?:of|de|out\s+of)\s+(?:(?:our|the|its|l[oa]s|nuestr[oa]s|sus)\s+)?{count}(?!\d)", re.I)
    if not (m := part.search(text)) or not 0 < int(m["n"]) < count:
        return
    draft.notes.remove(done)
    draft.fields.pop("slo_tok_s", None)
    draft.use(m.start(), m.end(), "slo_tok_s")
    draft.ask(ASK_SLO, "rate_per_group", tok_s=done.params["each"], group=_group_word(text, m.end()))


_WORD_AFTER = lazy(r"\s+(?P<w>[^\W\d_]+)")


def _group_word(text: str, pos: int) -> str:
    m = _WORD_AFTER.match(text, pos)
    return unit_forms.singular(m["w"]) if m else "group"


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
        return None  # "each team has its own budget, 120 tok/s in total"
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


def _summed(text: str, nums: list[Number], slo: float) -> tuple[Count, Number] | None:
    """A group count said with the SLO's value again and "each" right after it ("three teams at 800 each", "dos
    equipos a 300 cada uno"), anywhere: the figure is each one's."""
    for n in nums:
        if n.value != slo or not (gap := _GAP.match(text, n.end)) or not lexicon.pattern("each").match(text, gap.end()):
            continue
        for count in counts(text, nums):
            if count.group and count.end <= n.start and _SUMMED.fullmatch(text, count.end, n.start):
                return count, n
    return None


def _group(text: str, nums: list[Number], draft: Draft, figure: Number, unit: str, asked) -> None:
    values = unit_forms.counts_of(text, nums, unit, skip=figure)
    if len({v for v, _, _ in values}) != 1:
        if asked is None and not values and unit_forms.known_group(unit) and not draft.asks:
            draft.fields.pop("slo_tok_s", None)  # "per brand 95 tok/s" and no number of brands: ask
            draft.ask(ASK_SLO, "rate_per_group", tok_s=plain(figure.value), group=unit.lower())
        return
    count, at, end = values[0]
    if count < 2:
        return
    if asked is not None:
        draft.asks = [(p, f) for p, f in draft.asks if f is not asked]
    _compose(draft, figure, count, at, end)


def _compose(draft: Draft, figure: Number, count: int, at: int, end: int) -> None:
    # a "which is it, each or in total?" about this count is answered: the figure is per unit
    draft.asks = [(p, f) for p, f in draft.asks if not (f.code == "slo_kind_unclear" and f.params.get("users") == count)]
    if draft.fields.get("slo_kind") == "per_stream":
        draft.fields.pop("slo_kind")
        draft.asks = [(p, f) for p, f in draft.asks if f.code != "users_at_once"]
    total = figure.value * count
    draft.fields["slo_tok_s"] = total
    draft.use(at, end, "slo_tok_s")
    draft.note("rate_multiplied", count=count, each=plain(figure.value), tok_s=plain(total))


def _people(text: str, nums: list[Number], draft: Draft, unit: str) -> None:
    draft.fields["slo_kind"] = "per_stream"
    values = unit_forms.counts_of(text, nums, unit)
    if len({v for v, _, _ in values}) == 1:
        count, at, end = values[0]
        draft.use(at, end, "concurrency")
        span = sentence(text, at)
        per_stream(text, draft, Count(count, at, end, False, unit), *span)
        return
    if (peak := unit_forms.at_once_number(text)) is not None:
        draft.use(peak[1], peak[2], "concurrency")
        draft.set("concurrency", peak[0])
