"""Which figure the asker sizes for, when several are said (parseQ, issue 14). "averages 300 tok/s and peaks at
900; size it for the peak" reads 900, "maybe 1k next year, but size it for 300 now" reads 300, "a few hundred
tok/s, say 400" reads 400, and "double our current 200 tok/s" reads 400 (with a note saying so). The question the
rates reader asked about those figures is answered: it is dropped. Without such words "peak 2,000, average 600"
still asks which. The words are the lexicon's (`size_for`, `size_for_peak`, `size_for_average`, `peak_figure`,
`average_figure`, `times_before`); a question without `size_for` nor `times_before` words costs one search each."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.calendar_spans import labelled_figure
from bot.parse.draft import ASK_SLO, Draft
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.open_figures import bare_end
from bot.parse.rate_units import TOK_S


@cache
def _pattern(concept: str, tail: str = "") -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation(concept)}){tail}", re.I)


@cache
def _after(concept: str) -> re.Pattern[str]:
    return lazy(rf"(?:{lexicon.alternation(concept)}){lexicon.WORD_END}", re.I)


def read_sized_for(text: str, nums: list[Number], draft: Draft) -> None:
    if "slo_tok_s" in draft.fields and (times := _times(text, nums, draft.fields["slo_tok_s"])):
        factor, number = times
        draft.fields["slo_tok_s"] = number.value * factor
        draft.note(
            "slo_multiplied",
            said=plain(number.value),
            factor=plain(factor),
            tok_s=plain(number.value * factor),
        )
        return
    doubt = not draft.asked_about("slo_tok_s") and _pattern("size_for_doubt").search(text)
    if doubt and len(_rates_said(text, nums)) > 1:
        # "700 tok/s today, spikes to 2.5k; not sure which number to size for": the asker says they have not chosen
        draft.fields.pop("slo_tok_s", None)
        draft.disputed.add("slo_tok_s")
        draft.asks = [(p, f) for p, f in draft.asks if not _about_rate(f.code, f.params)]
        draft.ask(ASK_SLO, "slo_unclear", said=doubt.group(0)[:60])
        return
    said = _pattern("size_for", r"\s*").search(text)
    if said is None:
        return
    value = _chosen(text, nums, said.end())
    if value is None:
        return
    draft.fields["slo_tok_s"] = value
    draft.disputed.discard("slo_tok_s")
    draft.asks = [(p, f) for p, f in draft.asks if not _about_rate(f.code, f.params)]


def _rates_said(text: str, nums: list[Number]) -> set[float]:
    """The distinct figures said as rates: with a tok/s unit, bare at a clause's end ("spikes to 2.5k."), or bare
    before when they hold ("500 during campaigns", "1.200 en campaña")."""
    return {
        n.value
        for n in nums
        if n.value > 0 and (TOK_S.match(text, n.end) or bare_end().match(text, n.end) or _WHEN_AFTER.match(text, n.end))
    }


_WHEN_AFTER = lazy(r"\s*,?\s*(?:during|at|in|on|when|while|around|durante|en|cuando|mientras|hacia)\s", re.I)


def _about_rate(code: str, params: dict) -> bool:
    return code in ("slo_unclear", "slo_not_numeric") or params.get("field") == "slo_tok_s"


def _chosen(text: str, nums: list[Number], at: int) -> float | None:
    """The figure the sizing words name: one right after them ("size it for 300 now"), or the peak's or the
    average's figure ("size it for the peak")."""
    after = next((n for n in nums if n.start >= at), None)
    if (
        after is not None
        and not text[at : after.start].strip(" ~≈")
        and (TOK_S.match(text, after.end) or (bare_end().match(text, after.end) and not _a_year(text[after.start : after.end])))
    ):
        return after.value
    for kind, figure in (("size_for_peak", "peak_figure"), ("size_for_average", "average_figure")):
        if _pattern(kind).match(text, at):
            value = _figure_of(text, nums, figure)
            if value is None and kind == "size_for_peak":  # "08:00-20:00: 500 tok/s, the rest 100 tok/s; size
                rates = [n.value for n in nums if TOK_S.match(text, n.end)]  # for the peak": the highest one said
                value = max(rates) if len(set(rates)) > 1 else None
            return value
    return None


def _a_year(said: str) -> bool:
    """ "Plan for 2027.": a bare four-digit 20xx after the sizing words is a year, not tok/s."""
    return len(said) == 4 and said.isdigit() and said.startswith("20")


def _figure_of(text: str, nums: list[Number], concept: str) -> float | None:
    """The figure a peak or average word introduces ("peaks at 900", "pico de 300") or follows ("1,500 tok/s at
    peak", "250 tok/s de media": `<concept>_after`)."""
    for m in _pattern(concept, r"\s*").finditer(text):
        n = next((n for n in nums if n.start == m.end()), None)
        if n and (at := labelled_figure(text, n.start, n.end)) is not None:  # "peak 9-17: 300 tok/s": 9 is an hour
            n = next((f for f in nums if f.start == at), None)
        if n:
            return n.value
    after = _after(f"{concept}_after")
    for n in nums:
        unit = TOK_S.match(text, n.end)
        if after.match(text, unit.end() if unit else n.end):
            return n.value
    return None


def _times(text: str, nums: list[Number], slo: float) -> tuple[float, Number] | None:
    """ "double our current 200 tok/s": the factor before the figure read as the SLO."""
    factors = lexicon.mapping("times_factor")
    for n in nums:
        if n.value != slo:
            continue
        if m := _pattern("times_before", r"\s*$").search(text, max(0, n.start - 40), n.start):
            said = re.sub(r"\s+", " ", m.group(0).lower())
            if factor := next((f for word, f in factors.items() if said.startswith(word)), None):
                return float(factor), n
    return None
