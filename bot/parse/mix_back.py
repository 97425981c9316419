"""The mix said of the other side's figure named just before (vol12, session 12): "about 3,000 million input tokens
a month, the output is a sixth of that", "we send 1.2B prompt tokens a month and get back about a tenth as many",
"900 millones de tokens de entrada al mes; la salida es la tercera parte".

One side is the subject (lexicon `mix_input`, `mix_output`) or a verb of what comes back ("get back", "recibimos"),
then a quantity (bot/parse/mix_parts.py: a fraction, N times, a multiplier word, a percentage), then "of that", "as
many", "de eso" or the end of the clause. The other side must be named within the two sentences before it; the
subject is that many times it. What the relations in one sentence compose (bot/parse/mix_relations.py) goes first."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, mix_parts
from bot.parse.draft import Draft
from bot.parse.lazyre import lazy

_BEFORE = 200  # characters before the subject where the other side's figure may be named


@cache
def _lead() -> re.Pattern[str]:
    alt = lexicon.alternation
    filler = r"(?:(?:about|around|roughly|only|just|maybe|approximately|unos?|unas?|m[aá]s\s+o\s+menos|aproximadamente|apenas|el|la|un|una|~)\s+)*"
    return lazy(
        rf"{lexicon.WORD_START}(?:(?:the|our|la|el|las|los)\s+)?(?:(?P<o>{alt('mix_output')})|(?P<i>{alt('mix_input')}))"
        rf"(?:\s+(?:de\s+)?tok(?:en)?s)?\s+(?:is|are|'s|es|son|ser[aá]|ser[aá]n|would\s+be|comes?\s+to|runs?|ronda[n]?|vienen?\s+a\s+ser)\s+{filler}"
        rf"|{lexicon.WORD_START}(?P<back>get(?:s|ting)?\s+back|receive[sd]?(?:\s+back)?|(?:writes?|sends?|gives?)\s+back|returns?|recibimos|nos\s+devuelven?|devuelven?)\s+{filler}",
        re.I,
    )


_OF_WHICH = lazy(r"\b(?:of\s+which|of\s+those|of\s+that|de\s+los\s+cuales|de\s+ellos|de\s+eso)\s*,?\s*(?:the\s+|la\s+|el\s+)?$", re.I)
_TAIL = lazy(
    r"(?:\s+(?:(?:of\s+)?(?:that|it|this|those|these|the\s+(?:figure|volume|number))|as\s+(?:many|much)(?:\s+tokens)?|de\s+(?:eso|ello|esto|esa\s+cifra|lo\s+anterior|esos|ese\s+volumen)))?"
    r"(?=\s*(?:$|[.,;:)!?\n—]|(?:and|but|y|pero)\b))",
    re.I,
)


def _factor(q: re.Match[str]) -> float | None:
    """How many times the other side the subject is ("a sixth": 1/6, "twice": 2, "10 %": 0.1)."""
    if q.group("p1"):
        return None  # a pair is the relations' own
    if t := q.group("t") or q.group("t2"):
        return mix_parts.figure(t)
    if q.group("mult"):
        return float(lexicon.mapping("multipliers")[q.group("mult").lower()])
    if q.group("frac"):
        return 1 / float(lexicon.mapping("fractions")[q.group("frac").lower()])
    if q.group("share"):
        return mix_parts.share_words()[re.sub(r"\s+", " ", q.group("share").lower())]
    if q.group("den"):
        return int(q.group("fnum")) / int(q.group("den"))
    return float(q.group("pc").replace(",", ".")) / 100


def read_back(text: str, draft: Draft) -> None:
    """Set input tokens per output token from a side said as a share or a multiple of the other side before it."""
    if "input_per_output" in draft.fields or draft.asked_about("input_per_output"):
        return
    for lead in _lead().finditer(text):
        q = mix_parts.quantities().match(text, lead.end())
        if not q or not (tail := _TAIL.match(text, q.end())) or any(q.group(g) for g in ("total", "ftotal", "stotal", "dtotal")):
            continue
        output = bool(lead.group("o") or lead.group("back"))
        whole = _OF_WHICH.search(text, max(0, lead.start() - 24), lead.start())
        if not lead.group("back") and whole and (f := _factor(q)) and 0 < f < 1:
            # "2.19B tokens a month total, of which output is around a third": a share of the whole
            draft.use(whole.start(), tail.end(), "input_per_output")
            draft.set("input_per_output", round((1 - f) / f if output else f / (1 - f), 6))
            return
        lo = max(0, lead.start() - _BEFORE)
        before = [s for s in mix_parts.sides().finditer(text, lo, lead.start()) if s.group("i") or s.group("o")]
        if not before or bool(before[-1].group("o")) == output or (f := _factor(q)) is None or f <= 0:
            continue
        mix = 1 / f if output else f  # "the output is a sixth of that": 6 input tokens per output token
        if 1 / 200 <= mix <= 200:
            draft.use(before[-1].start(), tail.end(), "input_per_output")
            draft.set("input_per_output", round(mix, 6))
            return
