"""Output tok/s: the SLO, whether it is per user or in total, a node's measured throughput."""

from __future__ import annotations

import re
from itertools import islice

from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.figures import (
    ABSURD_TOK_S,
    CONCURRENT,
    MAX_MENTIONS,
    PEOPLE,
    STREAM_WHO,
    counted,
    first_number,
    tail,
)
from bot.parse.numbers import Number, plain

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
    rf"(?:(?:per|each|every|por|cada|for\s+each|for\s+every|para\s+cada|/)[\s-]?(?:single\s+)?|{_EACH_OF}){STREAM_WHO}\b"
    r"|per-(?:user|stream|request|seat)\b|single[\s-]stream\b|apiece\b|cada\s+uno\b|por\s+cabeza\b|a\s+head\b"
    rf"|each\b(?!\s+(?:day|week|month|hour|minute|year|time|second)\b))(?!\s*(?:{_WAVED_OFF}))",
    re.I,
)
_PER_STREAM_BEFORE = re.compile(
    rf"(?:\b(?:(?:per|each|every|por|cada|for\s+each|para\s+cada)[\s-](?:single\s+)?|{_EACH_OF}){STREAM_WHO}"
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
    rf"(?P<n>\d[\d,.]*)\s+(?:{CONCURRENT}\s+)?{PEOPLE}\b",
    re.I,
)
_PEOPLE_AT_BEFORE = re.compile(
    rf"(?<![\w.,])(?P<n>\d[\d,.]*)\s+(?:{CONCURRENT}\s+)?{PEOPLE}\s*(?:at|@|with|a|con|,|:)?\s*(?:about|around|~|≈)?\s*$",
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


def read_rates(text: str, nums: list[Number], draft: Draft) -> None:
    """Output tok/s: the SLO, its kind (aggregate or per stream), or a node's measured throughput."""
    slos: list[float] = []
    per_gpu: list[float] = []
    bound_units: set[int] = set()
    for number in nums:
        unit = tail(text, number, TOK_S)
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
        if (rng := _RANGE_BEFORE.search(before)) and (low := first_number(rng.group(1))):
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
        counts = counted(text, nums, re.escape(group), skip=number)
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
        users = first_number(people.group("n"))
        if users and users >= 2:
            draft.ask(ASK_SLO, "slo_kind_unclear", tok_s=plain(value), users=plain(users))
