"""Output tok/s: the SLO, whether it is per user or in total, a node's measured throughput."""

from __future__ import annotations

import re
from itertools import islice

from bot.parse import lexicon
from bot.parse.compose_at_once import streams_at_once
from bot.parse.counts import of_noun
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.figures import ABSURD_TOK_S, MAX_MENTIONS, counted, first_number, mentions, plural_of, tail
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.rate_kind import read_kind
from bot.parse.rate_measured import context_figures
from bot.parse.rate_units import (
    ONE_GPU_DOES,
    PER_GPU_AFTER,
    PER_NODE,
    RELATIVE,
    TOK_S,
    UNIT_ALONE,
    hedge_after,
    measured_words,
    negated_before,
    range_before,
    target_before,
    unitless_after,
    vague_before,
)
from bot.parse.rate_words import (
    PER_STREAM_AFTER,
    TIMES_AFTER,
    TIMES_BEFORE,
    per_group_after,
    per_group_before,
)


def read_rates(text: str, nums: list[Number], draft: Draft) -> None:
    """Output tok/s: the SLO, its kind (aggregate or per stream), or a node's measured throughput."""
    slos: list[float] = []
    per_gpu: list[float] = []
    quoted: list[float] = []  # every tok/s figure, whatever it turned out to be
    bound_units: set[int] = set()
    refused: list[str] = []  # "we don't need 1k tok/s": what the need is not
    measured = context_figures(text, nums, draft)  # "we got ~150 tok/s; we need 400 tok/s": 150 is context
    for number in nums:
        unit = tail(text, number, TOK_S)
        if not unit:
            continue
        bound_units.add(unit.end())
        if number.start in measured:
            continue
        quoted.append(number.value)
        if len(slos) >= MAX_MENTIONS:
            break
        draft.use(number.start, unit.end(), "slo_tok_s")  # weighed: the SLO, a node's or a GPU's, a range, refused
        start, end = sentence(text, number.start)
        before, after = text[start : number.start], text[unit.end() : end]
        if PER_NODE.match(after) or (
            measured_words().search(before[-60:])
            and re.search(r"\b(?:node|nodo|box|8\s?x|instances?|instancias?)", after[:60], re.I)
        ):
            if number.value > 0:
                draft.set("measured_tok_s_per_node", number.value)
            continue
        if PER_GPU_AFTER.match(after) or ONE_GPU_DOES.search(before):
            per_gpu.append(number.value)
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
        if (value := _total_of_counted(text, nums, number, before, after, draft, unit.end())) is not None:
            slos.append(value)
            if value == number.value:  # "3 teams x 100 tok/s each" is 300 in total: "each" was the teams'
                read_kind(text[start:end], value, before, after, draft)
    if refused and not slos:  # "we don't need 1k tok/s, 300 tok/s is plenty" reads 300; alone it asks
        _unclear(draft, refused[0])
    if quoted:
        _read_target(text, nums, quoted, draft)
    for value in dict.fromkeys(slos):
        if value <= 0:
            draft.ask(ASK_SLO, "slo_not_positive", value=plain(value))
        elif value > ABSURD_TOK_S:
            draft.ask(ASK_SLO, "slo_absurd", value=plain(value), limit=ABSURD_TOK_S)
        else:
            draft.set("slo_tok_s", value)
    if per_gpu:
        if slos:
            draft.note("per_gpu_ignored", tok_s=plain(per_gpu[0]))
        else:
            draft.ask(ASK_SLO, "rate_per_gpu", tok_s=plain(per_gpu[0]))
    for unit in islice(UNIT_ALONE.finditer(text), MAX_MENTIONS):
        if unit.end() in bound_units:
            continue
        before = text[max(0, unit.start() - 40) : unit.start()]
        if vague := vague_before().search(before):
            typed = before[vague.start() :].strip() + " " + unit.group(0)
            draft.ask(ASK_SLO, "slo_not_numeric", typed=typed[:60])


def _read_target(text: str, nums: list[Number], quoted: list[float], draft: Draft) -> None:
    """A tok/s was quoted, and a target said without a unit ("we need 300 in prod") or relative to it
    ("2x that"): which is the SLO is not certain, so it asks."""
    for number in mentions(nums):
        if number.value in quoted or tail(text, number, TOK_S):
            continue
        lead = target_before().search(text, max(0, number.start - 40), number.start)
        if lead and unitless_after().match(text, number.end):
            _unclear(draft, text[lead.start() : number.end], quoted[0])
            return
    if relative := RELATIVE.search(text):
        _unclear(draft, relative.group(0), quoted[0])


def _unclear(draft: Draft, said: str, tok_s: float | None = None) -> None:
    """Which figure is the SLO is not certain: none is used, and the question quotes what was said."""
    if draft.asked_about("slo_tok_s"):
        return
    draft.fields.pop("slo_tok_s", None)
    draft.disputed.add("slo_tok_s")
    quoted = {"tok_s": plain(tok_s)} if tok_s is not None else {}
    draft.ask(ASK_SLO, "slo_unclear", said=said[:60], **quoted)


def _total_of_counted(
    text: str, nums: list[Number], number: Number, before: str, after: str, draft: Draft, at: int
) -> float | None:
    """ "3 teams × 100 tok/s" or "100 tok/s per team, 3 teams" is 300 in total, said in a note; a rate per
    team without the number of teams asks (None)."""
    count = None
    if times := TIMES_BEFORE.search(before) or TIMES_AFTER.match(after):
        count = int(times.group("count"))
        rest = before[: times.start()] if times.re.pattern == TIMES_BEFORE.pattern else ""
        while more := TIMES_BEFORE.search(rest):  # "2 apps × 3 regions × 100 tok/s" is 600
            count, rest = count * int(more.group("count")), rest[: more.start()]
    elif (
        (per_group := per_group_after().match(after)) and not PER_STREAM_AFTER.match(after)
    ) or (ahead := per_group_before().search(before) or _per_label(before)):
        group = (per_group or ahead).group("group")
        if streams_at_once(text, nums, group):  # "250 voice bots concurrently, 30 tok/s per bot": a stream's
            return number.value
        counts = counted(text, nums, plural_of(group), skip=number) or _of_them(text, number)
        counts = counts or of_noun(text, nums, plural_of(group))  # "twelve regional offices, … per office"
        if len(counts) != 1:
            draft.ask(ASK_SLO, "rate_per_group", tok_s=plain(number.value), group=group.lower())
            return None
        count = counts[0]
        if per_group:
            draft.use(at + per_group.start(), at + _PHRASE.match(after, per_group.end()).end(), "slo_tok_s")
        else:  # "each department needs": the words before the figure
            draft.use(number.start - len(before) + ahead.start(), number.start, "slo_tok_s")
    elif (
        (pair := _PER_TWO_WORDS.match(after))
        # "300 tok/s, por cada token de salida van 20 tokens de prompt": tokens, requests… are no group
        and not any(lexicon.pattern("not_counted").fullmatch(pair["noun"] + end) for end in ("", "s", "es"))
        and len(counts := counted(text, nums, plural_of(pair["noun"]), skip=number)) == 1
    ):  # "per legal entity, 4 entities": the noun a count names again, whatever word is before it
        count = counts[0]
        draft.use(at + pair.start(), at + pair.end(), "slo_tok_s")
    if not count or count == 1:
        return number.value
    total = number.value * count
    draft.note("rate_multiplied", count=count, each=plain(number.value), tok_s=plain(total))
    return total


# A list's label that hands the figure to each one ("- throughput per BU: 1.1k tok/s", "tok/s por filial: 250").
_PER_LABEL = lazy(r"(?<!\w)(?:per|por|each|every|cada)\s+(?P<group>[^\W\d_]{2,})\s*[:=]\s*(?:~|≈)?\s*$", re.I)


def _per_label(before: str) -> re.Match[str] | None:
    m = _PER_LABEL.search(before)
    if m is None or any(lexicon.pattern("not_counted").fullmatch(m["group"] + end) for end in ("", "s", "es")):
        return None  # "per GPU: 300 tok/s", "per request: 2k tokens" are no group
    return m


_PHRASE = lazy(r"(?:\s+[^\W\d_]+)?")  # one word more: "por entidad legal", not "per team and legal…"
_PER_TWO_WORDS = lazy(
    r"\s*,?\s*(?:per|por|each|every|cada)\s+[^\W\d_]+\s+(?P<noun>[^\W\d_]{2,})\b", re.I
)
_OF_THEM = lazy(r"(?<![\w.,])(\d{1,4})\s+(?:of\s+them|de\s+(?:ellos|ellas))\b", re.I)


def _of_them(text: str, number: Number) -> list[int]:
    """ "250 tok/s per tenant, 12 of them": the count said as "N of them" right after the rate."""
    found = _OF_THEM.search(text, number.end, number.end + 60)
    return [int(found.group(1))] if found and int(found.group(1)) >= 2 else []
