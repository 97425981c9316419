"""Token figures in any position (net, session 10, issue 14 item 1): a figure right before "tokens" (with up to
three filler words: "2 millones de tokens de salida", "1.5 billion tokens of output") is a quantity the bot cares
about wherever its period sits, so the safety net (bot/parse/unused_figures.py) weighs it even when no
`figure_watch` row's shape fits it.

What it may change is told by its clause, not by the words right after it: a period said anywhere in the
clause, before or after the figure ("every day the assistant writes roughly 12 million tokens", "…por unidad y
día", "per quarter", "every 24 hours"), makes it a volume, so the tok/s; no period and a size a context can
hold, above the default context, makes it what one request holds, so the context (a note, never a question); a
larger one is a volume whose period went unsaid or unread ("2 billion tokens go through it every fortnight"), so
the tok/s again. A corpus, a total or a training set said in the clause (`context_not_held`: "the training set
was 2 trillion tokens", "our documents add up to 900k tokens") is set aside. The words are the lexicon's (`figure_filler`, `token_period`, `figure_aside_before`)."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.volume_forms import _PERIODS
from bot.parse.volume_limits import is_limit

MIN_TOKENS = 1_000  # "replies of 400 tokens" is a request's size: the mix's, never a volume or a context
MAX_CONTEXT = 20_000_000  # bot/parse/quantities.py: a larger figure is never what one request holds
DEFAULT_CONTEXT = 32_768  # a request no larger than the default context changes no context (quantities.py)
_OUTPUT = lazy(r"output|completion|generated|salida|generad", re.I)
_CLAUSE = lazy(r"[;\n]|,\s+(?=(?:and|but|y|pero|while|mientras)\b)|\s[—–]\s", re.I)


@cache
def _tokens() -> re.Pattern[str]:
    return lazy(  # on its line; a side said after it is its own ("800 tokens de salida", "1.5k tokens out")
        rf"(?:[ \t]*(?:{lexicon.alternation('figure_filler')})\b){{0,3}}(?:[ \t]*|-)tok(?:en)?s?\b"  # "200k-token"
        r"(?:[ \t]+(?:de[ \t]+)?(?:salida|entrada|generados|out(?![ \t]+of\b)|of[ \t]+output)\b)?",
        re.I,
    )


@cache
def _requests() -> re.Pattern[str]:  # "2 million API calls", "2 millones de llamadas": a count of requests
    from bot.parse.request_volumes import _REQUESTS

    nouns = f"{_REQUESTS}|{lexicon.alternation('request_nouns')}"
    return lazy(
        rf"[ \t]*(?:de[ \t]+)?(?:(?:{lexicon.alternation('request_qualifier')})[ \t-]+)?(?:{nouns})\b(?![ \t-]*cent(?:er|re)s?\b)", re.I
    )  # "8 call centers" count places, not calls


@cache
def _period() -> re.Pattern[str]:
    return lazy(rf"(?<![\w/])(?:{_PERIODS}|{lexicon.alternation('token_period')})(?!\w)", re.I)


@cache
def _money_before() -> re.Pattern[str]:
    return lazy(rf"(?:^|(?<![\w$€£]))(?:{lexicon.alternation('figure_aside_before')})\s*~?\s*$", re.I)


def _request_hit(text: str, number: Number) -> tuple[str, int, int] | None:
    """Requests over a period said anywhere in the clause ("2 millones de llamadas al mes"): the traffic, so the
    tok/s (the volume reader needs a reply's size to read it); a limit's requests are set aside."""
    if not (said := _requests().match(text, number.end)):
        return None
    lo, hi = _clause(text, number.start, said.end())
    if _money_before().search(text[max(lo, number.start - 40) : number.start]):
        return None
    if _period().search(text, lo, number.start) or _period().search(text, said.end(), hi):
        return "slo_tok_s", number.start, said.end()
    return None


def _clause(text: str, start: int, end: int) -> tuple[int, int]:
    lo, hi = sentence(text, start)
    cuts = [m.start() for m in _CLAUSE.finditer(text, lo, hi)]
    return max([lo, *(c + 1 for c in cuts if c < start)]), min([hi, *(c for c in cuts if c >= end)])


def hit(text: str, number: Number, mix_read: bool = False) -> tuple[str, int, int] | None:
    """The field a token figure may change and its span with the tokens word, or None. With `mix_read`, a
    request's size not said as output ("prompts ~3k tokens") is the mix's, which reads ratios, not spans."""
    if not (tokens := _tokens().match(text, number.end)):
        return _request_hit(text, number)
    output = _OUTPUT.search(tokens.group(0))
    if not output and (number.value < MIN_TOKENS or (mix_read and number.value <= DEFAULT_CONTEXT)):
        return None  # a small size counts when said as output: "each about 800 output tokens"
    lo, hi = _clause(text, number.start, tokens.end())
    head = text[max(lo, number.start - 40) : number.start]
    if _money_before().search(head) or is_limit(text, number.start, tokens.end()):
        return None  # "$0.40 per 1M tokens", "capped at 5M tokens a day", "la cuota diaria es de 20M": a price's or a limit's
    if _period().search(text, lo, number.start) or _period().search(text, tokens.end(), hi):
        return "slo_tok_s", number.start, tokens.end()
    if number.value <= DEFAULT_CONTEXT or re.search(r"[$€£]\s*$", head) or corpus(text, number):
        return None
    return ("context_tokens" if number.value <= MAX_CONTEXT else "slo_tok_s"), number.start, tokens.end()


@cache
def _holder() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('context_item')}|{lexicon.alternation('context_holder')}){lexicon.WORD_END}", re.I)


@cache
def _holder_after() -> re.Pattern[str]:
    return lazy(rf"\s+(?:of|de(?:l)?)\s+(?:[^\W\d_]+\s+)?(?:{lexicon.alternation('context_item')}|{lexicon.alternation('context_holder')}){lexicon.WORD_END}", re.I)


def held(text: str, number: Number, least: int) -> bool:
    """A size one request holds, said by composition in the figure's clause: a holder (lexicon `context_item`,
    `context_holder`: history, codebase, memory, historial…) before the figure or right after its tokens ("sessions
    grow to roughly 700k tokens of history", "the history we keep per user is 1M tokens", "prompts are long,
    typically 60k tokens"), no period (a volume), no total or corpus word (`context_not_held`: the corpus, not one
    request), and more than `least` (a smaller size changes no context)."""
    if not (least < number.value <= MAX_CONTEXT) or not (tokens := _tokens().match(text, number.end)):
        return False
    lo, hi = _clause(text, number.start, tokens.end())
    # "annual reports", "monthly statements": a period that is the holder's adjective is no volume's (w2num s11)
    adjective = lambda p: _holder_named().match(text, p.end()) or (  # noqa: E731
        _ES_ADJECTIVE.fullmatch(p.group(0)) and _holder_before().search(text, max(0, p.start() - 30), p.start())
    )
    if any(not adjective(p) for p in _period().finditer(text, lo, hi)) or corpus(text, number):
        return False
    return bool(
        _holder().search(text, lo, number.start)
        or _holder_after().match(text, tokens.end())
        or (text[number.end : tokens.end()].lstrip(" kKmM").startswith("-") and _holder_named().match(text, tokens.end()))
    )


_ES_ADJECTIVE = lazy(r"(?:anual|mensual|diari[oa]|semanal|trimestral)(?:e?s)?", re.I)  # after its noun, in Spanish


@cache
def _holder_before() -> re.Pattern[str]:  # "informes anuales": the holder right before its period adjective
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('context_item')})\s+$", re.I)


@cache
def _holder_named() -> re.Pattern[str]:
    """ "300k-token contract bundles", "700k-token annual reports": the holder the size is an adjective of (w2num s11)."""
    return lazy(rf"\s+(?:[^\W\d_]+\s+)?(?:{lexicon.alternation('context_item')}|{lexicon.alternation('context_holder')}){lexicon.WORD_END}", re.I)


def corpus(text: str, number: Number) -> bool:
    """A total, a corpus or a training set said in the figure's clause ("our documents add up to 900k tokens", "the
    knowledge base holds 5M tokens"): not what one request holds, whatever holder it names."""
    lo, hi = _clause(text, number.start, number.end)
    return any(
        not _RATE_BEFORE.search(text, max(lo, m.start() - 14), m.start())  # "…, a 150 tok/s en total": the rate's total
        for m in lexicon.pattern("context_not_held").finditer(text, lo, hi)
    )


_RATE_BEFORE = lazy(r"\d\s?(?:tok(?:en)?s?\s?/\s?s(?:ec)?|tps|t/s|tokens?\s+(?:per|por)\s+segundo)\s*$", re.I)
