"""Words that set a field without a figure: currency, VAT, the warning signals and the node the asker
insists on. (Residency, gateway pain, the calendar and time zones have a module each.)"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.context import negated as _negated
from bot.parse.draft import ASK_CONFLICT, Draft
from bot.parse.lazyre import lazy
from costcore.catalog import Catalogs, normalise
from costcore.scenario import SIGNAL_ORDER

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


SIGNALS = {
    "two_h100": lazy(r"\b(?:two|2|dos)\s?(?:x|×|\*)?\s?h100s?\b", re.I),
    "cut_gpus": lazy(
        r"\bspare\s+(?:silicon|gpus?)\b|\bcut\s+(?:it\s+|that\s+|this\s+)?(?:down\s+)?to\s+(?:two|2|one|1|fewer|four|4)\s+gpus?\b"
        r"|\b(?:reduce|shrink)\s+(?:it\s+)?to\s+(?:two|2|one|1)\s+gpus?\b|\brecortar\s+a\s+(?:dos|2|una|1)\s+gpus?\b|\bgpus?\s+(?:libres|de\s+sobra|sobrantes)\b",
        re.I,
    ),
    "buy_in_case": lazy(
        r"\bin\s+case\s+(?:the\s+)?(?:traffic|usage|load|demand|volume)\s+(?:rises|grows|goes\s+up|spikes|increases|picks\s+up)\b"
        r"|\bjust\s+in\s+case\b|\bpor\s+si\s+(?:acaso|sube|crece|aumenta)\b",
        re.I,
    ),
    "ollama": lazy(r"\bollama\b", re.I),
    "spot": lazy(r"(?<!on\sthe\s)\bspot\b(?!\s+(?:on|check))", re.I),
}
_COMMITMENT = lazy(
    r"\b(?:one|1|a|two|2|three|3|un|uno|dos|tres)[\s-]?(?:year|yr|año)s?\s+(?:commit(?:ment)?|reserv(?:ation|ed)|contract|term|compromiso|contrato|reserva)\b"
    r"|\b(?:reserved\s+instances?|committed\s+use|compromiso\s+(?:anual|de\s+un\s+año))\b",
    re.I,
)
_LEGAL = lazy(
    r"\blegal\b|\blawyers?\b|\babogados?\b|\bjur[ií]dico\b|\bcompliance\s+(?:review|sign[\s-]?off)\b", re.I
)
_MAX_TOKENS = lazy(r"\bmax[_\s-]?tokens\s?(?:=|:|of|de|at)?\s?(\d{1,5})\b", re.I)


# A word each signal's pattern needs: a text without it is not scanned.
_SIGNAL_WORDS = {
    "two_h100": ("h100",), "cut_gpus": ("gpu", "spare"), "buy_in_case": ("case", "por si"), "ollama": ("ollama",),
    "spot": ("spot",),
}  # fmt: skip
_COMMITMENT_WORDS = ("year", "yr", "año", "reserv", "commit", "compromiso")


def read_signals(text: str, draft: Draft) -> None:
    low = text.lower()
    found = [
        name
        for name, pattern in SIGNALS.items()
        if any(w in low for w in _SIGNAL_WORDS.get(name, ("",))) and pattern.search(text)
    ]
    if any(w in low for w in _COMMITMENT_WORDS) and _COMMITMENT.search(text) and (legal := _LEGAL.search(text)):
        found.append("commitment_before_legal")
        draft.use(legal.start(), legal.end(), "signals")
    if "max" in low and any(int(m.group(1)) <= 512 for m in _MAX_TOKENS.finditer(text)):
        found.append("max_tokens_small")
    if found:
        draft.set("signals", sorted(found, key=SIGNAL_ORDER.index))


# Which of a node's offers the words pick: "p5en.48xlarge capacity block" is the Capacity Block row.
_BILLING_WORDS = {
    "capacity_block": lazy(r"\bcapacity[\s-]+blocks?\b", re.I),
    "spot": lazy(r"\bspot\b", re.I),
    "reserved": lazy(r"\breserved\b|\bcommitted\s+use\b", re.I),
}
_INSTANCE = lazy(r"\b[a-z][a-z0-9-]*\.[0-9a-z]+\b")  # "p5en.48xlarge" in a node's catalog name


def read_node(text: str, draft: Draft, catalogs: Catalogs) -> None:
    """A node the asker insists on, by catalog id or instance name ("coreweave-8xh200", "p5en.48xlarge").
    The names are the node catalog's; when one instance has several offers the billing words pick one
    (on demand unless "capacity block", "spot" or "reserved" is said)."""
    key = normalise(text.replace("×", "x"))
    named = set()
    for node in catalogs.nodes.values():
        short = normalise(node.id.split("-", 1)[1]) if "-" in node.id else ""
        instance = _INSTANCE.search(node.name.lower())
        if (
            normalise(node.id) in key
            or (len(short) >= 8 and short in key and not short.startswith("8x"))
            or (instance and normalise(instance.group(0)) in key)
        ):
            named.add(node.id)
    said = {billing for billing, pattern in _BILLING_WORDS.items() if pattern.search(text)}
    if said:  # "a p5en capacity block": not its on-demand offer; with no such offer, costcore chooses
        named = {n for n in named if catalogs.nodes[n].billing in said}
    elif len(named) > 1:
        named = {n for n in named if catalogs.nodes[n].billing == "on_demand"} or named
    if len(named) == 1:
        draft.set("node", named.pop())
