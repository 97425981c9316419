"""A later value of the mix said as a bare figure (issue 14, mix17 s17): "inputs are triple the outputs; actually
make that quadruple", "la entrada era 3 veces la salida; con el nuevo flujo es 8 veces", "inputs are 6x outputs.
Actually, scratch that, more like 10x". The figure names no sides of its own: it restates the mix said just
before (in its sentence or the next), in the same direction, when the words between say the later one holds
(bot/parse/superseded.py: "actually", "now", "since we added", "con el nuevo", "ahora"). A figure that is about
something else (a cache, a price or speed, "2x the users") is none: after it the clause must end, or go on with
a connective or a side word, never with another noun. A figure per one token ("after the change it's 6 in per 1
out", "son unos diez por cada uno") restates it too (mix17b s17)."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, mix_parts, superseded
from bot.parse.cache_vetoes import CACHE_WORD
from bot.parse.draft import Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.mix_sides import HIGHEST, LOWEST

# what may follow a restated figure in its clause: nothing, a connective ("after the retrieval change", "since
# we…", "con el nuevo…"), or the side it is of ("8 veces la salida", "10x the output")
_TAIL = lazy(
    r"\s*(?:[.,;:!)—–-]|$|(?:after|since|with|once|now|because|thanks|when|on|in|for|con|desde|tras|despu[eé]s|ahora|porque|gracias|"
    r"cuando|en|para|que|than|that|as|more|más|mas)\b)",
    re.I,
)
_ARTICLE = lazy(r"\s*(?:(?:the|a|la|el|lo|los|las|de|of|del)\s+)+", re.I)


@cache
def _per_one() -> re.Pattern[str]:
    """ "6 in per 1 out", "9 for every one", "diez por cada uno": N tokens per one, the sides said or left out."""
    words = "|".join(sorted(map(re.escape, lexicon.mapping("number_words")), key=len, reverse=True))
    return lazy(
        rf"(?<![\w.,])(?P<n>\d{{1,3}}(?:[.,]\d+)?|{words})\s+(?:tokens?\s+)?(?:in\s+|de\s+entrada\s+)?"
        rf"(?:per|for\s+(?:each|every)|por\s+cada)\s+(?:1|one|uno|a)(?:\s+tokens?)?(?:\s+(?:out|de\s+salida))?(?!\w)",
        re.I,
    )


def _tail_fits(text: str, end: int) -> bool:
    """What follows the figure ends its clause, goes on with a connective, or names a side ("the output")."""
    if _TAIL.match(text, end):
        return True
    article = _ARTICLE.match(text, end)
    return bool(article and mix_parts.sides().match(text, article.end()))


def _factor(q: re.Match[str]) -> float | None:
    """N times, a multiplier word ("quadruple", "el triple") or a fraction word ("a sixth"); never a pair (the
    ratio reader weighs those) or a share."""
    if q.group("t") or q.group("t2"):
        return mix_parts.figure(q.group("t") or q.group("t2"))
    if q.group("mult"):
        return float(lexicon.mapping("multipliers")[q.group("mult").lower()])
    if q.group("frac"):
        return 1 / float(lexicon.mapping("fractions")[q.group("frac").lower()])
    return None


def read_restated(text: str, draft: Draft) -> None:
    """Replace the mix by a later bare figure that restates it (see the module)."""
    at, old = draft.said_at.get("input_per_output"), draft.fields.get("input_per_output")
    if not at or not old or old == 1 or "input_per_output" in draft.disputed:
        return
    end = sentence(text, sentence(text, at[1])[1] + 1)[1]
    for q in mix_parts.quantities().finditer(text, at[1], end):
        f = _factor(q)
        lo, hi = sentence(text, q.start())
        if not f or f == 1 or CACHE_WORD.search(text, lo, hi) or not _tail_fits(text, q.end()):
            continue
        if any(m.group("veto") for m in mix_parts.relation_words().finditer(text, lo, hi)):
            continue  # "now it's 2x faster": speed, not the mix
        value = round(f if (f > 1) == (old > 1) else 1 / f, 6)  # the same direction as the value it restates
        if LOWEST <= value <= HIGHEST and value != old and superseded.holds(text, at, (q.start(), q.end())) == 1:
            replace(text, draft, value, (q.start(), q.end()))
            return
    for p in _per_one().finditer(text, at[1], end):
        f = mix_parts.figure(p["n"]) or 0.0
        if f > 1 and _tail_fits(text, p.end()) and not CACHE_WORD.search(text, *sentence(text, p.start())):
            value = round(f if old > 1 else 1 / f, 6)
            if LOWEST <= value <= HIGHEST and value != old and superseded.holds(text, at, (p.start(), p.end())) == 1:
                replace(text, draft, value, (p.start(), p.end()))
                return


def replace(text: str, draft: Draft, value: float, at: tuple[int, int]) -> None:
    """A later value of the mix holds: set it, and say which one it replaced (note `figure_replaced`)."""
    old = draft.said_at["input_per_output"]
    draft.fields["input_per_output"] = value
    draft.said_at["input_per_output"] = at
    draft.use(at[0], at[1], "input_per_output")
    draft.note("figure_replaced", old=text[old[0] : old[1]].strip(), new=text[at[0] : at[1]].strip())
