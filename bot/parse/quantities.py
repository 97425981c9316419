"""Figures in the question: tok/s, volumes, concurrency, context, mix, cache hits, VAT rate.

Each reader looks at numbers (already found, model names masked out) and the words right after or around
them, within the sentence. A figure that cannot be right (0 tok/s, 150 % cache hits), that has two
readings (per user or in total, per GPU or per node) or that is given twice differently asks.
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import islice

from bot.parse.draft import ASK_RANGE, ASK_SLO, Draft, sentence
from bot.parse.numbers import NUMBER, Number, plain, to_number
from costcore.calendar import period_hours
from costcore.scenario import CalendarKind, Settings

ABSURD_TOK_S = 10_000_000
MAX_MENTIONS = 24  # figures read per kind: a pasted log does not make the parser slow
_PERIOD_WORDS = {
    "minute": "minutes?|min|minutos?", "hour": "hours?|hr|horas?",
    "day": r"(?:business|working|work)[\s-]?days?|weekdays?|workdays?|d[ií]as?\s+(?:laborables?|h[aá]biles?)|jornadas?(?:\s+laborales?)?"
           r"|days?|daily|d[ií]as?|diarios?",
    "week": "weeks?|weekly|semanas?|semanales?", "month": "months?|monthly|mo|mes|meses|mensuales?",
    "year": "years?|yearly|a[ñn]os?|anuales?",
}  # fmt: skip
_BUSINESS_DAY = re.compile(r"business|work|weekday|laborable|h[aá]bil|jornada", re.I)

# Who a per-stream rate is for, and who a head count counts.
_STREAM_WHO = (
    r"(?:users?|usuarios?|streams?|requests?|peticion(?:es)?|petici[oó]n|solicitud(?:es)?|conversations?|"
    r"conversaci[oó]n(?:es)?|clients?|clientes?|agents?|agentes?|repl(?:y|ies)|respuestas?|seats?|sessions?|"
    r"sesi[oó]n(?:es)?|persons?|personas?|heads?|engineers?|devs?|developers?)"
)
_PEOPLE = (
    r"(?:users?|usuarios?|engineers?|ingenieros?|devs?|developers?|desarrolladores?|people|persons?|personas?|"
    r"seats?|employees?|empleados?|members?|miembros?|analysts?)"
)
_CONCURRENT = r"(?:concurrent(?:ly)?|simultaneous(?:ly)?|parallel|active|concurrentes|simult[aá]ne[oa]s|paralel[oa]s|activ[oa]s)"

# --- tok/s ------------------------------------------------------------------------------------------------

_PER_SECOND = r"(?:(?:/|per|por|a\s+la|p/|each|every)\s?(?:s|secs?|seconds?|segundos?|seg)|(?:an?|one|al)\s+(?:sec(?:ond)?|segundo))\b"
_OUTPUT = r"(?:output\s|de\s+salida\s|generated\s|generados\s)?"
TOK_S = re.compile(
    rf"(?P<plus>\+)?\s?{_OUTPUT}(?:(?:tok(?:en)?s?|t)(?:\s(?:de\s+salida|of\s+output|output))?\s?{_PER_SECOND}|tps\b|tok/s\b)",
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
# One GPU is neither the SLO nor a node (measured_tok_s_per_node is per 8-GPU node): "1.5k tok/s per GPU".
_GPU = r"(?:gpus?|cards?|accelerators?|tarjetas?|[hab]\d{2,3}[a-z]{0,3}|l4|l40s?|mi\d{3}x?|rtx\s?\d{4})"
_PER_GPU_AFTER = re.compile(
    rf"\s*(?:per|por|/|each|a|(?:on|with|en|con)\s+(?:an?|one|each|una?|single)(?:\s+(?:single|sola))?)\s*(?:single\s+)?{_GPU}\b",
    re.I,
)
_ONE_GPU_DOES = re.compile(
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
_PER_STREAM_AFTER = re.compile(
    rf"\s*,?\s*(?:(?:{_FILLER})\s+){{0,2}}(?:"
    rf"(?:(?:per|each|every|por|cada|for\s+each|for\s+every|para\s+cada|/)[\s-]?(?:single\s+)?|{_EACH_OF}){_STREAM_WHO}\b"
    r"|per-(?:user|stream|request|seat)\b|single[\s-]stream\b|apiece\b|cada\s+uno\b|por\s+cabeza\b|a\s+head\b"
    rf"|each\b(?!\s+(?:day|week|month|hour|minute|year|time|second)\b))(?!\s*(?:{_WAVED_OFF}))",
    re.I,
)
_PER_STREAM_BEFORE = re.compile(
    rf"(?:\b(?:(?:per|each|every|por|cada|for\s+each|para\s+cada)[\s-](?:single\s+)?|{_EACH_OF}){_STREAM_WHO}"
    r"|\bper-(?:user|stream|request|seat))\b"
    rf"(?!\s+(?:{_WAVED_OFF}))(?:\s+[^\W\d_]+(?:'[a-z]+)?){{0,3}}\s*[:~≈]?\s*$",
    re.I,
)
_AGGREGATE = re.compile(
    r"\b(?:aggregate|in\s+total|total|across\s+all|combined|en\s+total|agregados?|sostenidos?|sustained)\b",
    re.I,
)
# A head count next to a rate that says neither "each" nor "in total": "40 tok/s for 50 users".
_FOR_PEOPLE_AFTER = re.compile(
    rf"\s*,?\s*(?:for|para)\s+(?:(?:up\s+to|our|about|around|some|hasta|nuestros|unos)\s+|~)*"
    rf"(?P<n>\d[\d,.]*)\s+(?:{_CONCURRENT}\s+)?{_PEOPLE}\b",
    re.I,
)
_PEOPLE_AT_BEFORE = re.compile(
    rf"(?<![\w.,])(?P<n>\d[\d,.]*)\s+(?:{_CONCURRENT}\s+)?{_PEOPLE}\s*(?:at|@|with|a|con|,|:)?\s*(?:about|around|~|≈)?\s*$",
    re.I,
)
# "3 teams × 100 tok/s", "2 x 150 tok/s": a count times a rate.
_TIMES_BEFORE = re.compile(r"(?<![\w.,])(?P<count>\d{1,4})\s*(?:[^\W\d_]+\s+)?[x×*]\s*$", re.I)
_GROUP = (
    r"(?:team|department|dept|product|app|application|service|tenant|project|region|site|equipo|departamento|"
    r"producto|aplicaci[oó]n|servicio|proyecto|regi[oó]n)"
)
_PER_GROUP_AFTER = re.compile(
    rf"\s*,?\s*(?:per|each|every|por|cada|for\s+each|para\s+cada|/)[\s-]?(?P<group>{_GROUP})\b", re.I
)
_NUMBER_WORDS = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|"
    r"seventy|eighty|ninety|hundreds?|thousands?|dozens?|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|"
    r"veinte|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento|cientos|doscientos|"
    r"trescientos|cuatrocientos|quinientos|seiscientos|setecientos|ochocientos|novecientos|mil|miles"
)
_VAGUE = re.compile(
    rf"(?:\b(?:{_NUMBER_WORDS})(?:[\s-]+(?:and\s+|y\s+)?(?:{_NUMBER_WORDS}))*\b"
    r"|\b(?:lots|loads|tons|plenty|some|several|a\s+lot|muchos|bastantes|varios|un\s+mont[oó]n|x|n|xx|xxx|tbd|tbc|high|fast)"
    r"|\?+|[}\]>]+)\s*(?:of\s+|de\s+)?$",
    re.I,
)
_RANGE_BEFORE = re.compile(r"(\d[\d.,]*\s?[kKM]?)\s*(?:-|–|—|to|a|or|o|and|y)\s*$")


def _tail(text: str, number: Number, pattern: re.Pattern[str]) -> re.Match[str] | None:
    return pattern.match(text, number.end)


def _first_number(raw: str) -> float | None:
    match = NUMBER.search(raw)
    number = to_number(match) if match else None
    return number.value if number else None


def _counted(text: str, nums: list[Number], noun: str, skip: Number | None = None) -> list[int]:
    """Whole numbers written right before `noun` ("50 users", "4 teams"), distinct, in order."""
    follows = re.compile(rf"\s?(?:{noun})(?:s|es)?\b", re.I)
    counts = [
        round(n.value)
        for n in nums[: MAX_MENTIONS * 4]
        if n is not skip
        and n.value >= 1
        and n.value.is_integer()
        and not n.multiplied
        and follows.match(text, n.end)
    ]
    return list(dict.fromkeys(counts))


def read_rates(text: str, nums: list[Number], draft: Draft) -> None:
    """Output tok/s: the SLO, its kind (aggregate or per stream), or a node's measured throughput."""
    slos: list[float] = []
    per_gpu: list[float] = []
    bound_units: set[int] = set()
    for number in nums:
        unit = _tail(text, number, TOK_S)
        if not unit:
            continue
        bound_units.add(unit.end())
        if len(slos) >= MAX_MENTIONS:
            break
        start, end = sentence(text, number.start)
        before, after = text[start : number.start], text[unit.end() : end]
        if _PER_NODE.match(after) or (
            _MEASURED.search(before[-60:]) and re.search(r"\b(?:node|nodo|box|8\s?x)", after[:60], re.I)
        ):
            if number.value > 0:
                draft.set("measured_tok_s_per_node", number.value)
            continue
        if _PER_GPU_AFTER.match(after) or _ONE_GPU_DOES.search(before):
            per_gpu.append(number.value)
            continue
        if number.alternative is not None:  # "team 1 500 tok/s": 1,500, or 500 for team 1?
            draft.conflict("slo_tok_s", [number.value, number.alternative])
            continue
        if (rng := _RANGE_BEFORE.search(before)) and (low := _first_number(rng.group(1))):
            draft.conflict("slo_tok_s", [low, number.value])
            continue
        if unit.group("plus"):
            draft.note("slo_at_least", tok_s=plain(number.value))
        if (value := _total_of_counted(text, nums, number, before, after, draft)) is not None:
            slos.append(value)
            _read_kind(text[start:end], value, before, after, draft)
    for value in dict.fromkeys(slos):
        if value <= 0:
            draft.ask(ASK_SLO, "slo_not_positive", value=plain(value))
        elif value > ABSURD_TOK_S:
            draft.ask(ASK_SLO, "slo_absurd", value=plain(value), limit=ABSURD_TOK_S)
        else:
            draft.set("slo_tok_s", value)
    if per_gpu:
        if slos:
            draft.note("per_gpu_ignored", tok_s=plain(per_gpu[0]))
        else:
            draft.ask(ASK_SLO, "rate_per_gpu", tok_s=plain(per_gpu[0]))
    for unit in islice(_UNIT_ALONE.finditer(text), MAX_MENTIONS):
        if unit.end() in bound_units:
            continue
        before = text[max(0, unit.start() - 40) : unit.start()]
        if vague := _VAGUE.search(before):
            typed = before[vague.start() :].strip() + " " + unit.group(0)
            draft.ask(ASK_SLO, "slo_not_numeric", typed=typed[:60])


def _total_of_counted(
    text: str, nums: list[Number], number: Number, before: str, after: str, draft: Draft
) -> float | None:
    """ "3 teams × 100 tok/s" or "100 tok/s per team, 3 teams" is 300 in total, said in a note; a rate per
    team without the number of teams asks (None)."""
    count = None
    if times := _TIMES_BEFORE.search(before):
        count = int(times.group("count"))
    elif per_group := _PER_GROUP_AFTER.match(after):
        group = per_group.group("group")
        counts = _counted(text, nums, re.escape(group), skip=number)
        if len(counts) != 1:
            draft.ask(ASK_SLO, "rate_per_group", tok_s=plain(number.value), group=group.lower())
            return None
        count = counts[0]
    if not count or count == 1:
        return number.value
    total = number.value * count
    draft.note("rate_multiplied", count=count, each=plain(number.value), tok_s=plain(total))
    return total


def _read_kind(clause: str, value: float, before: str, after: str, draft: Draft) -> None:
    """Per stream, in total, or (a head count next to the rate and neither said) a question."""
    if _PER_STREAM_AFTER.match(after) or _PER_STREAM_BEFORE.search(before):
        draft.set("slo_kind", "per_stream")
    elif _AGGREGATE.search(clause):
        draft.set("slo_kind", "aggregate")
    elif people := _FOR_PEOPLE_AFTER.match(after) or _PEOPLE_AT_BEFORE.search(before):
        users = _first_number(people.group("n"))
        if users and users >= 2:
            draft.ask(ASK_SLO, "slo_kind_unclear", tok_s=plain(value), users=plain(users))


# --- volumes ----------------------------------------------------------------------------------------------

_TOKENS_WORD = r"(?:(?:output|input|de\s+salida|de\s+entrada|generated)\s)?(?:de\s)?tok(?:en)?s?(?:\s(?:de\s+salida|de\s+entrada|of\s+output|of\s+input|output|input|generados))?"
_BOTH = r"input\s?(?:and|\+|&)\s?output|in\s?\+\s?out|prompt\s?(?:and|\+|&)\s?completion|entrada\s+y\s+salida"
_TOTAL_BEFORE = rf"(?:(?:{_BOTH}|total|combined|overall|totales)\s)"
_TOTAL_AFTER = rf"(?:\s?,?\s?(?:in\s+total|total|combined|overall|en\s+total|(?:of\s+|de\s+)?(?:{_BOTH})))\b"
_PER_PERSON = rf"(?:\s?(?:per|por|each|every|an?|cada|/|for\s+each|para\s+cada)[\s-]?{_PEOPLE})\b"
VOLUME = re.compile(
    rf"\s?{_TOTAL_BEFORE}?{_TOKENS_WORD}(?P<total_mid>{_TOTAL_AFTER})?(?P<who>{_PER_PERSON})?"
    r"\s?(?:an?|per|each|every|/|al|a\s+la|por|cada|by|in\s+an?|in\s+one|en\s+un)?\s?(?:the\s|el\s|la\s)?"
    r"(?:(?P<day_hours>\d{1,2})[\s-]?(?:hours?|hrs?|h|horas)[\s-]?)?"
    rf"(?P<period>{'|'.join(_PERIOD_WORDS.values())})\b(?P<who_after>{_PER_PERSON})?(?:{_TOTAL_AFTER})?"
    r"|\s?(?P<tpm>tpm)\b",
    re.I,
)
# What the tokens are, first match wins: "input and output tokens" is a total, not input.
_VOLUME_KINDS = (
    ("total", re.compile(_BOTH, re.I)),
    ("output", re.compile(r"output|salida|generated|generados", re.I)),
    ("input", re.compile(r"input|entrada", re.I)),
    ("total", re.compile(r"total|combined|overall", re.I)),
)
_OVER_HOURS = re.compile(
    r"\s?,?\s?(?:over|in|during|across|within|spread\s+over|en|durante)\s+(?:an?\s+|the\s+|unas\s+|las\s+)?"
    r"(?P<hours>\d{1,2})[\s-]?(?:hours?|hrs?|h|horas)\b",
    re.I,
)


def _period(word: str) -> str:
    for name, pattern in _PERIOD_WORDS.items():
        if re.fullmatch(pattern, word, re.I):
            return name
    return "day"


def _volume_kind(said: str) -> str:
    return next((kind for kind, pattern in _VOLUME_KINDS if pattern.search(said)), "output")


def _volume_hours(
    text: str, volume: re.Match[str], period: str, calendar: CalendarKind, settings: Settings
) -> tuple[Fraction, CalendarKind]:
    """Hours the volume flows in: "over 8 hours" as said, a business day's hours, else the calendar's."""
    over = _OVER_HOURS.match(text, volume.end())
    said = volume.group("day_hours") or (over.group("hours") if over else None)
    if said and 0 < int(said) <= period_hours(period, "24x7", settings):
        return Fraction(int(said)), calendar
    if _BUSINESS_DAY.search(volume.group("period") or ""):
        calendar = "business_hours"
    return period_hours(period, calendar, settings), calendar


def read_volumes(
    text: str, nums: list[Number], draft: Draft, calendar: CalendarKind, settings: Settings
) -> None:
    """ "26 million output tokens a day" -> sustained output tok/s, with a note saying so.

    The volume flows only in the hours the calendar says: a business day is 8 hours, not 86,400 seconds.
    A volume per user is times the users the question counts; a total of input and output tokens is split
    by the mix. Each step is said in a note; a step that lacks its figure asks.
    """
    for number in nums[: MAX_MENTIONS * 4]:
        volume = _tail(text, number, VOLUME)
        if not volume or number.value <= 0:
            continue
        period = "minute" if volume.group("tpm") else _period(volume.group("period"))
        amount, notes = number.value, []
        if volume.group("who") or volume.group("who_after"):
            users = _counted(text, nums, _PEOPLE, skip=number)
            if len(users) != 1:
                draft.ask(ASK_SLO, "users_for_volume", volume=plain(amount), period=period)
                continue
            notes.append(
                ("volume_times_users", {"volume": plain(amount), "users": users[0], "period": period})
            )
            amount *= users[0]
        kind, mix = _volume_kind(volume.group(0)), draft.fields.get("input_per_output")
        output = amount
        if kind == "input":
            if not mix:
                draft.ask(ASK_SLO, "input_volume_only", volume=plain(amount), period=period)
                continue
            output = amount / mix
        elif kind == "total":
            if mix is None:
                draft.ask(ASK_SLO, "total_volume_mix", volume=plain(amount), period=period)
                continue
            output = amount / (1 + mix)
            notes.append(
                (
                    "volume_split",
                    {"volume": plain(amount), "input_per_output": plain(mix), "output": plain(output)},
                )
            )
            amount, kind = output, "output"
        hours, used = _volume_hours(text, volume, period, calendar, settings)
        tok_s = output / float(hours * 3600)
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
        for code, params in notes:
            draft.note(code, **params)
        draft.note(
            "volume_converted",
            volume=plain(amount),
            period=period,
            tok_s=round(tok_s, 1),
            kind=kind,
            hours=plain(float(hours)),
            calendar=used,
        )


# --- concurrency and context --------------------------------------------------------------------------------

_WHO = rf"(?:users?|sessions?|streams?|requests?|conversations?|agents?|chats?|connections?|usuarios|sesiones|conversaciones|peticiones|agentes|clientes|{_PEOPLE})"
_CONCURRENCY_AFTER = re.compile(
    rf"\s?(?:{_CONCURRENT}\s{_WHO}|{_WHO}\s(?:online\s+|connected\s+)?(?:{_CONCURRENT}|in\s+parallel|at\s+once|at\s+a\s+time|"
    r"at\s+the\s+same\s+time|a\s+la\s+vez|en\s+paralelo|al\s+mismo\s+tiempo))\b",
    re.I,
)
_CONCURRENCY_BEFORE = re.compile(r"\b(?:concurrency|concurrencia)\s?(?:of|de|=|:|is|es)?\s?$", re.I)


def read_concurrency(text: str, nums: list[Number], draft: Draft) -> None:
    """Streams at once: "50 concurrent users", "up to 50 users at a time". A per-stream rate with only a
    head count ("30 tok/s each for our 200 engineers") asks how many of them are at it at once."""
    for number in nums[: MAX_MENTIONS * 4]:
        before = text[max(0, number.start - 20) : number.start]
        if not (_tail(text, number, _CONCURRENCY_AFTER) or _CONCURRENCY_BEFORE.search(before)):
            continue
        if number.value < 1:
            draft.ask(ASK_RANGE, "not_positive", field="concurrency", value=plain(number.value))
            continue
        draft.set("concurrency", round(number.value))
    if (
        draft.fields.get("slo_kind") != "per_stream"
        or draft.asked_about("concurrency")
        or "concurrency" in draft.fields
    ):
        return
    if users := _counted(text, nums, _PEOPLE):
        draft.ask(ASK_SLO, "users_at_once", users=users[0])


_CONTEXT_AFTER = re.compile(
    r"(?:[ -])?(?:(?:tokens?|tok)(?:[ -])?(?:of |de )?(?:context(?:o)?|ctx|window|sessions?|prompts?|conversations?|chats?|documents?)|"
    r"(?:context(?:o)?|ctx|context[ -]window))\b",
    re.I,
)
_CONTEXT_BEFORE = re.compile(
    r"\b(?:context(?:\s+window)?|contexto|ctx|sesiones|sessions|prompts|conversaciones|ventana) ?(?:of|de|=|:|is|es|size|length)? ?(?:up to |hasta )?$",
    re.I,
)
# "ctx: 8192", "context=32768", "num_ctx = 4096": a key and its value, no unit needed.
_CONTEXT_KEY = re.compile(
    r"\b(?:context(?:[ _-]?(?:window|length|len|size))?|contexto|ctx|max_model_len|num_ctx|n_ctx) ?[:=] ?$",
    re.I,
)
# "8k prompts": not a context by itself (10k prompts may be a count), but it disputes a context said otherwise.
_PROMPT_SIZE = re.compile(r"[ -]?(?:prompts?|documents?|docs?)\b(?! (?:an?|per|each|every|al|por)\b)", re.I)
_FULL_CONTEXT = re.compile(
    r"\b(?:full|whole|entire|max(?:imum)?)\s+(?:\S+\s+)?context\b|\bcontexto\s+(?:completo|m[aá]ximo|entero)\b",
    re.I,
)


def read_context(text: str, nums: list[Number], draft: Draft, model_context: int | None) -> None:
    prompt_sizes = []
    for number in nums[: MAX_MENTIONS * 4]:
        before = text[max(0, number.start - 30) : number.start]
        after = _tail(text, number, _CONTEXT_AFTER)
        tokens_after = re.match(r" ?(?:tokens?|tok)\b", text[number.end : number.end + 8], re.I)
        keyed = _CONTEXT_KEY.search(before) and not re.match(r" ?[%.,]?\d", text[number.end : number.end + 2])
        if not (after or keyed or (_CONTEXT_BEFORE.search(before) and (number.multiplied or tokens_after))):
            if number.multiplied and number.value >= 1 and _tail(text, number, _PROMPT_SIZE):
                prompt_sizes.append(round(number.value))
            continue
        if number.value < 1:
            draft.ask(ASK_RANGE, "not_positive", field="context_tokens", value=plain(number.value))
            continue
        draft.set("context_tokens", round(number.value))
    if (said := draft.fields.get("context_tokens")) and any(size != said for size in prompt_sizes):
        draft.conflict("context_tokens", [said, *prompt_sizes])
    if "context_tokens" not in draft.fields and model_context and _FULL_CONTEXT.search(text):
        draft.set("context_tokens", model_context)
        draft.note("context_from_model", context_tokens=model_context)


# --- cache hits and VAT rate ----------------------------------------------------------------------------------

_PERCENT = re.compile(
    r"(?<![\w.,])([-−]?\d+(?:[.,]\d+)?)\s?(?:%|percent\b|per\s?cent\b|por\s?ciento\b)", re.I
)
# A cache is only a hit rate with a hit word: "GPU utilisation on our cache servers" is not one.
_HITS = (
    r"cache[\s-]hits?|hit(?:s|ting)?\s+(?:in\s+|on\s+)?(?:the\s+|our\s+)?cache|cached|cache[\s-]?hit[\s-]?(?:rate|ratio)|"
    r"hit[\s-]?(?:rate|ratio)|cache\s+(?:rate|ratio)|served\s+from\s+(?:the\s+)?cache|from\s+(?:the\s+)?cache|"
    r"prompt\s+caching|caché|aciertos?(?:\s+(?:de|en)\s+(?:la\s+)?cach[eé])?"
)
_CACHE = re.compile(rf"\b(?:{_HITS})", re.I)
_VAT = re.compile(r"\b(?:vat|iva|tax|impuestos?)\b", re.I)
# A keyword right before the figure binds it, whatever is nearer: "cache hit rate 50%, VAT 21%".
_BOUND_BEFORE = (
    (
        "cache_hit_rate",
        re.compile(
            rf"\b(?:{_HITS})\s?(?:of|is|=|:|at|de|del|es)?\s?(?:around|about|~|≈|roughly|unos?)?\s?$", re.I
        ),
    ),
    (
        "vat_rate",
        re.compile(r"\b(?:vat|iva|tax|impuestos?)(?:\s+rate)?\s?(?:of|is|=|:|at|de|del|al)?\s?$", re.I),
    ),
)
_PERCENT_RANGE_BEFORE = re.compile(r"(\d+(?:[.,]\d+)?)\s?%?\s?(?:-|–|to|a)\s?$")
MAX_VAT_PERCENT = 27  # the highest standard VAT rate in the EU (Hungary); above it is likely something else
_SHARES = {
    "half": 0.5, "la mitad": 0.5, "a third": 1 / 3, "one third": 1 / 3, "un tercio": 1 / 3, "a quarter": 0.25,
    "one quarter": 0.25, "un cuarto": 0.25, "two thirds": 2 / 3, "dos tercios": 2 / 3, "three quarters": 0.75,
    "tres cuartos": 0.75,
}  # fmt: skip
_SHARE = re.compile(r"\b(" + "|".join(sorted(_SHARES, key=len, reverse=True)) + r")\b", re.I)
# "no cache hits", "nothing is cached", "sin aciertos de caché": none; "no idea about cache hits" is not.
_NO_HITS = re.compile(
    r"\b(?:no|zero|sin|ning[uú]n|ninguna|0)\s+(?:prompt\s+)?(?:cache(?:[\s-]hits?)?|hits|caching|cach[eé]|aciertos?)\b"
    r"|\b(?:none|nothing)\s+(?:of\s+(?:it|them|our\s+\w+)\s+)?(?:is\s+|gets\s+|will\s+be\s+)?(?:cached|hits?\s+the\s+cache)\b",
    re.I,
)
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


def _percent_field(text: str, match: re.Match[str]) -> str | None:
    before = text[sentence(text, match.start())[0] : match.start()][-40:]
    for name, pattern in _BOUND_BEFORE:
        if pattern.search(before):
            return name
    cache = _near(_CACHE, text, match.start(), match.end())
    vat = _near(_VAT, text, match.start(), match.end(), reach=25)
    if cache is None and vat is None:
        return None
    return "cache_hit_rate" if vat is None or (cache is not None and cache <= vat) else "vat_rate"


def read_percentages(text: str, draft: Draft) -> None:
    """Cache hit rates and VAT rates: "50% cache hits", "half of our prompts hit the cache", "IVA del 10%"."""
    for match in islice(_PERCENT.finditer(text), MAX_MENTIONS):
        value = float(match.group(1).replace(",", ".").replace("−", "-"))
        if not (name := _percent_field(text, match)):
            continue
        if low := _PERCENT_RANGE_BEFORE.search(text, max(0, match.start() - 12), match.start()):
            draft.conflict(name, [float(low.group(1).replace(",", ".")) / 100, value / 100])
        elif not 0 <= value <= 100:
            draft.ask(ASK_RANGE, "percent_out_of_range", field=name, value=plain(value))
        elif name == "vat_rate" and value > MAX_VAT_PERCENT:
            draft.ask(ASK_RANGE, "vat_rate_unusual", field=name, value=plain(value), limit=MAX_VAT_PERCENT)
        else:
            draft.set(name, round(value / 100, 6))
    if "cache_hit_rate" in draft.fields or draft.asked_about("cache_hit_rate"):
        return
    if rate := _HIT_RATE.search(text):
        value = float(rate.group(1).replace(",", "."))
        if value > 100:
            draft.ask(ASK_RANGE, "percent_out_of_range", field="cache_hit_rate", value=plain(value))
        else:  # "hit rate 0.3" is a fraction, "hit rate 30" a percentage
            draft.set("cache_hit_rate", value if value <= 1 else round(value / 100, 6))
        return
    if _NO_HITS.search(text):
        draft.set("cache_hit_rate", 0.0)
        return
    for match in _SHARE.finditer(text):
        if _near(_CACHE, text, match.start(), match.end(), reach=50) is not None:
            draft.set("cache_hit_rate", round(_SHARES[match.group(1).lower()], 6))
            return


# --- input:output mix ---------------------------------------------------------------------------------------

_RATIO = re.compile(r"(?<![\d:.,])(\d{1,3}(?:\.\d+)?)\s?:\s?(\d{1,3}(?:\.\d+)?)(?![\d:])")
_RATIO_WORDS = re.compile(
    r"\b(?:ratio|mix|proporci[oó]n|mezcla)\s(?:of\s|de\s)?(\d{1,3}(?:\.\d+)?)\s?(?:to|a|/)\s?(\d{1,3}(?:\.\d+)?)\b"
    r"|\b(\d{1,3}(?:\.\d+)?)\s?(?:to|a)\s?(\d{1,3}(?:\.\d+)?)\s(?:input|ratio|mix|in:out|entrada)",
    re.I,
)
# "2:1 output:input", "out:in 1:4": the label says which side is output.
_OUTPUT_FIRST_AFTER = re.compile(
    r"\s?(?:\(|of\s+|de\s+)?(?:output|out|salida)\s?[:/]\s?(?:input|in|entrada)\b", re.I
)
_OUTPUT_FIRST_BEFORE = re.compile(
    r"\b(?:output|out|salida)\s?[:/]\s?(?:input|in|entrada)\s?(?:ratio|mix)?\s?(?:of|de|=|:|is|es)?\s?$", re.I
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


def _output_first(text: str, start: int, end: int) -> bool:
    return bool(
        _OUTPUT_FIRST_AFTER.match(text, end) or _OUTPUT_FIRST_BEFORE.search(text, max(0, start - 30), start)
    )


def read_mix(text: str, draft: Draft) -> None:
    """Input tokens per output token: "4:1", "1:3 chat", "2:1 output:input" (0.5), "RAG-heavy" (10:1, said in a note)."""
    ratios: list[float] = []
    for match in islice(_RATIO.finditer(text), MAX_MENTIONS):
        left, right = match.group(1), match.group(2)
        after = text[match.end() : match.end() + 6]
        if len(right) == 2 or _TIME_AROUND.match(after.strip()) or float(right) == 0:
            continue  # 9:00, 17:30: a time, not a mix
        if _output_first(text, match.start(), match.end()):
            left, right = right, left
        if float(right) > 0:
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
