"""The parts the mix is composed of (bot/parse/mix_relations.py), built from the lexicon once: the two
sides (input: "prompts", "what we send", "leemos"; output: "answers", "it writes", "generamos"), a side
that outweighs the other ("input-heavy"), and the quantities that relate them: N times (and "double",
"el triple"), a fraction ("a quarter", "1/6", "la décima parte", "10 %"), a pair ("7 to 1", "4 a 1"), and a
figure with its side ("3k tokens in", "250 de salida", "prompts average 4,000")."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy

NUM = r"\d{1,3}(?:[.,]\d+)?"
ONE = ("one", "un", "una", "uno")  # "one output token per 7 input tokens"; too common to be a count elsewhere


def _keys(concept: str) -> str:
    return "|".join(map(re.escape, sorted(lexicon.mapping(concept), key=len, reverse=True)))


def figure(said: str) -> float:
    """A figure said in digits ("2,5") or words ("six", "nueve")."""
    words = lexicon.mapping("number_words") | dict.fromkeys(ONE, 1)
    return float(words[said.lower()]) if said.lower() in words else float(said.replace(",", "."))


@cache
def share_words() -> dict[str, float]:
    """The lexicon's shares ("two thirds", "la mitad") and the ones a count word composes with a plural
    fraction (`fractions_plural`): "nine tenths", "four fifths", "nueve décimas partes" (a proper fraction)."""
    out = {k: float(a) / float(b) for k, v in lexicon.mapping("shares").items() for a, b in [str(v).split("/")]}
    for count, n in lexicon.mapping("number_words").items():
        for plural, den in lexicon.mapping("fractions_plural").items():
            if isinstance(n, int) and 1 < n < int(den):
                out.setdefault(f"{count} {plural}", n / float(den))
    return out


# A label that names both sides in order: "in:out", "out/in", "prompt/completion", "entrada/salida".
_IN = r"(?:in(?:put)?|prompts?|entrada)"
_OUT = r"(?:out(?:put)?|completions?|salida)"


_DIGIT = lazy(r"\d")


def other_system(text: str, lo: int, hi: int) -> bool:
    """Whether the sentence [lo, hi) speaks of another system's or another kind of request's sizes, named before
    its figures (lexicon `mix_other_system`): "the old search service sends 800 tokens and returns 40", "embedding
    calls are 512 tokens each" (mix15 s15). Named after them ("…, like the old bot") it does not."""
    m = lexicon.pattern("mix_other_system").search(text, lo, hi)
    return bool(m and _DIGIT.search(text, m.end(), hi) and not _DIGIT.search(text, lo, m.start()))


@cache
def sides() -> re.Pattern[str]:
    """Either side of the mix, and the labels that name both in order ("in:out", "out/in")."""
    alt = lexicon.alternation
    return lazy(
        rf"{lexicon.WORD_START}(?:(?P<io>{_IN}\s*[:/]\s*{_OUT})|(?P<oi>{_OUT}\s*[:/]\s*{_IN})"
        rf"|(?P<hin>{alt('mix_heavy_input')})|(?P<hout>{alt('mix_heavy_output')})"
        rf"|(?P<i>{alt('mix_input')}|{alt('mix_read_verb')})|(?P<o>{alt('mix_output')}|{alt('mix_write_verb')})){lexicon.WORD_END}",
        re.I,
    )


@cache
def quantities() -> re.Pattern[str]:
    """A pair, N times, a multiplier or fraction word, "1/N" or a percentage; never a rate ("300 tok/s")."""
    words = lexicon.mapping("number_words")
    num = rf"(?:{NUM}|{'|'.join(map(re.escape, sorted(words, key=len, reverse=True)))})"
    whole = rf"\s+(?:of|de|del)\s+{lexicon.alternation('mix_whole')}\b"  # "of our tokens", "del tráfico"
    not_rate = r"(?!\s*(?:tok|tps|t/s|req|rps|qps|/\s*s|per\s+s|por\s+s|h\b|am\b|pm\b|hours?|horas?|o'clock))"
    return lazy(
        rf"(?<![\w.,:/])(?:(?P<p1>{num})(?!\w)\s*(?:to|a|vs\.?|versus|against)\s*(?P<p2>{num}|one|uno)(?![\w:/%]|[.,]\d){not_rate}"
        rf"|(?:(?P<xpre>x|×)\s?(?=\d))?(?P<t>{num})(?(xpre)(?![\w.,%:/])|\s*(?:x|×|times|veces)(?!\w))(?!\s+(?:out\s+of|in\s+\d|de\s+cada))"  # "4x", "x4"
        rf"|(?:multiplied\s+by|multiplica[n]?\s+por|multiplicad[oa]s?\s+por)\s+(?P<t2>{num})(?![\w.,])"
        rf"|(?P<mult>{_keys('multipliers')})(?!\w)"
        rf"|(?P<share>{'|'.join(map(re.escape, sorted(share_words(), key=len, reverse=True)))})(?!\w)(?P<stotal>{whole})?"  # "two thirds of the tokens", "dos tercios"
        rf"|(?:an?\s+|one\s+|una?\s+|la\s+|el\s+)?(?P<frac>{_keys('fractions')})(?!\w)(?P<ftotal>{whole})?"
        rf"|(?<![\d/])(?P<fnum>[1-9])\s*/\s*(?P<den>\d{{1,3}})(?![\d.,/])(?P<dtotal>{whole})?"
        rf"|(?P<pc>{NUM})\s?(?:%|percent\b|por\s?ciento\b)(?P<total>{whole})?)",
        re.I,
    )


@cache
def bare() -> re.Pattern[str]:
    """A figure in digits or words that is no rate: "~10 input tokens", "leemos unos 8", "ten tokens"."""
    words = "|".join(map(re.escape, sorted([*lexicon.mapping("number_words"), *ONE], key=len, reverse=True)))
    # a count of requests is no token figure: "they send 8 requests a second, each reply ~300 tokens" (count14 s14),
    # but a noun that qualifies tokens is: "20 document tokens for every token it writes" (mix17 s17)
    requests = rf"(?:requests?|calls?|queries|req|rps|qps|peticion(?:es)?|consultas?|llamadas?|solicitud(?:es)?|{lexicon.alternation('request_nouns')})\b(?!\s+tok(?:en)?s?\b)"
    return lazy(rf"(?<![\w.,/])({NUM}|{words})(?![\w:/%]|[.,]\d)(?!\s*(?:tok/|tok\s+per|t/s|tps))(?!\s+{requests})", re.I)


@cache
def sizes() -> re.Pattern[str]:
    """A figure with its side: "3k tokens in", "600 out", "250 de salida", "864M input tokens" (after), or
    "prompts average 4,000", "completions are about 300 tokens", "in: ~8k tokens" (before), or shares of the tokens
    said for both sides ("95% input, 5% output"). A measurement's cell edge or key is filler: "| avg prompt tokens | 2,400 |",
    "prompt_tokens=5000", `"completion_tokens": 300` (gate, session 10)."""
    alt = lexicon.alternation
    figure_ = r"(?P<{}>\d(?:[\d.,]*\d)?(?:\s?(?:[kKmMbB]|bn|million|millones|billion|mil\s+millones))?)(?!\w|[.,]\d|\s*(?:tok(?:en)?s?\s*)?(?:/|per\s+s|por\s+s|%))"
    filler = r"""(?:\s*(?:are|is|of|run|runs|average|averages|averaging|mean|avg|on\s+average|about|around|roughly|typically|usually|it|us|son|es|de|con|unos?|unas|ronda[n]?|los|las|sobre|alrededor\s+de|en\s+torno\s+a|medias?|medios?|promedio|en\s+promedio|~|≈|:|=|\||["']))*\s*"""  # a table's cell edge, a JSON key's quote
    unit = r"(?:\s*(?:de\s+)?tok(?:en)?s?)?"
    return lazy(
        rf"(?<![\w.,]){figure_.format('n')}{unit}\s*(?:(?P<ai>{alt('mix_in_after')})|(?P<ao>{alt('mix_out_after')}))(?:\s+tokens?)?(?!\w)"
        rf"|{lexicon.WORD_START}(?:(?P<bi>{alt('mix_input')}|in(?=\s*[:=]))|(?P<bo>{alt('mix_output')}|out(?=\s*[:=]))){filler}{figure_.format('m')}{unit}"
        rf"|{lexicon.WORD_START}(?:(?P<vi>{alt('mix_read_verb')})|(?P<vo>{alt('mix_write_verb')})){filler}{figure_.format('v')}\s*(?:de\s+)?tok(?:en)?s\b"
        rf"(?!\s*(?:{alt('mix_in_after')}|{alt('mix_out_after')})\b)"  # "consume 20k tokens de salida": the side said wins
        rf"|(?<![\w.,])(?P<p>{NUM})\s?%\s+(?:(?P<pi>{alt('mix_in_after')})|(?P<po>{alt('mix_out_after')}))(?!\w)"
        # "…and receive about 300", "y recibimos unos 500": a verb's figure with its unit left unsaid, counted only
        # beside the other side's size in tokens (bot/parse/mix_sides.py)
        rf"|{lexicon.WORD_START}(?:(?P<ei>{alt('mix_read_verb')})|(?P<eo>{alt('mix_write_verb')})){filler}{figure_.format('e')}"
        rf"(?=\s*(?:{alt('mix_elided_end')})?\s*(?:$|[.,;:)!?\n]|(?:{alt('contrast')}|and|y)\b))",
        re.I,
    )


@cache
def relation_words() -> re.Pattern[str]:
    """The words that say which way "N times" runs, or that a side is the one ("per output token")."""
    alt = lexicon.alternation
    return lazy(
        rf"{lexicon.WORD_START}(?:(?P<less>{alt('mix_less')})|(?P<per>{alt('mix_per')})|(?P<ratio>{alt('mix_ratio_word')})"
        rf"|(?P<veto>{alt('mix_veto')})){lexicon.WORD_END}",
        re.I,
    )
