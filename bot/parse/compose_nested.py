"""Units inside units (bot/parse/compose.py): a count of groups, a count of smaller units said of EACH of them, and
the SLO handed to each of the smaller ones multiply all the way down.

    OUTER = a count of groups ("5 factories", "3 hospitales", "4 regions")
    INNER = a number and its noun, joined to OUTER distributively: right after it ("each with 3 production lines",
            "con 4 plantas cada uno", "with 6 stores each", lexicon `nest_with`) or naming it right after ("6 stores
            in each region", "5 sucursales por país")
    EACH  = the inner noun named again with the figure ("every line needs 40 tok/s", "cada planta pide 50 tok/s",
            "25 tok/s per store"), or both named as a pair ("every brand-market pair", "por cada país y marca")

"3 hospitales con 4 plantas cada uno, y cada planta pide 50 tok/s" is 3 × 4 × 50 = 600 tok/s (note
`rate_multiplied`, count 12). A person's or a stream's inner unit ("3 offices with 20 agents each") is a stream each
and not added up here; hardware and times ("4 GPUs each", "3 shifts each") are no unit (lexicon `hardware_nouns`,
`not_group`); a noun the group lexicon lacks counts only when it is a unit inside another (lexicon `nested_unit`:
production lines, líneas).
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, unit_forms
from bot.parse.compose_forms import echo, stems
from bot.parse.counts import Count
from bot.parse.draft import Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.rate_units import TOK_S

_NOUN = lazy(r"\s+(?P<noun>[^\W\d_]{3,}(?:\s+(?:de\s+|of\s+)?[^\W\d_]{3,})?)")  # "líneas de producción"


@cache
def _joins() -> tuple[re.Pattern[str], re.Pattern[str]]:
    with_ = lazy(rf"(?:\s+[^\W\d_]+)?\s*,?\s*(?:{lexicon.alternation('nest_with')})\s+(?:(?:{lexicon.alternation('count_about')})\s+|[~≈]\s*)?$", re.I)
    return with_, lazy(rf"\s*,?\s*(?:{lexicon.alternation('each')}|cada\s+un[oa])(?!\w)", re.I)


@cache
def _across() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """ "5 brands in 3 markets each", "8 clients x 3 environments each" (lexicon `nest_across`): linked only by a
    closing "each" ("each" and no noun after it) or an "each" between ("two products, each shipped in 5 languages")."""
    across = lazy(rf"(?:\s+[^\W\d_]+)?\s*,?\s*(?:{lexicon.alternation('nest_across')})\s+(?:(?:{lexicon.alternation('count_about')})\s+|[~≈]\s*)?$", re.I)
    return across, lazy(r"\s*,?\s*(?:each|apiece|cada\s+un[oa])(?=\s*(?:[,;.:)\n]|and\b|y\b|$))", re.I)


def _linked_across(text: str, outer: Count, inner: int, after: int) -> bool:
    across, closing = _across()
    return bool(across.fullmatch(text, outer.end, inner)) and bool(closing.match(text, after) or _says_each(text, outer.end, inner))


# "every brand-market pair", "each client-environment combination", "cada combinación país-idioma": one each word,
# then both units named within a few words (either order), the figure handed to every pair of them
_EACH_PAIR = lazy(r"(?<![\w'])(?:each|every|per|por\s+cada|para\s+cada|cada|por)\s+(?P<pair>[^\d,;:.\n]{3,40})", re.I)
_WORD = lazy(r"[^\W\d_]{3,}")


def _pair(text: str, outer: str, inner: str, start: int, end: int) -> re.Match[str] | None:
    """The figure handed to each pair of an outer and an inner unit, in text[start:end]."""
    if not outer.split() or not inner.split():
        return None
    want = (stems(outer.split()[-1])[0], stems(inner.split()[-1])[0])
    for m in _EACH_PAIR.finditer(text, start, end):
        said = [stems(w.group(0))[0] for w in _WORD.finditer(m["pair"])][:4]
        if want[0] != want[1] and all(any(_same(w, s) for s in said) for w in want):
            return m
    return None


def _same(a: str, b: str) -> bool:  # "país" and "países" fold to "pai" and "pais"
    return min(len(a), len(b)) >= 3 and (a.startswith(b) or b.startswith(a))


def nested(text: str, nums: list[Number], draft: Draft, outers: list[Count], figure: Number, start: int, end: int) -> bool:
    """Whether a unit inside each of a counted group was found in text[start:end] and the figure multiplied by both."""
    with_, each = _joins()
    for outer in (c for c in outers if c.group and start <= c.start < end):
        for inner in nums:
            if not outer.end <= inner.start < end or inner.start == figure.start or inner.value < 2 or inner.value != int(inner.value):
                continue
            # "no son 30 colegios sino 34 colegios": the same unit said twice is a correction, not a unit inside another
            if not (noun := _NOUN.match(text, inner.end)) or stems(noun["noun"].split()[0]) == stems((outer.noun.split() or [""])[0]):
                continue
            for unit, size in _units(noun["noun"]):
                after = noun.start("noun") + size
                # "each with 3 lines", "con 4 plantas cada uno"; or the outer named after it: "6 stores in each region"
                linked = (with_.fullmatch(text, outer.end, inner.start) and (each.match(text, after) or _says_each(text, outer.end, inner.start))) or _names_outer(text, outer, after) or _in_each(text, outer, inner.start, after) or _linked_across(text, outer, inner.start, after)
                if linked and (handed := echo(unit).search(text, after, end) or _pair(text, outer.noun, unit, after, end)):
                    break
            else:
                continue
            count = outer.value * int(inner.value)
            total = figure.value * count
            draft.notes = [n for n in draft.notes if n.code != "rate_multiplied"]
            draft.asks = [(p, f) for p, f in draft.asks if f.code not in ("slo_kind_unclear", "rate_per_group", "users_at_once")]
            if draft.fields.get("slo_kind") == "per_stream":
                draft.fields.pop("slo_kind")
            draft.fields["slo_tok_s"] = total
            for at, to, field in ((outer.start, outer.end, "slo_tok_s"), (inner.start, after, "slo_tok_s"), (handed.start(), handed.end(), "slo_kind")):
                draft.use(at, to, field)
            draft.note("rate_multiplied", count=count, each=plain(figure.value), tok_s=plain(total))
            return True
    return False


def _units(noun: str) -> list[tuple[str, int]]:
    """The inner noun's possible heads, each with where it ends in `noun`, when it is a unit that adds up (not people,
    hardware, times; a noun no lexicon row names is one, as the figure names it again): of two words, the phrase
    ("production lines", "loading docks", "líneas de producción") or the first ("plantas cada", "tiendas por")."""
    words = noun.split()
    heads = [(words[0], len(words[0]))]
    if len(words) > 1:
        heads.insert(0, (words[0] if words[1].lower() in ("de", "of") else words[-1], len(noun)))
    return [(h, n) for h, n in heads if lexicon.pattern("nested_unit").fullmatch(noun[:n].lower()) or lexicon.pattern("nested_unit").fullmatch(h.lower()) or unit_forms.kind(h) == "group"]


def _says_each(text: str, start: int, end: int) -> bool:
    return bool(lexicon.pattern("each").search(text, start, end))


def _names_outer(text: str, outer: Count, after: int) -> bool:
    """ "6 stores in each region", "5 sucursales en cada país": the outer noun named right after the inner one."""
    return bool(m := echo(outer.noun).search(text, after, after + 40 + len(outer.noun))) and not text[after : m.start()].strip(" ,").count(" ") > 1


@cache
def _in_each_forms() -> tuple[re.Pattern[str], re.Pattern[str]]:
    in_each, about = lexicon.alternation("nest_in_each"), lexicon.alternation("count_about")
    return (
        lazy(rf"\s*,?\s*{in_each}(?![\w-])(?!\s+of\b)", re.I),  # "4 tenants in each", "4 filiales en cada uno"
        # "6 data centers, and in each one 5 pipelines", "in each of them there are 5", "en cada una hay 5"
        lazy(
            rf"\s*,?\s*(?:(?:and|y)\s+)?{in_each}(?:\s+(?:of\s+them|de\s+ell[oa]s|[^\W\d_]{{3,}}(?:\s+[^\W\d_]{{3,}})?))?\s*,?\s*"
            rf"(?:(?:there\s+are|we\s+(?:have|run)|hay|tenemos|corren)\s+)?(?:(?:{about})\s+|[~≈]\s*)?",
            re.I,
        ),
    )


def _in_each(text: str, outer: Count, inner: int, after: int) -> bool:
    """ "3 regions with 4 tenants in each", or "in each" of the outer right before the inner count."""
    said_after, said_before = _in_each_forms()
    if said_after.match(text, after):
        return bool(re.fullmatch(r"[^.;:\d]{0,30}", text[outer.end : inner]))
    return bool(said_before.fullmatch(text, outer.end, inner))


def nested_in(text: str, nums: list[Number], draft: Draft, every: list[Count]) -> bool:
    """Units inside each of a counted group (bot/parse/compose_nested.py), for the SLO as said or as one reader
    already multiplied it by the inner count alone."""
    done = next((n for n in draft.notes if n.code == "rate_multiplied"), None)
    value = done.params["each"] if done is not None else draft.fields.get("slo_tok_s")
    if value is None or not any(c.group for c in every):
        return False
    figure = next((n for n in nums if n.value == value and TOK_S.match(text, n.end)), None)
    if figure is None:
        return False
    start, end = sentence(text, figure.start)  # "6 clinics with 3 wards each; each ward needs 50 tok/s"
    return nested(text, nums, draft, every, figure, sentence(text, start - 2)[0] if start > 1 else start, end)
