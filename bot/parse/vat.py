"""VAT asked without a rate: the catalog's rate for the country the words name ("in Germany", "French VAT",
"empresa española"), else Spain's, or a question when the catalog has none. (Split from bot/parse/phrases.py.)"""

from __future__ import annotations

import re

from bot.parse.draft import ASK_CONFLICT, Draft
from bot.parse.lazyre import lazy
from costcore.catalog import Catalogs

_VAT_WORD = lazy(r"\b(?:vat|iva)\b", re.I)
_VAT_WITHOUT = lazy(
    r"\b(?:without|excl(?:uding|\.)?|ex|before|pre|net\s+of|no)\s+(?:the\s+)?(?:vat|iva)\b|\bsin\s+iva\b|\biva\s+no\s+incluido\b|\bpre-vat\b"
    r"|\b(?:vat|iva)[\s-]+(?:excluded|exclusive|excl\b|not\s+included|aside|excluido|aparte|exempt|free|does\s*n[o']t\s+apply|doesn't\s+apply"
    r"|not\s+applicable|n/a|no\s+aplica)|\breverse[\s-]charge\b|\bexent[oa]s?\s+de\s+iva\b|\bexempt\s+from\s+(?:the\s+)?vat\b",
    re.I,
)
# Where the asker is, for VAT: the catalog's rate for that country, or a question when it has none.
COUNTRIES = {
    "spain": "ES", "españa": "ES", "espana": "ES", "germany": "DE", "alemania": "DE", "deutschland": "DE",
    "france": "FR", "francia": "FR", "italy": "IT", "italia": "IT", "portugal": "PT", "netherlands": "NL",
    "holland": "NL", "países bajos": "NL", "ireland": "IE", "irlanda": "IE", "belgium": "BE", "bélgica": "BE",
    "austria": "AT", "poland": "PL", "polonia": "PL", "sweden": "SE", "suecia": "SE", "uk": "GB",
    "united kingdom": "GB", "reino unido": "GB", "britain": "GB", "switzerland": "CH", "suiza": "CH",
    "norway": "NO", "noruega": "NO", "denmark": "DK", "dinamarca": "DK", "finland": "FI", "finlandia": "FI",
    "czechia": "CZ", "greece": "GR", "grecia": "GR", "hungary": "HU", "hungría": "HU", "romania": "RO",
    "usa": "US", "the us": "US", "the u.s.": "US", "united states": "US", "estados unidos": "US", "canada": "CA", "canadá": "CA",
    "mexico": "MX", "méxico": "MX", "brazil": "BR", "brasil": "BR", "argentina": "AR", "chile": "CL",
    "colombia": "CO", "perú": "PE", "peru": "PE", "japan": "JP", "japón": "JP", "india": "IN", "australia": "AU",
}  # fmt: skip
DEMONYMS = {
    "spanish": "spain", "española": "spain", "español": "spain", "german": "germany", "alemán": "germany",
    "french": "france", "francés": "france", "italian": "italy", "portuguese": "portugal", "dutch": "netherlands",
    "irish": "ireland", "belgian": "belgium", "austrian": "austria", "polish": "poland", "swedish": "sweden",
    "british": "uk", "uk": "uk", "swiss": "switzerland", "danish": "denmark", "finnish": "finland",
    "norwegian": "norway", "greek": "greece", "hungarian": "hungary", "colombian": "colombia",
    "colombiana": "colombia", "colombiano": "colombia", "mexican": "mexico", "mexicana": "mexico",
    "mexicano": "mexico", "argentinian": "argentina", "argentina": "argentina", "argentino": "argentina",
    "chilean": "chile", "chilena": "chile", "chileno": "chile", "peruvian": "perú", "peruana": "perú",
    "sueca": "sweden", "sueco": "sweden", "alemana": "germany", "francesa": "france", "italiana": "italy",
    "portuguesa": "portugal", "brazilian": "brazil", "brasileña": "brazil", "american": "the us",
    "canadian": "canada", "japanese": "japan", "indian": "india", "australian": "australia",
}  # fmt: skip
_COUNTRY = lazy(
    r"\b(?:in|en|from|desde|de|based\s+in|for)\s+(?:the\s+)?(" + "|".join(sorted(map(re.escape, COUNTRIES), key=len, reverse=True)) + r")\b"
    r"|\b(" + "|".join(sorted(map(re.escape, DEMONYMS), key=len, reverse=True)) + r")\s+(?:vat|iva|company|companies|firm|business|entity)\b"
    r"|\b(?:empresa|compañía|sociedad)\s+(" + "|".join(sorted(map(re.escape, DEMONYMS), key=len, reverse=True)) + r")\b",
    re.I,
)


def read_vat(text: str, draft: Draft, catalogs: Catalogs) -> None:
    """VAT asked without a rate: the catalog's rate for the country named, else Spain's (the catalog's ES
    row), said in a note; a country the catalog has no rate for asks."""
    if (
        "vat_rate" in draft.fields
        or draft.asked_about("vat_rate")
        or not _VAT_WORD.search(text)
        or _VAT_WITHOUT.search(text)
    ):
        return
    named = _COUNTRY.search(text)
    demonym = named and (named.group(2) or named.group(3))
    where = (named.group(1) or DEMONYMS[demonym.lower()]) if named else None
    country = COUNTRIES[where.lower()] if where else "ES"
    row = next((row for row in catalogs.apis.vat if row.country == country), None)
    if row is None:
        if named:
            draft.ask(ASK_CONFLICT, "vat_rate_unknown", country=(named.group(1) or demonym))
        return
    rate = float(row.rate)
    draft.set("vat_rate", rate)
    draft.note("vat_assumed", rate=rate, country=row.country)
