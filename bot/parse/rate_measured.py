"""A tok/s said as what was measured, observed or is had today is context, not the need: "we tried the hosted
API and got ~150 tok/s per stream; we need 400 tok/s per stream" reads 400. Only when another tok/s of the
question is not so said: a measured figure alone stays what the rates reader makes of it. The words are the
lexicon's (`rate_measured`: tried, got, observed, today, medimos, nos dio…; `rate_old`: an old target,
"superseded"; `rate_needed`: need, target, SLO,
objetivo…, which keep a figure the need even beside a measured word: "today we need 300 tok/s")."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import Draft, sentence
from bot.parse.figures import MAX_MENTIONS
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.per_gpu import ONE_GPU_DOES, PER_GPU_AFTER
from bot.parse.rate_units import PER_NODE, TOK_S

_CLAUSE_MARK = lazy(r"[,;:(—–]")
_RATE_AHEAD = lazy(r"\d[\d.,]*\s?[kK]?")


@cache
def _cue() -> re.Pattern[str]:
    cues = ("rate_measured", "rate_measured_after", "rate_now", "rate_now_after", "rate_old", "rate_old_after", "rate_other")
    words = "|".join(lexicon.alternation(c) for c in cues)
    return lazy(rf"{lexicon.WORD_START}(?:{words}){lexicon.WORD_END}", re.I)


def _clause_start(text: str, start: int, pos: int) -> int:
    """Where the clause before `pos` starts: the sentence start, a comma or semicolon, or a contrast word."""
    cut, label = start, start
    for m in _CLAUSE_MARK.finditer(text, start, pos):
        cut, label = m.end(), cut
    if text[cut - 1 : cut] == ":" and not text[cut:pos].strip(" ~≈"):  # "Current: 350 tok/s": the label is the clause
        cut = label
    elif text[cut - 1 : cut] == ":" and lexicon.pattern("rate_measured").search(text, label, cut):
        cut = label  # "Benchmark on a single L4: qwen3 30b hit roughly 900 tok/s": the label says what the clause is
    for m in lexicon.pattern("contrast").finditer(text, cut, pos):
        cut = m.end()
    return cut


def _after(text: str, number: Number, past_comma: bool = False) -> tuple[int, int]:
    """The rest of the figure's clause, after its unit (past a comma right after it: "140 tok/s, under target")."""
    _, end = sentence(text, number.start)
    unit = TOK_S.match(text, number.end).end()
    mark = _CLAUSE_MARK.search(text, unit + 1 if past_comma and text.startswith(",", unit) else unit, end)
    return unit, mark.start() if mark else end


def _measured(text: str, number: Number) -> str:
    """ "measured" (got, observed, "is what we get now"), "now" (said as today's: "100 tok/s currently"), or ""."""
    start, end = sentence(text, number.start)
    a = _clause_start(text, start, number.start)
    if lexicon.pattern("rate_old").search(text, a, number.start) or lexicon.pattern("rate_old_after").search(
        text, TOK_S.match(text, number.end).end(), end
    ):
        return "measured"  # an old target: "the old target in v1 was 200 tok/s; superseded"
    if lexicon.pattern("rate_needed").search(text, a, number.start):
        return ""  # "today we need 300 tok/s"
    if lexicon.pattern("rate_measured").search(text, a, number.start):
        return "measured"
    if lexicon.pattern("rate_now").search(text, a, number.start):
        return "now"  # "today 200 tok/s": context only beside a figure said as the need
    # "~150 tok/s for us today but …", "150 tok/s is what we get now": said after it, before the clause ends
    if lexicon.pattern("rate_measured_after").search(text, *_after(text, number, past_comma=True)):
        return "measured"
    if lexicon.pattern("rate_now_after").search(text, *_after(text, number)):
        return "now"
    if _other_party(text, number, start) and not lexicon.pattern("rate_needed").search(text, *_after(text, number)):
        # a competitor's, another team's or vendor's, a benchmark's: context beside our figure, said as a need or not
        # ("…on infrastructure of its own. We're sizing kimi k2 for 300 tok/s", fig16 s16)
        return "measured"
    # "throughput: 410.2 tok/s" on a line of its own says what a run gave, like "today": context beside a need
    return "now" if _label_line().search(text, max(0, number.start - 40), number.start) else ""


@cache
def _label_line(anywhere: bool = False) -> re.Pattern[str]:
    """A rate's label alone before its figure at the start of a line: "throughput: 410.2 tok/s", "rendimiento: 95"
    (ending where the search ends; `anywhere`: any such label in the text)."""
    nouns = "|".join(lexicon.alternation(c) for c in ("config_rate_noun", "config_label_rate"))
    return lazy(rf"(?:^|\n)[ \t]*[-*•]?[ \t]*(?:{nouns})[ \t]*[:=][ \t]*[~≈]?[ \t]*{'' if anywhere else '$'}", re.I)


def _other_party(text: str, number: Number, start: int) -> bool:
    """The figure is said of another party (lexicon `rate_other`: a competitor, another team or vendor, a separate
    budget, a benchmark), in the words since the sentence's previous tok/s figure or after it in its clause:
    "La competencia dice que sirve 10.000 tok/s; a nosotros nos bastan 400", "Marketing's bot pulls 700 tok/s from
    another vendor under a separate budget". The conflict check compares only figures about the same system."""
    before = start
    for m in TOK_S.finditer(text, start, number.start):
        before = m.end()
    other = lexicon.pattern("rate_other")
    # after it: the rest of its sentence up to the next tok/s ("…2,000 tok/s on its own cluster, that's not in scope")
    unit, end = _after(text, number)
    _, stop = sentence(text, number.start)
    stop = next((m.start() for m in _RATE_AHEAD.finditer(text, unit, stop) if TOK_S.match(text, m.end())), stop)
    return bool(other.search(text, before, number.start) or other.search(text, unit, max(end, stop)))


def _needed(text: str, number: Number) -> bool:
    """ "need 300 tok/s", "300 tok/s needed", "the goal is 300 tok/s": said as the need, before or after."""
    start, _ = sentence(text, number.start)
    a = _clause_start(text, start, number.start)
    return bool(
        lexicon.pattern("rate_needed").search(text, a, number.start)
        or lexicon.pattern("rate_needed").search(text, *_after(text, number))
    )


def context_figures(text: str, nums: list[Number], draft: Draft) -> set[int]:
    """The starts of the tok/s figures that are context (measured, observed, today's), when at least one other
    tok/s is said as the need; each is marked read, so no "I did not use" note names it. A figure only said to
    be today's ("100 tok/s currently, 300 tok/s needed") is context only beside a figure said as the need: "300
    tok/s today, 600 next quarter" still asks which."""
    rates = [n for n in nums if TOK_S.match(text, n.end)][:MAX_MENTIONS]
    # two different figures and a measured word, or nothing to set aside (a paste repeating one figure costs nothing)
    if len({n.value for n in rates}) < 2 or not (_cue().search(text) or _label_line(True).search(text)):
        return set()
    # a node's or a GPU's measured throughput is a figure of its own (rates.py reads it), not context
    kinds = {n.start: ("" if _per_hardware(text, n) else _measured(text, n)) for n in rates}
    rest = [n for n in rates if not kinds[n.start]]
    if rest and any(_needed(text, n) for n in rest):
        measured = [n for n in rates if kinds[n.start]]
    else:
        measured = [n for n in rates if kinds[n.start] == "measured"]
    if not measured or not rest:
        return set()
    for n in measured:
        draft.use(n.start, TOK_S.match(text, n.end).end(), "slo_tok_s")
    return {n.start for n in measured}


def _per_hardware(text: str, number: Number) -> bool:
    end = TOK_S.match(text, number.end).end()
    start, _ = sentence(text, number.start)  # "one H100 does 2k tok/s": a GPU's figure
    return bool(
        PER_NODE.match(text, end) or PER_GPU_AFTER.match(text, end) or ONE_GPU_DOES.search(text[start : number.start])
    )
