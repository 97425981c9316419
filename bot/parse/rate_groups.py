"""A rate per group times the groups counted (bot/parse/rates.py reads the figure): "3 teams × 100 tok/s", "100 tok/s
per team, 3 teams", "- throughput per BU: 1.1k tok/s" beside "12 BUs", "per legal entity, 4 entities" is the
total, said in a note (`rate_multiplied`); a rate per group without the number of groups asks (`rate_per_group`)."""

from __future__ import annotations

import re

from bot.parse import lexicon, unit_forms
from bot.parse.compose_at_once import streams_at_once
from bot.parse.counts import of_noun, people_of
from bot.parse.draft import ASK_SLO, Draft
from bot.parse.figures import counted, plural_of
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.rate_words import (
    PER_STREAM_AFTER,
    TIMES_AFTER,
    TIMES_BEFORE,
    per_group_after,
    per_group_before,
)


def total_of_counted(
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
        if per_group and (two := _unit_of_two(after, per_group.end(), group)):
            group = two  # "per production line": the unit is two words, counted by its head ("9 lines")
        if streams_at_once(text, nums, group):  # "250 voice bots concurrently, 30 tok/s per bot": a stream's
            return number.value
        if people_of(text, nums, group):  # "5,000 registered customers … every customer": people (bot/parse/compose.py)
            return number.value
        counts = counted(text, nums, plural_of(group), skip=number) or _of_them(text, number)
        counts = counts or of_noun(text, nums, plural_of(group))  # "twelve regional offices, … per office"
        if not counts and per_group and (head := _compound_head(text, nums, after, per_group.end(), number)):
            group, counts = head  # "per airline partner … there are 13 partners": a compound counted by its head
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


def _unit_of_two(after: str, end: int, group: str) -> str | None:
    nxt = _PHRASE.match(after, end)
    phrase = f"{group} {after[end : nxt.end()].strip()}" if nxt and nxt.end() > end else ""
    return phrase if phrase and lexicon.pattern("group_nouns").fullmatch(phrase) else None


def _compound_head(text: str, nums: list[Number], after: str, end: int, number: Number) -> tuple[str, list[int]] | None:
    """The word after the unit, when it is a group noun the message counts once ("airline partner", "13 partners")."""
    nxt = _PHRASE.match(after, end)
    word = after[end : nxt.end()].strip() if nxt else ""
    if not word or unit_forms.kind(word) != "group":
        return None
    counts = counted(text, nums, plural_of(word), skip=number)
    return (word, counts) if len(counts) == 1 else None


_PHRASE = lazy(r"(?:\s+[^\W\d_]+)?")  # one word more: "por entidad legal", not "per team and legal…"
_PER_TWO_WORDS = lazy(
    r"\s*,?\s*(?:per|por|each|every|cada)\s+[^\W\d_]+\s+(?P<noun>[^\W\d_]{2,})\b", re.I
)
_OF_THEM = lazy(r"(?<![\w.,])(\d{1,4})\s+(?:of\s+them|de\s+(?:ellos|ellas))\b", re.I)


def _of_them(text: str, number: Number) -> list[int]:
    """ "250 tok/s per tenant, 12 of them": the count said as "N of them" right after the rate."""
    found = _OF_THEM.search(text, number.end, number.end + 60)
    return [int(found.group(1))] if found and int(found.group(1)) >= 2 else []
