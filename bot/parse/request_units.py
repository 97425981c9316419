"""Requests said of each counted unit (count14, session 14): "our 30 branches each send about 2 requests per second,
each reply ~300 tokens", "every one of the 9 plants sends 0.5 req/s", "cada uno de los 25 almacenes hace 4
peticiones por segundo". bot/parse/request_volumes.py reads the requests × a reply's size as one unit's traffic;
here that traffic is times the unit's count (note `requests_times_units`). A request rate is traffic whoever sends
it, so people and groups alike add up; hardware ("8 GPUs each handle 3 req/s") is capacity and is left alone. A
unit named by each/every/per/cada before the figure with no count of it asks (`volume_per_group`,
`users_for_volume`), like a volume per unit (bot/parse/unit_volumes.py)."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, unit_forms, unit_marks
from bot.parse.counts import Count, counts
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from costcore.scenario import Finding


@cache
def _each_after() -> re.Pattern[str]:
    """A bare each right after the counted noun: "30 branches each send", "40 bots, each handling"; not "each
    request", "each reply" (an item of its own)."""
    items = lexicon.alternation("not_counted")
    return lazy(rf"\s*,?\s*(?:{lexicon.alternation('each')})(?!\w)(?!\s+(?:{items})(?!\w))", re.I)


@cache
def _each_before() -> re.Pattern[str]:  # "every one of the 9 plants", "cada uno de los 25 almacenes"
    return lazy(rf"(?:{lexicon.alternation('each_of_count')})\s+$", re.I)


_BARE_EACH = lazy(
    r"(?:^|[;,:.]\s*|(?<!\w)(?:and|y)\s+)(?:each(?:\s+of\s+them)?|cada\s+un[oa](?:\s+de\s+ell[oa]s)?)\s+(?!of\b|de\b)[^\W\d_]+\s+[^;,:]*$", re.I
)
# "from each of our 15 shops" after the figure; "2 consultas por segundo cada una": a bare each ending the clause
_EACH_OF_AFTER = lazy(r"[^;,.\d]{0,30}?(?<!\w)(?:from|for|of|in|de|en|desde)\s+(?:each|every|cada)(?:\s+one)?\s+(?:of\s+)?(?:our|the|nuestr[oa]s|l[oa]s)?\s*$", re.I)
_EACH_ENDS = lazy(r"[^;.\n\d]{0,40}?(?<!\w)(?:each|apiece|cada\s+un[oa])\s*(?:[;,.)]|$)", re.I)


def _counted_subject(text: str, nums: list[Number], figure: Number) -> Count | None:
    """The count of the figure's clause that each/every hands the figure to, before it; or, for a bare "each"
    opening the figure's clause ("We have 25 warehouses; each makes 4 requests per second"), the count before it."""
    start = sentence(text, figure.start)[0]
    said = [c for c in counts(text, nums) if c.noun and c.end <= figure.start]
    for count in reversed(said):
        if count.start < start:
            break
        if _each_after().match(text, count.end) or _each_before().search(text, max(start, count.start - 40), count.start):
            return count
    end = sentence(text, figure.start)[1]
    after = [c for c in counts(text, nums) if c.noun and figure.end <= c.start < end]
    if after and _EACH_OF_AFTER.match(text, figure.end, after[0].start):  # "2 req/s from each of our 15 shops"
        return after[0]
    bare = _BARE_EACH.search(text, max(0, figure.start - 60), figure.start)
    if _EACH_ENDS.match(text, figure.end):  # "All 25 warehouses send 4 requests per second each"
        return next((c for c in reversed(said) if c.start >= start), None)
    before = [c for c in said if bare and c.end <= bare.start() and _known(c.noun)]
    return before[-1] if before and sentence(text, max(0, start - 2))[0] <= before[-1].start else None


def _known(unit: str) -> bool:  # a noun the lexicon lists: any other word after "each" may be a verb ("each makes")
    return unit_forms.known_group(unit) or unit_forms.kind(unit) == "person"


def read_request_units(text: str, nums: list[Number], draft: Draft) -> None:
    done = next((n for n in draft.notes if n.code == "volume_per_request"), None)
    if done is None or "slo_tok_s" not in draft.fields or draft.asks:
        return
    if any(n.code in ("volume_times_users", "rate_multiplied", "requests_times_units") for n in draft.notes):
        return
    figure = next((n for n in nums if plain(n.value) == done.params["requests"]), None)
    if figure is None:
        return
    count = _counted_subject(text, nums, figure)
    unit = count.noun if count is not None else unit_marks.unit_before(text, figure)
    if unit is None or unit_forms.kind(unit) is None:
        return  # no unit, or hardware: "8 GPUs each handle 3 req/s" is capacity
    if count is None and not _known(unit) and not unit_forms.counts_of(text, nums, unit, skip=figure):
        return  # "each makes 4 requests": a word after "each" no list names and nothing counts
    if lexicon.pattern("total").search(text, *sentence(text, figure.start)):
        return  # "30 branches, 8 requests a second in total"
    values = {count.value} if count is not None else {v for v, _, _ in unit_forms.counts_of(text, nums, unit, skip=figure)}
    if len(values) == 1 and (units := values.pop()) >= 2:
        draft.fields["slo_tok_s"] *= units
        if count is not None:
            draft.use(min(count.start, figure.start), max(count.end, figure.start), "slo_tok_s")
        for note in [n for n in draft.notes if n.code == "volume_converted"]:
            i = draft.notes.index(note)
            params = dict(note.params) | {"volume": plain(note.params["volume"] * units), "tok_s": round(draft.fields["slo_tok_s"], 1)}
            draft.notes[i] = note.model_copy(update={"params": params})
        draft.notes.insert(
            draft.notes.index(done) + 1,
            Finding(code="requests_times_units", params={"requests": done.params["requests"], "units": units, "unit": unit.lower(), "period": done.params["period"]}),
        )
        return
    if values:
        return  # "only one branch"
    volume = plain(done.params["requests"] * done.params["size"])
    draft.fields.pop("slo_tok_s")
    draft.notes[:] = [n for n in draft.notes if n.code not in ("volume_per_request", "volume_converted")]
    if unit_forms.kind(unit) == "person":
        draft.ask(ASK_SLO, "users_for_volume", volume=volume, period=done.params["period"])
    else:
        draft.ask(ASK_SLO, "volume_per_group", volume=volume, period=done.params["period"], group=unit.lower())
