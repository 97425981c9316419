"""Words that set a field without a figure: the warning signals (lexicon rows `signals`, `commitment`,
`legal_review`) and the node the asker insists on. Currency is bot/parse/currency.py, VAT bot/parse/vat.py
(re-exported here for the pipeline); residency, gateway pain, the calendar and time zones have a module each."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.currency import read_currency
from bot.parse.draft import Draft
from bot.parse.lazyre import lazy
from bot.parse.vat import read_vat
from costcore.catalog import Catalogs, normalise
from costcore.scenario import SIGNAL_ORDER

__all__ = ["read_currency", "read_node", "read_signals", "read_vat"]

@cache
def signals() -> dict[str, tuple[tuple[str, ...], re.Pattern[str]]]:
    """Each signal's cue words and pattern, from the lexicon's `signals` rows of every language."""
    rows = [row for lang in lexicon.LANGUAGES for row in lexicon.rows(lang, "signals")]
    out = {}
    for name in dict.fromkeys(row["signal"] for row in rows):
        mine = [row for row in rows if row["signal"] == name]
        cues = tuple(dict.fromkeys(cue for row in mine for cue in row["cues"]))
        out[name] = (cues, lazy("|".join(f"(?:{row['words']})" for row in mine), re.I))
    return out


@cache
def _commitment() -> re.Pattern[str]:  # "a 1-year reservation", "compromiso anual"
    return lazy(rf"\b{lexicon.alternation('commitment')}\b", re.I)


@cache
def _legal() -> re.Pattern[str]:  # "legal", "lawyers", "compliance review", "abogados"
    return lazy(rf"\b{lexicon.alternation('legal_review')}\b", re.I)


_MAX_TOKENS = lazy(r"\bmax[_\s-]?tokens\s?(?:=|:|of|de|at)?\s?(\d{1,5})\b", re.I)


def read_signals(text: str, draft: Draft) -> None:
    low = text.lower()
    found = [name for name, (cues, pattern) in signals().items() if any(w in low for w in cues) and pattern.search(text)]
    if (
        any(w in low for w in lexicon.fragments("commitment_cue"))
        and _commitment().search(text)
        and (legal := _legal().search(text))
    ):
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
