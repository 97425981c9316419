"""COUNT, the grammar's first part (bot/parse/compose.py): a whole number or a number word before a group or
person noun ("12 tenants", "twelve support agents", "doce clientes", "300 of them"), or before any plural
noun the question names again after each/per/cada ("8 hospitals … each hospital"). The nouns are the
lexicon's (group_nouns, person_nouns, not_counted); "5,000 sessions a day" counts arrivals, not heads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from bot.parse import grouped, lexicon, spelled
from bot.parse.compose_forms import echo, share_before  # noqa: F401  echo: compose reads it here
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.rate_units import TOK_S
from bot.parse.volume_forms import PERIOD_WORDS


@dataclass(frozen=True)
class Count:
    value: int
    start: int
    end: int
    group: bool | None  # a group (teams, tenants), people or streams, or not said ("300 of them")
    noun: str = ""  # the noun as typed: "tenants", "hospitals"
    at_once: bool = False  # said as running at once: "250 voice bots concurrently" are streams


# "5,000 sessions a day" counts arrivals over a period, not heads.
PER_PERIOD = lazy(
    rf"\s*(?:an?|per|each|every|/|al|por|cada)?\s*(?:{'|'.join(PERIOD_WORDS.values())})\b", re.I
)


@cache
def _there_are() -> re.Pattern[str]:  # lexicon `there_are`, `count_about`: "each team (there are 6)"
    return lazy(rf"{lexicon.alternation('there_are')}\s+(?:{lexicon.alternation('count_about')}\s+|~)?$", re.I)


@cache
def _year_before() -> re.Pattern[str]:  # lexicon `year_before`: "in 2024", "since 2023", "desde 2022"
    return lazy(rf"(?<!\w)(?:{lexicon.alternation('year_before')})\s+$", re.I)


@cache
def _heads_before() -> re.Pattern[str]:  # lexicon `headcount_before`: "headcount: 900", "plantilla de 450"
    return lazy(rf"(?:{lexicon.alternation('headcount_before')})\s*(?:(?:{lexicon.alternation('count_about')})\s+|~\s*)?$", re.I)


@cache
def _heads_after() -> re.Pattern[str]:  # lexicon `headcount_after`: "a 600-person company", "1,500 strong"
    return lazy(rf"(?:{lexicon.alternation('headcount_after')})", re.I)


def heads(text: str, nums: list[Number]) -> list[int]:
    """The head counts said as their own clause ("headcount: 900", "a staff of 450", "la plantilla ronda las
    1.200"), distinct, in order: people a per-person volume is times (bot/parse/volumes.py)."""
    return list(dict.fromkeys(c.value for c in counts(text, nums) if c.group is False and c.noun == "heads"))


@cache
def _of_them() -> re.Pattern[str]:  # lexicon `count_of_them`: "300 of them", "300 de ellos"
    return lazy(rf"\s+{lexicon.alternation('count_of_them')}\b", re.I)


@cache
def _noun() -> re.Pattern[str]:
    return lazy(
        # the last noun of the phrase is the head: "120 customer service agents" counts agents, not customers
        r"\s+(?:(?!(?:per|por|of|de|a|an|for|para|at|in|en|each|every|cada|with|con|the|el|la|los|las)\s)[^\W\d_][\w-]*\s+){0,2}"
        rf"(?:(?P<group>{grouped.by_letter('group_nouns')})|(?P<person>{grouped.by_letter('person_nouns')}|{lexicon.alternation('stream_nouns')}))(?!\w|'\w)",
        re.I,
    )


# Any plural noun counts when the question hands the figure to one of them by name: "8 hospitals … each
# hospital needs 300 tok/s", "12 sedes, 300 tok/s por sede". Not hardware, times or items (lexicon
# `not_counted`): "8 GPUs, each GPU …" is a per-GPU figure, read elsewhere.
# Up to two words before it: "18 regional support queues … each queue" (the head said alone, parseZ).
ANY_NOUN = lazy(r"\s+(?:[^\W\d_][\w-]*\s+){0,2}?(?P<noun>[^\W\d_]{3,}s)(?!\w|'\w)", re.I)


# A list's or a config's label whose value is the count ("- business units: 5", "regiones = 4"): counted when the
# question hands a figure to one of them by name ("per region") or by the label's initials ("per BU").
_LABEL = lazy(r"(?:^|\n)[ \t]*(?:[-*•>][ \t]*)?(?P<label>(?:[^\W\d_]+[ \t]+){0,2}(?P<noun>[^\W\d_]{3,}s))[ \t]*[:=][ \t]*$", re.I)
_LINE_END = lazy(r"[ \t]*(?:[,;]|\n|$)")


def _initials(label: str) -> str:
    words = label.lower().split()
    return "".join(w[0] for w in words) if len(words) > 1 else ""


def _label_echoed(text: str, label: str, noun: str) -> bool:
    short = _initials(label)  # "business units … per BU": the label's initials, whatever its last noun
    if not short and lexicon.pattern("not_counted").fullmatch(noun):
        return False
    return bool(not lexicon.pattern("not_counted").fullmatch(noun) and echo(noun).search(text)) or bool(
        short and re.search(rf"(?<!\w)(?:per|each|every|por|cada)\s+{short}s?(?!\w)", text, re.I)
    )


_PLURAL = lazy(r"\s+(?P<noun>[^\W\d_]{3,}s)(?!\w|'\w)", re.I)


@cache
def _at_once_noun() -> re.Pattern[str]:
    """ "250 voice bots concurrently", "500 devices online simultaneously", "200 bots de voz simultáneos", "60 live
    calls at once": what runs at once is a stream, whatever the noun (a bot, a call, a device), unless hardware
    (lexicon `hardware_nouns`: "8 GPUs in parallel"). At most two words between the noun and the at-once words."""
    return lazy(
        r"\s+(?:[^\W\d_][\w-]*\s+)??(?P<noun>[^\W\d_]{3,}s)(?!\w|'\w)(?:\s+(?:de|del)\s+[^\W\d_]+)?(?:\s+[^\W\d_]+)?"
        rf"\s+(?={lexicon.alternation('at_once')}(?!\w))",
        re.I,
    )


def _each_of(text: str, start: int) -> bool:
    """ "each of the 7 hospitals", "cada uno de los 7 hospitales": the figure is handed to every one of them."""
    return bool(lead("each_of_count").search(text, max(0, start - 40), start))


def _for_count(text: str, start: int) -> bool:
    """ "for our 12 customers", "para 20 clínicas", "serving 8 tenants": what the figure is for."""
    return bool(lead("count_for").search(text, max(0, start - 40), start))


@cache
def lead(concept: str) -> re.Pattern[str]:
    """A concept's words right before a position ("for our", "each of the")."""
    return lazy(rf"(?:{lexicon.alternation(concept)})\s+$", re.I)


def of_noun(text: str, nums: list[Number], noun: str) -> list[int]:
    """The counts of a noun said once per unit ("cada oficina", "per office"), in any form `counts` reads:
    "twelve regional offices", "doce oficinas regionales"."""
    plural = lazy(rf"{noun}(?:s|es)?", re.I)
    return list(
        dict.fromkeys(
            c.value
            for c in counts(text, nums)
            if c.noun and (plural.fullmatch(c.noun) or plural.fullmatch(c.noun.split()[-1]) or _initials(c.noun) == noun)
        )
    )


def _runs_at_once(text: str, noun: str) -> bool:
    """A noun said to run at once is a stream when the lexicon counts it or the question names it again ("per
    device"), never hardware nor a group the lexicon does not say runs as a stream (`stream_at_once_nouns`):
    "10 están activos a la vez" counts no "activos", "3 regions at the same time" stay regions."""
    if lexicon.pattern("hardware_nouns").fullmatch(noun):
        return False
    # "3 regions at the same time" are still regions whose rates add up; bots, calls, devices at once are streams
    if lexicon.pattern("group_nouns").fullmatch(noun) and not lexicon.pattern("stream_at_once_nouns").fullmatch(noun):
        return False
    return bool(_noun().match(" " + noun)) or bool(echo(noun).search(text))


def _echoed(text: str, noun: str) -> bool:
    if lexicon.pattern("not_counted").fullmatch(noun):
        return False
    return bool(echo(noun).search(text))


@cache
def _word_count() -> re.Pattern[str]:
    words = sorted(lexicon.mapping("number_words"), key=len, reverse=True)
    # "two hundred engineers" is 200 (lexicon `number_scales`), never two
    scales = sorted(lexicon.mapping("number_scales"), key=len, reverse=True)
    return lazy(
        rf"(?=[^\s\d])(?<![\w'])(?P<w>{'|'.join(map(re.escape, words))})(?:\s+(?P<scale>{'|'.join(scales)}))?(?=\s|-[^\W\d_]|[).,;:!?](?!\w)|$)",  # "(we have seven)", "twenty-two"
        re.I,
    )


def _word_value(m: re.Match[str]) -> float:
    value = float(lexicon.mapping("number_words")[m.group("w").lower()])
    scale = m.group("scale")
    return value * float(lexicon.mapping("number_scales")[scale.lower()]) if scale else value


_LAST: dict[tuple, list[Count]] = {}  # the last question's counts: readers ask per figure (a 4,000-character paste)


def counts(text: str, nums: list[Number]) -> list[Count]:
    """Every COUNT of the question: a whole number or a number word, at most two words before a group or
    person noun ("12 tenants", "twelve support agents", "doce clientes"), or "300 of them"."""
    key = (text, tuple((n.start, n.end, n.value) for n in nums))
    if (found := _LAST.get(key)) is None:
        _LAST.clear()
        found = _LAST[key] = _counts(text, nums)
    return list(found)


def whole_numbers(text: str, nums: list[Number]) -> list[tuple[int, int, float]]:
    """(start, end, value) of every whole number from 2 up, in digits or in words ("tres mil quinientos",
    "two hundred and fifty", "twenty-two", "veintidós"): what a count may be."""
    starts = [(n.start, n.end, n.value) for n in nums if n.value >= 2 and n.value.is_integer()]
    said_to = -1
    for m in _word_count().finditer(text):  # "tres mil quinientos usuarios", "two hundred and fifty engineers"
        if m.start() < said_to:
            continue  # "quinientos" of "dos mil quinientos", "two" of "twenty-two"
        end, value = spelled.run_at(text, m.start()) or (m.end(), _word_value(m))
        starts.append((m.start(), max(end, m.end()), value if end >= m.end() else _word_value(m)))
        said_to = end
    return starts


def _counts(text: str, nums: list[Number]) -> list[Count]:
    out = []
    for start, end, value in whole_numbers(text, nums):
        said = None
        if 1900 <= value <= 2100 and _year_before().search(text, max(0, start - 16), start):
            continue  # "Back in 2024 every team…", "En 2024 cada equipo…": a year, not a count
        if TOK_S.match(text, end) or (start > 0 and text[start - 1] in ":/"):
            continue
        if share_before().search(text, max(0, start - 40), start):
            continue  # "one in ten users", "uno de cada diez usuarios": a share, not a head count
        if (m := _at_once_noun().match(text, end)) and _runs_at_once(text, m["noun"]):
            out.append(Count(round(value), start, m.end("noun"), False, m["noun"], at_once=True))  # streams at once
        elif (m := _noun().match(text, end)) and not PER_PERIOD.match(text, m.end()):
            noun = m.group("group") or m.group("person")
            out.append(Count(round(value), start, m.end(), bool(m.group("group")), noun))
        elif them := _of_them().match(text, end):
            out.append(Count(round(value), start, them.end(), None))
        elif (
            (m := ANY_NOUN.match(text, end))
            and not PER_PERIOD.match(text, m.end())
            and _echoed(text, m["noun"])
        ):
            out.append(Count(round(value), start, m.end(), True, m["noun"]))
        elif (
            (m := _PLURAL.match(text, end) or ANY_NOUN.match(text, end))  # "7 hospitals needs": the first plural
            and not PER_PERIOD.match(text, m.end())
            and (_each_of(text, start) or _for_count(text, start))
            and not lexicon.pattern("not_counted").fullmatch(m["noun"])
        ):  # "each of the 7 hospitals", "for 20 clinics": a group or people, the lexicon does not say which
            out.append(Count(round(value), start, m.end(), None, m["noun"]))
        elif (
            (lab := _LABEL.search(text, max(0, start - 48), start))
            and _LINE_END.match(text, end)
            and _label_echoed(text, lab["label"], lab["noun"])
        ):  # "- regions: 4 … tok/s per region", "- business units: 5 … per BU"
            out.append(Count(round(value), start, end, None, lab["label"].lower()))
        elif _heads_before().search(text, max(0, start - 48), start) or (said := _heads_after().match(text, end)):
            out.append(Count(round(value), start, said.end() if said else end, False, "heads"))  # people, said apart
        elif _there_are().search(text, max(0, start - 24), start) and re.match(r"\s*(?:[).,;:!?—–-]|$)", text[end:]):
            out.append(Count(round(value), start, end, None))  # "each team (there are 6)": "each" says what
    # "40 bots, 30 tok/s per bot, all running at the same time": bots said at once later in the sentence are streams
    out = [_at_once_later(text, c) for c in out]
    return sorted(out, key=lambda c: c.start)


def _at_once_later(text: str, count: Count) -> Count:
    if not count.group or not lexicon.pattern("stream_at_once_nouns").fullmatch(count.noun):
        return count
    if not lexicon.pattern("at_once").search(text, count.end, sentence(text, count.start)[1]):
        return count
    return Count(count.value, count.start, count.end, False, count.noun, at_once=True)
