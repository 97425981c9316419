"""Parts of our load against a stated total: one rule for tables, lists and prose (fig16, session 16).

Labelled parts of our load add up, with a note that names them (`rate_summed` for a table's or a list's rows,
`rate_parts_summed` for figures in a sentence). A stated total wins when the parts add up to it; when they do not,
the two figures conflict and the bot asks which. Figures held by two sources as their opinion or estimate of the
same load (lexicon `figure_source`: "the vendor says…, our architect says…", "según el proveedor…") are two
readings of one need, never parts of it: they conflict too. Another party's figure (lexicon `rate_other`: a
competitor's, another team's) is no part of ours. Which words say a total is the lexicon's `parts_total` (a
figure's lead: "Total is 800 tok/s: …") and `table_total_row` (a row: "- total: 500 tok/s")."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.config_figures import concept
from bot.parse.draft import Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.rate_units import TOK_S

# between a source's word and its figure: a few words, no figure ("says 1,100", "cree que 700", "says we need 800")
_TO_FIGURE = lazy(r"(?:\s+[^\W\d_][\w'-]*){0,4}?\s+(?:[~≈]\s*)?(?=\d)")
# after a source's bare figure: the sentence or clause ends, or the same unit ("…and SRE says 600 tok/s")
_FIGURE_END = lazy(r"(?:\s*(?:tok(?:en)?s?/s|tps))?(?=\s*(?:[,;.!?)]|\s(?:and|y|e|but|pero)\s|$))", re.I)


@cache
def total_before() -> re.Pattern[str]:
    """The words before a figure that say it is the total ("total is", "in total", "un total de", "overall ~")."""
    return lazy(
        rf"{lexicon.WORD_START}(?:{lexicon.alternation('parts_total')})(?:\s+(?:is|was|are|comes\s+to|of|es|son|de|(?:we|I)\s+(?:need|want|require)|necesitamos|queremos))?"
        r"\s*[:=]?\s*(?:(?:about|around|roughly|unos|unas)\s+|[~≈]\s*)?$",
        re.I,
    )


def says_total(phrase: str) -> bool:
    return bool(lexicon.pattern("parts_total").search(phrase))


def is_total_row(label: str) -> bool:
    return bool(concept("table_total_row").fullmatch(label.lower().strip(" :")))


def opinions(*phrases: str) -> bool:
    """Whether any of the phrases says whose opinion or estimate its figure is."""
    return any(lexicon.pattern("figure_source").search(p) for p in phrases)


def others(*phrases: str) -> bool:
    """Whether any of the phrases says its figure is another party's."""
    return any(lexicon.pattern("rate_other").search(p) for p in phrases)


def two_sources(text: str, nums: list[Number], first: Number, draft: Draft) -> bool:
    """The SLO said as one source's figure and another source's figure after it in its sentence ("The vendor says we
    need 300 tok/s and our architect says 800", "El proveedor dice que 300 tok/s y el arquitecto cree que 800"): two
    readings of one load, asked as a conflict."""
    start, end = sentence(text, first.start)
    if not opinions(text[start : first.start]):
        return False
    if text.startswith(";", end):  # "…reckons 350 tok/s; engineering thinks more like 900": the next clause too
        end = sentence(text, end + 1)[1]
    for said in lexicon.pattern("figure_source").finditer(text, TOK_S.match(text, first.end).end(), end):
        gap = _TO_FIGURE.match(text, said.end(), end)
        n = next((n for n in nums if gap and n.start == gap.end()), None)
        if n is not None and n.value != first.value and _FIGURE_END.match(text, n.end) and first.value / 10 <= n.value <= first.value * 10:
            draft.conflict("slo_tok_s", [first.value, n.value])
            return True
    return False


def settle(parts: list[tuple[str, float]], total: float | None, draft: Draft, code: str, shown: list[str] | None = None) -> float | None:
    """The load that `parts` (label, tok/s) and a stated `total` say: the total when the parts add up to it, their
    sum (noted under `code`, naming the parts as `shown` or "label value") when no total is said; None when the two
    disagree (asked as a conflict)."""
    summed = sum(value for _, value in parts)
    if total is not None:
        if summed != total:
            draft.conflict("slo_tok_s", [total, summed])
            return None
        return total
    named = shown if shown is not None else [f"{label} {plain(value)}".strip() for label, value in parts]
    draft.note(code, parts=named, tok_s=plain(summed))
    return summed
