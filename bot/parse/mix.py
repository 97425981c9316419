"""Input tokens per output token: "4:1", "1:3 chat", "2:1 output:input", "RAG-heavy"."""

from __future__ import annotations

import re
from functools import cache
from itertools import islice

from bot.parse import lexicon, rules
from bot.parse.draft import Draft, sentence
from bot.parse.figures import (
    MAX_MENTIONS,
)
from bot.parse.lazyre import lazy
from bot.parse.mix_back import read_back
from bot.parse.mix_forms import mix_forms
from bot.parse.mix_relations import read_relations
from bot.parse.mix_restated import read_restated
from bot.parse.mix_wholes import from_bound, from_parts

_RATIO = lazy(r"(?=\d)(?<![\w:.,\-–])(\d{1,3}(?:\.\d+)?)\s?:\s?(\d{1,3}(?:\.\d+)?)(?![\d:])")
# "2:1 output:input", "out:in 1:4", "a 1:5 output to input ratio", "about 1:4, output to input": the label says
# which side is output, with a sign or in words (mix14b s14).
_OUTPUT_FIRST_AFTER = lazy(
    r"\s?(?:\(|,\s*|of\s+|de\s+)?(?:output|out|salida)s?(?:\s?[:/]\s?|[\s-]+to[\s-]+|\s+a\s+)(?:inputs?|in|entrada)\b", re.I
)
_OUTPUT_FIRST_BEFORE = lazy(
    r"\b(?:outputs?|out|salida)\s?(?:[:/-]|[\s-]+to[\s-]+|\s+a\s+)\s?(?:inputs?|in|entrada)\s?(?:ratio|mix|proporci[oó]n)?\s?"
    r"(?:of|de|=|:|is|es)?\s?(?:about|around|roughly|~|≈|unos?)?\s?$",
    re.I,
)
_INPUT_PER_OUTPUT = lazy(
    r"\b(\d{1,3}(?:\.\d+)?)\s?x?\s?input\s+tokens?\s+(?:per|for\s+each|for\s+every)\s+output\s+token", re.I
)
# A ratio that is something else: "version 1:2", "RTO 4:1" (a label right before it), "16:9 screenshots",
# "screenshots are 16:9" (a clause about images or releases that names no tokens).
@cache
def _label_before() -> re.Pattern[str]:  # lexicon `ratio_label`: "version", "RTO", "fase"
    return lazy(rf"\b{lexicon.alternation('ratio_label')}\s*(?:of|is|de|es|=|:)?\s*$", re.I)


@cache
def _mix_word() -> re.Pattern[str]:  # lexicon `ratio_mix_word`: "input", "tokens", "salida"
    return lazy(rf"\b{lexicon.alternation('ratio_mix_word')}\b", re.I)


_CLAUSE_EDGE = lazy(r"[,;()\n]|\.(?=\s|$)")
# A phrase waved off: "not agentic", "no RAG-heavy workloads", "non-agentic", "no es agéntico".
_TIME_AROUND = lazy(r"\b(?:am|pm|h|hrs?|o'clock|utc|cet|cest)\b", re.I)
# Phrases that stand for a mix. RAG stuffs retrieved documents into the prompt: 10 input tokens per output
# token is the figure we assume (and say so); "agentic" is the domain's 4:1.
def _output_first(text: str, start: int, end: int) -> bool:
    return bool(
        _OUTPUT_FIRST_AFTER.match(text, end) or _OUTPUT_FIRST_BEFORE.search(text, max(0, start - 30), start)
    )


def _not_a_mix(text: str, start: int, end: int) -> tuple[int, int] | None:
    """ "version 1:2", "RTO 4:1", "16:9 screenshots": a ratio, but not of tokens; the clause it was weighed in."""
    if _label_before().search(text, max(0, start - 30), start):
        return start, end
    edges = [m.end() for m in _CLAUSE_EDGE.finditer(text, max(0, start - 80), start)]
    after = _CLAUSE_EDGE.search(text, end, end + 80)
    lo, hi = edges[-1] if edges else max(0, start - 80), after.start() if after else min(len(text), end + 80)
    return (lo, hi) if _not_mix().search(text, lo, hi) and not _mix_word().search(text, lo, hi) else None


@cache
def _not_mix() -> re.Pattern[str]:
    """What a bare ratio may be of instead of tokens (lexicon `ratio_not_mix`: "16:9 screenshots", "we compress
    logs 10:1", "3:1 engineers to PMs", "ratio de clics 5:1"). A key's underscore is an edge ("aspect_ratio")."""
    return lazy(rf"(?<![^\W_])(?:{lexicon.alternation('ratio_not_mix')})(?![^\W_])", re.I)


# a ratio said of one workload: "3:1 for the chat traffic", "12:1 on documents", "8:1 en el buscador"
_FOR_WORKLOAD = lazy(r"\s+(?:for|on|in|para|en)\s+(?:(?:the|our|el|la|los|las|nuestr[oa]s?)\s+)?(?P<what>[^\W\d_]+)", re.I)


def _workloads(text: str, pairs: list[re.Match[str]]) -> list[re.Match[str]]:
    """Pairs of one sentence each said of its own workload ("3:1 on chat and 12:1 on documents"): two mixes, and
    which one to size for is the user's call. One of the workloads must be no `ratio_not_mix` thing."""
    said = [(m, w) for m in pairs if (w := _FOR_WORKLOAD.match(text, m.end()))]
    for m, _ in said:
        same = [(n, w) for n, w in said if sentence(text, n.start()) == sentence(text, m.start())]
        if len(same) > 1 and len({n.group(0) for n, _ in same}) > 1 and any(not _not_mix().fullmatch(w["what"]) for _, w in same):
            return [n for n, _ in same]
    return []


def read_mix(text: str, draft: Draft) -> None:
    """Input tokens per output token: "4:1", "1:3 chat", "2:1 output:input" (0.5), "RAG-heavy" (10:1, said in a note)."""
    ratios: list[float] = []
    spans: list[tuple[int, int]] = []
    pairs = [m for m in islice(_RATIO.finditer(text), MAX_MENTIONS) if len(m.group(2)) != 2 and float(m.group(2))]
    if two := _workloads(text, pairs):
        draft.use(two[0].start(), two[-1].end(), "input_per_output")
        draft.conflict("input_per_output", [round(float(m.group(1)) / float(m.group(2)), 6) for m in two])
        return
    for match in pairs:
        left, right = match.group(1), match.group(2)
        after = text[match.end() : match.end() + 6]
        if _TIME_AROUND.match(after.strip()):
            continue  # 9:00, 17:30: a time, not a mix
        if weighed := _not_a_mix(text, match.start(), match.end()):
            draft.use(*weighed, "input_per_output")  # "3:1 ratio of engineers to PMs": read, and no mix
            continue
        if _output_first(text, match.start(), match.end()):
            left, right = right, left
        if float(right) > 0:
            ratios.append(float(left) / float(right))
            spans.append((match.start(), match.end()))
    for m in _INPUT_PER_OUTPUT.finditer(text):
        ratios.append(float(m.group(1)))
        spans.append((m.start(), m.end()))
    ratios += mix_forms(text)
    ratios += from_parts(text) + from_bound(text)  # "3 in every 4 tokens are prompt", "a 3,000-token prompt"
    for i, ratio in enumerate(ratios):  # where each was said, when known: "8:1 … brought it down to 3:1" settles
        draft.set("input_per_output", round(ratio, 6), *((spans[i], text) if i < len(spans) else ()))
    if ratios:
        return
    rules.read_rules(text, draft, ("input_per_output",))  # "RAG-heavy", "agentic": lexicon rows


def read_times(text: str, draft: Draft) -> None:
    """ "inputs are about 6x the outputs", "5x more input than output", "output is a fifth of input", "for every
    output token we send 6 input tokens": the mix composed from two sides and a relation (bot/parse/mix_relations.py)."""
    read_relations(text, draft)
    read_back(text, draft)  # "…input tokens a month, the output is a sixth of that" (bot/parse/mix_back.py)
    read_restated(text, draft)  # "…; actually make that quadruple" (bot/parse/mix_restated.py)
