"""More ways to say the mix than "4:1" (bot/parse/mix.py): shares of tokens, two sizes, what is sent and what
comes back, a usage report's labelled totals, "input/output = 3", "75/25 input/output split"."""

from __future__ import annotations

import re
from functools import cache
from itertools import islice

from bot.parse import lexicon, mix_parts
from bot.parse.draft import sentence
from bot.parse.figures import MAX_MENTIONS
from bot.parse.lazyre import lazy

# More ways to say the mix (a share of all the tokens is bot/parse/mix_relations.py's): "8k input + 1k output per request",
# "1 input : 3 output", "input/output = 3", "75/25 input/output split".
_PAIR = lazy(
    r"\b(\d[\d.,]*\s?[kK]?)\s+(input|in|prompt|entrada)(?:\s+tokens?)?\s*(?:\+|and|y|,)\s*(\d[\d.,]*\s?[kK]?)\s+(output|out|completion|salida)\b"
    r"|\b(\d{1,3}(?:\.\d+)?)\s+(input|entrada)\s*:\s*(\d{1,3}(?:\.\d+)?)\s+(output|salida)\b",
    re.I,
)
# A usage report's labelled totals: "input tokens 9.1B … output tokens 1.3B" (either order).
_LABELLED = lazy(
    r"(?=[iopcseIOPCSE])\b(?:(?P<a_in>input|prompt|entrada)|output|completion|salida)\s+tokens?\s*[:=]?\s*(?P<a>\d(?:[\d.,]*\d)?\s?[kKmMbB]?)(?![\w.]|,\d)"
    r"[^.;\d]{0,25}?\b(?:(?P<b_in>input|prompt|entrada)|output|completion|salida)\s+tokens?\s*[:=]?\s*(?P<b>\d(?:[\d.,]*\d)?\s?[kKmMbB]?)(?![\w.]|,\d)",
    re.I,
)
_INPUT_OVER_OUTPUT = lazy(
    r"\b(?:(?:input|in|entrada)\s*/\s*(?:output|out|salida)|i\s*/\s*o(?=\s*(?:ratio|proporci)))\s*\)?\s*(?:ratio\s*|proporci[oó]n\s*)?(?:=|:|is|of|es|de)?\s*"
    r"(?:about|around|roughly|~|≈|unos?)?\s*(\d{1,3}(?:\.\d+)?)(?![\d:/%]|[.,]\d)",  # "6.000/500" is a pair
    re.I,
)
# "of every 10 tokens, 9 are input", "out of every ten tokens we process, nine are input", "de cada 10 tokens que
# mandamos, 9 son de entrada": a share said as a count in a count; "9 in every 10 tokens are prompt": the part first.
_CLAUSE = r"(?:\s+(?!(?:are|is|son|es)\b)[^\W\d_]+){0,4}?"  # "tokens we process", "tokens que procesamos"
# the side may be said by its verb: "1 in 12 tokens is generated", "de cada 10, 1 es generado" (vol12 s12)
_SIDE_AFTER = (
    r"\s+(?:are|is|son|es)\s+(?:de\s+)?(?:(?P<i>input|prompt|entrada|sent|read|enviad[oa]s?|le[ií]d[oa]s?)"
    r"|output|completion|salida|generated|written|generad[oa]s?|escrit[oa]s?)\b"
)
# the side first, the share as parts: "input is 9 parts in 10", "la entrada son 9 partes de cada 10"
_SIDE_FIRST = r"\b(?:(?P<i>input|prompts?|entrada)|output|completions?|salida)(?:\s+tokens?)?\s+(?:are|is|son|es)\s+(?:about\s+|around\s+|roughly\s+|unas?\s+)?"


@cache
def _every() -> tuple[re.Pattern[str], ...]:
    words = "|".join(sorted(map(re.escape, lexicon.mapping("number_words")), key=len, reverse=True))
    n = rf"(?:\d{{1,4}}|{words})"
    return (
        lazy(rf"\b(?:out\s+of|of|de)\s+(?:every|cada)\s+(?P<whole>{n})\s+tokens?{_CLAUSE},?\s+(?P<part>{n}){_SIDE_AFTER}", re.I),
        lazy(rf"\b(?P<part>{n})\s+(?:in|out\s+of|of|de)\s+(?:(?:every|cada)\s+)?(?P<whole>{n})\s+tokens?{_CLAUSE}{_SIDE_AFTER}", re.I),
        # "3 parts input to 1 part output", "9 partes de entrada por 1 de salida" (vol12 s12): both sides as parts
        lazy(rf"\b(?P<part>{n})\s+(?:parts?|partes?)\s+(?:of\s+|de\s+)?(?:(?P<i>input|prompt|entrada)|output|completion|salida)\s+"
             rf"(?:to|for|per|vs\.?|a|por|y|and)\s+(?:each\s+|every\s+|cada\s+)?(?P<whole>{n})\s+(?:(?:parts?|partes?)\s+)?(?:of\s+|de\s+)?(?:output|completion|salida|(?P<j>input|prompt|entrada))\b", re.I),
        lazy(rf"{_SIDE_FIRST}(?P<part>{n})\s+(?:parts?|partes?)\s+(?:in|out\s+of|of|de)\s+(?:(?:every|cada)\s+)?(?P<whole>{n})\b", re.I),
    )


_SIZES: re.Pattern[str] | None = None
_SPLIT: re.Pattern[str] | None = None


def _split_pattern() -> re.Pattern[str]:
    """ "75/25 in/out", "80/20 input/output", "reparto 90/10 entre entrada y salida", "70-30 prompts and
    completions", "in/out split 85/15": two shares of 100 and the two sides they belong to, in the same order,
    either first (lexicon `mix_input`, `mix_output`, `mix_ratio_word`)."""
    side = rf"(?:(?P<{{}}>in|{lexicon.alternation('mix_input')})|out|{lexicon.alternation('mix_output')})"
    shares = r"(?P<{}>\d{{1,2}}(?:[.,]\d)?)\s?%?\s?[/-]\s?(?P<{}>\d{{1,2}}(?:[.,]\d)?)(?![\d/])\s?%?"
    sides = (
        rf"(?:(?:the|la|el|los|las)\s+)?{side.format('{}')}\s*(?:/|-|:|\s(?:and|y|e|to|a)\s+(?:(?:the|la|el|los|las)\s+)?)"
        rf"{side.format('{}')}(?![\w/])"
    )
    word = rf"(?:\s*[:=]?\s+(?:{lexicon.alternation('mix_ratio_word')}))?"  # "in/out split 85/15", "entrada/salida: reparto 90/10"
    return lazy(
        rf"(?<![\w.,/]){shares.format('a', 'b')}\s+(?:(?:split\s+)?(?:between|entre)\s+)?{sides.format('a_in', 'b_in')}"
        rf"|{lexicon.WORD_START}{sides.format('c_in', 'd_in')}{word}\s*(?:is|es|of|de|=|:)?\s*(?:about|around|roughly|~|unos?)?\s*{shares.format('c', 'd')}",
        re.I,
    )


def _sizes_pattern() -> re.Pattern[str]:
    """ "prompts ~5k tokens, answers ~500 tokens", "outputs of 300 tokens and inputs of 3k tokens": two sizes."""
    side = rf"(?P<{{}}>(?P<{{}}_in>{lexicon.alternation('mix_input')})|{lexicon.alternation('mix_output')})"
    size = r"\s*(?:(?:are|is|of|run|average|averages|son|de|:|=|~|≈|about|around|roughly|unos?)\s*)*(?P<{}>\d[\d.,]*\s?[kK]?)\s*tok(?:en)?s?\b"
    return lazy(
        rf"\b(?=[^\W\d_]){side.format('a', 'a')}{size.format('n')}[^.;\d]{{0,25}}?(?<![\w]){side.format('b', 'b')}{size.format('m')}",
        re.I,
    )


def _sent_pattern() -> re.Pattern[str]:
    """ "we send about 2k tokens and get 200 back", "mandamos unos 3000 tokens y recibimos 300": what goes in,
    then what comes back (lexicon `mix_send`, `mix_get`)."""
    about = r"(?:about|around|roughly|~|≈|like|unos?|como|alrededor\s+de)?\s*"
    figure = r"(\d[\d.,]*\s?[kK]?)"
    return lazy(
        rf"(?=[^\W\d_])\b(?:{lexicon.alternation('mix_send')})\s+{about}{figure}\s*(?:tokens?|tok)\b(?!\s*(?:/|per\s|a\s+s|por\s))[^.;\d]{{0,30}}?"
        rf"\b(?:{lexicon.alternation('mix_get')})\s+(?:back\s+)?{about}{figure}(?![\d.,]|\s?%|\s?(?:tok(?:en)?s?\s*/|tok(?:en)?s?\s+(?:per|a|por)\s))",
        re.I,
    )


_SENT: re.Pattern[str] | None = None


_LIMITED = lazy(r"\b(?:max(?:imum)?|up\s+to|at\s+most|hasta|m[aá]xim[oa]|limits?)\b", re.I)


def mix_forms(text: str) -> list[float]:
    """Input tokens per output token, from every form above that the text holds."""
    from bot.parse.numbers import parse_number

    global _SIZES, _SENT, _SPLIT
    _SIZES = _SIZES or _sizes_pattern()
    _SENT = _SENT or _sent_pattern()
    _SPLIT = _SPLIT or _split_pattern()
    ratios = []
    for m in islice(_SENT.finditer(text), MAX_MENTIONS):
        if mix_parts.other_system(text, *sentence(text, m.start())):
            continue  # "el buscador antiguo manda 800 tokens y devuelve 40": another system's requests
        a, b = parse_number(m.group(1)), parse_number(m.group(2))
        if a and b:
            ratios.append(a / b)
    for m in islice(_SIZES.finditer(text), MAX_MENTIONS):
        if _LIMITED.search(text, max(0, m.start() - 12), m.end()):
            continue  # "max input 16k tokens, max output 2k tokens": limits, not what a request holds
        if mix_parts.other_system(text, *sentence(text, m.start())):
            continue  # "el buscador antiguo manda 800 tokens y devuelve 40": another system's requests
        a, b = parse_number(m.group("n")), parse_number(m.group("m"))
        first_in, second_in = m.group("a_in") is not None, m.group("b_in") is not None
        if a and b and first_in != second_in:
            ratios.append(a / b if first_in else b / a)
    for m in islice(_LABELLED.finditer(text), MAX_MENTIONS):
        if _LIMITED.search(text, max(0, m.start() - 12), m.end()):
            continue
        a, b = parse_number(m.group("a")), parse_number(m.group("b"))
        if a and b and (m.group("a_in") is None) != (m.group("b_in") is None):
            ratios.append(a / b if m.group("a_in") else b / a)
    for m in _PAIR.finditer(text):
        left, right = (m.group(1), m.group(3)) if m.group(1) else (m.group(5), m.group(7))
        a, b = parse_number(left), parse_number(right)
        if a and b:
            ratios.append(a / b)
    ratios += [float(m.group(1)) for m in _INPUT_OVER_OUTPUT.finditer(text) if float(m.group(1)) > 0]
    every = _every()
    for m in every[2].finditer(text):  # "3 parts input to 1 part output": the other side's parts, not a whole
        a, b = mix_parts.figure(m["part"]), mix_parts.figure(m["whole"])
        if a > 0 and b > 0 and bool(m["i"]) != bool(m["j"]):
            ratios.append(a / b if m["i"] else b / a)
    for m in (m for pattern in (every[0], every[1], every[3]) for m in pattern.finditer(text)):
        whole, part = mix_parts.figure(m["whole"]), mix_parts.figure(m["part"])
        if 0 < part < whole:
            ratios.append(part / (whole - part) if m["i"] else (whole - part) / part)
    for m in _SPLIT.finditer(text) if "/" in text or "-" in text else ():
        a, b, a_in, b_in = ("a", "b", "a_in", "b_in") if m.group("a") else ("c", "d", "c_in", "d_in")
        first, second = float(m.group(a).replace(",", ".")), float(m.group(b).replace(",", "."))
        first_in = m.group(a_in) is not None
        if first and second and abs(first + second - 100) < 1e-6 and first_in != (m.group(b_in) is not None):
            ratios.append(first / second if first_in else second / first)
    return ratios
