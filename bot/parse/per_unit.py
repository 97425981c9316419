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
Where the unit is said is bot/parse/unit_marks.py. It runs after bot/parse/compose.py and settles only what that
left open; a count compose.py or rates.py took that the message says is the whole of a part ("only in 2 of our 5
regions") is asked.
"""

from __future__ import annotations

import re

from bot.parse import count_plan, request_units, revisions, sized_count, unit_forms, unit_marks, unit_volumes
from bot.parse.compose_at_once import per_stream, streams_at_once
from bot.parse.counts import Count, counts, people_of
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.rate_units import TOK_S


def read_per_unit(text: str, nums: list[Number], draft: Draft) -> None:
    unit_volumes.read_unit_volumes(text, nums, draft)  # "every branch uses 20M output tokens a month": how many?
    request_units.read_request_units(text, nums, draft)  # "30 branches each send 2 requests a second": × 30
    count_plan.conditioned(text, nums, draft)  # "Should the merger close, 400 more users join": how many at once?
    if (done := next((n for n in draft.notes if n.code == "rate_multiplied"), None)) is not None:
        _part_of(text, draft, done)  # "500 tok/s per region … only in 2 of our 5 regions": not all 5
        _revised(text, nums, draft, done)  # "12 depots last year and 15 now": the current count
        if done in draft.notes:
            sized_count.resize(text, nums, draft, done)  # "… Size it for next year's 20": that count
        if done in draft.notes:
            count_plan.replan(text, nums, draft, done)  # "goes from 4 countries to 10 … Price phase two": 10
        return
    if any(n.code == "volume_times_users" for n in draft.notes):
        return  # compose.py or rates.py composed it
    asked = next((f for _, f in draft.asks if f.code == "rate_per_group"), None)
    if asked is not None:  # rates.py saw "per <group>" and no count it knew: a count in another form?
        figure = next((n for n in nums if n.value == asked.params["tok_s"] and TOK_S.match(text, n.end)), None)
        kind = unit_forms.kind(asked.params["group"]) if figure is not None else None
        if kind == "person":  # "Speed per user: 35 tok/s": a person's stream, never a sum (count14b s14)
            draft.asks = [(p, f) for p, f in draft.asks if f is not asked]
            draft.fields["slo_tok_s"] = figure.value
            _people(text, nums, draft, asked.params["group"])
        elif kind is not None:
            _group(text, nums, draft, figure, asked.params["group"], asked)
        return
    slo = draft.fields.get("slo_tok_s")
    if slo is None and "slo_tok_s" not in draft.disputed and not draft.asks and (label := unit_marks.unit_label(text, nums)):
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
    if figure is not None and (summed := unit_marks.summed(text, nums, slo)):
        count, again = summed  # "so three teams at 800 each": the thread's figure, handed to each of the count
        _compose(draft, figure, count.value, count.start, again.end)
        return
    if figure is None or (unit := unit_marks.bound_unit(text, figure)) is None:
        return
    kind = unit_forms.kind(unit)
    if kind == "group" and people_of(text, nums, unit.split()[-1]):
        kind = "person"  # "5,000 registered customers … every customer should see 30 tok/s": each one's stream
    if kind == "group" and streams_at_once(text, nums, unit.split()[-1]):
        return  # "300 voice bots running concurrently, 25 tok/s per bot": a stream's (bot/parse/rates.py)
    if kind == "group":
        _group(text, nums, draft, figure, unit, None)
    elif kind == "person" and "concurrency" not in draft.fields and not draft.asked_about("concurrency"):
        _people(text, nums, draft, unit)


def _part_of(text: str, draft: Draft, done) -> None:
    """A composed count said as the whole of a part ("2 of our 5 regions", "3 de nuestras 5 sedes"): which is it? asked."""
    count = done.params["count"]
    part = lazy(rf"(?<![\w.,])(?P<n>\d+)\s+(?:of|de|out\s+of)\s+(?:(?:our|the|its|l[oa]s|nuestr[oa]s|sus)\s+)?{count}(?!\d)", re.I)
    if not (m := part.search(text)) or not 0 < int(m["n"]) < count or count_plan.closing(text, m.start()):
        return  # "closing 5 of the 12": a change of the count (bot/parse/count_plan.py)
    draft.notes.remove(done)
    draft.fields.pop("slo_tok_s", None)
    draft.use(m.start(), m.end(), "slo_tok_s")
    draft.ask(ASK_SLO, "rate_per_group", tok_s=done.params["each"], group=_group_word(text, m.end()))


def _revised(text: str, nums: list[Number], draft: Draft, done) -> None:
    """A count composed by any reader, said again in the message: the one that holds now (bot/parse/revisions.py),
    or asked when the statements differ and neither time nor order decides."""
    if done not in draft.notes:
        return
    count = done.params["count"]
    said = next((c for c in counts(text, nums) if c.value == count and c.noun), None)
    if said is None or (now := revisions.settled(text, nums, draft, count, said.start, said.end, said.noun)) == count:
        return
    draft.notes.remove(done)
    if now is None:
        draft.fields.pop("slo_tok_s", None)
        draft.ask(ASK_SLO, "rate_per_group", tok_s=done.params["each"], group=unit_forms.singular(said.noun.split()[-1]))
        return
    total = done.params["each"] * now
    draft.fields["slo_tok_s"] = total
    draft.note("rate_multiplied", count=now, each=done.params["each"], tok_s=plain(total))


_WORD_AFTER = lazy(r"\s+(?P<w>[^\W\d_]+)")


def _group_word(text: str, pos: int) -> str:
    m = _WORD_AFTER.match(text, pos)
    return unit_forms.singular(m["w"]) if m else "group"


def _group(text: str, nums: list[Number], draft: Draft, figure: Number, unit: str, asked) -> None:
    said = [c for c in unit_forms.counts_of(text, nums, unit, skip=figure) if not count_plan.a_change(text, c[1], c[2])]
    values = _now(text, nums, draft, said)  # "se suman 5 tiendas más; hoy son 8": 8, and the plan (count_plan.py)
    if len({v for v, _, _ in values}) != 1:
        # "per brand 95 tok/s" and no number of brands, or two ("3 new stores … now 25 stores"): ask
        if asked is None and (values or unit_forms.known_group(unit)) and not draft.asks:
            draft.fields.pop("slo_tok_s", None)
            draft.ask(ASK_SLO, "rate_per_group", tok_s=plain(figure.value), group=unit.lower())
        return
    count, at, end = values[0]
    if count < 2:  # "only one team": the figure is the whole, asked nothing
        if asked is not None:
            draft.asks = [(p, f) for p, f in draft.asks if f is not asked]
            draft.fields["slo_tok_s"] = figure.value
            draft.use(at, end, "slo_tok_s")
        return
    if asked is not None:
        draft.asks = [(p, f) for p, f in draft.asks if f is not asked]
    _compose(draft, figure, count, at, end)
    count_plan.replan(text, nums, draft, draft.notes[-1])


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
    values = _now(text, nums, draft, unit_forms.counts_of(text, nums, unit))
    if len({v for v, _, _ in values}) == 1:
        count, at, end = values[0]
        draft.use(at, end, "concurrency")
        span = sentence(text, at)
        per_stream(text, draft, Count(count, at, end, False, unit), *span)
        return
    if (peak := unit_forms.at_once_number(text)) is not None:
        draft.use(peak[1], peak[2], "concurrency")
        draft.set("concurrency", peak[0])


def _now(text: str, nums: list[Number], draft: Draft, values: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The statements of the count that hold now (bot/parse/revisions.py), said in a note when one was set aside."""
    now = revisions.current(text, revisions.restated(text, nums, values))
    if len({v for v, _, _ in now}) == 1 and len({v for v, _, _ in values}) > 1:
        revisions.noted(text, draft, values, now[0])
    return now
