"""Two sources for one figure and the message doubting which (issue 14, mix17b s17): "ops says the input is about
3x the output; the provider's invoice suggests more like 12x. What do we do?", "the dashboard says 40 % prompt
cache hits, but our billing export works out to nearer 70 %, and I don't know which to trust".

A field read from the first figure (its span the reader used) asks which one (`conflicting_values`) when, in that
sentence or the next, a later figure of the same form (a percentage for the cache hit rate, "12x"/"12 veces" for
the mix) is said with a source of its own just before it (lexicon `value_source`: "says", "suggests", "works out
to", "marca", "según") and the message doubts which to use (`value_which`: "not sure which is right", "no sé a
quién creer", "¿cuál tomamos?"). Both sources agreeing ("both put it at 6x") say one figure and ask nothing; two
figures with no doubt are left to the readers (a later value may hold, bot/parse/superseded.py)."""

from __future__ import annotations

import re

from bot.parse import lexicon
from bot.parse.draft import Draft, sentence
from bot.parse.lazyre import lazy

_FORMS = {  # the form of a later figure of each field
    "cache_hit_rate": lazy(r"(?<![\w.,])(\d{1,3}(?:[.,]\d+)?)\s?(?:%|percent\b|por\s?ciento\b)", re.I),
    "input_per_output": lazy(r"(?<![\w.,])(\d{1,3}(?:[.,]\d+)?)\s?(?:x\b|×|times\b|veces\b)", re.I),
}
_SOURCE_REACH = 60  # characters before the later figure where its source is said


def read_doubt(text: str, draft: Draft) -> None:
    """See the module: a field with a second source's figure and doubt asks which one."""
    if not lexicon.pattern("value_which").search(text):
        return
    for name, form in _FORMS.items():
        if name not in draft.fields:
            continue
        spans = [(a, b) for a, b, n in draft.used if n == name]
        if not spans:
            continue
        first = min(spans)
        own = sentence(text, first[0])
        hi = sentence(text, own[1] + 1)[1] if own[1] < len(text) else own[1]
        if not lexicon.pattern("value_which").search(text, first[0]):
            continue
        held = draft.fields[name]
        for m in form.finditer(text, first[0], hi):  # a later figure of the form, said with a source of its own
            value = float(m.group(1).replace(",", ".")) / (100 if name == "cache_hit_rate" else 1)
            if _same(value, held) or _taken(draft, m.start(), name):
                continue  # the value read itself ("3 veces" of "la entrada es unas 3 veces la salida")
            lead = text[max(first[0], m.start() - _SOURCE_REACH) : m.start()]
            if lexicon.pattern("value_source").search(lead):
                draft.use(m.start(), m.end(), name)
                draft.conflict(name, [held, value])
                break


def _same(value: float, held: float) -> bool:
    """The figure says the value read, in either direction (a mix of 1/3 is said "3x" of its output)."""
    return abs(value - held) < 1e-6 or (held > 0 and abs(value - 1 / held) < 1e-6)


def _taken(draft: Draft, pos: int, name: str) -> bool:
    """The figure at `pos` was read for another field (a tok/s, a count): not a second source's."""
    return any(a <= pos < b and n not in (name, "figure_aside") for a, b, n in draft.used)
