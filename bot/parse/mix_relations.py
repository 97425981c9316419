"""The input:output mix composed from its parts, in any wording (issue 14): two sides (bot/parse/mix_parts.py:
"prompts", "what we send", "it receives", "leemos" / "answers", "it writes", "generamos") and one relation
between them, in one sentence. Figures said with their sides (sizes, "per/for each/por cada") are
bot/parse/mix_sides.py's; here:

- times and fractions: side A (the one before the figure, else the first after it), the figure, side B
  (the first of the other kind): "prompts are 8 times as long as the completions" (8), "we generate 5x what
  we ingest" (1/5), "outputs are half the size of inputs" (2), "every answer is ~1/6 the length of its
  prompt" (6), "output tokens are about 10 % of input tokens" (10); a "less" word turns N times round
  ("answers come out 4x shorter than what we send in": 4); "N times more <side>" makes that side A
  ("300 tokens de salida y 4 veces más de entrada": 4); "N times that" refers back ("output … and prompts
  about 4x that": 4); two sides compared before the figure ("completions are tiny compared to the prompts,
  maybe 1/20th": 20);
- pairs: "N to M" / "N a M" is the sides in the order said ("a ratio of 2 to 1 output to input": 1/2);
  with one side that outweighs the other ("input-heavy, 12 to 1") the larger figure is that side's; with
  neither, after a ratio word, input first, as in "4:1".
A clause about the cache is left to the cache reader, a sentence about price or speed ("output costs 4x
input") is not read; what is not read is left to the safety net's note (the `watch` rows)."""

from __future__ import annotations

import re
from functools import cache
from itertools import chain

from bot.parse import lexicon, mix_parts, mix_restated, superseded
from bot.parse.cache_vetoes import CACHE_WORD
from bot.parse.draft import Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.mix_clauses import from_clauses
from bot.parse.mix_pick import SUBJECT_GAP, pair_value, pick
from bot.parse.mix_sides import Side, from_equal, from_label_pair, from_per, from_sizes, ratio, sides_in

REACH = 60  # how far from the figure a side may be, in characters
# a clause ends at a comma, a bracket, a dash or "and/but/y/pero" ("output is a quarter of the input and we miss the
# cache 30 %": the first clause stays the mix's)
_IN_CLAUSE = r"(?:(?!\s(?:and|but|y|e|pero)\s)[^,;()—])*"


@cache
def _cache_service() -> re.Pattern[str]:  # lexicon `cache_service_name`: redis, a CDN, varnish…
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('cache_service_name')}){lexicon.WORD_END}", re.I)


@cache
def _cache_clause() -> re.Pattern[str]:
    said = rf"(?:\bcach(?:e[ds]?|ing|é)\b|{lexicon.WORD_START}(?:{lexicon.alternation('cache_service_name')}){lexicon.WORD_END})"
    return lazy(rf"{_IN_CLAUSE}{said}{_IN_CLAUSE}", re.I)


def _factor(q: re.Match[str]) -> tuple[float, bool] | None:
    """The figure A is of B, and whether A must come before it (fractions and shares are said of a subject)."""
    from bot.parse import lexicon

    if q.group("t") or q.group("t2"):
        return mix_parts.figure(q.group("t") or q.group("t2")), False
    if q.group("mult"):
        return float(lexicon.mapping("multipliers")[q.group("mult").lower()]), False
    if q.group("frac"):
        return 1 / float(lexicon.mapping("fractions")[q.group("frac").lower()]), True
    if q.group("share"):
        return mix_parts.share_words()[re.sub(r"\s+", " ", q.group("share").lower())], True
    if q.group("den"):  # "1/6", "2/3": a proper fraction ("24/7" is none)
        num, den = int(q.group("fnum")), int(q.group("den"))
        return (num / den if num < den else None), True
    return float(q.group("pc").replace(",", ".")) / 100, True


def _from_quantity(
    text: str, q: re.Match[str], sides: list[Side], marks: list[re.Match[str]]
) -> float | None:
    near = [s for s in sides if q.start() - REACH <= s[1] and s[0] <= q.end() + REACH]
    if q.group("p1"):
        return pair_value(q, near, any(m.group("ratio") for m in marks))
    plain = [s for s in near if not s[3]]
    before = [s for s in plain if s[1] <= q.start()]
    after = [s for s in plain if s[0] >= q.end()]
    factor = _factor(q)
    if not factor or factor[0] <= 0:
        return None
    f, subject_first = factor
    if any(q.group(g) for g in ("total", "ftotal", "stotal", "dtotal")) or _whole_before().search(
        text, max(0, q.start() - 60), q.start()
    ):  # a share of all the tokens: "90 % of our tokens are input", "of all tokens, 90 % are input"
        return _share_of_whole(text, q, before, after, f)
    pair = pick(text, q, before, after, near, subject_first)
    if pair is None:
        return None
    a, b = pair
    less = (q.group("t") or q.group("t2")) and any(
        m.group("less") and min(a[0], q.start()) < m.start() < max(b[0], q.end()) for m in marks
    )
    return ratio(a[2], 1 / f if less else f)


def _share_of_whole(text: str, q: re.Match[str], before: list[Side], after: list[Side], f: float) -> float | None:
    """A share of all the tokens and the side it is: said before ("input is 80 % of all tokens") or after
    ("90 % of our tokens are input", "a quarter of the traffic is generated", "el 20 % de los tokens es de
    salida"). The share of one side is the other's rest: 90 % input is 9 input tokens per output token."""
    if not 0 < f < 1:
        return None
    for side in after[:3]:  # "…de los tokens que mandamos son de entrada": "mandamos" is in the clause, not the side
        if _SHARE_VERB().fullmatch(text, q.end(), side[0]):
            return ratio(side[2], f / (1 - f))
    if before and SUBJECT_GAP.fullmatch(text, before[-1][1], q.start()):
        return ratio(before[-1][2], f / (1 - f))
    return None


@cache
def _whole_before() -> re.Pattern[str]:  # "of all tokens, 90 % are input", "de todos los tokens, el 90 % …"
    # a short clause may follow the whole: "of all tokens we process, 92 % are prompt" (mix14)
    clause = r"(?:\s+(?:(?:that|which|que)\s+)?(?:(?:we|you|they|it)\s+)?[^\W\d_]+(?:\s+[^\W\d_]+){0,2})?"
    return lazy(rf"\b(?:of|de|del)\s+{lexicon.alternation('mix_whole')}{clause},?\s*(?:(?:el|la|un|una)\s+)?$", re.I)


@cache
def _SHARE_VERB() -> re.Pattern[str]:  # noqa: N802  the gap between "of our tokens" and the side: "are", "son de"
    # "we process", "que procesamos", "going through it", "que pasan por el modelo" (vol12 s12: up to four words)
    clause = r"(?:\s+(?:(?:that|which|que)\s+)?(?:(?:we|you|they|it|our\s+\w+)\s+)?[^\W\d_]+(?:\s+(?!(?:are|is|son|es)\b)[^\W\d_]+){0,3})?"
    verb = lexicon.alternation("mix_share_verb")
    return lazy(rf"(?:{clause}\s+{verb}|\s*(?:{verb})?)\s*(?:(?:de|the|generated\s+by\s+the)\s+)?", re.I)




@cache
def _veto_clauses() -> re.Pattern[str]:  # a clause about price or speed (lexicon `mix_veto`)
    veto = rf"{lexicon.WORD_START}(?:{lexicon.alternation('mix_veto')}){lexicon.WORD_END}"
    return lazy(rf"{_IN_CLAUSE}{veto}{_IN_CLAUSE}", re.I)


def read_relations(text: str, draft: Draft) -> None:
    """Set input tokens per output token from the first sentence whose parts compose (see the module); a later
    value replaces it only where the words between say it holds now (bot/parse/superseded.py: "the new logs show
    input is closer to eight times the output", "ahora … es seis veces la salida"), else the first stays."""
    if draft.asked_about("input_per_output") or ("input_per_output" in draft.fields and "input_per_output" not in draft.said_at):
        return
    for value, at in _values(text, draft):
        if "input_per_output" not in draft.fields:
            draft.set("input_per_output", value, at, text)
        elif (
            (old := draft.said_at["input_per_output"])[1] <= at[0]
            and draft.fields["input_per_output"] != value
            and superseded.holds(text, old, at) == 1
        ):
            mix_restated.replace(text, draft, value, at)


def _values(text: str, draft: Draft):
    """Each value the parts compose, with where it was said: the first of a sentence from its sides and figures,
    then each later figure of the sentence that composes by itself."""
    seen: set[tuple[int, int]] = set()
    after = lexicon.pattern("mix_in_after").search(text) or lexicon.pattern("mix_out_after").search(text)
    sizes = (
        mix_parts.sizes().finditer(text) if after else ()
    )  # "3k tokens in, 600 out" needs a side word after
    things = lexicon.pattern("mix_output_thing").finditer(text)  # "contracts are ~20k tokens, redlines ~1k" (mix14b)
    for first in chain(mix_parts.sides().finditer(text), sizes, things):
        lo, hi = sentence(text, first.start())
        if (lo, hi) in seen:
            continue
        seen.add((lo, hi))
        if mix_parts.other_system(text, lo, hi):
            continue  # "the old search service sends 800 tokens and returns 40": not this system's requests
        if CACHE_WORD.search(text, lo, hi) or _cache_service().search(text, lo, hi):
            # a clause about a cache is the cache reader's ("Redis answers 60 % of the queries"): blank it out
            text = text[:lo] + _cache_clause().sub(lambda m: " " * len(m.group(0)), text[lo:hi]) + text[hi:]
        marks = list(mix_parts.relation_words().finditer(text, lo, hi))
        if any(m.group("veto") for m in marks):
            # price or speed is no mix, but only in its own clause: "output is a sixth of input, and latency must
            # stay under 2 s" is 6; "output tokens cost 4x input tokens" blanks all there is
            text = text[:lo] + _veto_clauses().sub(lambda m: " " * len(m.group(0)), text[lo:hi]) + text[hi:]
            marks = list(mix_parts.relation_words().finditer(text, lo, hi))
        sides = sides_in(text, lo, hi)
        value = from_label_pair(text, lo, hi) or from_sizes(text, lo, hi)
        value = value or (from_per(text, lo, hi, sides, marks) if sides else None)  # one side and a bare "fifteen in"
        value = value or from_clauses(text, lo, hi)  # a size per clause, any wording, a task's things too
        ends = [s[1] for s in sides] or [hi]
        later: list[tuple[float, tuple[int, int]]] = []
        for q in mix_parts.quantities().finditer(text, lo, hi):
            if value and "input_per_output" not in draft.fields:
                break  # the sentence's first value is enough until one is set
            if (now := _from_quantity(text, q, sides, marks)) is None:
                continue
            if value is None:
                value = now
                ends.append(q.end())
            else:
                later.append((now, (q.start(), q.end())))
        value = value or from_equal(text, lo, hi, sides)  # "prompts and answers are about the same length": 1
        if value:
            start = min((s[0] for s in sides), default=lo)
            draft.use(start, max(ends), "input_per_output")
            yield value, (start, max(ends))
            yield from later
            if len(seen) > 8:
                return
