"""Output tok/s: the SLO, whether it is per user or in total, a node's measured throughput."""

from __future__ import annotations

import re
from functools import cache
from itertools import islice

from bot.parse import compose_at_once, lexicon, per_gpu, rate_added, relative_rate
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.figures import ABSURD_TOK_S, MAX_MENTIONS, first_number, mentions, tail
from bot.parse.lazyre import lazy
from bot.parse.mix_sides import sides_in
from bot.parse.numbers import Number, plain
from bot.parse.rate_groups import total_of_counted
from bot.parse.rate_kind import read_kind
from bot.parse.rate_measured import context_figures
from bot.parse.rate_units import (
    ONE_NODE_DOES,
    PER_NODE,
    RELATIVE,
    TOK_S,
    UNIT_ALONE,
    at_target,
    cost_after,
    cost_before,
    hedge_after,
    measured_words,
    negated_before,
    range_before,
    target_before,
    unitless_after,
    vague_before,
)


def read_rates(text: str, nums: list[Number], draft: Draft) -> None:
    """Output tok/s: the SLO, its kind (aggregate or per stream), or a node's measured throughput."""
    slos: list[float] = []
    capacities: list[float] = []  # what one GPU gives (bot/parse/per_gpu.py): never the need
    quoted: list[float] = []  # every tok/s figure, whatever it turned out to be
    bound_units: set[int] = set()
    refused: list[str] = []  # "we don't need 1k tok/s": what the need is not
    measured = context_figures(text, nums, draft)  # "we got ~150 tok/s; we need 400 tok/s": 150 is context
    for number in nums:
        unit = tail(text, number, TOK_S)
        if not unit:
            continue
        bound_units.add(unit.end())
        start, end = sentence(text, number.start)
        before, after = text[start : number.start], text[unit.end() : end]
        node = (PER_NODE.match(after) and not at_target(before, after)) or ONE_NODE_DOES.search(before[-60:]) or (
            measured_words().search(before[-60:])
            and re.search(r"\b(?:node|nodo|box|8\s?x|instances?|instancias?)", after[:60], re.I)
        )
        of_gpu = "" if node else per_gpu.kind(before, after)
        if number.start in measured and not node and of_gpu != per_gpu.CAPACITY:
            continue  # context; a node's or one GPU's figure is read as such, measured or not
        quoted.append(number.value)
        if len(slos) >= MAX_MENTIONS:
            break
        draft.use(number.start, unit.end(), "slo_tok_s")  # weighed: the SLO, a node's or a GPU's, a range, refused
        if node:
            if number.value > 0:
                draft.set("measured_tok_s_per_node", number.value)
            continue
        if of_gpu == per_gpu.CAPACITY:
            capacities.append(number.value)
            continue
        if number.alternative is not None:  # "team 1 500 tok/s": 1,500, or 500 for team 1?
            draft.conflict("slo_tok_s", [number.value, number.alternative])
            continue
        if (rng := range_before().search(before)) and (low := first_number(rng.group(1))):
            draft.conflict("slo_tok_s", [low, number.value])
            continue
        if (hedge := hedge_after().match(text, unit.end())) and (
            other := first_number(hedge.group("n") or hedge.group("asked"))
        ):
            draft.conflict("slo_tok_s", [number.value, other])
            continue
        if negated := negated_before().search(before[-40:]):  # asks, unless another rate is affirmed
            refused.append((before[-40:][negated.start() :] + text[number.start : unit.end()]).strip())
            continue
        if unit.group("plus"):
            draft.note("slo_at_least", tok_s=plain(number.value))
        if (value := total_of_counted(text, nums, number, before, after, draft, unit.end())) is not None:
            slos.append(value)
            if value == number.value:  # "3 teams x 100 tok/s each" is 300 in total: "each" was the teams'
                read_kind(text[start:end], value, before, after, draft)
    if refused and not slos:  # "we don't need 1k tok/s, 300 tok/s is plenty" reads 300; alone it asks
        _unclear(draft, refused[0])
    relative = relative_rate.bind(text, nums, quoted) if quoted else None  # "twice what support uses"
    if relative is None and slos:
        relative = rate_added.bind(text, nums, slos, measured)  # "hoy 200 tok/s; con México, 150 tok/s más"
    if quoted and (need := _read_target(text, nums, quoted, draft, bool(slos), capacities, relative)) is not None:
        slos.append(need)
    if relative is not None:
        slos = _relative(draft, relative, slos)
    for value in dict.fromkeys(slos):
        if value <= 0:
            draft.ask(ASK_SLO, "slo_not_positive", value=plain(value))
        elif value > ABSURD_TOK_S:
            draft.ask(ASK_SLO, "slo_absurd", value=plain(value), limit=ABSURD_TOK_S)
        else:
            draft.set("slo_tok_s", value)
    if capacities:  # one GPU's figure beside a need said elsewhere is context; alone it asks what the need is
        if slos:
            draft.note("per_gpu_ignored", tok_s=plain(capacities[0]))
        else:
            draft.ask(ASK_SLO, "rate_per_gpu", tok_s=plain(capacities[0]))
    for unit in islice(UNIT_ALONE.finditer(text), MAX_MENTIONS):
        if unit.end() in bound_units:
            continue
        before = text[max(0, unit.start() - 40) : unit.start()]
        if vague := vague_before().search(before):
            typed = before[vague.start() :].strip() + " " + unit.group(0)
            draft.ask(ASK_SLO, "slo_not_numeric", typed=typed[:60])
    compose_at_once.peak_not_target(text, draft)  # a question answered by what it quoted: "peak of 75 online"


def _read_target(
    text: str,
    nums: list[Number],
    quoted: list[float],
    draft: Draft,
    target: bool,
    capacities: list[float],
    bound: relative_rate.Relative | None,
) -> float | None:
    """A tok/s was quoted, and a target said without a unit ("we need 300 in prod", "what does 6,000 cost?") or
    relative to it ("2x that"): which is the SLO is not certain, so it asks; but when every tok/s quoted is what one
    GPU gives, the need said without a unit is the SLO (returned) if it is more than one GPU gives or said in total.
    A multiple of a base never said ("300 tok/s; it has to be 3x faster than today", lexicon
    `relative_unstated_base`) only describes the target said."""
    for number in mentions(nums):
        if number.value in quoted or tail(text, number, TOK_S):
            continue
        if not (unitless_after().match(text, number.end) or cost_after().match(text, number.end)):
            continue  # the cheap test first: a paste holds hundreds of numbers
        lo = max(0, number.start - 40)
        if lead := target_before().search(text, lo, number.start) or cost_before().search(text, lo, number.start):
            total = lexicon.pattern("total").match(text, number.end + 1)
            if set(quoted) <= set(capacities) and (number.value > max(capacities) or total):
                draft.use(number.start, total.end() if total else number.end, "slo_tok_s")
                return number.value
            _unclear(draft, text[lead.start() : number.end], quoted[0])
            return None
    if bound is None and (relative := RELATIVE.search(text)):
        if target and (base := _unstated_base().match(text, relative.end())):
            draft.use(relative.start(), base.end(), "slo_tok_s")  # read: today's figure is no second target
            return None
        if _between_sides(text, relative):
            return None  # "we send 12x more than we get back": the mix's (bot/parse/mix_relations.py)
        _unclear(draft, relative.group(0), quoted[0])
    return None


def _relative(draft: Draft, relative: relative_rate.Relative, slos: list[float]) -> list[float]:
    """The base × the factor when the relative is what the asker sizes for; else which of the two? (asked)."""
    draft.use(relative.start, relative.end, "slo_tok_s")
    if relative.added is not None:
        slos = [v for v in slos if v != relative.added] or [relative.base]  # the addition is no target of its own
    if relative.sized == "base" and relative.base in slos:
        return slos  # "expected to triple by summer, but size it for today's traffic": today's figure
    if relative.sized != "grown" or relative.base not in slos:
        _unclear(draft, relative.said, relative.base)
        return []
    need = round(relative.base * relative.factor, 6)
    draft.note("slo_multiplied", said=plain(relative.base), factor=plain(relative.factor), tok_s=plain(need))
    return [need if v == relative.base else v for v in slos]


def _between_sides(text: str, relative: re.Match[str]) -> bool:
    """A multiple said between the two sides of the mix in its sentence: one side before it, the other after."""
    sides = sides_in(text, *sentence(text, relative.start()))
    before = {s[2] for s in sides if s[1] <= relative.start()}
    after = {s[2] for s in sides if s[0] >= relative.end()}
    return any(a != b for a in before for b in after)


@cache
def _unstated_base() -> re.Pattern[str]:
    return lazy(rf"{lexicon.alternation('relative_unstated_base')}{lexicon.WORD_END}", re.I)


def _unclear(draft: Draft, said: str, tok_s: float | None = None) -> None:
    """Which figure is the SLO is not certain: none is used, and the question quotes what was said."""
    if draft.asked_about("slo_tok_s"):
        return
    draft.fields.pop("slo_tok_s", None)
    draft.disputed.add("slo_tok_s")
    quoted = {"tok_s": plain(tok_s)} if tok_s is not None else {}
    draft.ask(ASK_SLO, "slo_unclear", said=said[:60], **quoted)
