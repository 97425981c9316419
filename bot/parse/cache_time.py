"""Cache hit rates said over time or as a range (issue 14, session 13), read before the bound forms of
bot/parse/percentages.py. Where the cache is named, its sentence and the next one hold several percentages,
and each is placed in time by the words of its own clause (the context service's `past`, lexicon `figure_then`, `figure_now`,
`figure_hoped`, `figure_change_verb`):

- one is today's and every other one is the past, a hope or where a change started: today's is the rate ("we
  used to get 80 % cache hits; after the rewrite it's down to 30 %", "hit rate dropped from 85 % to about 40 %",
  "antes teníamos un 75 %; desde el cambio bajó al 25 %", "marketing hopes for 90 % someday, today we measure
  35 %");
- two joined as a range and no change ("between 30 and 60 %", "entre el 20 y el 70 %", "anywhere from 25 % to
  70 %") ask which one, as "30-60 %" does.

Percentages nobody places in time ("60 % on weekdays, 30 % on weekends") are left to the other readers."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.cache_shares import share_phrases
from bot.parse.cache_vetoes import CACHE_WORD
from bot.parse.draft import Draft, sentence
from bot.parse.lazyre import lazy

_PC = r"\s?(?:%|percent\b|per\s?cent\b|por\s?ciento\b)"
_PERCENT = lazy(rf"(?<![\w.,])(\d+(?:[.,]\d+)?){_PC}", re.I)
_DIGIT = lazy(r"\d")
_EDGE = lazy(r"[,;:(\n]|\s(?:but|and|while|whereas|pero|y|mientras|aunque)\s", re.I)


@cache
def _range() -> re.Pattern[str]:
    """Two shares joined as a range: "between 30 and 60 %", "entre un 30 y un 50 %", "from a third to two thirds",
    "entre un tercio y la mitad" (the shares of bot/parse/cache_shares.py, words or figures)."""
    words = "|".join(map(re.escape, sorted(share_phrases(), key=len, reverse=True)))
    side = rf"(?:(?P<{{0}}>\d+(?:[.,]\d+)?)|(?P<w{{0}}>{words})(?!\w))"
    lead = r"(?:el\s+|la\s+|una?\s+|about\s+|around\s+|unos?\s+|unas\s+)?"
    return lazy(
        rf"\b(?:between|entre|from|de|del|anywhere\s+from|somewhere\s+from)\s+{lead}{side.format('a')}(?:{_PC})?\s*"
        rf"(?:and|to|y|a|al|-|–)\s*{lead}{side.format('b')}(?(wb)|{_PC})",
        re.I,
    )


def _value(r: re.Match[str], side: str) -> float:
    if r.group(side):
        return float(r.group(side).replace(",", ".")) / 100
    return share_phrases()[r.group("w" + side).lower()]


@cache
def _word(concept: str) -> re.Pattern[str]:
    return lexicon.pattern(concept)


def _clause(text: str, lo: int, hi: int, pos: int) -> tuple[int, int]:
    """The clause of the figure at `pos`; a bare figure after a lead with no figure of its own takes the lead in
    ("desde el cambio, un 55 %", "after the rewrite, about 30 %": the lead places it in time)."""
    edges = [m for m in _EDGE.finditer(text, max(lo, pos - 90), pos)]
    start = max([lo, *(m.end() for m in edges)])
    bare = edges and edges[-1].group(0) == "," and len(text[start:pos].split()) <= 2  # "…, un 55 %", not "…, prod sits at 35 %"
    if bare and not _DIGIT.search(text, start, pos):
        lead = edges[-2].end() if len(edges) > 1 else max(lo, pos - 90)
        if not _DIGIT.search(text, lead, edges[-1].start()):
            start = lead
    after = _EDGE.search(text, pos, min(hi, pos + 60))
    return start, after.start() if after else min(hi, pos + 60)


def _when(text: str, lo: int, hi: int, m: re.Match[str], ranges: list[re.Match[str]]) -> str | None:
    """ "now", "past", "hope", or None: what the words of the percentage's clause say of its time."""
    a, b = _clause(text, lo, hi, m.start())
    for r in ranges:  # "dropped from 85 % to 40 %": the first is where the change started
        if r.start("a") == m.start() and _word("figure_change_verb").search(text, max(lo, r.start() - 40), r.start()):
            return "past"
        if r.start("b") == m.start() and _word("figure_change_verb").search(text, max(lo, r.start() - 40), r.start()):
            return "now"
    if _word("figure_test_scope").search(text, a, b):
        return "past"  # "staging cache hit rate is 90 %": a test bed's figure, set aside for production's
    if _word("figure_live_scope").search(text, a, b):
        return "now"
    if _word("figure_hoped").search(text, a, b) or _word("figure_later").search(text, a, b):
        return "hope"
    if _word("figure_now").search(text, a, b):
        return "now"
    if _word("past").search(text, a, b) or _word("figure_then").search(text, a, b):
        return "past"
    return None


def read_cache_time(text: str, draft: Draft) -> set[int]:
    """The starts of the percentages read here (the other readers skip them); see the module."""
    if not CACHE_WORD.search(text):
        return set()
    for cached in CACHE_WORD.finditer(text):
        lo, hi = sentence(text, cached.start())
        if hi < len(text):
            hi = sentence(text, hi + 1)[1]
        if hi < len(text) and _word("figure_test_scope").search(text, cached.end(), hi):
            hi = sentence(text, hi + 1)[1]  # "70 %. Sorry, that's the staging number; production is 45 %."
        shares = [m for m in _PERCENT.finditer(text, lo, hi) if 0 <= float(m.group(1).replace(",", ".")) <= 100]
        ranges = list(_range().finditer(text, lo, hi))
        for r in ranges:
            if not _word("figure_change_verb").search(text, max(lo, r.start() - 40), r.start()):
                draft.use(r.start(), r.end(), "cache_hit_rate")  # "between 30 and 60 %": which one?
                draft.conflict("cache_hit_rate", [round(_value(r, g), 6) for g in ("a", "b")])
                return {m.start() for m in shares}
        when = [_when(text, lo, hi, m, ranges) for m in shares]
        for i, (m, w) in enumerate(zip(shares[:-1], when, strict=False)):
            test = _word("figure_test_scope").search(text, m.end(), shares[i + 1].start())
            if w is None and test and when[i + 1] in (None, "now") and (
                when[i + 1] or _word("figure_live_scope").search(text, test.end(), shares[i + 1].start())
            ):  # "70 %. Sorry, that's the staging number; production is 45 %", "…el laboratorio; con usuarios reales, un 35 %"
                when[i], when[i + 1] = "past", "now"
        now = [m for m, w in zip(shares, when, strict=True) if w == "now"]
        if len(shares) > 1 and len(now) == 1 and all(w in ("now", "past", "hope") for w in when):
            draft.use(min(cached.start(), shares[0].start()), max(cached.end(), shares[-1].end()), "cache_hit_rate")
            draft.set("cache_hit_rate", round(float(now[0].group(1).replace(",", ".")) / 100, 6))
            return {m.start() for m in shares}
        return set()
    return set()
