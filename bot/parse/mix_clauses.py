"""The mix from two per-request sizes, one clause each (issue 14, session 13): a sentence is cut into clauses
("…tokens in per turn | and the model replies with about 500", "media entrada 3.000 | media salida 500"), each
clause says at most one side (the lexicon's side nouns first, then its verbs, then a request noun, lexicon
`mix_request_noun`: "requests average 3.5k tokens") and holds one size (a figure said in any number form,
1,500 / 1.500 / 5 mil / 3.5k, with "tokens" after it or nothing that makes it something else). One input size
and one output size is the mix, whatever words carry them: "we send about 5 mil tokens per query and get
about 250 back" is 20. Sizes of other things are none: a figure before another noun ("2,000 requests"), a
price, a rate or a share; a clause about a period ("300k tokens of logs per hour": a volume), a limit ("up to
8k", "max_tokens") or the system prompt (a part of the input, not all of it). Without the word "tokens" both
sides must be said by their nouns ("entrada 3.000 / salida 500"). Read only where the rigid forms of
bot/parse/mix_sides.py found nothing."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.mix_parts import other_system
from bot.parse.mix_sides import ratio
from bot.parse.numbers import numbers

# a bracket is no edge: what it holds is said of the clause it sits in ("the essay goes in (around 3,000 tokens)")
# a colon before words, not a figure, ends a label ("for tender reviews: contracts are ~20k tokens"; "in: 8k" goes on)
_CLAUSE_EDGE = lazy(r",(?!\d)|;|:\s+(?![~≈]?\d)|\s[/|]\s|\s[-–—]\s|\n|\s(?:and|but|while|whereas|y|e|pero|mientras)\s", re.I)
# what may follow a size: its unit, a side said after it, "per turn", "de vuelta", or the clause's end
_FOLLOW = lazy(
    r"(?:\s*|-)(?:(?P<tok>(?:de\s+)?tok(?:en)?s?\b)(?!\s*(?:/|per\s+s|por\s+s))|(?=[,;.!?)\n/|]|$)"
    r"|(?=(?:in|out|back|input|output|prompt|completion|on\s+average|or\s+so|per|each|every|a\s+(?:turn|request|query|call)"
    r"|in\s+return|de\s+(?:entrada|salida|vuelta|respuesta)|entrada|salida|en\s+promedio|a\s+cambio|por|cada|al\s+turno)\b))",
    re.I,
)
_MONEY_BEFORE = lazy(r"[$€£¥]\s?$|\b(?:usd|eur|gbp)\s?$", re.I)
_SYSTEM = lazy(r"\b(?:system|sistema)\b|\bdel\s+sistema\b", re.I)
_SYSTEM_AFTER = lazy(r"\s+(?:de(?:l)?\s+)?sistema\b", re.I)


@cache
def _tiers() -> tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]:
    """Per tier, the input and output words: side nouns, then verbs, then what a task reads or writes (lexicon
    `mix_input_thing`: a transcript, a claim file, un expediente; `mix_output_thing`: the draft, the notes, el acta),
    then what a request is."""
    return (
        (lexicon.pattern("mix_input"), lexicon.pattern("mix_output")),
        (lexicon.pattern("mix_read_verb"), lexicon.pattern("mix_write_verb")),
        (lexicon.pattern("mix_input_thing"), lexicon.pattern("mix_output_thing")),
        (lexicon.pattern("mix_request_noun"), lazy(r"(?!)")),
    )


@cache
def _not_whole() -> re.Pattern[str]:  # lexicon `mix_size_veto`: a period, a limit, a window
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('mix_size_veto')}){lexicon.WORD_END}", re.I)


def _spans(pattern: re.Pattern[str], text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    return [
        m.span()
        for m in pattern.finditer(text, lo, hi)
        if not _SYSTEM.search(text, max(lo, m.start() - 12), m.start())  # "the system prompt is 2,000 tokens"
        and not _SYSTEM_AFTER.match(text, m.end())  # "el prompt de sistema ocupa 2.000 tokens"
    ]


def _side(text: str, lo: int, hi: int) -> tuple[bool, int] | None:
    """The side a clause says (input?, tier), or None: none, or both at the same tier."""
    for tier, (inp, out) in enumerate(_tiers()):
        ins, outs = _spans(inp, text, lo, hi), _spans(out, text, lo, hi)
        # a word inside a longer one of the other side is the longer one's ("the model receives" is input)
        ins = [s for s in ins if not any(o[0] <= s[0] and s[1] <= o[1] and o != s for o in outs)]
        outs = [o for o in outs if not any(s[0] <= o[0] and o[1] <= s[1] and o != s for s in ins)]
        if ins or outs:
            return (bool(ins), tier) if bool(ins) != bool(outs) else None
    return None


# a clause that is only a size ("…, around 1,500 tokens,") is said of the side of the clause before it (mix15 s15)
_APPOSITION = lazy(r"\s*(?:[^\W\d_]+\.?\s+){0,2}[~≈]?\s*\d", re.I)  # "…, usually 7,000 tokens", "…, unos 4.000 tokens,"


def _sizes(text: str, lo: int, hi: int) -> list[tuple[bool, float, bool, int]]:
    """(input?, size, said with "tokens", tier) for each clause of [lo, hi) that says one side and one size."""
    if other_system(text, lo, hi):
        return []  # "Embedding calls are 512 tokens each; chat replies average 300 tokens": not one request's sides
    edges = [lo, *(m.end() for m in _CLAUSE_EDGE.finditer(text, lo, hi)), hi]
    figures = [n for n in numbers(text) if lo <= n.start < hi and not n.machine]
    out = []
    held = None  # a side said in a clause without a figure: "we feed in the source string plus glossary, around 1,500 tokens,"
    for a, b in zip(edges, edges[1:], strict=False):
        if not any(a <= n.start < b for n in figures):
            held = _side(text, a, b) if b - a < 80 and not _not_whole().search(text, a, b) else None
            continue  # no figure, nothing to read here
        side, held = _side(text, a, b) or (held if _APPOSITION.match(text, a) else None), None
        if _not_whole().search(text, a, b) or not side:
            continue
        found = []
        for n in (n for n in figures if a <= n.start < b and n.value > 0):
            follow = _FOLLOW.match(text, n.end)
            if follow and not _MONEY_BEFORE.search(text, max(a, n.start - 5), n.start):
                found.append((n.value, bool(follow.group("tok"))))
        tokened = [f for f in found if f[1]]
        if len(found) == 1 or len(tokened) == 1:
            value, tok = tokened[0] if len(tokened) == 1 else found[0]
            out.append((side[0], value, tok, side[1]))
    return out


def from_clauses(text: str, lo: int, hi: int) -> float | None:
    """One input size and one output size in the sentence or, with one of them only, with the next or the one before."""
    said = _sizes(text, lo, hi)
    if len(said) == 1 and hi < len(text):
        said += _sizes(text, hi + 1, sentence(text, hi + 1)[1])
    if len(said) == 1 and lo > 1:  # "Requests average 3.5k tokens; responses come in at around 700."
        said += _sizes(text, *sentence(text, lo - 2))
    ins, outs = [s for s in said if s[0]], [s for s in said if not s[0]]
    if len(ins) != 1 or len(outs) != 1:
        return None
    (_, i, i_tok, i_tier), (_, o, o_tok, o_tier) = ins[0], outs[0]
    if not (i_tok or o_tok) and (i_tier or o_tier):  # "entrada 3.000 / salida 500": no unit, both by their nouns
        return None
    return ratio(True, i / o)
