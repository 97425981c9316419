"""The forms a token volume takes (bot/parse/volumes.py reads them): "26 million output tokens a day", "1B tokens a
month, 20% output", "over 8 hours", and a period said once before the volumes it governs ("each day we send
5B prompt tokens and get 500M completion tokens back", "al día 43,2 millones de tokens de salida")."""

from __future__ import annotations

import re

from bot.parse import lexicon
from bot.parse.figures import PEOPLE, first_number
from bot.parse.lazyre import lazy

PERIOD_WORDS = {
    "minute": "minutes?|min|minutos?", "hour": "hours?|hr|horas?",
    "day": r"(?:business|working|work)[\s-]?days?|weekdays?|workdays?|d[ií]as?\s+(?:laborables?|h[aá]biles?)|jornadas?(?:\s+laborales?)?"
           r"|days?|daily|d[ií]as?|diari[oa]s?|(?<=every\s)24\s?(?:hours|hrs|h)|(?<=cada\s)24\s?(?:horas|h)",
    "week": r"(?:business|working|work)[\s-]?weeks?|semanas?\s+laboral(?:es)?|weeks?|weekly|semanas?|semanal(?:es)?", "month": "months?|monthly|mo|mes|meses|mensual(?:es)?",
    "quarter": "quarters?|quarterly|trimestres?|trimestral(?:es)?",  # three months (bot/parse/volumes.py)
    "year": "years?|yearly|a[ñn]os?|anual(?:es)?",
}  # fmt: skip
# A period with hours of its own (volume_spans.py): "per shift", "a night", "por turno", "por noche". Not in
# PERIOD_WORDS: its hours are what the message says, never a calendar's.
SPAN_WORDS = r"(?:work\s+)?shifts?|nights?|overnight\s+(?:run|batch|window)|batch\s+windows?|turnos?|noches?"
BUSINESS_DAY = lazy(r"business|work|weekday|laborable|laboral|h[aá]bil|jornada", re.I)  # a working week too: 40 h

_TOKENS_WORD = r"(?:(?:output|input|prompt|completion|de\s+salida|de\s+entrada|generated)\s)?(?:de\s)?tok(?:en)?s?(?:\s(?:(?:de\s+)?(?:salida|output)|(?:de\s+)?(?:entrada|input)|of\s+outputs?|of\s+inputs?|of\s+prompts?|of\s+completions?|output|input|generados|out(?!\s+of\b)))?"  # "400k tokens out a day"
_BOTH = lexicon.alternation("volume_both")  # "input and output", "prompts y respuestas": a total
_TOTAL_BEFORE = rf"(?:(?:{_BOTH}|total|combined|overall|totales)\s)"
_TOTAL_AFTER = rf"(?:\s?,?\s?(?:in\s+total|total|combined|overall|en\s+total|(?:of\s+|de\s+|entre\s+|sumando\s+|contando\s+|counting\s+|across\s+)?(?:{_BOTH})))\b"
# Slack shorthand (lexicon `per_short`, `each_short`): "50k tokens x persona al día", "2M x día", "al día c/u".
_PER_SHORT, _EACH_SHORT = lexicon.alternation("per_short"), lexicon.alternation("each_short")
_PER_PERSON = rf"(?:\s?(?:per|por|each|every|an?|cada|/|for\s+each|para\s+cada|{_PER_SHORT})[\s-]?{PEOPLE})\b"
# A volume per anything else that is counted: "2M output tokens per tenant per day across 12 tenants".
_PERIODS = "|".join(PERIOD_WORDS.values())
_PER_UNIT = (
    rf"(?:\s?(?:per|por|each|every|cada|for\s+each|para\s+cada|{_PER_SHORT})[\s-]?"
    rf"(?!(?:{_PERIODS}|the|our|an?|one|el|la|un|una|single|request|petici[oó]n|call(?!\s+cent(?:er|re))|llamada|per|por|each|every|cada|uno|"
    rf"of|de|al|and|y)\b)(?P<{{}}>[^\W\d_]{{{{3,}}}}"
    # a unit of two or three words: "per franchise location", "por línea de producto", "por centro de coste"
    rf"(?:\s+(?:(?:de|del|of)\s+)?(?!(?:{_PERIODS}|per|por|each|every|cada|and|y|in|en|al|the|el|la|for|para)\b)[^\W\d_]{{{{3,}}}}){{{{0,2}}}}))\b"
)
# A period the volume flows over, said with whose it is (w2num s11): "over a month", "during their 8-hour day",
# "en su jornada de 8 horas", "a lo largo del mes".
_OVER_PERIOD = r"(?:(?:over|during|throughout|across|durante|in|en)(?=\s)|a\s+lo\s+largo\s+del?(?=\s))"
_WHOSE = r"(?:(?<=[rgtns]\s)an?|(?<=durante\s)una?|(?<=en\s)una?|their|his|her|our|its|each|one|su|sus|nuestra|nuestro|cada)\s"
# What a day is, said between its article and it (count13 s13): its hours ("over a 9-to-5 working day", "its
# 8am-4pm day", "una jornada de 8 a 16") or its place ("over a Nairobi working day"); the calendar reader reads them.
_CLOCK = r"\d{1,2}(?::\d\d)?\s?(?:am|pm)?"
DAY_QUALIFIER = rf"(?:(?:{_CLOCK}(?:\s?[-–]\s?|\s(?:to|a)\s|-to-){_CLOCK}|(?-i:[A-Z])[^\W\d_]+(?:\s(?-i:[A-Z])[^\W\d_]+)?)[\s-])"
# What output tokens are made of, right before their period (count15 s15): "25k output tokens of drafts a day",
# "1.5M output tokens of reports a day", "2 millones de tokens de borradores al día".
_OF_WHAT = (
    r"(?:(?:(?<=output\stokens)|(?<=generated\stokens)|(?<=completion\stokens)|(?<=de\ssalida))\s(?:of|de)\s(?!(?:them|it|those|these|that|which|ellos|esos|estos|salida|entrada|output|input)\b)[^\W\d_]{3,}(?:\s[^\W\d_]{3,})?"
    rf"(?=\s(?:an?|per|every|each|al|a\s+la|por|cada)\s(?:{_PERIODS})\b))"
)
# "por persona y día": a person and a period may be joined by "y" (Spanish) or "and".
VOLUME = lazy(
    rf"\s?{_TOTAL_BEFORE}?{_TOKENS_WORD}{_OF_WHAT}?(?P<total_mid>{_TOTAL_AFTER})?(?:(?P<who>{_PER_PERSON})(?:\s(?:y|and)(?=\s))?|{_PER_UNIT.format('unit')}|\s(?:each|apiece|cada\s+uno|{_EACH_SHORT})(?!\w))?"
    rf"\s?(?:an?|per|each|every|/|al|a\s+la|por|cada|by|in\s+an?|in\s+one|en\s+un|(?<=\w\s)(?:y|and)|{_PER_SHORT}|{_OVER_PERIOD})?\s?(?:the\s|el\s|la\s|{_WHOSE})?"
    rf"(?:(?<=\s)(?=[^\W_]+[^\n]{{0,24}}(?:day|d[ií]a|jornada))(?-i:(?!(?:The|El|La)\s)){DAY_QUALIFIER})?"
    r"(?:(?P<day_hours>\d{1,2})[\s-]?(?:hours?|hrs?|h|horas)[\s-]?)?"
    rf"(?P<period>{_PERIODS}|{SPAN_WORDS})\b(?:(?P<who_after>{_PER_PERSON})|{_PER_UNIT.format('unit_after')})?(?:{_TOTAL_AFTER})?"
    r"|\s?(?:(?:output|input|prompt|completion|generated)\s)?(?P<tpm>tp[mhd])\b(?:\s(?:de\s+salida|de\s+entrada|output|input))?",
    re.I,
)
# What the tokens are, first match wins: "input and output tokens" is a total, not input.
_VOLUME_KINDS = (
    ("total", lazy(_BOTH, re.I)),
    ("output", lazy(r"output|salida|generated|generados|completion|\bout\b", re.I)),
    ("input", lazy(r"input|entrada|prompt", re.I)),
    ("total", lazy(r"total|combined|overall", re.I)),
)
# How much of a volume is output, said right after it: "1B tokens a month, 20% output", "80% input",
# "25% of them output", "800M of them input", "mostly input (80%)", "el 20% de salida".
_OF_THEM = r"(?:of\s+(?:them|it|those|these|that|which)|de\s+(?:ellos|esos|estos))"
_SIDE = (
    r"(?:outputs?|inputs?|completions?|prompts?|(?:de\s+)?salida|(?:de\s+)?entrada)\b"
    r"(?!\s*(?:and|\+|&|y|or|o|/)\s*(?:output|input|salida|entrada))"
)
_TOTAL_SAID = r"(?:\s+(?:in\s+total|en\s+total|all\s+told|in\s+all|combined|overall|all\s+in))?"  # "…tokens en total, de los cuales…"
_FRACTION = "|".join(map(re.escape, sorted(lexicon.mapping("fractions"), key=len, reverse=True)))
_SHARE_FORMS = (
    rf"(?:el\s+|un\s+|~)?(?P<pct>\d{{1,3}}(?:[.,]\d+)?)\s?(?:%|percent|por\s+ciento)\s+(?:{_OF_THEM}\s+)?"
    rf"(?:(?:are|is|es|son)\s+)?(?P<side>{_SIDE})"
    rf"|(?P<amount>\d[\d.,]*\s?(?:[kKMB]|bn|million|billion|millones)?)\s+{_OF_THEM}\s+(?:(?:are|is|son)\s+)?"
    rf"(?P<amount_side>{_SIDE})"
    rf"|(?P<pct_side>{_SIDE})\s*(?:is|are|es|son|:|=)?\s*\(?\s*(?:about|around|~)?\s*(?P<side_pct>\d{{1,3}}(?:[.,]\d+)?)\s?%"
    # a fraction of the whole (mix14): "a fifth of which is output", "de los cuales la décima parte es salida"
    rf"|(?:an?\s+|la\s+|una\s+|un\s+)?(?P<frac>{_FRACTION})\s+(?:{_OF_THEM}\s+)?(?:(?:are|is|es|son)\s+)?(?P<frac_side>{_SIDE})"
)
_SHARE_AFTER = lazy(
    rf"{_TOTAL_SAID}\s*[,;(:—-]?\s*(?:(?:and|with|y|con|of\s+which|de\s+los\s+cuales|de\s+ellos)\s+)?"
    r"(?:(?:mostly|mainly|about|around|roughly|only|just|mayormente|sobre\s+todo|casi\s+todo|s[oó]lo|apenas)\s+)?"
    rf"(?:{_SHARE_FORMS})",
    re.I,
)
# The same share later in the volume's sentence (num15b s15): "1.2B tokens a month on kimi k2.5, and 20% of them are
# output", "Of the 3.6M tokens per hour we push through qwen, 40% are output tokens" (bot/parse/volume_scope.py)
SHARE_LATER = lazy(rf"(?<![\w.,])(?:{_SHARE_FORMS})", re.I)
_OVER_HOURS = lazy(
    r"\s?,?\s?(?:over|in|during|across|within|spread\s+over|en|durante|de(?=\s+\d))\s+(?:an?\s+|the\s+|unas\s+|las\s+)?"
    r"(?P<hours>\d{1,2})[\s-]?(?:hours?|hrs?|h|horas)\b",
    re.I,
)


# Tokens per minute / hour / day as one unit: "50k output TPM", "1.8M TPH", "30k TPM de salida".
RATE_UNIT_PERIODS = {"tpm": "minute", "tph": "hour", "tpd": "day"}


def _period(word: str) -> str:
    for name, pattern in PERIOD_WORDS.items():
        if re.fullmatch(pattern, word, re.I):
            return name
    return "day"


def _volume_kind(said: str) -> str | None:
    return next((kind for kind, pattern in _VOLUME_KINDS if pattern.search(said)), None)


def _output_share(share: re.Match[str], amount: float) -> float | None:
    """The fraction of a volume that is output, from "20% output", "80% input" or "800M of them input"."""
    if frac := share.group("frac"):
        part, side = 1 / float(lexicon.mapping("fractions")[re.sub(r"\s+", " ", frac.lower())]), share.group("frac_side")
    elif raw := share.group("amount"):
        part, side = (first_number(raw) or 0) / amount, share.group("amount_side")
    else:
        pct = share.group("pct") or share.group("side_pct")
        part, side = float(pct.replace(",", ".")) / 100, share.group("side") or share.group("pct_side")
    output = part if re.search(r"output|salida|completion", side, re.I) else 1 - part
    return output if 0 < output < 1 else None


# A period said once before its volumes: "each day we send 5B prompt tokens", "al día 43,2 millones de tokens".
LEAD_PERIOD = lazy(
    rf"(?=[^\W\d_])\b(?:(?:each|every|per|a|an|por|al|cada|in\s+a|en\s+un|(?:over|in|during|across)\s+(?:a|an|one|the)|en\s+una?|durante\s+una?)\s+"
    rf"(?:(?:typical|normal|average|regular|usual|given|t[ií]pic[oa]|normal|cualquier)\s+)?(?:the\s+|el\s+|la\s+)?{DAY_QUALIFIER}?(?P<period>{_PERIODS})"
    r"|(?P<daily>daily|a\s+diario|diariamente)|(?P<weekly>weekly|semanalmente)|(?P<monthly>monthly|mensualmente))\b",
    re.I,
)
_COUNTED_BEFORE = lazy(
    r"\d[\d.,]*\s?[kKmM]?(?:\s+(?!tok|de\s)[^\W\d_]+){1,2}\s*$"
)  # "10,000 calls a day", "150 extraction jobs an hour": the period is the calls'
BARE_TOKENS = lazy(
    rf"\s?(?:de\s+)?{_TOKENS_WORD}\b(?!\s*(?:/|per\s+s|por\s+s|each|cada|per\s+(?:request|call)))", re.I
)
