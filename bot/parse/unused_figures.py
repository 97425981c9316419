"""The safety net for figures (parseX, issue 14 item 1): a figure that can change the verdict, which no reader
read, is never passed over in silence.

Readers record the span of each figure they read (`draft.use`), and of each they deliberately set aside (a
GPU's capacity, today's measured throughput, a price, a latency, a model's size…) under a name of their own.
Afterwards each figure that looks like it can change the answer — a token rate or volume, a request rate, a
share beside cache or mix words (the lexicon's `figure_watch` rows, EN and ES: a unit right after the figure or
a label right before it), or a count before a group or person noun while the text hands a figure to each of
them — whose span no reader used is named in the "I did not use" note with the field it may change
(bot/parse/unused.py builds the note). A figure after a price's or a limit's lead ("$0.60 per 1M tokens",
lexicon `figure_aside_before`) or on a log line (`Number.machine`) is no traffic.

A note is still an answer with a wrong figure, so for the fields in `ASKS` (askS, session 9) an unread figure
asks one question instead (`figure_unread`, naming the figure as typed and what it would change) when no reader
set that field: the figure is then the only candidate for the verdict's input. Where a reader did set it (a
request rate beside a stated tok/s, a benchmark's volume) the figure stays a note. Other fields keep the note:
measured on the 3,093 hand-written fresh questions, a question there would mostly be needless (docs/parser.md).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import cache, partial
from itertools import islice

from bot.parse import compose, gateway_holders, lexicon, token_figures
from bot.parse.counts import Count
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.volume_limits import is_limit

# Spans read for these are windows around words (a residency rule, a gateway pain, a place, the hours), not
# figures: a figure inside one was not read by them.
WORD_FIELDS = frozenset(
    {"data_may_leave", "eu_residency", "region", "residency_places", "gateway_pain", "provider", "signals", "calendar"}
)
_LOOK_BEHIND = 48  # a label before a figure ("Output TPM:", "tokens out per day ≈") is short
MAX_FIGURES = 3
_PERCENT = lazy(r"\s?%")
MAX_WEIGHED = 80  # figures looked at in a pasted text (the readers read a few mentions each)
# The mix readers (bot/parse/mix_forms.py) return ratios, not spans: a share of one side is accounted for when
# the mix was read at all.
BY_FIELD = frozenset({"input_per_output"})
# Where an unread figure asks instead of noting (askS), when no reader set that field. The tok/s is THE verdict
# input; each-or-total and how many at once multiply it. Measured per field before turning it on (docs/parser.md, session 9, askS).
ASKS = frozenset({"slo_tok_s", "slo_kind", "concurrency"})
# A context already read accounts for a second size said of the same requests (noted only when none was read).
ONCE = frozenset({"context_tokens"})


@cache
def _watch() -> tuple[tuple[str, ...], re.Pattern[str], re.Pattern[str]]:
    """The `figure_watch` rows as two scans, one group per row (`r<i>`): what follows a figure (matched at its
    end) and what labels it (ending at its start). One match each per figure, whatever the number of rows."""
    rows = [row for lang in lexicon.LANGUAGES for row in lexicon.rows(lang, "figure_watch")]
    after = "|".join(f"(?P<r{i}>{lexicon.expand(r['after'])})" for i, r in enumerate(rows) if r.get("after"))
    before = "|".join(f"(?P<r{i}>{lexicon.expand(r['before'])})" for i, r in enumerate(rows) if r.get("before"))
    return (
        tuple(r["field"] for r in rows),
        lazy(rf"[ \t]*(?:{after})", re.I),
        lazy(rf"(?<![\w/])(?:{before})$", re.I),
    )


@cache
def _aside() -> re.Pattern[str]:
    return lazy(rf"(?:^|(?<![\w$€£]))(?:{lexicon.alternation('figure_aside_before')})\s*~?\s*$", re.I)


@cache
def _key_aside() -> re.Pattern[str]:  # a label or key that names a limit: "ratelimit_tpm:", "tps_limit ="
    return lazy(rf"(?<![a-z])(?:{lexicon.alternation('figure_key_aside')})(?![a-z])", re.I)


class _Spans:
    """The figure spans readers used, merged and sorted once: a pasted log asks about hundreds of figures."""

    def __init__(self, draft: Draft) -> None:
        merged: list[list[int]] = []
        for a, b in sorted((a, b) for a, b, name in draft.used if name not in WORD_FIELDS):
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        self.starts = [a for a, _ in merged]
        self.ends = [b for _, b in merged]

    def overlap(self, start: int, end: int) -> bool:
        i = bisect_right(self.starts, end - 1) - 1  # the last span that starts before `end`
        return i >= 0 and self.ends[i] > start


def _matters(text: str, number: Number) -> tuple[str, int, int] | None:
    """The field a figure may change and the span of the figure with its unit or label, or None."""
    fields, after, before = _watch()
    head = text[max(0, number.start - _LOOK_BEHIND) : number.start]
    if m := after.match(text, number.end):
        if _aside().search(head) or is_limit(text, number.start, m.end()):  # "we're allowed 10,000 RPM": a limit
            return None
        return fields[int(m.lastgroup[1:])], number.start, m.end()
    if (m := before.search(head)) and not _key_aside().search(m.group(0)):
        field = fields[int(m.lastgroup[1:])]
        if field == "slo_tok_s" and _PERCENT.match(text, number.end):
            return None  # "rendimiento: 80%": a share is never a rate
        return field, number.start - len(head) + m.start(), number.end
    return None


def unread(text: str, nums: list[Number], draft: Draft) -> dict[str, list[str]]:
    """Per field it may change, the figures (as typed, with their unit) that no reader read. A field already
    asked about is left to its question."""
    out: dict[str, list[str]] = {}
    shown, spans = 0, _Spans(draft)
    for number in islice((n for n in nums if not n.machine), MAX_WEIGHED):
        if spans.overlap(number.start, number.end):
            continue
        hit = _matters(text, number) or token_figures.hit(text, number, "input_per_output" in draft.fields)
        if hit is None or _asked(draft, hit[0]) or (hit[0] in BY_FIELD | ONCE and hit[0] in draft.fields):
            continue
        field, start, end = hit
        if _said_again(text, draft, text[number.start : end]):
            continue  # a pasted message said twice: its first copy was read
        out.setdefault(field, []).append(" ".join(text[start:end].split()))
        shown += 1
        if shown >= MAX_FIGURES:
            return out
    kind = draft.fields.get("slo_kind")
    if (
        kind != "aggregate"
        and "concurrency" not in draft.fields
        and not _asked(draft, "slo_tok_s")
        and lexicon.pattern("figure_handed").search(text)  # cheap: no such word, no count weighed
        and (count := _count(text, nums, draft, spans))
    ):  # "7 regional teams" in one message, "per regional team we budget 90 tok/s" in the next
        out.setdefault("concurrency" if kind else "slo_kind", []).append(count)
    return out


def _said_again(text: str, draft: Draft, said: str) -> bool:
    return any(said in text[a:b] for a, b, name in draft.used if name not in WORD_FIELDS)


def _asked(draft: Draft, field: str) -> bool:
    return draft.asked_about(field) or (field == "slo_tok_s" and any(p == ASK_SLO for p, _ in draft.asks))


def _count(text: str, nums: list[Number], draft: Draft, spans: _Spans) -> str | None:
    """A count before a group or person noun that no reader took, while the text hands a figure to each of them
    by name ("each squad", "every clinic", "cada equipo") or says "each" in the count's sentence."""
    for count in compose.counts(text, nums):
        if spans.overlap(count.start, count.end) or _consumed(draft, count.value) or not count.noun or in_product(text, nums, draft, count):
            continue
        noun = count.noun.lower()
        stem = re.escape(noun[:-2] if noun.endswith("es") else noun.rstrip("s"))  # "clinics" … "every clinic"
        handed = f"{lexicon.alternation('each')}|{lexicon.alternation('figure_handed')}"
        handing = lazy(rf"\b(?:{handed})\s+(?:[\w-]+\s+)?{stem}\w*", re.I).finditer(text)
        rated = "slo_tok_s" in draft.fields  # beside a rate, "each user sends 20 requests a day" hands the SLO nothing
        held = partial(gateway_holders.hands_resource, text, nums=nums, start=count.start, end=count.end)
        handing = [m for m in handing if not held(m.start())]  # "…repartir el gasto por equipo": a bill, not a figure
        if any(not (rated and compose.hands_own_figure(text, m.end())) for m in handing) or any(
            not held(m.start()) and not composed(draft, m.start(), m.end()) for m in compose.each_words(text, *sentence(text, count.start), own_figure=rated)
        ):  # not "each request carries 2k tokens", nor "each has its own key"
            return " ".join(text[count.start : count.end].split())
    return None


def composed(draft: Draft, start: int, end: int) -> bool:
    """ "20 analysts (of 3,000 staff); each of them generates 40k tokens": the "each" a composition handed the figure
    with belongs to the count it multiplied, and leaves the other count nothing to ask about (count16 s16)."""
    return multiplied(draft) and any(field in ("slo_kind", "slo_tok_s") and a <= start and end <= b for a, b, field in draft.used)


def in_product(text: str, nums: list[Number], draft: Draft, count: Count) -> bool:
    """ "3 legal teams, 8 paralegals each": the groups of a product of counts (bot/parse/count_words.py) are read
    when the product is (the 24 paralegals a volume was multiplied by)."""
    after = [c for c in compose.counts(text, nums) if count.end <= c.start <= count.end + 30]
    return bool(after) and after[0].value > count.value and after[0].value % count.value == 0 and _consumed(draft, after[0].value)


def multiplied(draft: Draft) -> bool:
    return any(n.code in ("rate_multiplied", "volume_times_users") for n in draft.notes)


def _consumed(draft: Draft, value: int) -> bool:
    """A count a reader took by value (the concurrency, a question's or a note's count)."""
    seen = {draft.fields.get("concurrency")}
    for finding in [*draft.notes, *(f for _, f in draft.asks)]:
        seen |= {finding.params.get(k) for k in ("count", "users")}
    return value in seen


def ask(unused: dict[str, list[str]], draft: Draft) -> bool:
    """One question for the first figure in `unused` whose field `ASKS` lists and no reader set; True if asked."""
    if draft.asks:
        return False
    for field, said in unused.items():
        if field in ASKS and field not in draft.fields:
            draft.ask(ASK_SLO, "figure_unread", field=field, said=said[0])
            return True
    return False
