"""What every figure reader shares: limits, the words for periods and people, and small helpers.

The readers live one topic per module: rates (tok/s), volumes, quantities (concurrency, context),
percentages (cache hits, VAT) and mix. Each looks at numbers (already found, model names masked out) and
the words right after or around them, within the sentence. A figure that cannot be right (0 tok/s, 150 %
cache hits), that has two readings (per user or in total, per GPU or per node) or that is given twice
differently asks.
"""

from __future__ import annotations

import re

from bot.parse import grouped, lexicon
from bot.parse.lazyre import lazy
from bot.parse.numbers import NUMBER, Number, to_number

ABSURD_TOK_S = 10_000_000
MAX_MENTIONS = 24  # figures read per kind: a pasted log does not make the parser slow

# Who a head count counts and what runs side by side are the lexicon's lists (person_nouns, stream_nouns):
# one list for every reader. Who a per-stream rate is for adds the figures' own items and clients.
PEOPLE = grouped.by_letter("person_nouns")  # grouped by first letter: the list is long, the same matches
STREAMS = lexicon.alternation("stream_nouns")
STREAM_WHO = (
    rf"(?:{PEOPLE}|{STREAMS}|requests?|peticion(?:es)?|petici[oó]n|solicitud(?:es)?|repl(?:y|ies)|respuestas?|"
    r"heads?)"  # not "per client / por cliente": a customer as often as a stream, so a group (parseQ2)
)
CONCURRENT = r"(?:concurrent(?:ly)?|simultaneous(?:ly)?|parallel|active|concurrentes|simult[aá]ne[oa]s|paralel[oa]s|activ[oa]s)"


def mentions(nums: list[Number]) -> list[Number]:
    """The figures a reader looks at: all of a question's, and of a pasted log's those a person wrote
    ("latency_ms=101" and "10:01:11" make way for the question buried after them)."""
    if len(nums) <= MAX_MENTIONS * 4:
        return nums
    return [n for n in nums if not n.machine][: MAX_MENTIONS * 4]


def tail(text: str, number: Number, pattern: re.Pattern[str]) -> re.Match[str] | None:
    return pattern.match(text, number.end)


def first_number(raw: str) -> float | None:
    match = NUMBER.search(raw)
    number = to_number(match) if match else None
    return number.value if number else None


_ACCENTED = str.maketrans({"á": "[aá]", "é": "[eé]", "í": "[ií]", "ó": "[oó]", "ú": "[uú]"})


def plural_of(noun: str) -> str:
    """A pattern for a noun said once and counted in its plural: "company" / "4 companies", "región" /
    "3 regiones" (`counted` adds the s or es)."""
    noun = noun.lower()
    stem = re.escape(noun[:-1]) + "(?:y|ie)" if noun.endswith("y") else re.escape(noun)
    return stem.translate(_ACCENTED)


_FOLLOWS: dict[str, re.Pattern[str]] = {}  # noun -> its pattern: readers ask for the same few nouns per figure


def counted(text: str, nums: list[Number], noun: str, skip: Number | None = None) -> list[int]:
    """Whole numbers written right before `noun` ("50 users", "4 teams"), distinct, in order."""
    if (follows := _FOLLOWS.get(noun)) is None:
        if len(_FOLLOWS) > 256:
            _FOLLOWS.clear()
        follows = _FOLLOWS[noun] = lazy(rf"\s?(?:{noun})(?:s|es)?\b", re.I)
    counts = [
        round(n.value)
        for n in mentions(nums)
        if n is not skip
        and n.value >= 1
        and n.value.is_integer()
        and not n.multiplied
        and follows.match(text, n.end)
    ]
    return list(dict.fromkeys(counts))
