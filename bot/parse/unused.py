"""The safety net: words that usually change the answer, which no reader used, are never passed over in
silence.

After every reader ran, each word the lexicon watches (`watch` in bot/parse/lexicon/*.yaml: legal,
contracts, patient records, keys, bills, cache, ratio, context, hours…) is checked: it is accounted for
when a reader consumed its span or set (or asked about) the field it would change. What is left:
- a count of people or groups next to the SLO that nothing composed ("12 tenants … 250 tok/s"): asks
  whether the tok/s is each or in total (`slo_kind_unclear`);
- a residency word that decides the verdict (legal, contracts, patient data…) while residency was not
  read: asks whether the text may leave (`residency_unclear`);
- a figure that can change the verdict which no reader read (bot/parse/unused_figures.py), anything else
  (and a place the zone table lacks): a visible note, "I did not use: …", naming the field
  it might change (`words_not_used`; the service shows it among the warnings, not the assumptions).
"""

from __future__ import annotations

import re
from functools import cache
from itertools import islice

from bot.parse import compose, gateway_holders, lexicon, unused_against, unused_figures
from bot.parse.counts import Count
from bot.parse.draft import ASK_CONFLICT, ASK_SLO, Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.rate_kind import apart_max_tok_s
from bot.parse.vat import names as country_names

MAX_SHOWN = 4


@cache
def _rows() -> tuple[tuple[str, ...], ...]:
    """Per row of `lexicon.watch()`, the fields whose reading accounts for its words: its own and `also`."""
    rows = [row for lang in lexicon.LANGUAGES for row in lexicon.rows(lang, "watch")]
    return tuple((row["field"], *row.get("also", ())) for row in rows)


@cache
def _watched() -> frozenset[str]:
    return frozenset(f for fields in _rows() for f in fields)


def _said(draft: Draft, name: str, codes: set[str]) -> bool:
    """A field set or asked about, or (a row's `also` may name a finding) a note or question of that code
    ("per user" was read when the volume reader asked `users_for_volume`)."""
    return name in draft.fields or name in codes or draft.asked_about(name)


def _accounted(draft: Draft, start: int, end: int, fields: tuple[str, ...]) -> bool:
    """Strict: a reader consumed the word's span for one of `fields`, or for something no watch row is about
    (a signal, a provider). A span read for another watched field ("legal" inside a residency window, a
    gateway word beside it) does not account for it."""
    return any(a < end and start < b and (name in fields or name not in _watched()) for a, b, name in draft.used)


_count_consumed = unused_figures._consumed


@cache
def _not_place() -> re.Pattern[str]:
    return lazy(lexicon.alternation("not_places"), re.I)


def _places(text: str, ruled: tuple[tuple[int, int], ...] = ()) -> list[str]:
    lead = lexicon.alternation("place_lead")
    pattern = lazy(
        rf"(?=[^\s\d])(?<![\w'])(?i:{lead})\s+(?P<place>[A-ZÁÉÍÓÚÑ][a-záéíóúñü'’-]+(?:\s+(?:de\s+)?[A-ZÁÉÍÓÚÑ][a-záéíóúñü'’-]+){{0,2}})(?![\w])"
    )  # a whole word: "en OpenAI" names no place "Open\"
    out = []
    for m in islice(pattern.finditer(text), 8):
        place = m.group("place")
        if any(a <= m.start("place") < b for a, b in ruled):
            continue  # a residency rule's list ("only if it runs in Ohio or Virginia"): where the data may be
        first = place.split()[0]
        if first.lower() not in country_names() and not _not_place().fullmatch(first) and place.lower() not in lexicon.places():
            out.append(place)
    return out


def _heads_beside_rate(text: str, count: Count, slo: float) -> bool:
    """A head count in the message and a tok/s whose kind no word said, "each" said nowhere (parseQ2): "team of
    80 devs, 25 tok/s", "300 agents in the contact centre. 45 tok/s" — each of them, or all of them together?
    Not when "in total" is said anywhere, nor for a count of groups (their figure adds up or is asked by the
    rates reader)."""
    return (count.group is False or count.group is None and bool(count.noun)) and slo <= apart_max_tok_s() and not (
        lexicon.pattern("total").search(text)
        or lexicon.pattern("rate_total").search(text)
        or lexicon.pattern("rate_steady").search(text)
    )


def _vague_rate(text: str, draft: Draft) -> bool:
    """A rate said by an amount word and no figure ("a decent throughput", "un rendimiento razonable", lexicon
    `vague_rate`): the asker has a rate in mind, so it is asked for rather than priced at the break-even."""
    if "slo_tok_s" in draft.fields or draft.asks or not (m := lexicon.pattern("vague_rate").search(text)):
        return False
    draft.ask(ASK_SLO, "slo_not_numeric", typed=m.group(0)[:60])
    return True


def check(text: str, nums: list[Number], draft: Draft) -> None:
    slo = draft.fields.get("slo_tok_s")
    if slo is not None and draft.fields.get("slo_kind") is None and not draft.asks:
        for count in compose.counts(text, nums):
            start, end = sentence(text, count.start)
            if _count_consumed(draft, count.value) or any(
                a < count.end and count.start < b for a, b, _ in draft.used
            ) or unused_figures.in_product(text, nums, draft, count):
                continue
            if lexicon.pattern("total").search(text, start, end):
                continue
            each = [
                m for m in compose.each_words(text, start, end, own_figure=True)
                if not gateway_holders.hands_resource(text, m.start(), nums, count.start, count.end)
                and not unused_figures.composed(draft, m.start(), m.end())
            ]  # not "4 teams …, each has its own key": a key, not a rate; nor an "each" a composition took
            if not each and (unused_figures.multiplied(draft) or not _heads_beside_rate(text, count, slo)):
                continue
            who = text[count.start : count.end].split()[-1].lower()
            draft.ask(ASK_SLO, "slo_kind_unclear", tok_s=plain(slo), users=count.value, who=who)
            return
    if draft.fields.get("slo_kind") == "per_stream" and "concurrency" not in draft.fields and not draft.asks:
        people = [
            c for c in compose.counts(text, nums) if not c.group and not _count_consumed(draft, c.value)
        ]
        if people:  # "30 tok/s each, 40 support agents": how many at once is the total to serve
            draft.ask(ASK_SLO, "users_at_once", users=people[0].value)
            return
    if _vague_rate(text, draft):
        return
    unused = unused_figures.unread(text, nums, draft)  # figures first: a silent figure changes the answer most
    if unused_figures.ask(unused, draft):  # the tok/s, each-or-total, how many at once: asked, not noted
        return
    codes = {f.code for f in draft.notes} | {f.code for _, f in draft.asks}
    watched = lexicon.watch_hits(text)
    for (field, asks, _), fields, hits in zip(lexicon.watch(), _rows(), watched, strict=True):
        if any(_said(draft, f, codes) for f in fields):
            continue  # accounted for whatever its words
        for m in hits:
            if _accounted(draft, m.start(), m.end(), fields):
                continue
            if asks and not draft.asks:
                draft.ask(ASK_CONFLICT, "residency_unclear")
                return
            unused.setdefault(field, []).append(text[m.start() : m.end()])  # as typed
    # a place the zone table lacks: its zone matters only where the hours do (a said 24x7 calendar has none)
    if "tz" not in draft.fields and not draft.asked_about("tz") and draft.fields.get("calendar") != "24x7":
        for place in _places(text, tuple((a, b) for a, b, name in draft.used if name == "residency_places")):
            unused.setdefault("tz", []).append(place)
    if not draft.asks:  # words against a reading that was set or defaulted (bot/parse/unused_against.py)
        for field, said in unused_against.check(text, nums, draft, watched).items():
            unused.setdefault(field, []).extend(said)
    if unused:
        words = list(dict.fromkeys(w for ws in unused.values() for w in ws))[:MAX_SHOWN]
        draft.note("words_not_used", words=words, fields=list(unused))
