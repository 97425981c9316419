"""Input tokens per output token: "4:1", "1:3 chat", "2:1 output:input", "RAG-heavy"."""

from __future__ import annotations

import re
from itertools import islice

from bot.parse import lexicon, rules
from bot.parse.draft import Draft
from bot.parse.figures import (
    MAX_MENTIONS,
)
from bot.parse.lazyre import lazy
from bot.parse.mix_forms import mix_forms
from bot.parse.mix_relations import read_relations

_RATIO = lazy(r"(?=\d)(?<![\w:.,])(\d{1,3}(?:\.\d+)?)\s?:\s?(\d{1,3}(?:\.\d+)?)(?![\d:])")
# "2:1 output:input", "out:in 1:4": the label says which side is output.
_OUTPUT_FIRST_AFTER = lazy(
    r"\s?(?:\(|of\s+|de\s+)?(?:output|out|salida)\s?[:/]\s?(?:input|in|entrada)\b", re.I
)
_OUTPUT_FIRST_BEFORE = lazy(
    r"\b(?:outputs?|out|salida)\s?(?:[:/]|\s+to\s+|\s+a\s+)\s?(?:inputs?|in|entrada)\s?(?:ratio|mix|proporci[oó]n)?\s?"
    r"(?:of|de|=|:|is|es)?\s?(?:about|around|roughly|~|≈|unos?)?\s?$",
    re.I,
)
_INPUT_PER_OUTPUT = lazy(
    r"\b(\d{1,3}(?:\.\d+)?)\s?x?\s?input\s+tokens?\s+(?:per|for\s+each|for\s+every)\s+output\s+token", re.I
)
# A ratio that is something else: "version 1:2", "RTO 4:1" (a label right before it), "16:9 screenshots",
# "screenshots are 16:9" (a clause about images or releases that names no tokens).
_LABEL_BEFORE = lazy(
    r"\b(?:version|ver|release|build|rto|rpo|sla|aspect(?:\s+ratio)?|resolution|odds|score|page|chapter|step|"
    r"phase|fase|versi[oó]n)\s*(?:of|is|de|es|=|:)?\s*$",
    re.I,
)
_NOT_MIX = lazy(
    r"\b(?:screenshots?|images?|pictures?|photos?|videos?|screens?|displays?|monitors?|aspect|resolution|frames?|"
    r"thumbnails?|odds|scores?|runbooks?|docs?|documents?|capturas?|im[aá]genes|pantallas?)\b",
    re.I,
)
_MIX_WORD = lazy(r"\b(?:input|output|in[:/]out|out[:/]in|completions?|tokens?|entrada|salida)\b", re.I)
_CLAUSE_EDGE = lazy(r"[,;()\n]|\.(?=\s|$)")
# A phrase waved off: "not agentic", "no RAG-heavy workloads", "non-agentic", "no es agéntico".
_TIME_AROUND = lazy(r"\b(?:am|pm|h|hrs?|o'clock|utc|cet|cest)\b", re.I)
# Phrases that stand for a mix. RAG stuffs retrieved documents into the prompt: 10 input tokens per output
# token is the figure we assume (and say so); "agentic" is the domain's 4:1.
def _output_first(text: str, start: int, end: int) -> bool:
    return bool(
        _OUTPUT_FIRST_AFTER.match(text, end) or _OUTPUT_FIRST_BEFORE.search(text, max(0, start - 30), start)
    )


def _not_a_mix(text: str, start: int, end: int) -> bool:
    """ "version 1:2", "RTO 4:1", "16:9 screenshots": a ratio, but not of tokens."""
    if _LABEL_BEFORE.search(text, max(0, start - 30), start):
        return True
    edges = [m.end() for m in _CLAUSE_EDGE.finditer(text, max(0, start - 80), start)]
    after = _CLAUSE_EDGE.search(text, end, end + 80)
    clause = text[edges[-1] if edges else max(0, start - 80) : after.start() if after else end + 80]
    return bool(_NOT_MIX.search(clause)) and not _MIX_WORD.search(clause)


def read_mix(text: str, draft: Draft) -> None:
    """Input tokens per output token: "4:1", "1:3 chat", "2:1 output:input" (0.5), "RAG-heavy" (10:1, said in a note)."""
    ratios: list[float] = []
    for match in islice(_RATIO.finditer(text), MAX_MENTIONS):
        left, right = match.group(1), match.group(2)
        after = text[match.end() : match.end() + 6]
        if len(right) == 2 or _TIME_AROUND.match(after.strip()) or float(right) == 0:
            continue  # 9:00, 17:30: a time, not a mix
        if _not_a_mix(text, match.start(), match.end()):
            continue
        if _output_first(text, match.start(), match.end()):
            left, right = right, left
        if float(right) > 0:
            ratios.append(float(left) / float(right))
    ratios += [float(m.group(1)) for m in _INPUT_PER_OUTPUT.finditer(text)]
    ratios += mix_forms(text)
    for ratio in dict.fromkeys(round(r, 6) for r in ratios):
        draft.set("input_per_output", ratio)
    if ratios:
        return
    rules.read_rules(text, draft, ("input_per_output",))  # "RAG-heavy", "agentic": lexicon rows


def _number_words() -> str:
    """The lexicon's counts in words ("six", "seis"), for "inputs are six times the outputs"."""
    return "|".join(map(re.escape, sorted(lexicon.mapping("number_words"), key=len, reverse=True)))


def _figure(said: str) -> float:
    words = lexicon.mapping("number_words")
    return float(words[said.lower()]) if said.lower() in words else float(said.replace(",", "."))


def _times_pattern() -> re.Pattern[str]:
    side = rf"(?P<{{}}>(?P<{{}}_in>{lexicon.alternation('mix_input')})|{lexicon.alternation('mix_output')})"
    return re.compile(
        rf"\b(?=[^\W\d_]){side.format('a', 'a')}(?![\w])[^.;:\d]{{0,30}}?(?<![\w.,])(?P<n>\d{{1,3}}(?:[.,]\d+)?|{_number_words()})\s*"
        rf"(?:{lexicon.alternation('mix_times')})(?![\w])\s*(?:[\w']+\s+){{0,3}}?{side.format('b', 'b')}(?![\w])",
        re.I,
    )


_TIMES: re.Pattern[str] | None = None


def _more_than_pattern() -> re.Pattern[str]:
    side = f"(?P<{{}}>(?P<{{}}_in>{lexicon.alternation('mix_input')})|{lexicon.alternation('mix_output')})"
    frac = "|".join(map(re.escape, sorted(lexicon.mapping("fractions"), key=len, reverse=True)))
    mult = "|".join(map(re.escape, sorted(lexicon.mapping("multipliers"), key=len, reverse=True)))
    return re.compile(
        # "5x more input than output", "5 veces más entrada que salida"
        rf"(?=\w)(?<![\w.,])(?P<n>\d{{1,3}}(?:[.,]\d+)?|{_number_words()})\s*(?:x|×|times|veces)\s+(?:more|m[aá]s)\s+{side.format('a', 'a')}"
        rf"(?:\s+tokens)?\s+(?:than|que)\s+(?:the\s+|la\s+|el\s+|de\s+)?{side.format('b', 'b')}(?![\w])"
        # "for every output token we send 6 input tokens", "por cada token de salida, 6 de entrada"
        rf"|(?:for\s+(?:every|each)|por\s+cada)\s+(?:1\s+|one\s+|un\s+)?(?:tokens?\s+de\s+)?{side.format('g', 'g')}(?:\s+tokens?)?"
        rf"[^.;\d]{{0,30}}?(?<![\w.,])(?P<n2>\d{{1,3}}(?:[.,]\d+)?|{_number_words()})\s+(?:tokens\s+)?(?:de\s+)?{side.format('h', 'h')}(?![\w])"
        # "output is a fifth of input", "la salida es un quinto de la entrada"
        rf"|\b(?=[^\W\d_]){side.format('c', 'c')}\s+(?:is|are|es|son)\s+(?:about\s+|roughly\s+|around\s+|unos?\s+)?(?:an?\s+|one\s+|una?\s+|la\s+)?"
        rf"(?P<frac>{frac})\s+(?:of|de)\s+(?:the\s+|la\s+|el\s+|los\s+)?{side.format('d', 'd')}(?![\w])"
        # "inputs are twice the outputs", "la entrada es el triple que la salida"
        rf"|\b(?=[^\W\d_]){side.format('e', 'e')}\s+(?:is|are|es|son|run|runs)\s+(?:about\s+|roughly\s+|around\s+|unos?\s+)?"
        rf"(?P<mult>{mult})\s+(?:(?:as\s+(?:long|large|big|much)\s+as|than|of|que|de|the\s+size\s+of)\s+)?"
        rf"(?:the\s+|la\s+|el\s+|los\s+)?{side.format('f', 'f')}(?![\w])"
        # "outputs are longer than inputs, about 2x", "la entrada es más larga que la salida, unas 5 veces"
        rf"|\b(?=[^\W\d_]){side.format('i', 'i')}\s+(?:is|are|es|son|run|runs)\s+(?:much\s+|mucho\s+)?(?:{lexicon.alternation('mix_longer')})\s+"
        rf"(?:than|que)\s+(?:the\s+|la\s+|el\s+|los\s+|las\s+)?{side.format('j', 'j')}(?![\w])[\s,;:(—-]+"
        rf"(?:about|around|roughly|maybe|like|~|≈|unas?|unos?|como|aprox\w*)?\s*(?P<n3>\d{{1,3}}(?:[.,]\d+)?|{_number_words()})\s*(?:x|×|times|veces)(?![\w])",
        re.I,
    )


_MORE_THAN: re.Pattern[str] | None = None


def _ratio_read(m: re.Match[str]) -> tuple[bool, bool, float] | None:
    """(first side is input, second side is input, first / second) of a times or a fraction phrase."""
    if m.group("n"):
        return m.group("a_in") is not None, m.group("b_in") is not None, _figure(m.group("n"))
    if m.groupdict().get("n2"):  # "for every output token, 6 input tokens": input / output = 6
        return m.group("h_in") is not None, m.group("g_in") is not None, _figure(m.group("n2"))
    if m.groupdict().get("frac"):
        parts = float(lexicon.mapping("fractions")[m.group("frac").lower()])  # "a fifth of": 1/5
        first_in = m.group("c_in") is not None
        return not first_in, first_in, parts  # "output is a fifth of input" is input = 5 × output
    if m.groupdict().get("n3"):  # "outputs are longer than inputs, about 2x": first = 2 × second
        return m.group("i_in") is not None, m.group("j_in") is not None, _figure(m.group("n3"))
    if m.groupdict().get("mult"):
        times = float(lexicon.mapping("multipliers")[m.group("mult").lower()])
        return m.group("e_in") is not None, m.group("f_in") is not None, times
    return None


def read_times(text: str, draft: Draft) -> None:
    """ "inputs are about 6x the outputs" and "5x more input than output" are 6:1 and 5:1; "output is a
    fifth of input" is 5:1. The words for input, output, "times" and the fractions are the lexicon's."""
    global _TIMES, _MORE_THAN
    _TIMES = _TIMES or _times_pattern()
    _MORE_THAN = _MORE_THAN or _more_than_pattern()
    found = [*islice(_TIMES.finditer(text), MAX_MENTIONS), *islice(_MORE_THAN.finditer(text), MAX_MENTIONS)]
    for m in found:
        read = _ratio_read(m)
        if read is None or read[0] == read[1] or read[2] <= 0 or "input_per_output" in draft.fields:
            continue
        first_in, _, n = read
        draft.use(m.start(), m.end(), "input_per_output")
        draft.set("input_per_output", n if first_in else round(1 / n, 6))
        return
    read_relations(text, draft)
