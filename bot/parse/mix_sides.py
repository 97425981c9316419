"""The mix from figures said with their sides (bot/parse/mix_relations.py composes the rest): a size for each
side ("3k tokens in, 600 out", "prompts average 4,000, responses 800", a list's "- in: ~8k tokens" then
"- out: ~400 tokens", "95% input, 5% output"), and "per/for each/por cada <side B>" with a figure next to
the other side ("for each output token we feed ~10 input tokens", "one output token per 7 input tokens",
"por cada token generado leemos unos 8")."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, mix_parts
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy

LOWEST, HIGHEST = 1 / 200, 200  # a reading outside is no mix
# between a side and its figure: "~10 input tokens", "the prompt side is about 25" (net s11)
_ATTACHED = lazy(r"[\s~≈]*(?:(?:about|around|roughly|like|maybe|unos?|unas|como|de|of|tokens?|side|part|is|are|es|son)\s+)*[\s~≈]*$", re.I)


@cache
def _unit_gap() -> re.Pattern[str]:
    """Between "per/for each" and side B: a count ("per 7", "for each twenty"), "token(s)", a pronoun."""
    return lazy(
        rf"\s*(?:(?P<nb>\d[\d.,]*\s?[kK]?|{_words()}|single|a)\s+)?(?:(?:token|tokens|of|de)\s+)*(?:(?:it|we|que|that|which|the\s+model|el\s+modelo)\s+)?",
        re.I,
    )

_SIZE_AFTER = lazy(r"\s+(?:of|de)\s+(?:~|≈|about|around|unos?\s+)?(?P<nb>\d[\d.,]*\s?[kK]?)\s*tok(?:en)?s?\b", re.I)


@cache
def _words() -> str:
    return "|".join(sorted(map(re.escape, [*lexicon.mapping("number_words"), *mix_parts.ONE]), key=len, reverse=True))


@cache
def _bare_side() -> re.Pattern[str]:
    """A figure with "in", "out" or "back" after it and no side noun ("fifteen in", "about 6 out", "one back"): a
    side only beside a per word (from_per)."""
    return lazy(
        rf"(?<![\w.,])(?P<n>\d[\d.,]*\s?[kK]?|{_words()})\s+(?:tok(?:en)?s?\s+)?(?:(?P<i>in|of\s+(?:retrieved\s+|fetched\s+|extra\s+)?context|de\s+contexto)|out|back)(?![\w'])", re.I
    )


def _count(said: str) -> float:
    """ "7", "1k", "1.000" (Spanish grouping) or "one"."""
    from bot.parse.numbers import parse_number

    if said.lower() in ("single", "a"):
        return 1.0
    return parse_number(said) or mix_parts.figure(said) if said[0].isdigit() else mix_parts.figure(said)


Side = tuple[int, int, bool, bool]  # start, end, input?, outweighs the other?


def sides_in(text: str, lo: int, hi: int) -> list[Side]:
    found: list[Side] = []
    for m in mix_parts.sides().finditer(text, lo, hi):
        if m.group("io") or m.group("oi"):
            first_in = m.group("io") is not None
            found += [
                (m.start(), m.start() + 1, first_in, False),
                (m.end() - 1, m.end(), not first_in, False),
            ]
        else:
            found.append(
                (
                    m.start(),
                    m.end(),
                    bool(m.group("i") or m.group("hin")),
                    bool(m.group("hin") or m.group("hout")),
                )
            )
    return found


def ratio(a_is_input: bool, a_over_b: float) -> float | None:
    value = a_over_b if a_is_input else 1 / a_over_b
    return round(value, 6) if LOWEST <= value <= HIGHEST else None


_SYSTEM = lazy(r"\b(?:system|sistema)\s+$|\bdel\s+sistema\s+$", re.I)
_SYSTEM_AFTER = lazy(r"\s+(?:de(?:l)?\s+)?sistema\b", re.I)
_LIMIT = lazy(r"\b(?:max(?:imum)?|up\s+to|at\s+most|hasta|m[aá]xim[oa]|limit)\s+(?:of\s+)?$", re.I)


_RATE_AFTER = lazy(r"\s*(?:tok(?:en)?s?\s*/\s*s(?:ec)?\b|tok(?:en)?s?\s+(?:per|a|por)\s+(?:second|sec|segundo|s)\b|tps\b)", re.I)


_SHARE_OF = lazy(r"%\s*(?:of|de)\b", re.I)  # "40% of prompt tokens"; "70 % input, 30 % output" is a split


def _sizes_in(text: str, lo: int, hi: int) -> dict[bool, set[float]]:
    from bot.parse.numbers import parse_number

    said: dict[bool, set[float]] = {True: set(), False: set()}
    elided: dict[bool, set[float]] = {True: set(), False: set()}
    for m in mix_parts.sizes().finditer(text, lo, hi):
        if m.group("e"):  # "…and receive about 300": the unit is the other side's
            if value := parse_number(m.group("e")):
                elided[bool(m.group("ei"))].add(value)
            continue
        if m.group("bi") and (_SYSTEM.search(text, max(lo, m.start() - 12), m.start()) or _SYSTEM_AFTER.match(text, m.end("bi"))):
            continue  # "the system prompt is 1,500 tokens", "el prompt de sistema": a part of the input, not all of it
        if _LIMIT.search(text, max(lo, m.start() - 12), m.start()):
            continue  # "max input 16k tokens, max output 2k tokens": limits, not what a request holds
        if _SHARE_OF.search(m.group(0)) or _RATE_AFTER.match(text, m.end()):
            continue  # "600 output tok/s" is a speed, "40% of prompt tokens" a share of one side (mix17b s17): no size
        value = parse_number(m.group("n") or m.group("m") or m.group("v") or m.group("p"))
        if value:
            said[bool(m.group("ai") or m.group("bi") or m.group("vi") or m.group("pi"))].add(value)
    for side in (True, False):
        if said[not side] and not said[side]:
            said[side] = elided[side]
    return said


# A pair of figures right after a label that names both sides in order: "in/out 3000/300", "input:output = 4k:500",
# "ratio out/in ~300/3000" (the label's order decides, as for "in:out 4:1"); "24/7" is a calendar.
_LABEL_PAIR = lazy(
    r"\s*(?:ratio|mix|split|relaci[oó]n|proporci[oó]n|reparto)?\s*(?:[:=]|of|de|is|es|around|about|roughly|approx\.?|unos?|aprox\.?|m[aá]s\s+o\s+menos|~|≈|\s)*"
    r"(?!24\s*/\s*7\b)(?P<a>\d[\d.,]*\s?[kK]?)\s*(?:tok(?:en)?s?\s*)?[/:]\s*[~≈]?\s*(?P<b>\d[\d.,]*\s?[kK]?)(?![\d/.,]*\d|\s*(?:tok/|t/s|tps))",
    re.I,
)


# One figure after a ratio word that follows such a label: "the input:output ratio from last month's logs was 7.5",
# "la relación entrada/salida del mes pasado fue de 6" (the first side per one of the second; gate, session 10).
_LABEL_ONE = lazy(
    r"\s*(?P<word>(?:ratio|mix|relaci[oó]n|proporci[oó]n)\b)?(?:\s+[\w'’]+){0,5}?\s*(?:[:=]|is|was|of|es|fue|era|de|es\s+de|fue\s+de|sits\s+at|came\s+out\s+at|ran\s+at)"
    r"\s*(?:about|around|roughly|~|≈|unos?|aprox\.?|m[aá]s\s+o\s+menos)?\s*(?P<n>\d{1,3}(?:[.,]\d+)?)(?![\d/:%]|\s*(?:x\b|×|to\s|a\s+\d|:|/|tok|t/s|tps|%|k\b|ms\b|s\b))",
    re.I,
)
_WORD_BEFORE = lazy(r"\b(?:ratio|mix|relaci[oó]n|proporci[oó]n)\s+(?:de\s+|of\s+)?$", re.I)  # "la relación entrada/salida"


def from_label_pair(text: str, lo: int, hi: int) -> float | None:
    """ "in/out 3000/300": the two figures after an in/out label, in the label's order; "input:output ratio … was
    7.5": one figure after the label's ratio word is the first side per one of the second."""
    for m in mix_parts.sides().finditer(text, lo, hi):
        if (m.group("io") or m.group("oi")) and (pair := _LABEL_PAIR.match(text, m.end())):
            first, second = _count(pair["a"].replace(" ", "")), _count(pair["b"].replace(" ", ""))
            if first and second:
                return ratio(m.group("io") is not None, first / second)
        one = (m.group("io") or m.group("oi")) and _LABEL_ONE.match(text, m.end())
        worded = one and (one["word"] or _WORD_BEFORE.search(text, max(lo, m.start() - 16), m.start()))
        if one and worded and one.end() <= hi and (value := float(one["n"].replace(",", "."))) > 0:
            return ratio(m.group("io") is not None, value)
    return None


def from_sizes(text: str, lo: int, hi: int) -> float | None:
    """One size for each side, in the sentence or, when it holds one side only, with the next one ("- in: ~8k
    tokens" then "- out: ~400 tokens")."""
    said = _sizes_in(text, lo, hi)
    if len(said[True]) + len(said[False]) == 1 and hi < len(text):
        more = _sizes_in(text, hi + 1, sentence(text, hi + 1)[1])
        said = {side: said[side] | more[side] for side in (True, False)}
    if len(said[True]) == 1 and len(said[False]) == 1:
        return ratio(True, next(iter(said[True])) / next(iter(said[False])))
    return None


def from_per(text: str, lo: int, hi: int, sides: list[Side], marks: list[re.Match[str]]) -> float | None:
    """ "for each output token we feed ~10 input tokens": B is the side right after the marker, A the other
    side with a figure next to it."""
    for mark in (m for m in marks if m.group("per")):
        gaps = ((s, _unit_gap().fullmatch(text, mark.end(), s[0])) for s in sides if s[0] >= mark.end())
        b, unit = next(((s, g) for s, g in gaps if g), (None, None))
        if b is None or unit is None:
            continue
        each = _count(unit.group("nb")) if unit.group("nb") else 1.0  # "per 7 input tokens", "for every 1k tokens"
        if not unit.group("nb") and (sized := _SIZE_AFTER.match(text, b[1])):  # "por cada respuesta de 500 tokens"
            each, b = _count(sized["nb"]), (b[0], sized.end(), b[2], b[3])
        for a in (s for s in sides if s[2] != b[2] and not s[3]):
            for n in mix_parts.bare().finditer(text, max(lo, a[0] - 20), min(hi, a[1] + 20)):
                gap = text[n.end() : a[0]] if n.end() <= a[0] else text[a[1] : n.start()]
                if (n.start() < mark.start() or n.start() > b[1]) and _ATTACHED.match(gap) and each > 0:
                    return ratio(a[2], _count(n.group(1)) / each)  # "5.000" groups thousands
        for n in _bare_side().finditer(text, lo, hi):  # "for every token out there are about fifteen in"
            if bool(n["i"]) != b[2] and (n.start() < mark.start() or n.start() > b[1]) and each > 0:
                return ratio(bool(n["i"]), _count(n["n"]) / each)
    return None


@cache
def _equal() -> re.Pattern[str]:  # lexicon `mix_equal`: "the same length", "about even", "a la par", "uno a uno"
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('mix_equal')}){lexicon.WORD_END}", re.I)


def from_equal(text: str, lo: int, hi: int, sides: list[Side]) -> float | None:
    """Both sides said the same size: one of each kind, neither outweighing, before a `mix_equal` word in the
    sentence ("prompts and answers are roughly the same length", "entrada y salida andan a la par"): 1. One side
    alone ("answers are about the same every day") is none."""
    plain = [s for s in sides if not s[3]]
    for m in _equal().finditer(text, lo, hi):
        kinds = {s[2] for s in plain if s[1] <= m.start() or s[0] >= m.end()}
        if kinds == {True, False}:
            return 1.0
    return None
