"""Words that set a field without a figure: the warning signals and the node the asker insists on. Currency
is bot/parse/currency.py, VAT bot/parse/vat.py (re-exported here for the pipeline); residency, gateway pain,
the calendar and time zones have a module each."""

from __future__ import annotations

import re

from bot.parse.currency import read_currency
from bot.parse.draft import Draft
from bot.parse.lazyre import lazy
from bot.parse.vat import read_vat
from costcore.catalog import Catalogs, normalise
from costcore.scenario import SIGNAL_ORDER

__all__ = ["read_currency", "read_node", "read_signals", "read_vat"]

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
