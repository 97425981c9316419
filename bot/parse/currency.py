"""The currency the answer is in: euros or dollars as said ("€", "in USD", "en dólares"), both asks, and a
currency llmcost does not price ("in pounds", "500 GBP", "¥") answered in dollars with a note. (Split from
bot/parse/phrases.py.)"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, superseded
from bot.parse.context import negated as _negated
from bot.parse.draft import Draft
from bot.parse.lazyre import lazy

# The words are lexicon rows (bot/parse/lexicon/en.yaml, es.yaml: `currency_eur`, `currency_not`, `dollar_name`,
# `usd_asked`, `currency_cue`, `currency_other`, `currency_code`, `currency_lead`); here only where each sits.


@cache
def _eur() -> re.Pattern[str]:  # "€", "EUR", "euros"
    return lazy(lexicon.alternation("currency_eur"), re.I)


@cache
def _not_eur_before() -> re.Pattern[str]:  # "$ not €", "skip the euros", "sin euros"
    lead = lexicon.alternation("currency_not_lead")
    return lazy(rf"\b{lexicon.alternation('currency_not')}\s+(?:{lead}\s+)?$", re.I)


@cache
def _dollars() -> re.Pattern[str]:  # a dollar name, or "$ not …"
    return lazy(rf"\b{lexicon.alternation('dollar_name')}\b|\$\s+(?:not|no)\b", re.I)


@cache
def _usd_asked() -> re.Pattern[str]:  # "in USD", "en dólares", "usd please"
    return lazy(rf"\b{lexicon.alternation('usd_asked')}\b", re.I)


# A currency llmcost does not price: a symbol, a code in upper case beside a figure or after a lead ("500 GBP",
# "in CHF"; not "the CAD team"), or a name after a lead ("in pounds",
# "in Canadian dollars", "en libras esterlinas", "en yenes"); the names are lexicon rows (`currency_other`).
_CURRENCY_SYMBOL = lazy(r"[£¥₹₩₽₺]")


@cache
def _codes() -> re.Pattern[str]:  # upper case as written: "GBP", "CHF" (not "the cad file")
    return lazy(rf"(?<![\w$])(?:{lexicon.alternation('currency_code')})(?!\w)")


@cache
def _names() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('currency_other')}){lexicon.WORD_END}", re.I)


@cache
def _lead_before() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('currency_lead')})\s+$", re.I)


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


def read_currency(text: str, draft: Draft) -> None:
    low = text.lower()
    if not any(w in low for w in lexicon.fragments("currency_cue")) and not _codes().search(text):
        return  # a word each pattern needs is missing: a 4,000-character paste skips four scans
    if other := _other_currency(text):  # "in Canadian dollars" is no US dollar: blank it before the dollar words
        text = text[: other.start()] + " " * (other.end() - other.start()) + text[other.end() :]
    euros = [
        (m.start(), m.end()) for m in (_eur().finditer(text) if "eur" in low or "€" in low else ())
        if not (_negated(text, m.start()) or _not_eur_before().search(text[max(0, m.start() - 12) : m.start()]))
    ]  # not "dollars, not euros", "skip the euros"
    eur = bool(euros)
    dollars = [(m.start(), m.end()) for m in [*_usd_asked().finditer(text), *_dollars().finditer(text)]]
    usd = bool(_usd_asked().search(text)) or (not eur and bool(dollars))
    if eur and dollars and superseded.settle(text, draft, "currency", {"EUR": euros, "USD": dollars}):
        pass  # "in euros, please. Sorry, I meant dollars": the one that holds
        pass
    elif eur and usd:
        draft.conflict("currency", ["EUR", "USD"])
    elif eur or usd:
        draft.set("currency", "EUR" if eur else "USD")
    if other and not eur:  # answered in dollars, and said so (also beside "in dollars, or pounds")
        draft.note("currency_unsupported", said=other.group(0).strip())
