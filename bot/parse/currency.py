"""The currency the answer is in: euros or dollars as said ("€", "in USD", "en dólares"), both asks, and a
currency llmcost does not price ("in pounds", "500 GBP", "¥") answered in dollars with a note. (Split from
bot/parse/phrases.py.)"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.context import negated as _negated
from bot.parse.draft import Draft
from bot.parse.lazyre import lazy

_EUR = lazy(r"€|\beur\b|\beuros?\b", re.I)
_NOT_EUR_BEFORE = lazy(r"\b(?:not|no|skip|sin|ni)\s+(?:in\s+|the\s+|en\s+)?$", re.I)  # "$ not €", "skip the euros"
_DOLLARS = lazy(r"\b(?:in\s+)?(?:dollars|usd|d[oó]lares)\b|\$\s+(?:not|no)\b", re.I)
# A currency llmcost does not price: a symbol, a code in upper case beside a figure or after a lead ("500 GBP",
# "in CHF"; not "the CAD team"), or a name after a lead ("in pounds",
# "in Canadian dollars", "en libras esterlinas", "en yenes"); the names are lexicon rows (`currency_other`).
_CURRENCY_SYMBOL = lazy(r"[£¥₹₩₽₺]")


@cache
def _codes() -> re.Pattern[str]:  # upper case as written: "GBP", "CHF" (not "the cad file")
    return re.compile(rf"(?<![\w$])(?:{lexicon.alternation('currency_code')})(?!\w)")


@cache
def _names() -> re.Pattern[str]:
    return re.compile(rf"{lexicon.WORD_START}(?:{lexicon.alternation('currency_other')}){lexicon.WORD_END}", re.I)


@cache
def _lead_before() -> re.Pattern[str]:
    return re.compile(rf"{lexicon.WORD_START}(?:{lexicon.alternation('currency_lead')})\s+$", re.I)


def _beside_figure(text: str, m: re.Match[str]) -> bool:
    return bool(re.search(r"\d\s?$", text[max(0, m.start() - 2) : m.start()]) or re.match(r"\s?\d", text[m.end() : m.end() + 2]))


def _other_currency(text: str) -> re.Match[str] | None:
    """The first name after a lead, code after a lead or beside a figure, or symbol. Names and codes are rare,
    so they are found first and their lead checked after (a lead, "in", "a", is in every sentence)."""
    led = lambda m: _lead_before().search(text, max(0, m.start() - 30), m.start())  # noqa: E731
    found = [m for m in _names().finditer(text) if led(m)][:1]
    found += [m for m in _codes().finditer(text) if _beside_figure(text, m) or led(m)][:1]
    found += [m for m in [_CURRENCY_SYMBOL.search(text)] if m]
    return min(found, key=lambda m: m.start()) if found else None


_USD_ASKED = lazy(r"\b(?:in|en)\s+(?:usd|us\s+dollars|dollars|d[oó]lares)\b|\busd\s+please\b", re.I)


# A word one of the currency patterns needs (lower case): a text with none of them is not scanned.
_CURRENCY_WORDS = (
    "eur", "€", "usd", "dollar", "dólar", "dolar", "$", "£", "¥", "₹", "₩", "₽", "₺", "pound", "sterling", "quid",
    "libra", "franc", "yen", "rupee", "rupia", "yuan", "renminbi", " won", "reais", "reales", "peso", "kron",
    "corona", "zloty", "lira",
)  # fmt: skip


def read_currency(text: str, draft: Draft) -> None:
    low = text.lower()
    if not any(w in low for w in _CURRENCY_WORDS) and not _codes().search(text):
        return  # a word each pattern needs is missing: a 4,000-character paste skips four scans
    if other := _other_currency(text):  # "in Canadian dollars" is no US dollar: blank it before the dollar words
        text = text[: other.start()] + " " * (other.end() - other.start()) + text[other.end() :]
    eur = ("eur" in low or "€" in low) and any(
        not (_negated(text, m.start()) or _NOT_EUR_BEFORE.search(text[max(0, m.start() - 12) : m.start()]))
        for m in _EUR.finditer(text)
    )  # not "dollars, not euros", "skip the euros"
    usd = bool(_USD_ASKED.search(text)) or (not eur and bool(_DOLLARS.search(text)))
    if eur and usd:
        draft.conflict("currency", ["EUR", "USD"])
    elif eur or usd:
        draft.set("currency", "EUR" if eur else "USD")
    if other and not eur:  # answered in dollars, and said so (also beside "in dollars, or pounds")
        draft.note("currency_unsupported", said=other.group(0).strip())
