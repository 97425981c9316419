"""The words and patterns the tok/s reader (bot/parse/rates.py) matches: units, per node / per GPU, per stream
before and after the figure, groups, hedges, targets and follow-ups. Data for one reader, kept apart
from its logic.
"""

from __future__ import annotations

import re

from bot.parse.figures import CONCURRENT, PEOPLE, STREAM_WHO, STREAMS
from bot.parse.lazyre import lazy

# A verb after "each <noun>" starts a clause of its own: "every request is about 2k tokens".
_VERB = (
    r"is|are|was|were|has|have|had|will|would|can|could|should|carries|carry|contains?|takes?|uses?|gets?|"
    r"sends?|needs?|wants?|averages?|runs?|tiene|lleva|usa|necesita|es|son"
)

# Groups, for telling "each team" (a rate per group) from "each" alone (per stream).
_GROUP_WORDS = (
    r"teams?|tenants?|customers?|clients?|apps?|applications?|services?|products?|departments?|squads?|projects?|"
    r"regions?|sites?|brands?|business\s+units?"
)

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
_GPU = r"(?:gpus?|cards?|accelerators?|tarjetas?|[hab]\d{2,3}[a-z]{0,3}|l4|l40s?|mi\d{3}x?|rtx\s?\d{4})"

PER_GPU_AFTER = lazy(
    rf"\s*(?:per|por|/|each|a|(?:on|with|en|con)\s+(?:an?|one|each|una?|single)(?:\s+(?:single|sola))?)\s*(?:single\s+)?{_GPU}\b",
    re.I,
)

ONE_GPU_DOES = lazy(
    rf"\b(?:one|an?|single|each|una?|1)\s+(?:single\s+)?{_GPU}\s+(?:[a-z]+\s+){{0,2}}?"
    r"(?:does|gives|delivers|serves|hits|gets|handles|pushes|sustains|reaches|produces|da|saca|hace|sirve|genera)"
    r"\s+(?:us\s+|about\s+|around\s+|roughly\s+|~|≈)*$",
    re.I,
)

# Per stream only when the phrase sits right after the unit ("30 tok/s each", "300 tok/s per user") or
# right before the figure ("each user should see 300 tok/s"), and is not waved off ("per-user doesn't matter").
_FILLER = r"needed|required|guaranteed|minimum|min|at\s+least|sustained|or\s+so|roughly|ideally|m[ií]nimo|garantizados?|como\s+m[ií]nimo"

_WAVED_OFF = (
    r"doesn'?t|does\s+not|don'?t|isn'?t|is\s+not|not\b|irrelevant|no\s+importa|da\s+igual|es\s+irrelevante"
)

_EACH_OF = r"(?:for\s+|para\s+)?(?:each|every\s+one|cada\s+uno)\s+(?:of|de)\s+(?:(?:the|our|those|los|nuestros)\s+)?(?:\d[\d,.]*\s+)?"

PER_STREAM_AFTER = lazy(
    rf"\s*,?\s*(?:(?:{_FILLER})\s+){{0,2}}(?:"
    rf"(?:(?:per|por|for\s+each|for\s+every|para\s+cada|/)[\s-]?(?:single\s+|{CONCURRENT}\s+)?|{_EACH_OF}){STREAM_WHO}\b"
    # "300 tok/s each user", but not "300 tok/s, every request is about 2k tokens": another clause
    rf"|(?:each|every|cada)[\s-]?(?:single\s+|{CONCURRENT}\s+)?{STREAM_WHO}\b(?!\s+(?:{_VERB}))"
    r"|per-(?:user|stream|request|seat)\b|single[\s-]stream\b|apiece\b|cada\s+uno\b|por\s+cabeza\b|a\s+head\b"
    # "300 tok/s, each team …" is a rate per team (or no rate of theirs at all), not per stream
    rf"|each\b(?!\s+(?:day|week|month|hour|minute|year|time|second|{_GROUP_WORDS})\b)"
    # "300 tok/s, each request carries 500k tokens": "each <noun> <verb>" is a clause of its own
    rf"(?!\s+[^\W\d_]+\s+(?:{_VERB})\b))(?!\s*(?:{_WAVED_OFF}))",
    re.I,
)

PER_STREAM_BEFORE = lazy(
    rf"(?:\b(?:(?:per|each|every|por|cada|for\s+each|para\s+cada)[\s-](?:single\s+)?|{_EACH_OF}){STREAM_WHO}"
    r"|\bper-(?:user|stream|request|seat))\b"
    rf"(?!\s+(?:{_WAVED_OFF}))(?:\s+[^\W\d_]+(?:'[a-z]+)?){{0,3}}\s*[:~≈]?\s*$",
    re.I,
)

# A head count, then "each": "40 users each at 30 tok/s", "40 usuarios, cada uno a 30 tok/s".
EACH_BEFORE = lazy(
    rf"\b(?:{STREAM_WHO}|{PEOPLE}),?\s+(?:each(?:\s+one)?|cada\s+uno)\b(?:\s+[^\W\d_]+){{0,2}}\s*[:~≈]?\s*$",
    re.I,
)

# "20 streams in parallel at 25 tok/s", "20 streams en paralelo a 25 tok/s"
_AT_ONCE_AFTER = (
    r"(?:at\s+once|in\s+parallel|concurrently|simultaneously|at\s+the\s+same\s+time|a\s+la\s+vez|en\s+paralelo|"
    r"simult[aá]ne(?:o|a)s|concurrentes|al\s+mismo\s+tiempo)"
)

# Streams run at once by nature: "50 sessions at 40 tok/s" is 40 each, 50 at a time.
STREAMS_AT_BEFORE = lazy(
    rf"(?=\d)(?<![\w.,:])(?P<n>\d[\d,.]*)\s+(?:{CONCURRENT}\s+)?{STREAMS}\s*(?:{_AT_ONCE_AFTER}\s+)?"
    r"(?:each\s+|cada\s+una?\s+)?"
    r"(?:at|@|a|doing|getting|of|de|with|con)\s*(?:about|around|~|≈)?\s*$",
    re.I,
)

# One stream, said: "a single agent at 400 tok/s", "one user at 80 tok/s" (fleet, issue 11: the rate is
# that stream's speed, and there is one of it, not the default number of sessions).
ONE_STREAM_BEFORE = lazy(
    rf"(?=\S)(?<![\w.,:])(?:a\s+single|one\s+single|just\s+one|only\s+one|a\s+lone|one|un\s+s[oó]lo|una\s+sola|1)\s+"
    rf"(?:{CONCURRENT}\s+)?(?:{STREAMS}|{STREAM_WHO})\s*(?:at|@|doing|getting|needs|needing|wants|wanting|a)\s*"
    r"(?:about|around|unos|~|≈)?\s*$",
    re.I,
)

AGGREGATE = lazy(
    r"\b(?:aggregate|in\s+total|total|across\s+all|combined|en\s+total|agregados?|sostenidos?|sustained|"
    r"shared\s+(?:by|between|among|across)|compartid[oa]s\s+entre|repartid[oa]s\s+entre)\b",
    re.I,
)

# A head count next to a rate that says neither "each" nor "in total": "40 tok/s for 50 users".
FOR_PEOPLE_AFTER = lazy(
    rf"\s*,?\s*(?:for|para)\s+(?:(?:up\s+to|our|about|around|some|hasta|nuestros|unos)\s+|~)*"
    rf"(?P<n>\d[\d,.]*)\s+(?:{CONCURRENT}\s+)?{PEOPLE}\b",
    re.I,
)

PEOPLE_AT_BEFORE = lazy(
    rf"(?=\d)(?<![\w.,])(?P<n>\d[\d,.]*)\s+(?:{CONCURRENT}\s+)?{PEOPLE}\s*(?:at|@|with|a|con|,|:)?\s*(?:about|around|~|≈)?\s*$",
    re.I,
)

# "3 teams × 100 tok/s", "2 x 150 tok/s": a count times a rate.
TIMES_BEFORE = lazy(r"(?=\d)(?<![\w.,])(?P<count>\d{1,4})\s*(?:[^\W\d_]+\s+)?[x×*]\s*$", re.I)

# "40 tok/s × 50 streams", "40tok/s*50", "40 tok/s times 50 users" (not "× 8 GPUs": that is hardware).
TIMES_AFTER = lazy(
    rf"\s*(?:[x×*]|times)\s*(?P<count>\d{{1,4}})(?![\d.,]?\d|\s?(?:[kKM%]|{_GPU}|nodes?|nodos?)(?![^\W\d_]))",
    re.I,
)

_GROUP = (
    r"(?:team|department|dept|product|app|application|service|tenant|project|region|site|equipo|departamento|"
    r"producto|aplicaci[oó]n|servicio|proyecto|regi[oó]n)"
)

# A rate per anything else is per some group: "300 tok/s per customer, 12 customers" is 3,600 in total, and
# without the count it asks. Not a group: a time, who a stream is for, hardware, or a word that is no noun.
_NOT_GROUP = (
    rf"{STREAM_WHO}|{PEOPLE}|{_GPU}|nodes?|nodos?|box|servers?|servidor|machines?|m[aá]quina|s|secs?|seconds?|"
    r"segundos?|seg|minutes?|min|minutos?|hours?|hrs?|horas?|days?|d[ií]as?|weeks?|semanas?|months?|mes|years?|"
    r"a[ñn]os?|peak|time|times|vez|se|cent|ciento|favor|ahora|ejemplo|the|our|your|their|my|its|this|that|"
    r"an?|one|el|la|los|las|lo|una?|uno|nuestros?|nuestras?|default|spec|sla|contract|docs?|design|tokens?|"
    r"calls?|query|queries|prompts?|completions?|generations?|responses?|turns?|messages?|threads?|llamadas?|"
    r"consultas?|outputs?|inputs?|salida|entrada|each|every|cada|and|or|y|o|for|of|with|at|in|on|to|para|de|con|en"
)

PER_GROUP_AFTER = lazy(
    rf"\s*,?\s*(?:(?:per|every|por|cada|for\s+each|for\s+every|para\s+cada)\b|/|each(?=\s+{_GROUP}))[\s-]?"
    rf"(?!(?:(?:{CONCURRENT}|active|single|individual)\s+)?(?:{_NOT_GROUP})\b)"
    r"(?!(?:normativa|norma|contrato|ley|defecto|ejemplo|favor|cierto|ahora|eso|lo\s+tanto)\b)"  # "por normativa"
    rf"(?P<group>[^\W\d_]{{2,}})\b"
    # "per-team budgets", "per-app keys": a word that describes spend controls, not a rate per team
    r"(?!\s+(?:api\s+)?(?:budgets?|keys?|quotas?|caps?|limits?|spend|costs?|bills?|billing|dashboards?|reports?|"
    r"attribution|chargebacks?|showbacks?|accounts?|invoices?|polic(?:y|ies)|rules?|contracts?)\b"
    # "each team has its own key": a sentence about the group, not a rate for it (parseA, issue 14)
    r"|\s+(?:has|have|gets?|tiene|tienen)\s+(?:its|their|su|sus)\s+(?:own|propi[oa]s?)\b"
    r"|\s+(?:has|have|uses?|pays?|spends?|shares?|owns?|tiene[n]?|usa[n]?|paga[n]?|gasta[n]?|comparte[n]?)\s+(?:a|an|its|their|one|the|la|el|una|un|su|sus|lo)\b"
    r"|\s+(?:se\s+queja[n]?|complains?|se\s+come[n]?|eats?|hogs?|calls|hammers|hits|sends|runs|burns|talks|llama|env[ií]a)\b)",
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
    r"(?:the\s+)?current(?:ly)?|as\s+much|more(?!\s+(?:input|output|prompt|completion|context|tokens?\s+(?:in|out)))|faster)\b"
    r"|\b(?:el\s+doble|el\s+triple|la\s+mitad)(?:\s+de\s+(?:eso|esto|lo\s+actual))?(?=\s*(?:[.,;!?)]|$))"
    # a follow-up or a peak: "and at 2x?", "what about 3x?", "¿y al doble?", "2x at peak", "ideally 500"
    r"|\b(?:at|about|with|a)\s+\d+(?:\.\d+)?\s?[x×]\s*\?|\b\d+(?:\.\d+)?\s?[x×]\s+(?:at|during|in|on)\s+(?:peak|black\s+friday|launch)"
    r"|\bal\s+doble\b|\bmultiplic(?:amos|ar|o)\s+por\s+\d+|\b(?:bursting|bursts?|spiking|peaks?|peaking)\s+(?:to|at|of)\s+\d"
    r"|\bideally\s+\d|\bidealmente\s+\d",
    re.I,
)
