"""Several voices in one message: quotes, pasted emails and threads, corrections, signatures.
(Today's figure beside the target is bot/parse/rate_measured.py's.)

The latest word wins, and an older figure is context:
- an older message (lines quoted with `>`, or everything after an email's quote header: "On Tue, Ana wrote:",
  "-----Original Message-----", "El mar, … escribió:") keeps every figure the newer text does not restate; a
  figure of the same kind said in the newer text replaces it ("> 800 tok/s" … "let's plan for 1,200 tok/s");
- a correction (`figure_fix`: "update:", "scratch that", "no wait", "actually", "corrijo", "mejor dicho",
  "perdón, quise decir", "al final") replaces the earlier figures of the kind of the figure after it; a bare
  number takes the kind of the figure it corrects ("300 tok/s … update: make it 500" is 500 tok/s);
- a figure followed by the one it replaces ("40 not 400"), a factor of the rate said as a revision ("actually,
  double that") and a hedged revision ("maybe a third of that, I need to check": asks) are bot/parse/revise.py's;
  a correction of a count puts the new count in the old one's place, so its phrase ("for each of our 9 plants")
  still reads; a ratio ("3:1") and a rate for whoever ("50 tok/s per user") correct their own kind;
- a signature, a quoted email's header lines and the clock times of an incident are dropped (bot/parse/chrome.py).
Each figure replaced says so (note `figure_replaced`). A figure's kind is its unit (tok/s) or the word after it
("32k context"). Runs on the masked text (model names blanked) before the numbers are read; cue-gated: a
question without a quote, header, correction or incident word costs one set look-up of its words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from bot.parse import chrome, lexicon, revise, voice_disputes
from bot.parse.draft import ASK_CONFLICT, Draft
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, numbers
from bot.parse.rate_units import GPU, PER_NODE, TOK_S
from bot.parse.words import Token, tokens

_BARE_AFTER = lazy(  # a figure followed by a clause's end or a function word: "let's say 1,500 to leave headroom"
    r"\s*(?:$|[.,;:!?)\n]|(?:please|now|instead|then|not|rather|to|for|so|as|because|since|if|ahora|entonces|por\s+favor|en\s+su\s+lugar|y\s+no|no|en\s+vez|en\s+lugar|para|porque|pues|que|de\s+momento|por\s+ahora|de\s+entrada)\b)",
    re.I,
)
_RATIO = lazy(r"\s?[:/]\s?\d+(?:[.,]\d+)?(?![\d:])")  # "3:1", "12:1": an input:output ratio
_WORD_AFTER = lazy(r"\s?(?:of\s+|de\s+)?([a-záéíóúñ]{2,})", re.I)
_PER_GPU = lazy(rf"\s*(?:per|por|/|each|a)\s*{GPU}\b", re.I)
_EACH = lazy(r"\s*(per\s+\w+|por\s+\w+|each|apiece|cada\s+\w+)", re.I)
_MARK_TAIL = lazy(r"[\s,:;—–-]*")
_CLAUSE_END = lazy(r"[.;!?\n]|,\s(?!\d)")


@dataclass(frozen=True)
class _Figure:
    number: Number
    kind: str  # "tok/s", a word ("context", "tokens"), or "" for a bare number


def _said(f: _Figure) -> bool:
    """Not a log line's figure; a ratio ("3:1") reads as a clock time, and is said."""
    return not f.number.machine or f.kind == "ratio"


@cache
def _pattern(concept: str, flags: int = re.I) -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}{lexicon.alternation(concept)}(?![a-záéíóúñ])", flags)


@cache
def _cues() -> frozenset[str]:
    return frozenset(w for row in lexicon.fragments("voice_cue") for w in row.split())


def _cued(text: str, toks: list[Token] | None) -> bool:
    """Whether a row of this module could match: one look-up of the question's words (the parser cuts them
    once for the model reader), far cheaper than any pattern on a paste."""
    if text.startswith(">") or "\n>" in text or "--" in text or "—" in text or revise.cued(text):
        return True
    cues = _cues()
    return any(t.lower in cues for t in (tokens(text) if toks is None else toks))


def _kind(text: str, number: Number) -> str:
    """What a figure counts: "tok/s" (with who it is for: per node, per GPU, per user), the word after it, or
    "" for a bare number."""
    if unit := TOK_S.match(text, number.end):
        rest = text[unit.end() : unit.end() + 30]
        if PER_NODE.match(rest):
            return "tok/s per node"
        if _PER_GPU.match(rest):
            return "tok/s per gpu"
        each = _EACH.match(rest)
        return f"tok/s {each.group(1).lower()}" if each else "tok/s"
    if _RATIO.match(text, number.end):
        return "ratio"
    if _BARE_AFTER.match(text, number.end):
        return ""
    word = _WORD_AFTER.match(text, number.end)
    return word.group(1).lower().rstrip("s") if word else "?"


def _unit_end(text: str, figure: _Figure) -> int:
    kinds = {"tok/s": TOK_S, "ratio": _RATIO}
    unit = kinds.get(figure.kind[:5].rstrip(), _WORD_AFTER).match(text, figure.number.end)
    return unit.end() if unit and figure.kind else figure.number.end


def _replace(
    chars: list[str], old: _Figure, new: _Figure, text: str, draft: Draft, bare: bool, here: bool = False
) -> None:
    start, end = old.number.start, old.number.end
    if chars[start] == " " or (bare and chars[new.number.start] == " "):
        return  # already replaced (two correction words: "update: make it 500")
    if bare:  # "300 tok/s … make it 500": the new number in the old one's place, with the old one's unit
        chars[start] = new.number.text
        chars[start + 1 : end] = [""] * (end - start - 1)
        chrome.blank(chars, new.number.start, new.number.end)
    elif here and not old.kind.startswith(("tok/s", "ratio")) and chars[new.number.start] != " ":
        # "40 tok/s for each of our 9 plants... no, it's 8 plants": a count in its place, so its phrase still reads
        revise.put(chars, start, end, new.number.text)
        chrome.blank(chars, new.number.start, _unit_end(text, new))
    else:
        chrome.blank(chars, start, _unit_end(text, old))
    unit = text[old.number.end : _unit_end(text, old)]
    draft.note("figure_replaced", old=f"{old.number.text}{unit}", new=f"{new.number.text}{unit}")


def _corrections(
    text: str,
    figures: list[_Figure],
    old: list[tuple[int, int]],
    chars: list[str],
    draft: Draft,
    done: set[int],
) -> None:
    rate_only = list(_pattern("figure_fix_rate").finditer(text))  # "Correction from the PM …: 1,100 tok/s"
    quoted = lambda pos: any(s <= pos < e for s, e in old)  # noqa: E731
    for mark in sorted([*_pattern("figure_fix").finditer(text), *rate_only], key=lambda m: m.start()):
        # a correction inside a quoted thread settles that thread's own figures ("> @ana: 300 tok/s" / "> @raj: make
        # it 500"), never the newer text's
        inside = quoted(mark.start())
        lead = _MARK_TAIL.match(text, mark.end())  # "actually, we need 500 tok/s": the clause after the comma
        end = _CLAUSE_END.search(text, lead.end())
        after = [
            f
            for f in figures
            if mark.end() <= f.number.start < (end.start() if end else len(text)) and _said(f)
        ]
        if not after:
            continue
        new = after[0]
        if new.number.start in done:
            continue  # "sorry, 40 not 400": the figure it replaces is named (bot/parse/revise.py)
        if mark in rate_only and new.kind and not new.kind.startswith("tok/s"):
            continue
        if _pattern("figure_more").search(text, mark.end(), new.number.start):
            continue  # "actually the batch jobs need another 200 tok/s": an addition, not a correction
        before = [f for f in figures if f.number.end <= mark.start() and f.kind and _said(f)]
        if inside:
            before = [f for f in before if quoted(f.number.start)]
        if new.kind:  # a rate replaces the rates said before, whoever each is for ("500 tok/s. My bad, 50 tok/s per user")
            family = "tok/s" if new.kind.startswith("tok/s") else None
            for f in (f for f in before if _same(f, new, family) and f.number.value != new.number.value):
                _replace(chars, f, new, text, draft, bare=False, here=True)
        elif before and new.number.start - mark.end() <= 25:
            _bare(chars, before, new, text, draft)


def _same(f: _Figure, new: _Figure, family: str | None) -> bool:
    return f.kind.startswith(family) if family else f.kind == new.kind


def _bare(chars: list[str], before: list[_Figure], new: _Figure, text: str, draft: Draft) -> None:
    """A bare number corrects the latest earlier figure of its size (within 10x: "make it 500" is not the 64k
    context); two kinds of that size ("40 tok/s per user for 30 users, make it 60") ask which one."""
    near = [f for f in before if f.number.value and 0.1 <= new.number.value / f.number.value <= 10]
    kinds = list(dict.fromkeys(f.kind for f in near))
    if chosen := next((f for f in reversed(near) if f.number.value == new.number.value), None):
        for f in (f for f in near if f.kind == chosen.kind and f.number.value != chosen.number.value):
            _replace(chars, f, chosen, text, draft, bare=False)  # "800 … 500 … agreed, 500": the one agreed on
    elif len(kinds) == 1:
        _replace(chars, near[-1], _Figure(new.number, near[-1].kind), text, draft, bare=True)
    elif kinds:
        said = [text[f.number.start : _unit_end(text, f)] for f in near[-2:]]
        draft.ask(ASK_CONFLICT, "correction_unclear", new=new.number.text, said=said)


def _quoted(
    figures: list[_Figure], old: list[tuple[int, int]], chars: list[str], text: str, draft: Draft
) -> None:
    inside = [f for f in figures if any(s <= f.number.start < e for s, e in old)]
    fresh = [f for f in figures if f not in inside and f.kind and _said(f)]
    for f in inside:
        newer = next((n for n in fresh if n.kind == f.kind), None)
        if newer and f.kind and newer.number.value != f.number.value:
            _replace(chars, f, newer, text, draft, bare=False)


def settle(text: str, draft: Draft, toks: list[Token] | None = None) -> str:
    """`text` with older and withdrawn figures blanked, so the readers read the latest word only."""
    if not _cued(text, toks):
        return text
    chars = list(text)
    chrome.drop(text, chars)
    old = chrome.old_regions(text)
    figures = [_Figure(n, _kind(text, n)) for n in numbers(text)]
    if old:
        _quoted(figures, old, chars, text, draft)
    done = revise.named(text, figures, chars, draft, _unit_end, voice_disputes.speaker)
    done |= revise.denied(text, figures, chars, draft, _unit_end)
    _corrections(text, figures, old, chars, draft, done)
    revise.relative(text, figures, chars, draft)
    if ":" in text:
        voice_disputes.disputed(text, figures, draft)
        chrome.log_times(text, chars)
    return "".join(chars)
