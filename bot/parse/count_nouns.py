"""The words around a number that make it a COUNT (bot/parse/counts.py reads them): the group, person or stream
noun after it ("12 tenants", "120 customer service agents"), a plural the question names again ("8 hospitals …
each hospital"), a label whose value it is ("- regions: 4"), the words that run it at once ("250 voice bots
concurrently"), and the words before it that say a year, a head count or what the figure is for ("in 2024",
"headcount: 900", "for our 12 customers"). The words are the lexicon's.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import grouped, lexicon
from bot.parse.compose_forms import echo
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.rate_units import TOK_S
from bot.parse.volume_forms import PERIOD_WORDS

# "5,000 sessions a day" counts arrivals over a period, not heads.
PER_PERIOD = lazy(
    rf"\s*(?:an?|per|each|every|/|al|por|cada)?\s*(?:{'|'.join(PERIOD_WORDS.values())})\b", re.I
)


@cache
def there_are() -> re.Pattern[str]:  # lexicon `there_are`, `count_about`: "each team (there are 6)"
    return lazy(rf"{lexicon.alternation('there_are')}\s+(?:{lexicon.alternation('count_about')}\s+|~)?$", re.I)


@cache
def year_before() -> re.Pattern[str]:  # lexicon `year_before`: "in 2024", "since 2023", "desde 2022"
    return lazy(rf"(?<!\w)(?:{lexicon.alternation('year_before')})\s+$", re.I)


@cache
def heads_before() -> re.Pattern[str]:  # lexicon `headcount_before`: "headcount: 900", "plantilla de 450"
    return lazy(rf"(?:{lexicon.alternation('headcount_before')})\s*(?:(?:{lexicon.alternation('count_about')})\s+|~\s*)?$", re.I)


@cache
def heads_after() -> re.Pattern[str]:  # lexicon `headcount_after`: "a 600-person company", "1,500 strong"
    return lazy(rf"(?:{lexicon.alternation('headcount_after')})", re.I)


@cache
def of_them() -> re.Pattern[str]:  # lexicon `count_of_them`: "300 of them", "300 de ellos"
    return lazy(rf"\s+{lexicon.alternation('count_of_them')}\b", re.I)


@cache
def count_noun() -> re.Pattern[str]:
    return lazy(
        # the last noun of the phrase is the head: "120 customer service agents" counts agents, not customers
        # "200 ejecutivos del banco", "40 nurses from the ward": the noun before "del"/"from" is the head
        r"\s+(?:(?!(?:per|por|of|de|del|al|from|desde|a|an|for|para|at|in|en|each|every|cada|with|con|the|el|la|los|las)\s)[^\W\d_][\w-]*\s+){0,2}"
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
LABEL = lazy(r"(?:^|\n)[ \t]*(?:[-*•>][ \t]*)?(?P<label>(?:[^\W\d_]+[ \t]+){0,2}(?P<noun>[^\W\d_]{3,}s))[ \t]*[:=][ \t]*$", re.I)
LINE_END = lazy(r"[ \t]*(?:[,;]|\n|$)")


def initials(label: str) -> str:
    words = label.lower().split()
    return "".join(w[0] for w in words) if len(words) > 1 else ""


def label_echoed(text: str, label: str, noun: str) -> bool:
    short = initials(label)  # "business units … per BU": the label's initials, whatever its last noun
    if not short and lexicon.pattern("not_counted").fullmatch(noun):
        return False
    return bool(not lexicon.pattern("not_counted").fullmatch(noun) and echo(noun).search(text)) or bool(
        short and re.search(rf"(?<!\w)(?:per|each|every|por|cada)\s+{short}s?(?!\w)", text, re.I)
    )


PLURAL = lazy(r"\s+(?P<noun>[^\W\d_]{3,}s)(?!\w|'\w)", re.I)


@cache
def at_once_noun() -> re.Pattern[str]:
    """ "250 voice bots concurrently", "500 devices online simultaneously", "200 bots de voz simultáneos", "60 live
    calls at once": what runs at once is a stream, whatever the noun (a bot, a call, a device), unless hardware
    (lexicon `hardware_nouns`: "8 GPUs in parallel"). At most two words between the noun and the at-once words."""
    return lazy(
        r"\s+(?:[^\W\d_][\w-]*\s+)??(?P<noun>[^\W\d_]{3,}s)(?!\w|'\w)(?:\s+(?:de|del)\s+[^\W\d_]+)?(?:\s+[^\W\d_]+)?"
        rf"\s+(?={lexicon.alternation('at_once')}(?!\w))",
        re.I,
    )


def each_of(text: str, start: int) -> bool:
    """ "each of the 7 hospitals", "cada uno de los 7 hospitales": the figure is handed to every one of them."""
    return bool(lead("each_of_count").search(text, max(0, start - 40), start))


def for_count(text: str, start: int) -> bool:
    """ "for our 12 customers", "para 20 clínicas", "serving 8 tenants": what the figure is for."""
    return bool(lead("count_for").search(text, max(0, start - 40), start))


@cache
def lead(concept: str) -> re.Pattern[str]:
    """A concept's words right before a position ("for our", "each of the")."""
    return lazy(rf"(?:{lexicon.alternation(concept)})\s+$", re.I)


def runs_at_once(text: str, noun: str) -> bool:
    """A noun said to run at once is a stream when the lexicon counts it or the question names it again ("per
    device"), never hardware nor a group the lexicon does not say runs as a stream (`stream_at_once_nouns`):
    "10 están activos a la vez" counts no "activos", "3 regions at the same time" stay regions."""
    if lexicon.pattern("hardware_nouns").fullmatch(noun):
        return False
    # "3 regions at the same time" are still regions whose rates add up; bots, calls, devices at once are streams
    if lexicon.pattern("group_nouns").fullmatch(noun) and not lexicon.pattern("stream_at_once_nouns").fullmatch(noun):
        return False
    return bool(count_noun().match(" " + noun)) or bool(echo(noun).search(text))


def echoed(text: str, noun: str) -> bool:
    if lexicon.pattern("not_counted").fullmatch(noun):
        # "150 tok/s per production line, and there are 9 lines": a never-counted word counts when the question
        # names it in full as a unit ("production line"), never as itself ("each line of the file")
        return any(_EACH_WORD.sub("", m[0]) != m[0] and _unit_named(_EACH_WORD.sub("", m[0])) for m in echo(noun).finditer(text))
    return bool(echo(noun).search(text))


_EACH_WORD = lazy(r"^\S+\s+", re.I)


def _unit_named(phrase: str) -> bool:
    return len(phrase.split()) > 1 and bool(lexicon.pattern("group_nouns").fullmatch(phrase))


@cache
def _doer() -> re.Pattern[str]:  # "120 claims handlers", "90 gestores": one who does something (`person_suffix`)
    return lazy(rf"\s+(?:[^\W\d_][\w-]*\s+)?(?P<noun>{lexicon.alternation('person_suffix')})(?!\w|'\w)", re.I)


def doer_beside_rate(text: str, nums: list[Number], start: int, end: int) -> re.Match[str] | None:
    """A doer counted in the tok/s's sentence ("The 120 claims handlers need 35 tok/s"), no item nor hardware:
    its figure may be each one's stream or all of theirs, so the count is kept for compose and the safety net."""
    if not (m := _doer().match(text, end)) or PER_PERIOD.match(text, m.end()) or lexicon.pattern("not_counted").fullmatch(m["noun"]):
        return None
    lo, hi = sentence(text, start)
    return m if any(lo <= n.start < hi and TOK_S.match(text, n.end) for n in nums) else None


@cache
def _doer_next() -> re.Pattern[str]:
    return lazy(rf"\s+(?:{lexicon.alternation('person_suffix')})(?!\w|'\w)", re.I)


def doer_next(text: str, end: int) -> bool:
    """A doer right after a group noun is the head: "900 bank tellers", "40 store cashiers" count people."""
    return bool(_doer_next().match(text, end))
