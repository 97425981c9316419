"""A need the question leaves open (parseQ, issue 14): a figure relative to one never said ("double what we
have now", "same as last time", "¿y si triplicamos el tráfico?") or a figure without a unit ("we do 2M",
"about 2M a day", "hacemos 2M"). Only when no tok/s was read nor asked about: "500 tok/s, same as last time"
is clear, and "double that" beside a quoted tok/s is the rates reader's (`RELATIVE`). It asks how many output
tok/s (`slo_unclear`, quoting the words). The words are the lexicon's (`figure_no_base`, `figure_bare_after`,
`figure_bare_not_before`, `figure_maybe`, `figure_later`: "300 tok/s now, maybe 1k after launch" asks which
figure to size for); a question with none of them, or with its tok/s read, costs one dict look-up."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.rate_units import TOK_S


@cache
def bare_end() -> re.Pattern[str]:
    """What may follow a figure said without a unit before its sentence ends: a period, "now", "or so"
    (sized_for.py reads a figure after "size it for" the same way)."""
    return lazy(
        rf"\s*(?:(?:{lexicon.alternation('figure_bare_after')}){lexicon.WORD_END}\s*)?(?:[.!?;)\n]|$)", re.I
    )


@cache
def _money_before() -> re.Pattern[str]:
    return lazy(
        rf"(?:[$€£]|{lexicon.WORD_START}(?:{lexicon.alternation('figure_bare_not_before')}){lexicon.WORD_END}\D*)$",
        re.I,
    )


# A piece of a word every `figure_no_base` row needs (each language's rows start with one of them).
_NO_BASE_CUES = (
    "doubl", "twice", "tripl", "quadrupl", "half", "halv", "same", "x ", "×",
    "dobl", "mitad", "mism", "igual", "duplic", "cuadrupl", "cuádrupl",
)  # fmt: skip


def read_open(text: str, nums: list[Number], draft: Draft) -> None:
    if draft.asked_about("slo_tok_s") or draft.asks:
        return
    if "slo_tok_s" in draft.fields:
        slo = draft.fields["slo_tok_s"]
        if later := _maybe_later(text, nums, slo) or _peak_or_average(text, nums, slo, draft.used):
            draft.fields.pop("slo_tok_s")
            draft.disputed.add("slo_tok_s")
            draft.ask(ASK_SLO, "slo_unclear", said=later[:60], tok_s=plain(slo))
        return
    if said := _no_base(text) or _unitless(text, nums, draft):
        draft.disputed.add("slo_tok_s")
        draft.ask(ASK_SLO, "slo_unclear", said=said[:60])


def _no_base(text: str) -> str | None:
    """ "double what we have now", "the same as last time": a figure that is relative to one never said."""
    low = text.lower()
    if not any(cue in low for cue in _NO_BASE_CUES):
        return None  # a 4,000-character paste without one of these words is not scanned
    m = lexicon.pattern("figure_no_base").search(text)
    return m.group(0) if m else None


# A volume's tokens with no period: "we generated 40M output tokens", "hace dos semanas generamos 40M de tokens"
_TOKENS = lazy(r"\s*(?:de\s+)?(?:(?:output|input|prompt|completion|generated)\s+)?tok(?:en)?s(?:\s+(?:de\s+)?(?:salida|entrada|output|input))?\b", re.I)


def _unitless(text: str, nums: list[Number], draft: Draft) -> str | None:
    """ "we do 2M", "about 2M a day", "we generated 40M output tokens" (over what period?): a figure written with
    k/M that names no unit, or only tokens and no period, before its sentence ends and that no reader took
    (money before it is a budget: "$2M", "budget of 2M"; "a context of 32k tokens" is the context's)."""
    for number in nums:
        if not number.multiplied or number.machine or any(a <= number.start < b for a, b, _ in draft.used):
            continue
        tokens = _TOKENS.match(text, number.end)
        end = bare_end().match(text, tokens.end() if tokens else number.end)
        start, _ = sentence(text, number.start)
        if end and not _money_before().search(text, max(start, number.start - 30), number.start):
            return text[number.start : end.end()].strip(" .!?;)\n")
    return None


@cache
def _maybe_before() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('figure_maybe')})\s+[~≈]?\s*$", re.I)


@cache
def _later_after() -> re.Pattern[str]:
    return lazy(rf"\s*(?:{lexicon.alternation('figure_later')}){lexicon.WORD_END}", re.I)


@cache
def _if_words() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """ "or 900 if …", "si entra el cliente de Chile, 350": a second figure under a condition (grow16 s16)."""
    cond = lexicon.alternation("figure_if")
    return (
        lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('figure_maybe_or')}|{lexicon.alternation('figure_maybe')})\s+[~≈]?\s*$", re.I),
        lazy(rf"\s*(?:{cond})\s", re.I),
        lazy(rf"{lexicon.WORD_START}(?:{cond})\s[^.;:!?\n\d]{{2,60}},\s*$", re.I),
    )


def _maybe_later(text: str, nums: list[Number], slo: float) -> str | None:
    """ "300 tok/s now, maybe 1k after launch", "600 tok/s, or 900 if the campaign is extended", "hoy 200 tok/s; si
    entra el cliente de Chile, 350": a second figure said as a maybe for later or under a condition; which?"""
    maybe, cond_after, cond_before = _if_words()
    for number in nums:
        if number.value == slo:
            continue
        unit = TOK_S.match(text, number.end)
        end = unit.end() if unit else number.end
        if _maybe_before().search(text, max(0, number.start - 20), number.start) and (later := _later_after().match(text, end)):
            return text[number.start : later.end()].strip()
        if maybe.search(text, max(0, number.start - 20), number.start) and (cond := cond_after.match(text, end)):
            return text[number.start : cond.end()].strip()
        if (said := cond_before.search(text, max(0, number.start - 70), number.start)) and (unit or bare_end().match(text, end)):
            return text[said.start() : end].strip()
    return None


_COMMA = lazy(r"\s*,")
_WHEN_END = lazy(  # a when-clause to the sentence's end, after a peak's figure (rev13)
    r"\s*,?\s*(?:during|at|in|on|over|around|for|when|whenever|while|each|every|durante|en|cuando|mientras|a|al|por|para|cada|los|las|todos|todas)"
    r"\s[^.;!?\n,\d]{1,40}?(?=[.;!?\n,]|$)",  # "…de 1.200 en campaña, kimi k2.5": a comma ends it too (mix14)
    re.I,
)


@cache
def _peak_words() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The lexicon's peak and average words before a figure ("peaks at", "picos de") and after it ("at peak",
    "on average", "de media")."""
    before = "|".join(lexicon.alternation(c) for c in ("peak_figure", "average_figure"))
    after = "|".join(lexicon.alternation(f"{c}_after") for c in ("peak_figure", "average_figure"))
    return (
        lazy(rf"{lexicon.WORD_START}(?:{before})\s*(?:{lexicon.alternation('rate_about')}\s+|[~≈]\s*)?$", re.I),
        lazy(rf"(?:{after}){lexicon.WORD_END}", re.I),
    )


def _peak_or_average(text: str, nums: list[Number], slo: float, used) -> str | None:
    """ "2k tok/s at peak, ~800 on average", "200 tok/s, con picos de 600": a second figure said as the peak or
    the average beside the tok/s read; which to size for? (sized_for.py answers it when the question says.)
    A peak of something else ("peaks at 60 concurrent users") is no rate: the figure must end its clause."""
    before, after = _peak_words()
    for number in nums:  # a second tok/s with its unit is the rates reader's (conflicting_values)
        if number.value == slo or number.machine or TOK_S.match(text, number.end) or any(a <= number.start < b for a, b, _ in used):
            continue
        said_after = after.match(text, number.end)
        if not said_after and not before.search(text, max(0, number.start - 30), number.start):
            continue
        if _a_size(text, number) or _of_other(text, number):  # "prompts average 2,000", "latency peaks at 1200"
            continue
        # after the peak/average words ("2 de media, …") a comma ends the figure's clause too
        end = bare_end().match(text, said_after.end() if said_after else number.end) or (
            said_after and _COMMA.match(text, said_after.end())
        )
        if end or (not said_after and (end := _WHEN_END.match(text, number.end))):  # "spikes to 900 during the sale"
            return text[number.start : end.end()].strip(" .!?;,)\n")
    return None


def _a_size(text: str, number: Number) -> bool:
    from bot.parse import mix_parts

    return any(m.start() <= number.start < m.end() for m in mix_parts.sizes().finditer(text, *sentence(text, number.start)))


def _of_other(text: str, number: Number) -> bool:
    """A peak or an average of something other than the traffic, said in the figure's clause (lexicon
    `peak_of_other`: latency, TTFT, queue, errors, memory; latencia, cola, errores…)."""
    clause = re.split(r"[,;\n]", text[max(0, number.start - 40) : number.start])[-1]
    return bool(lexicon.pattern("peak_of_other").search(clause))
