"""Counts × per-unit rates and volumes, as one small grammar over the sentence, in any order.

    COUNT  = a whole number before a group or person noun ("12 tenants", "300 engineers", "25 personas")
    EACH   = a word that hands the figure to every one of them ("each", "every one of", "apiece", "cada uno")
    FIGURE = a tok/s the rates reader took as the SLO, or a volume the volumes reader converted

A sentence holding COUNT, EACH and FIGURE (and no "in total") composes them:
- a group's tok/s adds up: "every one of our 12 tenants needs 250 tok/s" is 3,000 tok/s in total;
- a person's or a stream's tok/s is per stream: with "at once" the count is the concurrency ("25 people at
  once, each should get 40 tok/s"), without it the question asks how many are at it at once;
- a volume each, a group's or a person's, adds up: "300 engineers each use about 50k output tokens a day"
  is 15 M a day.
Words come from the lexicon (group_nouns, person_nouns, each, at_once, total). The count's span is marked
used, so the safety net (bot/parse/unused.py) knows which counts no reader took.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.numbers import Number, plain
from bot.parse.rate_units import TOK_S
from bot.parse.volumes import PERIOD_WORDS


@dataclass(frozen=True)
class Count:
    value: int
    start: int
    end: int
    group: bool | None  # a group (teams, tenants), people or streams, or not said ("300 of them")
    noun: str = ""  # the noun as typed: "tenants", "hospitals"


# "5,000 sessions a day" counts arrivals over a period, not heads.
_PER_PERIOD = re.compile(
    rf"\s*(?:an?|per|each|every|/|al|por|cada)?\s*(?:{'|'.join(PERIOD_WORDS.values())})\b", re.I
)
_THERE_ARE = re.compile(
    r"(?:there\s+are|we\s+have|we've\s+got|hay|tenemos|son)\s+(?:about\s+|around\s+|some\s+|unos?\s+|~)?$", re.I
)
_TIMES = re.compile(r"\s*[x×*]\s*", re.I)
_OF_THEM = re.compile(r"\s+of\s+(?:them|those|us)\b|\s+de\s+(?:ellos|ellas|nosotros)\b", re.I)


@cache
def _noun() -> re.Pattern[str]:
    return re.compile(
        r"\s+(?:(?!(?:per|por|of|de|a|an|for|para|at|in|en)\s)[^\W\d_][\w-]*\s+){0,2}?"
        rf"(?:(?P<group>{lexicon.alternation('group_nouns')})|(?P<person>{lexicon.alternation('person_nouns')}))(?!\w|'\w)",
        re.I,
    )


# Any plural noun counts when the question hands the figure to one of them by name: "8 hospitals … each
# hospital needs 300 tok/s", "12 sedes, 300 tok/s por sede". Not hardware, times or items (lexicon
# `not_counted`): "8 GPUs, each GPU …" is a per-GPU figure, read elsewhere.
_ANY_NOUN = re.compile(r"\s+(?:[^\W\d_][\w-]*\s+)?(?P<noun>[^\W\d_]{3,}s)(?!\w|'\w)", re.I)


@cache
def _echo(noun: str) -> re.Pattern[str]:
    """ "each hospital", "per tenant", "cada sede", "por cliente", "each one of the hospitals"."""
    low = noun.lower()
    stems = {
        low[:-1],
        low[:-2] if low.endswith("es") else low[:-1],
        low[:-3] + "y" if low.endswith("ies") else low,
    }
    alternation = "|".join(sorted(map(re.escape, stems), key=len, reverse=True))
    return re.compile(
        r"(?<![\w'])(?:each|every|per|por|cada|for\s+each|para\s+cada)\s+(?:single\s+|one\s+of\s+(?:the|our|those)\s+)?"
        rf"(?:{alternation})(?:s|es)?(?!\w|'\w)",
        re.I,
    )


def _echoed(text: str, noun: str) -> bool:
    if lexicon.pattern("not_counted").fullmatch(noun):
        return False
    return bool(_echo(noun).search(text))


@cache
def _word_count() -> re.Pattern[str]:
    words = sorted(lexicon.mapping("number_words"), key=len, reverse=True)
    # "two hundred engineers" is 200 (lexicon `number_scales`), never two
    scales = sorted(lexicon.mapping("number_scales"), key=len, reverse=True)
    return re.compile(
        rf"(?=[^\s\d])(?<![\w'])(?P<w>{'|'.join(map(re.escape, words))})(?:\s+(?P<scale>{'|'.join(scales)}))?(?=\s)",
        re.I,
    )


def _word_value(m: re.Match[str]) -> float:
    value = float(lexicon.mapping("number_words")[m.group("w").lower()])
    scale = m.group("scale")
    return value * float(lexicon.mapping("number_scales")[scale.lower()]) if scale else value


def counts(text: str, nums: list[Number]) -> list[Count]:
    """Every COUNT of the question: a whole number or a number word, at most two words before a group or
    person noun ("12 tenants", "twelve support agents", "doce clientes"), or "300 of them"."""
    starts = [(n.start, n.end, n.value) for n in nums if n.value >= 2 and n.value.is_integer()]
    starts += [
        (m.start(), m.end(), _word_value(m))
        for m in _word_count().finditer(text)
    ]
    out = []
    for start, end, value in starts:
        if TOK_S.match(text, end) or (start > 0 and text[start - 1] in ":/"):
            continue
        if (m := _noun().match(text, end)) and not _PER_PERIOD.match(text, m.end()):
            noun = m.group("group") or m.group("person")
            out.append(Count(round(value), start, m.end(), bool(m.group("group")), noun))
        elif them := _OF_THEM.match(text, end):
            out.append(Count(round(value), start, them.end(), None))
        elif (
            (m := _ANY_NOUN.match(text, end))
            and not _PER_PERIOD.match(text, m.end())
            and _echoed(text, m["noun"])
        ):
            out.append(Count(round(value), start, m.end(), True, m["noun"]))
        elif _THERE_ARE.search(text, max(0, start - 24), start) and re.match(r"\s*(?:[).,;:!?—–-]|$)", text[end:]):
            out.append(Count(round(value), start, end, None))  # "each team (there are 6)": "each" says what
    return sorted(out, key=lambda c: c.start)


_EACH_NOUN = re.compile(
    r"\b(?:each|every|per|cada|por)\s+(?:one\s+of\s+(?:the|our)\s+)?(?P<noun>[^\W\d_]+)", re.I
)


def _is_group(text: str, count: Count, start: int, end: int) -> bool:
    """Whether the count counts groups; for "300 of them", the noun after "each" says."""
    if count.group is not None:
        return count.group
    for m in _EACH_NOUN.finditer(text, start, end):
        if re.fullmatch(lexicon.alternation("group_nouns"), m.group("noun"), re.I):
            return True
    return False


def _figures(text: str, nums: list[Number], draft: Draft) -> list[tuple[str, Number]]:
    """The SLO figure as read: a tok/s equal to the SLO, or the volume that was converted into it."""
    slo = draft.fields.get("slo_tok_s")
    if (
        slo is None
        or draft.asked_about("slo_tok_s")
        or _noted(draft, "rate_multiplied", "volume_times_users")
    ):
        return []
    converted = next((n for n in draft.notes if n.code == "volume_converted"), None)
    # the volume as typed: converted, or before a share of it was taken ("200k tokens each, 80% input")
    said_volumes = {n.params["volume"] for n in draft.notes if n.code in ("volume_converted", "volume_share")}
    out = []
    for n in nums:
        if converted is None and TOK_S.match(text, n.end) and n.value == slo:
            out.append(("rate", n))
        elif converted is not None and plain(n.value) in said_volumes:
            out.append(("volume", n))
    return out


def _noted(draft: Draft, *codes: str) -> bool:
    return any(n.code in codes for n in draft.notes)


def read_composition(text: str, nums: list[Number], draft: Draft) -> None:
    every = counts(text, nums)
    for kind, figure in _figures(text, nums, draft)[:1]:
        start, end = sentence(text, figure.start)
        here = [c for c in every if start <= c.start < end]
        if not here and len(every) == 1 and _each(text, every[0], start, end):
            here = every  # "We have 12 tenants. Each needs 250 tok/s.", "12 tenants; per tenant 250 tok/s"
        if not here and (unknown := _unknown_count(text, nums, start, end)):
            # "15 call centers, 120 tok/s apiece": each of a thing the lexicon does not know, a group whose
            # rates add up or a person's stream: ask which, never guess
            draft.use(unknown.start, unknown.end, "slo_tok_s")
            draft.ask(ASK_SLO, "slo_kind_unclear", tok_s=plain(figure.value), users=unknown.value, who=unknown.noun)
            return
        if len(here) != 1 or lexicon.pattern("total").search(text, start, end):
            continue
        count = here[0]
        times = _TIMES.fullmatch(text, count.end, figure.start)  # "300 engineers × 50k output tokens a day"
        if not (times or _each(text, count, start, end) or _each(text, count, *sentence(text, count.start))):
            continue
        draft.use(count.start, count.end, "slo_tok_s")
        if kind == "volume":
            _volume_times(draft, count)
        elif _is_group(text, count, start, end):
            _rate_times(draft, count, figure)
        else:
            _per_stream(text, draft, count, start, end)


# "8 GPUs, 300 tok/s each": per GPU or in total? Hardware is never a head count, but "each" of it asks.
_HARDWARE = re.compile(
    r"gpus|cards|nodes|servers|machines|instances|replicas|pods|boxes|nodos|servidores|m[aá]quinas|"
    r"[hab]\d{2,3}[a-z]{0,3}s|l40s|mi\d{3}x?s", re.I
)
_GPU_PLURAL = re.compile(r"\s+(?:x\s*)?(?P<noun>[hab]\d{2,3}[a-z]{0,3}s|l40s|mi\d{3}x?s)(?!\w)", re.I)


def _unknown_count(text: str, nums: list[Number], start: int, end: int) -> Count | None:
    """A whole number before a plural noun no lexicon row names, in a sentence that says "each"."""
    if not lexicon.pattern("each").search(text, start, end):
        return None
    for n in nums:
        if not (start <= n.start < end) or n.value < 2 or not n.value.is_integer() or TOK_S.match(text, n.end):
            continue
        m = _ANY_NOUN.match(text, n.end) or _GPU_PLURAL.match(text, n.end)  # "8 H100s, 300 tok/s each"
        counted = not lexicon.pattern("not_counted").fullmatch(m["noun"]) if m else False
        if m and not _PER_PERIOD.match(text, m.end()) and (counted or _HARDWARE.fullmatch(m["noun"])):
            return Count(round(n.value), n.start, m.end(), None, m["noun"].lower())
    return None


def _each(text: str, count: Count, start: int, end: int) -> bool:
    """EACH: a word that hands the figure to every one ("each", "apiece", "cada uno"), or the count's own
    noun after "per"/"each"/"por"/"cada" ("per tenant", "cada sede")."""
    if lexicon.pattern("each").search(text, start, end):
        return True
    return bool(count.noun) and bool(_echo(count.noun).search(text, start, end))


def _rate_times(draft: Draft, count: Count, figure: Number) -> None:
    total = figure.value * count.value
    draft.fields["slo_tok_s"] = total
    if draft.fields.get("slo_kind") == "per_stream":  # "each" was the groups', not a stream's
        draft.fields.pop("slo_kind")
    draft.note("rate_multiplied", count=count.value, each=plain(figure.value), tok_s=plain(total))


_RATE_FIGURE = re.compile(r"\d[\d.,]*\s*[kK]?\s*(?:tok|t/s|tps|tokens)", re.I)


# "…, maybe 50 at the same time": a number right before the at-once words, at most two words between.
_NEXT_TO_AT_ONCE = re.compile(r"(?<![\w.,])\d+(?:\s+[^\W\d_]+){0,2}\s*$")


def _per_stream(text: str, draft: Draft, count: Count, start: int, end: int) -> None:
    draft.fields["slo_kind"] = "per_stream"
    # "25 people at once", "40 seats, all active": the at-once words follow the count, no figure between
    after = lexicon.pattern("at_once").search(text, count.end, min(max(end, count.end), count.end + 100))
    between = _RATE_FIGURE.sub(" ", text[count.end : after.start()]) if after else ""
    # "40 agents …, and all 40 are online together" is the same 40; "300 users, maybe 30 at once" is 30
    others = {float(d) for d in re.findall(r"\d+", between)} - {float(count.value)}
    # "60 reps …, about half of them online at once": a share of them, not all of them
    share = lexicon.pattern("share_of").search(between) if after else None
    at_once = after and not others and not share
    if (
        after
        and len(others) == 1
        and not share
        and (n := others.pop()) < count.value
        and n.is_integer()
        and _NEXT_TO_AT_ONCE.search(text, count.end, after.start())
    ):
        draft.set("concurrency", round(n))
        draft.asks = [(p, f) for p, f in draft.asks if f.code != "users_at_once"]
        return
    if "concurrency" in draft.fields and draft.fields["concurrency"] != count.value:
        return  # "300 users, maybe 30 at once": the concurrency reader read it
    if draft.fields.get("concurrency") == count.value or at_once:
        draft.set("concurrency", count.value)
        # "40 seats, all active": the question the concurrency reader asked is answered
        draft.asks = [(p, f) for p, f in draft.asks if f.code != "users_at_once"]
    elif "concurrency" not in draft.fields and not draft.asked_about("concurrency"):
        draft.ask(ASK_SLO, "users_at_once", users=count.value)


def _volume_times(draft: Draft, count: Count) -> None:
    i, converted = next((i, n) for i, n in enumerate(draft.notes) if n.code == "volume_converted")
    params = dict(converted.params)
    draft.fields["slo_tok_s"] *= count.value
    said = {"volume": params["volume"], "users": count.value, "period": params["period"]}
    params["volume"] = plain(params["volume"] * count.value)
    params["tok_s"] = round(draft.fields["slo_tok_s"], 1)
    draft.notes[i] = converted.model_copy(update={"params": params})
    draft.notes.insert(i, type(converted)(code="volume_times_users", params=said))
