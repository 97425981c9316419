"""Numbers as engineers type them: 300, 300.5, .5k, 12k, 12K, 12,000, 12 000, 12.000, 2.5k, 1.2M, 26 million, 3e5,
2,5e3.

Values are computed in Decimal so "0.3k" is exactly 300, then handed out as float. A comma followed by
exactly three digits groups thousands (12,000); any other comma is a decimal comma (2,5k). A dot followed
by groups of exactly three digits groups thousands too (Spanish 12.000, 1.500 millones) unless a short
multiplier or an English scale word follows (1.200M is 1.2 M, 1.095 billion is 1.095 × 10⁹), also before a decimal comma (3.153,6 millones); a dot with any other digit
count is a decimal point.

A space groups thousands too (12 000, 1 200 000), but "phase 1 500 tok/s" is phase 1 at 500: one digit,
a plain space and exactly three digits is read by the word before it. After a label (phase, option,
step…) it is two numbers; after a word that leads into a figure (at, about, need…) or nothing, one; after
any other word the Number carries both readings (`alternative`) and the reader asks. A no-break or thin
space between digits (markup.to_plain keeps it as U+202F) always groups.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy

GROUPING_SPACE = "\u202f"  # a typed no-break or thin space between digits: always a thousands separator

# Symbols and abbreviations; the scale words (thousand, million, mil, millones, lakh, crore…) are the lexicon's
# `number_scales` from a thousand up, so a new one ("5 lakh", "3 crore") is a row there.
_SYMBOLS = {"k": 10**3, "m": 10**6, "mm": 10**6, "mn": 10**6, "mln": 10**6, "b": 10**9, "bn": 10**9, "milmillones": 10**9}
_SCALES = {
    k: int(v)
    for k, v in lexicon.mapping("number_scales").items()
    if float(v) >= 1000 and " " not in k and k not in lexicon.fragments("scale_needs_count")  # "5 miles" is no 5,000
}
_MULTIPLIERS = {**_SCALES, **_SYMBOLS}
_SCALE_WORDS = "|".join(sorted(map(re.escape, _SCALES), key=len, reverse=True))
# English scale words: a dot before one is a decimal point ("1.095 billion" is 1,095,000,000), as before "M" or
# "bn"; before a Spanish one it groups thousands ("4.000 millones").
_DECIMAL_BEFORE = "|".join(
    sorted((re.escape(k) for k in lexicon.language_mapping("en", "number_scales") if k in _SCALES), key=len, reverse=True)
)

NUMBER = lazy(
    r"""
    (?=[-−\d.])                                                             # fails at once where none starts
    (?:(?:(?<=[\s(:=¿~≈])|^)(?P<sign>[-−]))?
    (?<![\w./])(?<!\d,)                                                     # ",300" after a word is a number
    (?:
        (?P<comma>[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?)(?!,?\d)              # 12,000 / 1,234.5
      | (?P<indian>[1-9]\d?(?:,\d\d)+,\d{3})(?![,.]?\d)                      # 1,20,000 / 3,45,60,000 (Indian)
      | (?P<space>[1-9]\d{0,2}(?:[\ \u202f]\d{3})+)(?![\d.,]\d|\d)            # 12 000
      | (?P<apos>[1-9]\d{0,2}(?:'\d{3})+)(?![\d.,']\d)                      # 1'500 (Swiss)
      | (?P<dotcomma>[1-9]\d{0,2}(?:\.\d{3})+,\d+)(?![\d.,]\d|\d)                # 3.153,6 (Spanish: dots group, comma decimal)
      | (?P<dot>[1-9]\d{0,2}(?:\.\d{3})+)(?![\d.,]\d|\d)(?!\ ?(?:[kKMbB]|bn|mn|(?i:DECIMAL_BEFORE))(?![a-zA-Z]))  # 12.000; 1.200M is 1.2M
      | (?P<sci>\d+(?:[.,]\d+)?[eE]\+?\d{1,2})(?![\w.])                       # 3e5, 1.2e6, 2,5e3
      | (?P<pow>\d+(?:\.\d+)?\ ?[x×*·]\ ?10\ ?(?:\^|\*\*)\ ?\d{1,2})(?![\w.])       # 3×10^5, 3*10**5
      | (?P<plain>\d+(?:[.,]\d+)?|\.\d+)                                    # 300, 300.5, 2,5, .5
    )
    (?:\ ?(?P<mult>mil\ millones|(?i:SCALES)|mln|bn|mn|MM|[kK]|M|[bB])(?![a-zA-Z]))?
    """.replace("DECIMAL_BEFORE", _DECIMAL_BEFORE).replace("SCALES", _SCALE_WORDS),
    re.VERBOSE,
)

# "1 500": one digit, a plain space, three digits, and nothing more grouped.
_SHORT_SPACE_GROUP = lazy(r"\d \d{3}")
# Words after which "1 500" is a label and a figure: "phase 1 500 tok/s", "option #2 300 tok/s" (lexicon
# `number_label`), and after which it is one figure: "at 1 500 tok/s", "we need 2 500", "unos 1 500"
# (`number_lead_in`).
@cache
def _label_before() -> re.Pattern[str]:
    return lazy(rf"(?:\b{lexicon.alternation('number_label')}\.?|#|№)\s*$", re.I)


@cache
def _lead_in_before() -> re.Pattern[str]:
    return lazy(rf"(?:^|[^\w\s]|\b{lexicon.alternation('number_lead_in')})\s*$", re.I)


@dataclass(frozen=True)
class Number:
    value: float
    start: int
    end: int
    text: str
    multiplied: bool  # written with k, M, million…: a quantity of tokens, never a count of users
    alternative: float | None = None  # "team 1 500": it may also be 500 (the last group alone)
    machine: bool = False  # part of a log line: "latency_ms=101", "2026-11-01", "10:01:11", "worker-3"


_VALUES: dict[tuple[object, ...], tuple[float, bool] | None] = {}  # a pasted log repeats its figures


def to_number(match: re.Match[str]) -> Number | None:
    """The Number a NUMBER match reads. Its value depends only on the groups matched, so it is worked out once
    per distinct figure (Decimal arithmetic is most of the cost of a paste's two hundred numbers)."""
    key = (match.re, *match.groups())
    if (value := _VALUES.get(key, _VALUES)) is _VALUES:
        if len(_VALUES) > 4096:
            _VALUES.clear()
        value = _VALUES[key] = _value(match)
    if value is None:
        return None
    return Number(value[0], match.start(), match.end(), match.group(0), value[1])


def _value(match: re.Match[str]) -> tuple[float, bool] | None:
    try:
        if raw := match.group("comma") or match.group("indian"):
            value = Decimal(raw.replace(",", ""))
        elif raw := match.group("space"):
            value = Decimal(raw.replace(" ", "").replace(GROUPING_SPACE, ""))
        elif raw := match.group("apos"):
            value = Decimal(raw.replace("'", ""))
        elif raw := match.group("dotcomma"):
            value = Decimal(raw.replace(".", "").replace(",", "."))
        elif raw := match.group("dot"):
            value = Decimal(raw.replace(".", ""))
        elif raw := match.group("sci"):
            value = Decimal(raw.replace(",", "."))  # "2,5e3": a decimal comma before the exponent
        elif raw := match.group("pow"):
            mantissa, exponent = re.split(r"\s?[x×*·]\s?10\s?(?:\^|\*\*)\s?", raw)
            value = Decimal(mantissa).scaleb(int(exponent))
        else:
            value = Decimal(match.group("plain").replace(",", "."))
    except InvalidOperation:
        return None
    mult = (match.group("mult") or "").replace(" ", "")
    if mult:
        value *= _MULTIPLIERS[mult.lower()]
    if match.group("sign"):
        value = -value
    return float(value), bool(mult)


MAX_NUMBERS = 200  # a question holds a handful; a pasted table is not read to its end


def _read_space_group(text: str, match: re.Match[str], number: Number) -> list[Number]:
    """ "1 500" by the word before it: two numbers after a label, one after a lead-in, else both readings."""
    before = text[max(0, match.start() - 30) : match.start()]
    if _label_before().search(before):
        split = match.start("space") + 1
        halves = (NUMBER.match(text, match.start(), split), NUMBER.match(text, split + 1))
        return [n for half in halves if half and (n := to_number(half))]
    if _lead_in_before().search(before):
        return [number]
    last = NUMBER.match(text, match.start("space") + 2)
    alternative = to_number(last) if last else None
    return [replace(number, alternative=alternative.value if alternative else None)]


def _machine(text: str, start: int, end: int) -> bool:
    """A number a program wrote: after "key=", inside a date or a clock time, or the tail of an identifier."""
    before, after = text[max(0, start - 2) : start], text[end : end + 2]
    return (
        before.endswith(("=", "_", "#"))
        or (len(before) == 2 and before[1] in "-:/." and before[0].isalnum())
        or (len(after) == 2 and after[0] in "-:/" and after[1].isdigit())
    )


_FOUND: dict[str, list[Number]] = {}  # the voices reader and the parser read the same text's numbers


def numbers(text: str) -> list[Number]:
    """The numbers in `text`, left to right. A pasted log's own numbers do not count towards the limit, so
    a question after 200 of them is still read (readers skip them when they hold too many figures). Worked
    out once per text (a Number is frozen; each caller gets its own list)."""
    if (hit := _FOUND.get(text)) is None:
        if len(_FOUND) > 8:
            _FOUND.clear()
        hit = _FOUND[text] = _numbers(text)
    return list(hit)


def _numbers(text: str) -> list[Number]:
    found: list[Number] = []
    said = 0
    for match in NUMBER.finditer(text):
        if not (number := to_number(match)):
            continue
        if _machine(text, match.start(), match.end()):
            found.append(replace(number, machine=True))
            continue
        space = match.group("space")
        found += (
            _read_space_group(text, match, number)
            if space and _SHORT_SPACE_GROUP.fullmatch(space)
            else [number]
        )
        said += 1
        if said >= MAX_NUMBERS:
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
