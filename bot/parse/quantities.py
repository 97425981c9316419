"""Figures in the question: tok/s, volumes, concurrency, context, mix, cache hits, VAT rate.

Each reader looks at numbers (already found, model names masked out) and the words right after or around
them. A figure that cannot be right (0 tok/s, 150 % cache hits) or that is given twice differently asks.
"""

from __future__ import annotations

import re
from itertools import islice

from bot.parse.draft import ASK_RANGE, ASK_SLO, Draft, sentence
from bot.parse.numbers import NUMBER, Number, plain, to_number
from costcore.calendar import period_hours
from costcore.scenario import CalendarKind, Settings

ABSURD_TOK_S = 10_000_000
MAX_MENTIONS = 24  # figures read per kind: a pasted log does not make the parser slow
_PERIOD_WORDS = {
    "minute": "minute|min|minuto", "hour": "hour|hr|hora", "day": "day|daily|d[ií]a|diarios?",
    "week": "week|weekly|semana|semanales?", "month": "month|monthly|mo|mes|mensuales?", "year": "year|yearly|a[ñn]o|anuales?",
}  # fmt: skip

_PER_SECOND = r"(?:/|per|por|a\s+la|p/|each|every)\s?(?:s|secs?|seconds?|segundos?|seg)\b"
_OUTPUT = r"(?:output\s|de\s+salida\s|generated\s|generados\s)?"
TOK_S = re.compile(
    rf"\s?{_OUTPUT}(?:(?:tok(?:en)?s?|t)(?:\s(?:de\s+salida|of\s+output|output))?\s?{_PER_SECOND}|tps\b|tok/s\b)",
    re.I,
)
_UNIT_ALONE = re.compile(rf"\b(?:(?:tok(?:en)?s?|t)\s?{_PER_SECOND}|tps\b)", re.I)
_PER_NODE = re.compile(
    r"\s*(?:per|por|/|each|a|on\s+(?:one|a|each|one\s+single))\s*(?:single\s+)?(?:node|nodo|box|server|servidor|machine|m[aá]quina|instance|instancia|8\s?x\s?\w+)\b",
    re.I,
)
_MEASURED = re.compile(
    r"\b(?:measured|benchmarked|benchmark|medimos|hemos\s+medido|medido|we\s+got|we\s+get|we\s+see|observed|sustains?)\b",
    re.I,
)
_PER_STREAM = re.compile(
    r"\b(?:per|each|every|por|cada|for\s+each|para\s+cada|a|/)[\s-]?(?:single\s+)?(?:user|usuario|stream|request|petici[oó]n|solicitud|"
    r"conversation|conversaci[oó]n|client|cliente|agent|agente|reply|respuesta)s?\b|\bper-(?:user|stream|request)\b|\bsingle[- ]stream\b",
    re.I,
)
_AGGREGATE = re.compile(
    r"\b(?:aggregate|in\s+total|total|across\s+all|combined|en\s+total|agregados?|sostenidos?|sustained)\b",
    re.I,
)
_VAGUE = re.compile(
    r"(?:\b(?:lots|loads|tons|plenty|some|several|a\s+lot|muchos|bastantes|varios|un\s+mont[oó]n|x|n|xx|xxx|tbd|tbc|high|fast)|\?+|[}\]>]+)\s*(?:of\s+|de\s+)?$",
    re.I,
)
_RANGE_BEFORE = re.compile(r"(\d[\d.,]*\s?[kKM]?)\s*(?:-|–|—|to|a|or|o|and|y)\s*$")


def _tail(text: str, number: Number, pattern: re.Pattern[str]) -> re.Match[str] | None:
    return pattern.match(text, number.end)


def read_rates(text: str, nums: list[Number], draft: Draft) -> None:
    """Output tok/s: the SLO, its kind (aggregate or per stream), or a node's measured throughput."""
    slos: list[float] = []
    bound_units: set[int] = set()
    for number in nums:
        unit = _tail(text, number, TOK_S)
        if not unit:
            continue
        bound_units.add(unit.end())
        if len(slos) >= MAX_MENTIONS:
            break
        after = text[unit.end() : unit.end() + 60]
        before = text[max(0, number.start - 60) : number.start]
        if _PER_NODE.match(after) or (
            _MEASURED.search(before) and re.search(r"\b(?:node|nodo|box|8\s?x)", after, re.I)
        ):
            if number.value > 0:
                draft.set("measured_tok_s_per_node", number.value)
            continue
        start, end = sentence(text, number.start)
        if (rng := _RANGE_BEFORE.search(text, start, number.start)) and (low := _first_number(rng.group(1))):
            draft.conflict("slo_tok_s", [low, number.value])
            continue
        slos.append(number.value)
        clause = text[start:end]
        if _PER_STREAM.search(after[:40]) or _PER_STREAM.search(clause):
            draft.set("slo_kind", "per_stream")
        elif _AGGREGATE.search(clause):
            draft.set("slo_kind", "aggregate")
    for value in dict.fromkeys(slos):
        if value <= 0:
            draft.ask(ASK_SLO, "slo_not_positive", value=plain(value))
        elif value > ABSURD_TOK_S:
            draft.ask(ASK_SLO, "slo_absurd", value=plain(value), limit=ABSURD_TOK_S)
        else:
            draft.set("slo_tok_s", value)
    for unit in islice(_UNIT_ALONE.finditer(text), MAX_MENTIONS):
        if unit.end() in bound_units:
            continue
        before = text[max(0, unit.start() - 30) : unit.start()]
        if vague := _VAGUE.search(before):
            typed = before[vague.start() :].strip() + " " + unit.group(0)
            draft.ask(ASK_SLO, "slo_not_numeric", typed=typed[:60])


def _first_number(raw: str) -> float | None:
    match = NUMBER.search(raw)
    number = to_number(match) if match else None
    return number.value if number else None


_TOKENS_WORD = r"(?:(?:output|input|de\s+salida|de\s+entrada|generated)\s)?(?:de\s)?tok(?:en)?s?(?:\s(?:de\s+salida|de\s+entrada|of\s+output|of\s+input|output|input|generados))?"
VOLUME = re.compile(
    rf"\s?{_TOKENS_WORD}\s?(?:an?|per|each|every|/|al|a\s+la|por|cada|by|in\s+a|in\s+one|en\s+un)?\s?(?:the\s|el\s|la\s)?"
    rf"(?P<period>{'|'.join(_PERIOD_WORDS.values())})\b",
    re.I,
)


def _period(word: str) -> str:
    for name, pattern in _PERIOD_WORDS.items():
        if re.fullmatch(pattern, word, re.I):
            return name
    return "day"


def read_volumes(
    text: str, nums: list[Number], draft: Draft, calendar: CalendarKind, settings: Settings
) -> None:
    """ "26 million output tokens a day" -> sustained output tok/s, with a note saying so.

    The volume flows only in the hours the calendar says: a business day is 8 hours, not 86,400 seconds.
    """
    for number in nums[: MAX_MENTIONS * 4]:
        volume = _tail(text, number, VOLUME)
        if not volume or number.value <= 0:
            continue
        period = _period(volume.group("period"))
        hours = period_hours(period, calendar, settings)
        tok_s = number.value / float(hours * 3600)
        kind = "input" if re.search(r"input|entrada", volume.group(0), re.I) else "output"
        if kind == "input":
            mix = draft.fields.get("input_per_output")
            if not mix:
                draft.ask(ASK_SLO, "input_volume_only", volume=plain(number.value), period=period)
                continue
            tok_s /= mix
        if draft.asked_about("slo_tok_s"):
            continue
        if "slo_tok_s" in draft.fields:
            said = draft.fields["slo_tok_s"]
            if abs(said - tok_s) > 0.1 * max(said, tok_s):
                draft.conflict("slo_tok_s", [said, round(tok_s, 1)])
            continue
        if tok_s > ABSURD_TOK_S:
            draft.ask(ASK_SLO, "slo_absurd", value=plain(round(tok_s)), limit=ABSURD_TOK_S)
            continue
        draft.fields["slo_tok_s"] = tok_s
        draft.note(
            "volume_converted",
            volume=plain(number.value),
            period=period,
            tok_s=round(tok_s, 1),
            kind=kind,
            hours=plain(float(hours)),
            calendar=calendar,
        )


_CONCURRENT = r"(?:concurrent(?:ly)?|simultaneous(?:ly)?|parallel|active|concurrentes|simult[aá]ne[oa]s|paralel[oa]s|activ[oa]s)"
_WHO = r"(?:users?|sessions?|streams?|requests?|conversations?|agents?|chats?|connections?|usuarios|sesiones|conversaciones|peticiones|agentes|clientes)"
_CONCURRENCY_AFTER = re.compile(
    rf"\s?(?:{_CONCURRENT}\s{_WHO}|{_WHO}\s(?:{_CONCURRENT}|in\s+parallel|at\s+once|at\s+the\s+same\s+time|a\s+la\s+vez|en\s+paralelo|al\s+mismo\s+tiempo))\b",
    re.I,
)
_CONCURRENCY_BEFORE = re.compile(r"\b(?:concurrency|concurrencia)\s?(?:of|de|=|:|is|es)?\s?$", re.I)


def read_concurrency(text: str, nums: list[Number], draft: Draft) -> None:
    for number in nums[: MAX_MENTIONS * 4]:
        before = text[max(0, number.start - 20) : number.start]
        if not (_tail(text, number, _CONCURRENCY_AFTER) or _CONCURRENCY_BEFORE.search(before)):
            continue
        if number.value < 1:
            draft.ask(ASK_RANGE, "not_positive", field="concurrency", value=plain(number.value))
            continue
        draft.set("concurrency", round(number.value))


_CONTEXT_AFTER = re.compile(
    r"[\s-]?(?:(?:tokens?|tok)[\s-]?(?:of\s|de\s)?(?:context(?:o)?|ctx|window|sessions?|prompts?|conversations?|chats?|documents?)|"
    r"(?:context(?:o)?|ctx|context[\s-]window))\b",
    re.I,
)
_CONTEXT_BEFORE = re.compile(
    r"\b(?:context(?:\s+window)?|contexto|ctx|sesiones|sessions|prompts|conversaciones|ventana)\s?(?:of|de|=|:|is|es|size|length)?\s?(?:up\s+to\s|hasta\s)?$",
    re.I,
)
_FULL_CONTEXT = re.compile(
    r"\b(?:full|whole|entire|max(?:imum)?)\s+(?:\S+\s+)?context\b|\bcontexto\s+(?:completo|m[aá]ximo|entero)\b",
    re.I,
)


def read_context(text: str, nums: list[Number], draft: Draft, model_context: int | None) -> None:
    for number in nums[: MAX_MENTIONS * 4]:
        before = text[max(0, number.start - 30) : number.start]
        after = _tail(text, number, _CONTEXT_AFTER)
        tokens_after = re.match(r"\s?(?:tokens?|tok)\b", text[number.end : number.end + 8], re.I)
        if not (after or (_CONTEXT_BEFORE.search(before) and (number.multiplied or tokens_after))):
            continue
        if number.value < 1:
            draft.ask(ASK_RANGE, "not_positive", field="context_tokens", value=plain(number.value))
            continue
        draft.set("context_tokens", round(number.value))
    if "context_tokens" not in draft.fields and model_context and _FULL_CONTEXT.search(text):
        draft.set("context_tokens", model_context)
        draft.note("context_from_model", context_tokens=model_context)


_PERCENT = re.compile(
    r"(?<![\w.,])([-−]?\d+(?:[.,]\d+)?)\s?(?:%|percent\b|per\s?cent\b|por\s?ciento\b)", re.I
)
_CACHE = re.compile(r"\bcach[eé]", re.I)
_VAT = re.compile(r"\b(?:vat|iva|tax|impuestos?)\b", re.I)
_FRACTIONS = {
    "half": 0.5, "la mitad": 0.5, "a third": 1 / 3, "one third": 1 / 3, "un tercio": 1 / 3, "a quarter": 0.25,
    "one quarter": 0.25, "un cuarto": 0.25, "two thirds": 2 / 3, "dos tercios": 2 / 3, "three quarters": 0.75,
    "tres cuartos": 0.75, "none": 0.0, "no": 0.0, "zero": 0.0, "sin": 0.0, "ningún": 0.0, "ninguna": 0.0, "nothing": 0.0,
}  # fmt: skip
_FRACTION = re.compile(r"\b(" + "|".join(sorted(_FRACTIONS, key=len, reverse=True)) + r")\b", re.I)
_HIT_RATE = re.compile(
    r"\bcache[\s-]hit[\s-]?(?:rate|ratio)\s?(?:of|is|=|:|at|around|~|≈)?\s?(\d+(?:[.,]\d+)?)(?!\s?%|\d)", re.I
)


def _near(pattern: re.Pattern[str], text: str, start: int, end: int, reach: int = 40) -> int | None:
    """Distance from the span to the closest match of `pattern` in the same sentence, within `reach`."""
    lo, hi = sentence(text, start)
    best = None
    for match in pattern.finditer(text, max(lo, start - reach), min(hi, end + reach)):
        distance = max(0, start - match.end(), match.start() - end)
        best = distance if best is None else min(best, distance)
    return best


def read_percentages(text: str, draft: Draft) -> None:
    """Cache hit rates and VAT rates: "50% cache hits", "half of our prompts hit the cache", "IVA del 10%"."""
    for match in islice(_PERCENT.finditer(text), MAX_MENTIONS):
        value = float(match.group(1).replace(",", ".").replace("−", "-"))
        cache = _near(_CACHE, text, match.start(), match.end())
        vat = _near(_VAT, text, match.start(), match.end(), reach=25)
        if cache is None and vat is None:
            continue
        name = "cache_hit_rate" if vat is None or (cache is not None and cache <= vat) else "vat_rate"
        if not 0 <= value <= 100:
            draft.ask(ASK_RANGE, "percent_out_of_range", field=name, value=plain(value))
            continue
        draft.set(name, round(value / 100, 6))
    if "cache_hit_rate" in draft.fields:
        return
    if rate := _HIT_RATE.search(text):
        value = float(rate.group(1).replace(",", "."))
        if value > 100:
            draft.ask(ASK_RANGE, "percent_out_of_range", field="cache_hit_rate", value=plain(value))
        else:  # "hit rate 0.3" is a fraction, "hit rate 30" a percentage
            draft.set("cache_hit_rate", value if value <= 1 else round(value / 100, 6))
        return
    for match in _FRACTION.finditer(text):
        if _near(_CACHE, text, match.start(), match.end(), reach=50) is not None:
            draft.set("cache_hit_rate", round(_FRACTIONS[match.group(1).lower()], 6))
            return


_RATIO = re.compile(r"(?<![\d:.,])(\d{1,3}(?:\.\d+)?)\s?:\s?(\d{1,3}(?:\.\d+)?)(?![\d:])")
_RATIO_WORDS = re.compile(
    r"\b(?:ratio|mix|proporci[oó]n|mezcla)\s(?:of\s|de\s)?(\d{1,3}(?:\.\d+)?)\s?(?:to|a|/)\s?(\d{1,3}(?:\.\d+)?)\b"
    r"|\b(\d{1,3}(?:\.\d+)?)\s?(?:to|a)\s?(\d{1,3}(?:\.\d+)?)\s(?:input|ratio|mix|in:out|entrada)",
    re.I,
)
_INPUT_PER_OUTPUT = re.compile(
    r"\b(\d{1,3}(?:\.\d+)?)\s?x?\s?input\s+tokens?\s+(?:per|for\s+each|for\s+every)\s+output\s+token", re.I
)
_TIME_AROUND = re.compile(r"\b(?:am|pm|h|hrs?|o'clock|utc|cet|cest)\b", re.I)
# Phrases that stand for a mix. RAG stuffs retrieved documents into the prompt: 10 input tokens per output
# token is the figure we assume (and say so); "agentic" is the domain's 4:1.
MIX_PHRASES = (
    (re.compile(r"\brag[\s-]?heavy\b|\bheavy\s+rag\b|\bmucho\s+rag\b|\brag\s+intensivo\b", re.I), 10.0),
    (re.compile(r"\bagentic\b|\bag[eé]ntic[oa]s?\b", re.I), 4.0),
)


def read_mix(text: str, draft: Draft) -> None:
    """Input tokens per output token: "4:1", "1:3 chat", "RAG-heavy" (10:1, said in a note)."""
    ratios: list[float] = []
    for match in islice(_RATIO.finditer(text), MAX_MENTIONS):
        left, right = match.group(1), match.group(2)
        after = text[match.end() : match.end() + 6]
        if len(right) == 2 or _TIME_AROUND.match(after.strip()) or float(right) == 0:
            continue  # 9:00, 17:30: a time, not a mix
        ratios.append(float(left) / float(right))
    for match in _RATIO_WORDS.finditer(text):
        left, right = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        if float(right) > 0:
            ratios.append(float(left) / float(right))
    ratios += [float(m.group(1)) for m in _INPUT_PER_OUTPUT.finditer(text)]
    for ratio in dict.fromkeys(round(r, 6) for r in ratios):
        draft.set("input_per_output", ratio)
    if ratios:
        return
    for pattern, ratio in MIX_PHRASES:
        if phrase := pattern.search(text):
            draft.set("input_per_output", ratio)
            draft.note("mix_from_phrase", phrase=phrase.group(0), input_per_output=ratio)
