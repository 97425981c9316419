"""The words the tok/s reader (bot/parse/rates.py) matches around a figure: the unit, per node (one GPU is
bot/parse/per_gpu.py),
hedges ("300-500", "maybe 500"), a figure said to be not needed, targets without a unit and figures relative
to a quoted rate. Who a rate is for (per stream, per group, in total) is bot/parse/rate_words.py.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy

_PER_SECOND = r"(?:(?:/|per|por|a\s+la|p/|each|every|x(?=\s))\s?(?:s|secs?|seconds?|segundos?|seg)|(?:an?|one|al)\s+(?:sec(?:ond)?|segundo))\b"

_OUTPUT = r"(?:output\s|de\s+salida\s|generated\s|generados\s)?"

# "300+ tok/s", "300-odd tok/s", "300 y pico tok/s": at least the figure (lexicon `rate_odd_after`).
TOK_S = lazy(
    rf"(?P<plus>\+|{lexicon.alternation('rate_odd_after')})?\s?{_OUTPUT}(?:(?:tok(?:en)?s?|tks?|t)(?:\s(?:de\s+salida|of\s+output|output))?\s?{_PER_SECOND}|tps\b|tok/s\b)",
    re.I,
)

UNIT_ALONE = lazy(rf"\b(?:(?:tok(?:en)?s?|tks?|t)\s?{_PER_SECOND}|tps\b)", re.I)

PER_NODE = lazy(
    r"\s*(?:per|por|/|each|a|on\s+(?:one|a|each|one\s+single))\s*(?:single\s+)?(?:node|nodo|box|server|servidor|machine|m[aá]quina|8\s?x\s?\w+)\b",
    re.I,
)

# The names of one GPU (bot/parse/per_gpu.py reads a figure of one; measured_tok_s_per_node is per 8-GPU node).
GPU = r"(?:gpus?|cards?|accelerators?|tarjetas?|[hab]\d{2,3}[a-z]{0,3}|l4|l40s?|mi\d{3}x?|rtx\s?\d{4})"

# The verb after one GPU or node (any word but a need, a joiner or a preposition): "does", "pushed", "topped out
# at", "sacó"; "one H100 at 200 tok/s", "en un nodo y necesitamos 1.600" are no capacity (net s11).
_NOT_VERB = (
    r"needs?|need\w*|must|should|has|have|will|would|shall|to|requir\w*|want\w*|debe\w*|tiene\w*|necesit\w*|quer\w*|ha"
    r"|and|y|e|but|pero|or|o|at|on|in|for|with|by|a|de|en|con|por|para|of|is|are|es|son"
)
VERB_NOT_NEED = rf"(?:(?!(?:{_NOT_VERB})\b)[a-záéíóú']+\s+){{0,2}}?(?!(?:{_NOT_VERB})\b)[a-záéíóú]+"

# One node as the subject ("one node does 4,000 tok/s", "a single 8xH100 box pushed 9k tok/s", "un nodo saca
# 3.000 tok/s", "an 8-GPU H100 node gives us 12k", "un nodo de 8 H100 saca 10.000 tok/s"): a node's measured throughput, not the need (net s11). One GPU
# is bot/parse/per_gpu.py.
ONE_NODE_DOES = lazy(
    r"\b(?:one|an?|single|un|una|1)\s+(?:single\s+)?(?:\d\s?[x-]?\s?(?:gpus?\s+)?(?:[a-z]?\d{2,3}\w*\s+)?)?(?:node|nodo|box|server|servidor)"
    r"(?:\s+(?:of|de|with|con)\s+\d+\s?(?:x\s?)?(?:[a-z]?\d{2,3}\w*|gpus?))?\s+"
    rf"{VERB_NOT_NEED}\s+(?:us\s+|about\s+|around\s+|roughly\s+|unos\s+|~|≈)*$",
    re.I,
)

# Where a hedged second figure ends: "300 tok/s (maybe 500)", "300 tok/s or 500 tops".
_HEDGED_END = r"(?=\s*(?:tok(?:en)?s?\s?(?:/|per|a)\s?s|t/s|tps|[)?!.,;]|$|(?:not|no|idk|tops|max|later|eventually|depending|if)\b))"


# The words are lexicon rows (bot/parse/lexicon/en.yaml, es.yaml: `rate_measured_verb`, `vague_count`,
# `vague_word`, `rate_hedge`, `rate_negator`, `rate_negated_filler`, `rate_target_verb`, `rate_about`,
# `rate_unitless_after`, `rate_cost_lead`, `rate_cost_after`); here only where each sits around the figure.
def _alt(concept: str) -> str:
    return lexicon.alternation(concept)


@cache
def measured_words() -> re.Pattern[str]:  # "we measured 900 tok/s on one box": a node's figure
    return lazy(rf"\b{_alt('rate_measured_verb')}\b", re.I)


@cache
def vague_before() -> re.Pattern[str]:  # "a few hundred tok/s", "lots of tok/s", "XX tok/s": no figure
    count = _alt("vague_count")
    return lazy(
        rf"(?:\b{count}(?:[\s-]+(?:and\s+|y\s+)?{count})*\b|\b{_alt('vague_word')}|\?+|[}}\]>]+)\s*(?:of\s+|de\s+)?$", re.I
    )


@cache
def range_before() -> re.Pattern[str]:
    """A second figure hedged against the first, before the rate: "300-500", "300~500", "maybe 300, maybe 500 tok/s"
    (after it: `hedge_after`, "300 tok/s (maybe 500)", "300 tok/s or 500", "300 tok/s? 500?", "…, quizá 500")."""
    hedge = _alt("rate_hedge")
    return lazy(
        rf"(?<![^\W\d_])(\d(?:[\d.,]*\d)?\s?[kKM]?)\s*(?:-|–|—|~|to|a|or|o|and|y|,?\s*(?:(?:or|o)\s+)?{hedge})\s*$", re.I  # "17, a 400": no range (mix14)
    )


@cache
def hedge_after() -> re.Pattern[str]:  # "300 tok/s (maybe 500)", "300 tok/s or 500", "300 tok/s? 500?"
    hedge = _alt("rate_hedge")
    return lazy(
        rf"\s*[,;(]?\s*(?:(?:or|o)\s+(?:{hedge}\s+)?|{hedge}\s+)(?P<n>\d[\d.,]*\s?[kKM]?){_HEDGED_END}"
        r"|\s*\?\s*(?P<asked>\d[\d.,]*\s?[kKM]?)\s*\?",
        re.I,
    )


@cache
def negated_before() -> re.Pattern[str]:  # "we don't need 1k tok/s, 300 is plenty"
    return lazy(rf"\b{_alt('rate_negator')}(?:\s+{_alt('rate_negated_filler')})*\s*[~≈]?\s*$", re.I)


@cache
def target_before() -> re.Pattern[str]:  # "the API gives us 80 tok/s; we need 300 in prod": asks
    return lazy(rf"\b{_alt('rate_target_verb')}\s+(?:{_alt('rate_about')}\s+|[~≈]\s*)?$", re.I)


@cache
def cost_before() -> re.Pattern[str]:  # "what does 6,000 cost?", "¿cuánto cuesta servir 5.000?": a need, asked
    return lazy(rf"\b{_alt('rate_cost_lead')}\s+(?:{_alt('rate_about')}\s+|[~≈]\s*)?$", re.I)


@cache
def cost_after() -> re.Pattern[str]:
    return lazy(rf"\s*(?:{_alt('rate_cost_after')})\b", re.I)


@cache
def unitless_after() -> re.Pattern[str]:
    return lazy(rf"\s*(?:[)?!.,;]|$|{_alt('rate_unitless_after')}\b)", re.I)


# "need 2x that", "double that": a figure relative to a rate quoted.
RELATIVE = lazy(
    r"\b(?:\d+(?:\.\d+)?\s?(?:x|×|times)|double|twice|triple|half)\s+(?:that|this|it|what\s+we\s+(?:have|get|see)|"
    r"(?:the\s+)?current(?:ly)?|as\s+much|more(?=\s*(?:[.,;:!?)]|$|than\s+(?:that|this|now|today|currently|what|we\s+(?:have|get|do|see|run|serve))\b|(?:of\s+(?:it|that|this|the\s+same)|(?:tok(?:ens)?/s|tokens?\s+(?:a|per)\s+sec\w*|traffic|load|throughput|capacity|volume|usage|requests?|calls?)\b)))|faster)\b"
    # ("nunca llegamos ni a la mitad" of a limit is how far from it we are: no figure)
    r"|\b(?<!\bni\s)(?<!\bni\sa\s)(?:el\s+doble|el\s+triple|la\s+mitad)(?:\s+de\s+(?:eso|esto|lo\s+actual))?(?=\s*(?:[.,;!?)]|$))"
    # a follow-up or a peak: "and at 2x?", "what about 3x?", "¿y al doble?", "2x at peak", "ideally 500"
    r"|\b(?:at|about|with|a)\s+\d+(?:\.\d+)?\s?[x×]\s*\?|\b\d+(?:\.\d+)?\s?[x×]\s+(?:at|during|in|on)\s+(?:peak|black\s+friday|launch)"
    r"|\bal\s+doble\b|\bmultiplic(?:amos|ar|o)\s+por\s+\d+|\b(?:bursting|bursts?|spiking|peaks?|peaking)\s+(?:to|at|of)\s+\d"
    # "a peak of 90 sessions open at the same time" counts streams, not a rate
    r"(?![\d.,]*\s*(?:(?:concurrent|simultaneous|parallel|open|active|live)\s+)?(?:users?|sessions?|streams?|chats?|conversations?|connections?|calls?|requests?|agents?|people|seats?)\b)"
    r"(?:[\d.,]*\d)?(?:\s?[kKmM]\b)?"  # the whole figure, so the question quotes "peaks at 2,000", not "peaks at 2"
    r"|\b(?:ideally|idealmente)\s+\d(?:[\d.,]*\d)?(?:\s?[kKmM]\b)?",
    re.I,
)


_AT_BEFORE = lazy(r"(?:(?<![\w'])(?P<word>[\w'.-]+)\s+)?\bat\s+(?:about\s+|around\s+|roughly\s+|~\s*)?$", re.I)
# A verb of what a node did or does, right before "at" ("topped out at", "peaks at", "we're at"): a throughput
_DID_AT = frozenset({
    "out", "peak", "peaks", "peaked", "run", "runs", "ran", "running", "top", "tops", "topped", "max", "maxes", "maxed",
    "hit", "hits", "sit", "sits", "sat", "plateau", "plateaus", "plateaued", "level", "levels", "levelled", "leveled",
    "cap", "caps", "capped", "stall", "stalls", "stalled", "hold", "holds", "held", "stay", "stays", "stayed", "clock",
    "clocks", "clocked", "benchmark", "benchmarks", "benchmarked", "measure", "measures", "measured", "tested", "is",
    "are", "was", "were", "we're", "it's",
})


def at_target(before: str, after: str) -> bool:
    """ "would gemma at 400 tok/s on a node fix that?": a figure after "at" that no verb before it says a node did,
    and no word around it says was measured, is the need, served on a node, not the node's throughput (lead s18)."""
    at = _AT_BEFORE.search(before)
    measured = measured_words().search(before[-60:]) or measured_words().search(after[:60])  # "…, what our benchmark showed"
    return bool(at and (at["word"] or "").lower() not in _DID_AT and not measured)
