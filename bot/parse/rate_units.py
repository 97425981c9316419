"""The words the tok/s reader (bot/parse/rates.py) matches around a figure: the unit, per node / per GPU,
hedges ("300-500", "maybe 500"), a figure said to be not needed, targets without a unit and figures relative
to a quoted rate. Who a rate is for (per stream, per group, in total) is bot/parse/rate_words.py.
"""

from __future__ import annotations

import re

from bot.parse.lazyre import lazy

_PER_SECOND = r"(?:(?:/|per|por|a\s+la|p/|each|every)\s?(?:s|secs?|seconds?|segundos?|seg)|(?:an?|one|al)\s+(?:sec(?:ond)?|segundo))\b"

_OUTPUT = r"(?:output\s|de\s+salida\s|generated\s|generados\s)?"

TOK_S = lazy(
    rf"(?P<plus>\+)?\s?{_OUTPUT}(?:(?:tok(?:en)?s?|tks?|t)(?:\s(?:de\s+salida|of\s+output|output))?\s?{_PER_SECOND}|tps\b|tok/s\b)",
    re.I,
)

UNIT_ALONE = lazy(rf"\b(?:(?:tok(?:en)?s?|tks?|t)\s?{_PER_SECOND}|tps\b)", re.I)

PER_NODE = lazy(
    r"\s*(?:per|por|/|each|a|on\s+(?:one|a|each|one\s+single))\s*(?:single\s+)?(?:node|nodo|box|server|servidor|machine|m[aá]quina|8\s?x\s?\w+)\b",
    re.I,
)

MEASURED = lazy(
    r"\b(?:measured|benchmarked|benchmark|medimos|hemos\s+medido|medido|we\s+got|we\s+get|we\s+see|observed|sustains?)\b",
    re.I,
)

# One GPU is neither the SLO nor a node (measured_tok_s_per_node is per 8-GPU node): "1.5k tok/s per GPU".
GPU = r"(?:gpus?|cards?|accelerators?|tarjetas?|[hab]\d{2,3}[a-z]{0,3}|l4|l40s?|mi\d{3}x?|rtx\s?\d{4})"

PER_GPU_AFTER = lazy(
    rf"\s*(?:per|por|/|each|a|(?:on|with|en|con)\s+(?:an?|one|each|una?|single)(?:\s+(?:single|sola))?)\s*(?:single\s+)?{GPU}\b",
    re.I,
)

ONE_GPU_DOES = lazy(
    rf"\b(?:one|an?|single|each|una?|1)\s+(?:single\s+)?{GPU}\s+(?:[a-z]+\s+){{0,2}}?"
    r"(?:does|gives|delivers|serves|hits|gets|handles|pushes|sustains|reaches|produces|da|saca|hace|sirve|genera)"
    r"\s+(?:us\s+|about\s+|around\s+|roughly\s+|~|≈)*$",
    re.I,
)

_NUMBER_WORDS = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|"
    r"seventy|eighty|ninety|hundreds?|thousands?|dozens?|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|"
    r"veinte|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento|cientos|doscientos|"
    r"trescientos|cuatrocientos|quinientos|seiscientos|setecientos|ochocientos|novecientos|mil|miles"
)

VAGUE = lazy(
    rf"(?:\b(?:{_NUMBER_WORDS})(?:[\s-]+(?:and\s+|y\s+)?(?:{_NUMBER_WORDS}))*\b"
    r"|\b(?:lots|loads|tons|plenty|some|several|a\s+lot|muchos|bastantes|varios|un\s+mont[oó]n|x|n|xx|xxx|tbd|tbc|high|fast)"
    r"|\?+|[}\]>]+)\s*(?:of\s+|de\s+)?$",
    re.I,
)

# A second figure hedged against the first: "300-500", "300~500", "maybe 300, maybe 500 tok/s" before the
# rate; "300 tok/s (maybe 500)", "300 tok/s or 500", "300 tok/s? 500?", "300 tok/s, quizá 500" after it.
_HEDGE = r"(?:maybe|perhaps|possibly|probably|or\s+even|quiz[aá]s?|tal\s+vez|mejor)"

RANGE_BEFORE = lazy(
    rf"(?<![^\W\d_])(\d[\d.,]*\s?[kKM]?)\s*(?:-|–|—|~|to|a|or|o|and|y|,?\s*(?:(?:or|o)\s+)?{_HEDGE})\s*$",
    re.I,
)

_HEDGED_END = r"(?=\s*(?:tok(?:en)?s?\s?(?:/|per|a)\s?s|t/s|tps|[)?!.,;]|$|(?:not|no|idk|tops|max|later|eventually|depending|if)\b))"

HEDGE_AFTER = lazy(
    rf"\s*[,;(]?\s*(?:(?:or|o)\s+(?:{_HEDGE}\s+)?|{_HEDGE}\s+)(?P<n>\d[\d.,]*\s?[kKM]?){_HEDGED_END}"
    r"|\s*\?\s*(?P<asked>\d[\d.,]*\s?[kKM]?)\s*\?",
    re.I,
)

# A tok/s said to be what is NOT needed: "we don't need 1k tok/s, 300 is plenty".
NEGATED_BEFORE = lazy(
    r"\b(?:don'?t|do\s+not|doesn'?t|does\s+not|won'?t|no|not|never)"
    r"(?:\s+(?:really|actually|even|need|needs|want|require|necesitamos|necesito|queremos|quiero|hace\s+falta|for|de))*"
    r"\s*[~≈]?\s*$",
    re.I,
)

# A figure without a unit right after "need"/"want", in a question that quotes some tok/s: "the API gives us
# 80 tok/s; we need 300 in prod" may mean 300 tok/s, or 300 of something else. It asks.
TARGET_BEFORE = lazy(
    r"\b(?:need|needs|want|wants|target(?:ing)?|require[sd]?|aim(?:ing)?\s+(?:for|at)|necesitamos|necesito|"
    r"queremos|quiero)\s+(?:(?:about|around|roughly|approx(?:imately)?|at\s+least|unos|unas|al\s+menos)\s+|[~≈]\s*)?$",
    re.I,
)

UNITLESS_AFTER = lazy(
    r"\s*(?:[)?!.,;]|$|(?:in|for|at|on|from|now|then|today|soon|tops|max|min|minimum|please|ideally|eventually|"
    r"later|next|or|and|instead|per|each|total|overall|aggregate|combined|sustained|peak|en|para|ya|pronto|"
    r"luego|como|en\s+total|por|cada)\b)",
    re.I,
)

# "need 2x that", "double that": a figure relative to a rate quoted.
RELATIVE = lazy(
    r"\b(?:\d+(?:\.\d+)?\s?(?:x|×|times)|double|twice|triple|half)\s+(?:that|this|it|what\s+we\s+(?:have|get|see)|"
    r"(?:the\s+)?current(?:ly)?|as\s+much|more(?!\s+(?:input|output|prompt|completion|context|answers?|responses?|replies|generations?|tokens?\s+(?:in|out)))|faster)\b"
    r"|\b(?:el\s+doble|el\s+triple|la\s+mitad)(?:\s+de\s+(?:eso|esto|lo\s+actual))?(?=\s*(?:[.,;!?)]|$))"
    # a follow-up or a peak: "and at 2x?", "what about 3x?", "¿y al doble?", "2x at peak", "ideally 500"
    r"|\b(?:at|about|with|a)\s+\d+(?:\.\d+)?\s?[x×]\s*\?|\b\d+(?:\.\d+)?\s?[x×]\s+(?:at|during|in|on)\s+(?:peak|black\s+friday|launch)"
    r"|\bal\s+doble\b|\bmultiplic(?:amos|ar|o)\s+por\s+\d+|\b(?:bursting|bursts?|spiking|peaks?|peaking)\s+(?:to|at|of)\s+\d"
    # "a peak of 90 sessions open at the same time" counts streams, not a rate
    r"(?![\d.,]*\s*(?:(?:concurrent|simultaneous|parallel|open|active|live)\s+)?(?:users?|sessions?|streams?|chats?|conversations?|connections?|calls?|requests?|agents?|people|seats?)\b)"
    r"(?:[\d.,]*\d)?(?:\s?[kKmM]\b)?"  # the whole figure, so the question quotes "peaks at 2,000", not "peaks at 2"
    r"|\b(?:ideally|idealmente)\s+\d(?:[\d.,]*\d)?(?:\s?[kKmM]\b)?",
    re.I,
)
