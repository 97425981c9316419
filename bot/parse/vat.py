"""VAT asked without a rate: the catalog's rate for the country the words name ("in Germany", "French VAT",
"empresa española"), else Spain's, or a question when the catalog has none. (Split from bot/parse/phrases.py.)"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import ASK_CONFLICT, Draft
from bot.parse.lazyre import lazy
from costcore.catalog import Catalogs

# The words are lexicon rows (`vat_word`, `vat_excluded`, `vat_country`, `vat_demonym`).


@cache
def _vat_word() -> re.Pattern[str]:  # "VAT", "IVA"
    return lazy(rf"\b{lexicon.alternation('vat_word')}\b", re.I)


@cache
def _vat_without() -> re.Pattern[str]:  # "ex VAT", "sin IVA", "reverse charge": no VAT to add
    return lazy(rf"\b{lexicon.alternation('vat_excluded')}", re.I)


# Where the asker is, for VAT: the catalog's rate for that country, or a question when it has none. The names are
# lexicon tables (`vat_country`: name -> ISO code, `vat_demonym`: "German", "española" -> a country's name).


@cache
def countries() -> dict[str, str]:
    return lexicon.mapping("vat_country")


@cache
def demonyms() -> dict[str, str]:
    return lexicon.mapping("vat_demonym")


@cache
def names() -> frozenset[str]:
    """Every country name and demonym the VAT reader knows (a country names a VAT rate, not one zone)."""
    return frozenset(countries()) | frozenset(demonyms())


@cache
def _country() -> re.Pattern[str]:
    def names_of(table: dict[str, str]) -> str:
        return "|".join(sorted(map(re.escape, table), key=len, reverse=True))

    return lazy(
        r"\b(?:in|en|from|desde|de|based\s+in|for)\s+(?:the\s+)?(" + names_of(countries()) + r")\b"
        r"|\b(" + names_of(demonyms()) + r")\s+(?:vat|iva|company|companies|firm|business|entity)\b"
        r"|\b(?:empresa|compañía|sociedad)\s+(" + names_of(demonyms()) + r")\b",
        re.I,
    )


def read_vat(text: str, draft: Draft, catalogs: Catalogs) -> None:
    """VAT asked without a rate: the catalog's rate for the country named, else Spain's (the catalog's ES
    row), said in a note; a country the catalog has no rate for asks."""
    if (
        "vat_rate" in draft.fields
        or draft.asked_about("vat_rate")
        or not _vat_word().search(text)
        or _vat_without().search(text)
    ):
        return
    named = _country().search(text)
    demonym = named and (named.group(2) or named.group(3))
    where = (named.group(1) or demonyms()[demonym.lower()]) if named else None
    country = countries()[where.lower()] if where else "ES"
    row = next((row for row in catalogs.apis.vat if row.country == country), None)
    if row is None:
        if named:
            draft.ask(ASK_CONFLICT, "vat_rate_unknown", country=(named.group(1) or demonym))
        return
    rate = float(row.rate)
    draft.set("vat_rate", rate)
    draft.note("vat_assumed", rate=rate, country=row.country)
