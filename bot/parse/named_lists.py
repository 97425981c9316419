"""Named lists are counts (issue 14): the units a figure is handed to may be named instead of counted.

    "100 tok/s each for Acme, Globex and Initech"     3 (named units, no noun: a group's rate adds up)
    "the Search, Ads and Billing teams each need…"    3 teams        "tenants A/B/C"          3 tenants
    "brands (Nimbus, Orbit, Quasar)"                  3 brands       "clients — Acme and Globex —"  2 clients
    "para cada cliente: Acme, Globex e Initech"       3 clientes     "Support and Sales both need…"  2
    "both teams", "ambas filiales", "las dos sedes"   2 (lexicon `two_count`; "tanto A como B": `pair_lead`, `pair_and`)
A name is a capitalised word (up to three); items join with commas, slashes, and / y / e / &, never "or". A bare
list counts only where the figure is handed to each (before it: for / para / across, lexicon `list_for`; after it:
each / both / all / cada in its clause, `list_each`), so "we compared Together, Fireworks and Groq" counts nothing.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy

_NAME = r"(?-i:[A-ZÁÉÍÓÚÑ])[\w'&-]*"
ITEM = rf"{_NAME}(?:[ \t]{_NAME}){{0,2}}"
_AND = r"(?:and|y|e|&|plus|as\s+well\s+as)"
_SEP = rf"\s*,\s*(?:{_AND}\s+)?|\s*/\s*|\s+{_AND}\s+"
LIST = rf"(?P<items>{ITEM}(?:(?:{_SEP}){ITEM})+)"
_SPLIT = lazy(_SEP, re.I)
# the units' noun: a plural, or any noun after each / per / cada ("para cada cliente: Acme, Globex e Initech")
_NOUN = r"(?P<noun>(?:(?<=each\s)|(?<=every\s)|(?<=per\s)|(?<=por\s)|(?<=cada\s))(?!(?:for|of|one|una?|de|del|para)\b)(?-i:[a-záéíóúñ]{3,})|(?-i:[a-záéíóúñ]{2,}s))"
_END = r"(?=\s*(?:[.,;:!?\n)—–-]|$|(?-i:[a-z])))"


@cache
def _forms() -> tuple[re.Pattern[str], ...]:
    each = lexicon.alternation("list_each")
    return (
        # "Brands: Alpha, Beta, Gamma and Delta", "Sedes = Lyon, Lille, Nantes": a label, in any case
        lazy(rf"(?<![\w-])(?P<noun>[^\W\d_]{{2,}}s)\s*[:=]\s*{LIST}{_END}", re.I),
        # "tenants A/B/C", "brands (Nimbus, Orbit, Quasar)", "clients — Acme and Globex —", "cliente: Acme, Globex e Initech"
        lazy(rf"(?<![\w-]){_NOUN}\s*(?:[:(—–=-]|{lexicon.alternation('list_are')}(?!\w))?\s*{LIST}{_END}", re.I),
        # "the Search, Ads and Billing teams", "the Madrid, Lisbon and Porto offices"
        lazy(rf"(?<![\w-]){LIST}\s+(?:(?-i:[a-z])[a-z]+\s+)?{_NOUN}(?!\w)", re.I),
        # "for Acme, Globex and Initech", "para Acme y Globex": named units the figure is for
        lazy(rf"(?<!\w)(?:{lexicon.alternation('list_for')})\s+{LIST}{_END}", re.I),
        # "Support and Sales both need", "Ventas e Ingeniería piden 300 tok/s cada una": each said of the list's clause
        lazy(rf"(?<![\w-]){LIST}(?=[^.;:\n]{{0,40}}?(?<!\w)(?:{each})(?!\w))", re.I),
    )


@cache
def _two() -> re.Pattern[str]:
    """ "both teams", "ambas filiales", "las dos sedes"; "both Acme and Globex", "tanto Ventas como Soporte"."""
    return lazy(
        rf"(?<!\w)(?:{lexicon.alternation('two_count')})\s+(?:(?-i:[a-z])[a-záéíóúñ]+\s+)?{_NOUN}(?!\w)"
        rf"|(?<!\w)(?:{lexicon.alternation('pair_lead')})\s+{ITEM}\s+(?:{lexicon.alternation('pair_and')})\s+{ITEM}",
        re.I,
    )


def named(text: str) -> list[tuple[int, int, int, str]]:
    """(how many, start, end, noun or "") of every named list of units in `text`, in order, one per place."""
    if not any(c.isupper() for c in text) and "both" not in text.lower() and "amb" not in text.lower():
        return []
    out: dict[int, tuple[int, int, int, str]] = {}
    for i, form in enumerate(_forms()):
        for m in form.finditer(text):
            items = [w for w in _SPLIT.split(m["items"]) if w]
            noun = m.groupdict().get("noun") or ""
            if i == 2 and not _units(text, noun):
                continue  # "Bedrock and Vertex prices": a noun after the names must be one that counts
            if len(items) >= 2 and not _not_units(noun) and not any(s <= m.start("items") < e for _, s, e, _ in out.values()):
                out[m.start("items")] = (len(items), m.start(), m.end(), noun if i < 3 else "")
    for m in _two().finditer(text):
        if not _not_units(m["noun"] or "") and not any(s < m.end() and m.start() < e for _, s, e, _ in out.values()):
            out[m.start()] = (2, m.start(), m.end(), m["noun"] or "")
    return sorted(out.values(), key=lambda c: c[1])


def _units(text: str, noun: str) -> bool:
    """A noun the lexicon counts (groups, people, streams), or one the message names again ("… offices; per office")."""
    from bot.parse.count_nouns import count_noun, echoed  # count_nouns reads counts, which reads this module

    return bool(count_noun().match(" " + noun)) or echoed(text, noun)


def _not_units(noun: str) -> bool:
    """Vendors, models, hardware, times and the figures' own items are never units of demand."""
    return bool(noun) and any(
        lexicon.pattern(c).fullmatch(noun) for c in ("not_counted", "hardware_nouns", "list_not_units")
    )
