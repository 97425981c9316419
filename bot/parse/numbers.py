"""Numbers as engineers type them: 300, 300.5, 12k, 12K, 12,000, 12 000, 12.000, 2.5k, 1.2M, 26 million, 3e5.

Values are computed in Decimal so "0.3k" is exactly 300, then handed out as float. A comma followed by
exactly three digits groups thousands (12,000); any other comma is a decimal comma (2,5k). A dot followed
by groups of exactly three digits groups thousands too (Spanish 12.000, 1.500 millones) unless a short
multiplier follows (1.200M is 1.2 M); a dot with any other digit count is a decimal point.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

_MULTIPLIERS = {
    "k": 10**3, "thousand": 10**3, "mil": 10**3,
    "m": 10**6, "mm": 10**6, "mn": 10**6, "mln": 10**6, "million": 10**6, "millions": 10**6,
    "millón": 10**6, "millon": 10**6, "millones": 10**6,
    "b": 10**9, "bn": 10**9, "billion": 10**9, "billions": 10**9, "milmillones": 10**9,
}  # fmt: skip

NUMBER = re.compile(
    r"""
    (?:(?:(?<=[\s(:=¿~≈])|^)(?P<sign>[-−]))?
    (?<![\w.,/])
    (?:
        (?P<comma>[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?)(?!,?\d)              # 12,000 / 1,234.5
      | (?P<space>[1-9]\d{0,2}(?:\ \d{3})+)(?![\d.,]\d)                    # 12 000
      | (?P<dot>[1-9]\d{0,2}(?:\.\d{3})+)(?![\d.,]\d)(?!\ ?(?:[kKMbB]|bn|mn)(?![a-zA-Z]))  # 12.000; 1.200M is 1.2M
      | (?P<sci>\d+(?:\.\d+)?[eE]\+?\d{1,2})(?![\w.])                         # 3e5, 1.2e6
      | (?P<plain>\d+(?:[.,]\d+)?)                                          # 300, 300.5, 2,5
    )
    (?:\ ?(?P<mult>mil\ millones|thousand|millions?|billions?|mill[oó]n|millones|mil|mln|bn|mn|MM|[kK]|M|[bB])(?![a-zA-Z]))?
    """,
    re.VERBOSE,
)


@dataclass(frozen=True)
class Number:
    value: float
    start: int
    end: int
    text: str
    multiplied: bool  # written with k, M, million…: a quantity of tokens, never a count of users


def to_number(match: re.Match[str]) -> Number | None:
    try:
        if raw := match.group("comma"):
            value = Decimal(raw.replace(",", ""))
        elif raw := match.group("space"):
            value = Decimal(raw.replace(" ", ""))
        elif raw := match.group("dot"):
            value = Decimal(raw.replace(".", ""))
        elif raw := match.group("sci"):
            value = Decimal(raw)
        else:
            value = Decimal(match.group("plain").replace(",", "."))
    except InvalidOperation:
        return None
    mult = (match.group("mult") or "").replace(" ", "")
    if mult:
        value *= _MULTIPLIERS[mult.lower()]
    if match.group("sign"):
        value = -value
    return Number(float(value), match.start(), match.end(), match.group(0), bool(mult))


MAX_NUMBERS = 200  # a question holds a handful; a pasted table is not read to its end


def numbers(text: str) -> list[Number]:
    """The numbers in `text`, left to right."""
    found = []
    for match in NUMBER.finditer(text):
        if number := to_number(match):
            found.append(number)
            if len(found) >= MAX_NUMBERS:
                break
    return found


def parse_number(text: str) -> float | None:
    """The value of `text` when it is exactly one number (with its multiplier), else None."""
    match = NUMBER.fullmatch(text.strip())
    number = to_number(match) if match else None
    return number.value if number else None


def plain(value: float) -> float | int:
    """A value as it reads best in a sentence: 300 rather than 300.0."""
    return int(value) if float(value).is_integer() and abs(value) < 1e15 else round(value, 2)
