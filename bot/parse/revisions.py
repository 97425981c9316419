"""Which of several statements of the same count holds now (issue 14): one service every count reader uses
(bot/parse/compose.py, bot/parse/per_unit.py).

A count said twice ("we're 40 stores … correction: 46 stores now", "12 depots last year and 15 now", "antes
teníamos 6 filiales y tras la fusión tenemos 9") is settled by what its own clause says of its time:
- withdrawn: a number right after "not" / "no son" / "instead of" ("34, not 30"), a count said as the past
  (lexicon `count_then`: last year, used to, originally, we started with, there were, el año pasado, antes) or
  as a plan (`count_plan`: by next year, we plan to, we expect, el plan es, esperamos);
- a correction (`count_fix`: the voices' `figure_fix` and correction, actually, update, corrijo, en realidad) beats what was said
  before it, the last one wins; then a count said as current (`count_now`: now, currently, as of today, after
  the merger, ahora, hoy, tras la fusión) beats a count said plainly.
When neither time nor order decides and the values differ, nothing is settled and the reader asks, as before.
A bare number restates the count when its clause says it is current ("have 15 now", "46 now", "ya son 31") and it
is of the count's size (a quarter to four times); a bare correction ("actually make it 60") is the voices' to read.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, phases
from bot.parse.counts import whole_numbers
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.rate_units import TOK_S

Said = tuple[int, int, int]  # (value, start, end) of one statement of a count

# A clause ends at punctuation, a bracket, a dash, or "and"/"but"/"y"/"pero" between two statements.
_CUT = lazy(r"[,;.!?()\n—–]|\s(?:and|but|while|whereas|y|pero|mientras)\s", re.I)


@cache
def _tag_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((tag, lexicon.pattern(concept)) for tag, concept in (
        ("plan", "count_plan"), ("fix", "count_fix"), ("now", "count_now"), ("then", "count_then"),
    ))  # fmt: skip  # in this order: "as of last week", "since last year" are now; "will … after the rollout" a plan


@cache
def _not_before() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('count_not')})\s+(?:[~≈]\s*)?$", re.I)


def _clause(text: str, start: int, end: int) -> tuple[int, int]:
    left = max((m.end() for m in _CUT.finditer(text, max(0, start - 80), start)), default=max(0, start - 80))
    right = _CUT.search(text, end, end + 80)
    line = text.rfind("\n", 0, start) + 1
    return max(left, line), right.start() if right else min(len(text), end + 80)


def _tag(text: str, said: Said, others: list[Said] = ()) -> str:
    """What the statement's clause says of its time; a word between two statements of one clause is the nearer
    one's ("hoy tenemos 15 farmacias frente a las 11": "hoy" is the 15's, "frente a" the 11's)."""
    _, start, end = said
    if _not_before().search(text, max(0, start - 20), start):
        return "not"
    lo, hi = _clause(text, start, end)
    near = [(s, e) for _, s, e in others if lo <= s < hi and s != start]
    line = text.rfind("\n", 0, start) + 1  # "bob: actually it's 28 branches": a correction opens the message
    for tag, found in _tag_patterns():
        for m in found.finditer(text, lo, hi):
            gap = _gap(m.start(), m.end(), start, end)
            if all(gap <= _gap(m.start(), m.end(), s, e) for s, e in near):
                return tag
        if tag == "fix" and found.search(text, line, start):
            return tag
    return ""


def _gap(a: int, b: int, start: int, end: int) -> int:
    return max(0, start - b, a - end)


def current(text: str, said: list[Said]) -> list[Said]:
    """The statements that hold now, in order: one value when time or order decides, else `said` unchanged."""
    if len({v for v, _, _ in said}) < 2:
        return said
    if (phase := phases.pick(text, said)) is not None:  # "Phase 2: all 260 stores … please size phase 2"
        return phase
    tagged = [(s, _tag(text, s, said)) for s in said]
    kept = [(s, t) for s, t in tagged if t not in ("not", "then", "plan")]
    for wanted in ("fix", "now", ""):
        these = [s for s, t in kept if t == wanted]
        if wanted == "fix" and these:
            return [these[-1]]  # the last correction
        if these and len({v for v, _, _ in these}) == 1 and (wanted == "now" or len(these) == len(kept)):
            return these
    return said


def restated(text: str, nums: list[Number], said: list[Said]) -> list[Said]:
    """`said` with the bare numbers that restate the count as current ("and have 15 now", "46 now", "ya son 31"):
    in the sentence of a statement or the one after it, of the count's size."""
    if not said:
        return said
    base = said[0][0]
    spans = {(s, e) for _, s, e in said}
    near = [sentence(text, s) for _, s, _ in said]
    near += [sentence(text, b + 1) for _, b in near if b < len(text)]
    out = list(said)
    for start, end, value in whole_numbers(text, nums):
        if any(s <= start < e for s, e in spans) or not value.is_integer() or not 0.25 <= value / base <= 4:
            continue
        if TOK_S.match(text, end) or not any(a <= start < b for a, b in near) or not _bare_end().match(text, end):
            continue
        tag = _tag(text, (round(value), start, end), said)
        # "correction, 46 now": a correction said of a number with a time word after it; "make it 60" alone may be
        # another figure's, which the voices read (bot/parse/voices.py asks which)
        if tag == "now" or (tag == "fix" and _now_after().match(text, end)):
            out.append((round(value), start, end))
    return phases.with_bare(text, nums, sorted(out, key=lambda s: s[1]))  # "wave 2 brings it to 45"


@cache
def _now_after() -> re.Pattern[str]:
    return lazy(rf"\s*(?:{lexicon.alternation('count_now')}){lexicon.WORD_END}", re.I)


@cache
def _bare_end() -> re.Pattern[str]:
    """What may follow a bare restatement: the clause's end, or a time word ("15 now", "46 hoy")."""
    return lazy(rf"\s*(?:[,;.!?()\n—–]|$|(?:{lexicon.alternation('count_now')}|{lexicon.alternation('count_not')}|and|y|but|pero){lexicon.WORD_END})", re.I)


def settled(text: str, nums: list[Number], draft, value: int, start: int, end: int, noun: str) -> int | None:
    """The value of a count of `noun` now, over every statement of it in the message (a note says which was set
    aside); None when they differ and neither time nor order decides."""
    from bot.parse import unit_forms  # unit_forms reads counts, as this module does
    from bot.parse.count_plan import a_change  # count_plan reads counts, as this module does

    said = unit_forms.counts_of(text, nums, unit_forms.singular(noun.split()[-1])) if noun else []
    said = [s for s in said if s[1] == start or not a_change(text, s[1], s[2])]  # "4 more", "closing 5 of the 12": count_plan's
    if not any(s == start for _, s, _ in said):
        said = sorted([*said, (value, start, end)], key=lambda s: s[1])
    said = restated(text, nums, said)
    now = current(text, said)
    if len({v for v, _, _ in now}) != 1:
        return None
    if len({v for v, _, _ in said}) > 1:
        noted(text, draft, said, now[0])
    return now[0][0]


def noted(text: str, draft, said: list[Said], kept: Said) -> None:
    """Say which count was used, and which was set aside (note `count_current`)."""
    for _, start, end in said:
        draft.use(start, end, "slo_tok_s")  # read, and set aside: the safety net names none of them
    old = next((s for s in reversed(said) if s[0] != kept[0]), None)
    if old is not None:
        draft.note("count_current", old=text[old[1] : old[2]].strip(), new=text[kept[1] : kept[2]].strip())

