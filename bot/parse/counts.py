"""COUNT, the grammar's first part (bot/parse/compose.py): a whole number or a number word before a group or
person noun ("12 tenants", "twelve support agents", "doce clientes", "300 of them"), or before any plural
noun the question names again after each/per/cada ("8 hospitals … each hospital"). The nouns are the
lexicon's (group_nouns, person_nouns, not_counted); "5,000 sessions a day" counts arrivals, not heads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from bot.parse import count_words, lexicon, named_lists, spelled
from bot.parse.compose_forms import share
from bot.parse.count_nouns import (
    ANY_NOUN,
    LABEL,
    LINE_END,
    PER_PERIOD,
    PLURAL,
    at_once_noun,
    count_noun,
    doer_beside_rate,
    doer_next,
    each_of,
    echoed,
    for_count,
    heads_after,
    heads_before,
    initials,
    label_echoed,
    of_them,
    runs_at_once,
    there_are,
    year_before,
)
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.rate_units import TOK_S


@dataclass(frozen=True)
class Count:
    value: int
    start: int
    end: int
    group: bool | None  # a group (teams, tenants), people or streams, or not said ("300 of them")
    noun: str = ""  # the noun as typed: "tenants", "hospitals"
    at_once: bool = False  # said as running at once: "250 voice bots concurrently" are streams


def heads(text: str, nums: list[Number]) -> list[int]:
    """The head counts said as their own clause ("headcount: 900", "a staff of 450", "la plantilla ronda las
    1.200"), distinct, in order: people a per-person volume is times (bot/parse/volumes.py)."""
    return list(dict.fromkeys(c.value for c in counts(text, nums) if c.group is False and c.noun == "heads"))


def of_noun(text: str, nums: list[Number], noun: str) -> list[int]:
    """The counts of a noun said once per unit ("cada oficina", "per office"), in any form `counts` reads:
    "twelve regional offices", "doce oficinas regionales"."""
    plural = lazy(rf"{noun}(?:s|es)?", re.I)
    # "150 tok/s per production line, and there are 9 lines": the unit's head said alone counts it
    head = lazy(rf"{noun.split()[-1]}(?:s|es)?", re.I) if " " in noun else None
    return list(
        dict.fromkeys(
            c.value
            for c in counts(text, nums)
            if c.noun
            and (plural.fullmatch(c.noun) or plural.fullmatch(c.noun.split()[-1]) or initials(c.noun) == noun or (head and head.fullmatch(c.noun)) or _said_as(text, c.end, plural))
        )
    )


def _said_as(text: str, end: int, plural: re.Pattern[str]) -> bool:
    """ "14 law-firm clients as separate tenants … per tenant": the count is of the noun it is said as (lexicon `count_as`)."""
    m = _as().match(text, end)
    return m is not None and plural.fullmatch(m["noun"]) is not None


@cache
def _as() -> re.Pattern[str]:
    return lazy(rf"\s*,?\s+(?:{lexicon.alternation('count_as')})\s+(?P<noun>[^\W\d_]{{3,}})", re.I)


@cache
def _not_number() -> re.Pattern[str]:
    return lazy(lexicon.alternation("number_word_not"), re.I)


@cache
def _qualified_after() -> re.Pattern[str]:
    return lazy(rf"\s+(?:{lexicon.alternation('people_qualifier_after')}){lexicon.WORD_END}", re.I)  # "5.000 clientes registrados"


def people_of(text: str, nums: list[Number], group: str) -> bool:
    """Whether the group noun's count is said of people ("5,000 registered customers … every customer"): their speed is
    each one's stream, composed as people (lexicon `people_qualifier`)."""
    plural = lazy(rf"{re.escape(group)}(?:s|es)?", re.I)
    return any(c.group is False and c.noun and plural.fullmatch(c.noun.split()[-1]) for c in counts(text, nums))


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
        if m.start() < said_to or any(n.start < m.start() < n.end for n in nums) or _not_number().match(text, m.start()):
            continue  # …and "once every branch joins" (lexicon `number_word_not`)  # "quinientos" of "dos mil quinientos", "two" of "twenty-two", "mil" of "10 mil"
        end, value = spelled.run_at(text, m.start()) or (m.end(), _word_value(m))
        end = count_words.end_of(text, m.start(), max(end, m.end()))  # "dos docenas de sucursales"
        said_to = end
        if (value if end >= m.end() else _word_value(m)) < 2:
            continue  # "one branch", "un ayuntamiento": one of them, no count
        starts.append((m.start(), end, value if end >= m.end() else _word_value(m)))
    return starts


def _counts(text: str, nums: list[Number]) -> list[Count]:
    out = []
    for start, end, value in whole_numbers(text, nums):
        said = None
        if 1900 <= value <= 2100 and year_before().search(text, max(0, start - 16), start):
            continue  # "Back in 2024 every team…", "En 2024 cada equipo…": a year, not a count
        if TOK_S.match(text, end) or (start > 0 and text[start - 1] in ":/"):
            continue
        if share(text, start, end):
            continue  # "one in ten users", "uno de cada diez usuarios": a share, not a head count
        if (m := at_once_noun().match(text, end)) and runs_at_once(text, m["noun"]):
            out.append(Count(round(value), start, m.end("noun"), False, m["noun"], at_once=True))  # streams at once
        elif (m := count_noun().match(text, end)) and not PER_PERIOD.match(text, m.end()) and not (m["group"] and doer_next(text, m.end())):
            noun = m.group("group") or m.group("person")
            # "5,000 registered customers": people with an account, each one's speed a stream (lexicon `people_qualifier`)
            group = bool(m.group("group")) and not lexicon.pattern("people_qualifier").search(text, end, m.start("group")) and not _qualified_after().match(text, m.end())
            out.append(Count(round(value), start, m.end(), group, noun))
        elif them := of_them().match(text, end):
            out.append(Count(round(value), start, them.end(), None))
        elif (
            (m := ANY_NOUN.match(text, end))
            and not PER_PERIOD.match(text, m.end())
            and echoed(text, m["noun"])
        ):
            # "1,800 tellers … each teller": one who does something may be a person with a stream (lexicon `person_suffix`)
            out.append(Count(round(value), start, m.end(), None if lexicon.pattern("person_suffix").fullmatch(m["noun"].split()[-1]) else True, m["noun"]))
        elif m := doer_beside_rate(text, nums, start, end):
            out.append(Count(round(value), start, m.end(), None, m["noun"]))  # "The 120 claims handlers need 35 tok/s"
        elif (
            (m := PLURAL.match(text, end) or ANY_NOUN.match(text, end))  # "7 hospitals needs": the first plural
            and not PER_PERIOD.match(text, m.end())
            and (each_of(text, start) or for_count(text, start))
            and not lexicon.pattern("not_counted").fullmatch(m["noun"])
        ):  # "each of the 7 hospitals", "for 20 clinics": a group or people, the lexicon does not say which
            out.append(Count(round(value), start, m.end(), None, m["noun"]))
        elif (
            (lab := LABEL.search(text, max(0, start - 48), start))
            and LINE_END.match(text, end)
            and label_echoed(text, lab["label"], lab["noun"])
        ):  # "- regions: 4 … tok/s per region", "- business units: 5 … per BU"
            out.append(Count(round(value), start, end, None, lab["label"].lower()))
        elif heads_before().search(text, max(0, start - 48), start) or (said := heads_after().match(text, end)):
            out.append(Count(round(value), start, said.end() if said else end, False, "heads"))  # people, said apart
        elif there_are().search(text, max(0, start - 24), start) and re.match(r"\s*(?:[).,;:!?—–-]|$)", text[end:]):
            out.append(Count(round(value), start, end, None))  # "each team (there are 6)": "each" says what
    out += _names_of(out, [_named(text, n, start, end, noun) for n, start, end, noun in named_lists.named(text)])
    # "40 bots, 30 tok/s per bot, all running at the same time": bots said at once later in the sentence are streams
    out = sorted((_at_once_later(text, c) for c in out), key=lambda c: c.start)
    out = count_words.products(text, out)  # "4 oficinas de 60 personas": 240 people
    return [_of_whom(out, c) for c in out]


def _names_of(out: list[Count], named: list[Count]) -> list[Count]:
    """ "each of the three filiales (Chile, Perú y Colombia)": a list that names a count's units says what they are
    (a count whose kind the lexicon did not say takes the list's), and is no second count."""
    for n in named:
        same = [i for i, c in enumerate(out) if c.value == n.value and c.noun.lower() == n.noun.lower()]
        for i in same:
            if out[i].group is None:
                out[i] = Count(out[i].value, out[i].start, out[i].end, n.group, out[i].noun, out[i].at_once)
    return [n for n in named if not any(c.value == n.value and c.noun.lower() == n.noun.lower() for c in out)]


def _named(text: str, value: int, start: int, end: int, noun: str) -> Count:
    """A named list (bot/parse/named_lists.py): people when its noun is a person's, else units whose rates add up."""
    said = count_noun().match(" " + noun) if noun else None
    return Count(value, start, end, not (said and said["person"]), noun)


def _of_whom(out: list[Count], count: Count) -> Count:
    """ "We host three brands (…). The three of them need…": "N of them" counts the noun said before with N."""
    if count.noun or count.group is not None:
        return count
    before = next((c for c in reversed(out) if c.end <= count.start and c.value == count.value and c.noun), None)
    return Count(count.value, count.start, count.end, before.group, before.noun, before.at_once) if before else count


def _at_once_later(text: str, count: Count) -> Count:
    if not count.group or not lexicon.pattern("stream_at_once_nouns").fullmatch(count.noun):
        return count
    if not lexicon.pattern("at_once").search(text, count.end, sentence(text, count.start)[1]):
        return count
    return Count(count.value, count.start, count.end, False, count.noun, at_once=True)
