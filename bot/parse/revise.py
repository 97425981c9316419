"""A figure revised by what follows it (issue 14, rev13): the voices' second half (bot/parse/voices.py).

Three shapes, over every figure whatever its kind (tok/s, a count, a ratio, a context):
- named: a figure followed by the one it replaces ("sorry, 40 not 400", "eran 8 plantas, no 9", "7 clinics, not
  6"): the earlier figure of that value, said by the same voice, takes the new value in its place (with its own
  unit and who it is for), and the restatement is blanked; another voice's "not 400" is `voices._disputed`'s;
- denied: a figure denied and the one said instead after it ("not 800 tok/s but 600", "no son 500 tok/s sino 350",
  "no eran 600, eran 450": lexicon `figure_denied_before`, `figure_contrast`): the later figure takes its place;
- relative: a factor of the rate said before (lexicon `figure_revise`: "double that", "half of that", "a third of
  that", "el doble", "la mitad", "un tercio de eso") after a correction word or before "should do" / "basta"
  (`figure_revise_enough`) is that rate times the factor (`figure_revise_factor`);
- unsettled: a revision said with a hedge ("maybe", "I need to check", "quizá", "tengo que confirmarlo":
  `figure_hedge`), or a rate said to be possibly far off ("could be way less", "puede que sea mucho menos":
  `figure_unsettled`), is no figure yet: it asks which rate to size for (`slo_unclear`).
Each figure replaced says so (note `figure_replaced`).
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import chrome, lexicon
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import NUMBER, plain, to_number

_NOT = lazy(
    r"\s*,?\s*(?:not|rather\s+than|instead\s+of|y\s+no|no|en\s+vez\s+de|en\s+lugar\s+de)\s+(?:the\s+|los\s+|las\s+)?[~≈]?\s*",
    re.I,
)
# "40 not 400", "instead of 6", "en vez de 6", "… no, eran 8"
_NOT_CUE = lazy(r"\d\S*\s*,?\s*(?:not|no|of|de)\s+[~≈]?\s*\d|\bno,\s*(?:\S+\s+){0,2}[~≈]?\d|\b(?:not|no|isn't|wasn't)\s+(?:\S+\s+)?[~≈]?\d", re.I)


def cued(text: str) -> bool:
    return bool(_NOT_CUE.search(text))


def put(chars: list[str], start: int, end: int, value: str) -> None:
    """`value` written where a figure was, the rest of its digits blanked."""
    chars[start] = value
    chars[start + 1 : end] = [""] * (end - start - 1)


def named(text: str, figures, chars: list[str], draft: Draft, unit_end, speaker) -> set[int]:
    """ "40 not 400": the earlier 400 becomes 40. Returns where the new figures start (read: no later correction
    word re-reads them)."""
    done: set[int] = set()
    for f in figures:
        if f.number.machine or chars[f.number.start] == " ":
            continue
        tail = _NOT.match(text, unit_end(text, f))
        said = NUMBER.match(text, tail.end()) if tail else None
        if said is None or (was := to_number(said)) is None:
            continue
        old = next((o for o in figures if o.number.start < f.number.start and o.number.start != said.start()
                    and o.number.value == was.value and not o.number.machine), None)  # fmt: skip
        if (
            old is None
            or old.number.value == f.number.value
            or (f.kind and old.kind and f.kind.split()[0] != old.kind.split()[0])
        ):
            continue
        if speaker(text, old.number.start) != speaker(text, f.number.start):
            continue  # another voice's "not 400" is a dispute (voices._disputed)
        put(chars, old.number.start, old.number.end, f.number.text)
        chrome.blank(chars, f.number.start, unit_end(text, f) if f.kind == old.kind else f.number.end)
        chrome.blank(chars, tail.start(), said.end())
        unit = text[old.number.end : unit_end(text, old)]
        draft.note("figure_replaced", old=f"{old.number.text}{unit}", new=f"{f.number.text}{unit}")
        done.add(f.number.start)
    return done


def denied(text: str, figures, chars: list[str], draft: Draft, unit_end) -> set[int]:
    """ "not 800 tok/s but 600": the 800 becomes 600 and the rest of the phrase is blanked. Returns where the
    figures it read start (no later correction word re-reads them)."""
    done: set[int] = set()
    for f in figures:
        if f.number.machine or chars[f.number.start] == " " or not f.kind.startswith("tok/s"):
            continue  # a count denied ("not 8 campuses but 10") is the counts' (count_current)
        if (neg := _pattern("figure_denied_before").search(text, max(0, f.number.start - 24), f.number.start)) is None:
            continue
        tail = _pattern("figure_contrast").match(text, unit_end(text, f))
        new = next((n for n in figures if tail and n.number.start == tail.end()), None)
        if new is None or new.number.machine or new.number.value == f.number.value:
            continue
        if new.kind and f.kind and new.kind.split()[0] != f.kind.split()[0]:
            continue
        unit = text[f.number.end : unit_end(text, f)]
        put(chars, f.number.start, f.number.end, new.number.text)
        chrome.blank(chars, neg.start(), f.number.start)
        chrome.blank(chars, unit_end(text, f), unit_end(text, new) if new.kind == f.kind else new.number.end)
        draft.note("figure_replaced", old=f"{f.number.text}{unit}", new=f"{new.number.text}{unit}")
        done |= {f.number.start, new.number.start}
    return done


@cache
def _pattern(concept: str) -> re.Pattern[str]:
    return lazy(rf"(?:{lexicon.alternation(concept)})", re.I)


def relative(text: str, figures, chars: list[str], draft: Draft) -> None:
    """ "300 tok/s. Actually, double that" is 600 tok/s; "…or maybe a quarter of that, not sure" asks."""
    if not lexicon.pattern("figure_revise").search(text):
        _unsettled(text, figures, draft)
        return
    factors = lexicon.mapping("figure_revise_factor")
    for m in lexicon.pattern("figure_revise").finditer(text):
        base = next((f for f in reversed(figures) if f.number.end <= m.start() and f.kind.startswith("tok/s")
                     and not f.number.machine and chars[f.number.start] != " "), None)  # fmt: skip
        if base is None:
            continue
        lo, hi = sentence(text, m.start())
        if hedge := lexicon.pattern("figure_hedge").search(text, max(lo, base.number.end), _next_end(text, hi)):
            _ask(draft, hedge.group(0))  # "…or maybe a quarter of that, not sure yet"
            return
        mark = lexicon.pattern("figure_fix").search(text, max(lo, m.start() - 40), m.start())
        if not (mark or _enough_after(text, m.end()) or lexicon.pattern("figure_revise_verb").match(text, m.start())):
            continue
        said = re.sub(r"\s+", " ", m.group(0).lower())
        factor = next((float(v) for k, v in factors.items() if said.startswith(k)), None)
        if factor is None:
            continue
        value = str(plain(base.number.value * factor))
        put(chars, base.number.start, base.number.end, value)
        chrome.blank(chars, m.start(), m.end())
        draft.note("figure_replaced", old=base.number.text, new=value)
        return
    _unsettled(text, figures, draft)


def _enough_after(text: str, at: int) -> bool:
    return bool(_enough().match(text, at))


@cache
def _enough() -> re.Pattern[str]:
    return lazy(rf"(?:{lexicon.alternation('figure_revise_enough')}){lexicon.WORD_END}", re.I)


def _next_end(text: str, hi: int) -> int:
    """The end of the sentence after `hi` too: "…a third of that. Maybe less, I need to check." """
    return sentence(text, hi + 1)[1] if hi + 1 < len(text) else hi


def _unsettled(text: str, figures, draft: Draft) -> None:
    if not any(f.kind.startswith("tok/s") for f in figures):
        return
    if said := lexicon.pattern("figure_unsettled").search(text):
        _ask(draft, said.group(0))


def _ask(draft: Draft, said: str) -> None:
    draft.disputed.add("slo_tok_s")
    draft.ask(ASK_SLO, "slo_unclear", said=said[:60])
