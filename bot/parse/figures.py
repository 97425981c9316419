"""What every figure reader shares: limits, the words for periods and people, and small helpers.

The readers live one topic per module: rates (tok/s), volumes, quantities (concurrency, context),
percentages (cache hits, VAT) and mix. Each looks at numbers (already found, model names masked out) and
the words right after or around them, within the sentence. A figure that cannot be right (0 tok/s, 150 %
cache hits), that has two readings (per user or in total, per GPU or per node) or that is given twice
differently asks.
"""

from __future__ import annotations

import re

from bot.parse.lazyre import lazy
from bot.parse.numbers import NUMBER, Number, to_number

ABSURD_TOK_S = 10_000_000
MAX_MENTIONS = 24  # figures read per kind: a pasted log does not make the parser slow

# Who a per-stream rate is for, and who a head count counts.
STREAM_WHO = (
    r"(?:users?|usuarios?|streams?|requests?|peticion(?:es)?|petici[oó]n|solicitud(?:es)?|conversations?|"
    r"conversaci[oó]n(?:es)?|clients?|clientes?|agents?|agentes?|repl(?:y|ies)|respuestas?|seats?|sessions?|"
    r"sesi[oó]n(?:es)?|persons?|personas?|heads?|engineers?|devs?|developers?|ingenieros?|desarrolladores?|people|"
    r"employees?|empleados?|members?|miembros?|analysts?|analistas?|lawyers?|abogados?|operators?|operadores?|"
    r"agents?|reps?|students?|estudiantes?|doctors?|m[eé]dicos?|nurses?|traders?|puestos?|licencias?|licenses?)"
)
PEOPLE = (
    r"(?:users?|usuarios?|engineers?|ingenieros?|devs?|developers?|desarrolladores?|people|persons?|personas?|"
    r"seats?|employees?|empleados?|members?|miembros?|analysts?|analistas?|lawyers?|abogados?|operators?|operadores?|"
    r"students?|estudiantes?|doctors?|m[eé]dicos?|nurses?|traders?|puestos?|licencias?|licenses?)"
)
# What runs side by side by nature: "50 streams at 40 tok/s" are 50 at once (50 users may not be).
STREAMS = (
    r"(?:streams?|sessions?|agents?|chats?|conversations?|connections?|sesi[oó]n(?:es)?|agentes?|"
    r"conversaci[oó]n(?:es)?|conexi[oó]n(?:es)?)"
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


def counted(text: str, nums: list[Number], noun: str, skip: Number | None = None) -> list[int]:
    """Whole numbers written right before `noun` ("50 users", "4 teams"), distinct, in order."""
    follows = lazy(rf"\s?(?:{noun})(?:s|es)?\b", re.I)
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
