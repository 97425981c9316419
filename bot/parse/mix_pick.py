"""Which two sides a mix figure relates (bot/parse/mix_relations.py reads the figure): side A, the one the
figure is said of, and side B. "prompts five times that" refers back; "5 veces más de entrada" makes the side
after "more" side A; a fraction or a share is said of the side just before it and of the side just after
("outputs are half the size of inputs"); two sides compared before the figure ("completions are tiny compared
to the prompts, maybe 1/20th"). A pair "N to M" follows the sides said with it, those right after it first ("una
relación de 5 a 1 entre entrada y salida" after "entrada más salida": 5). (Split from bot/parse/mix_relations.py.)"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, mix_parts
from bot.parse.lazyre import lazy
from bot.parse.mix_sides import Side, ratio

# A few words, no figure: "completions are short, maybe a tenth the size of the prompt" (one comma at most).
SUBJECT_GAP = lazy(r"(?:\s*(?:[^\W\d_]+|[:—])){0,7}(?:,(?:\s*[^\W\d_]+){0,3})?\s*[~≈]?\s*", re.I)
_OF_GAP = lazy(  # "of the", "of what it", "de lo que ocupa el"
    r"\s+(?:(?:of|de|del|que|as|than)\s+)?(?:(?:the|our|its|all|los|las|el|la|lo)\s+)*"
    r"(?:(?:what\s+(?:it|we|you)|que(?:\s+[^\W\d_]+)?)\s+)?(?:(?:the|our|its|los|las|el|la)\s+)*$",
    re.I,
)

# a pair that names its own sides right after it: "a ratio of 5 to 1 between input and output", "entre entrada y salida"
_BETWEEN = lazy(r"\s*(?:\w+\s+)?(?:between|entre|of|de)\s", re.I)


def pair_value(q: re.Match[str], near: list[Side], ratio_word: bool) -> float | None:
    """A pair "N to M" / "N a M": the sides in the order said (those named right after it first, "5 a 1 entre
    entrada y salida"), else the heavy side's larger figure, else input first after a ratio word."""
    left, right = mix_parts.figure(q.group("p1")), mix_parts.figure(q.group("p2"))
    if not left or not right:
        return None
    plain = [s for s in near if not s[3]]
    if _BETWEEN.match(q.string, q.end()):  # "5 a 1 entre entrada y salida": the sides named after it, not before
        plain = [s for s in plain if s[0] >= q.end()] or plain
    first = plain[0] if plain else None
    second = next((s for s in plain if first and s[0] > first[0] and s[2] != first[2]), None)
    if first and second:
        return ratio(first[2], left / right)
    heavy = [s for s in near if s[3]]
    if heavy:  # "input-heavy, 12 to 1": the larger figure is the heavy side's
        return ratio(heavy[0][2], max(left, right) / min(left, right))
    return ratio(True, left / right) if ratio_word else None


@cache
def _more() -> re.Pattern[str]:  # lexicon `mix_more`: "5 veces más de entrada"
    return lazy(rf"\s*{lexicon.alternation('mix_more')}\s+(?:tokens?\s+)?(?:de\s+)?", re.I)


@cache
def _anaphor() -> re.Pattern[str]:  # lexicon `mix_anaphor`: "prompts five times that"
    return lazy(rf"\s+(?:(?:of|de)\s+)?{lexicon.alternation('mix_anaphor')}\b", re.I)  # "a tenth of that" (mix14)


def pick(
    text: str, q: re.Match[str], before: list[Side], after: list[Side], near: list[Side], subject_first: bool
) -> tuple[Side, Side] | None:
    """Side A (the one the figure is said of) and side B, or None when the words do not say which."""
    nearest = sorted((s for s in near if not s[3]), key=lambda s: abs(s[0] - q.start()))
    if before and _anaphor().match(text, q.end()):  # "6 times that in prompts", "prompts five times that"
        b = before[0]
        a = next((s for s in nearest if s[2] != b[2]), None)
        return (a, b) if a else None
    if (
        (more := _more().match(text, q.end())) and after and after[0][0] == more.end()
    ):  # "5 veces más de entrada"
        a = after[0]
        b = next((s for s in nearest if s[2] != a[2]), None)
        return (a, b) if b else None
    if before and after:
        a = before[-1]
        b = next((s for s in after if s[2] != a[2]), None)
        if b is None or (subject_first and not _subject_of(text, q, a, b)):
            return None
        return a, b
    if after and not subject_first:  # "5x more input than output"
        b = next((s for s in after[1:] if s[2] != after[0][2]), None)
        return (after[0], b) if b else None
    # "outputs are longer than inputs, about 2x", "completions are tiny compared to the prompts, maybe 1/20th"
    a = next((s for s in before if any(t[2] != s[2] and t[0] > s[0] for t in before)), None)
    b = next((t for t in before if a and t[2] != a[2] and t[0] > a[0]), None)
    if a is None or b is None or not lexicon.pattern("mix_compare").search(text, a[1], b[0]):
        return None
    return a, b


def _subject_of(text: str, q: re.Match[str], a: Side, b: Side) -> bool:
    """A fraction or a share is said of the side just before it and of the side just after ("outputs are half
    the size of inputs", "la salida es la décima parte de la entrada")."""
    gap = text[q.end() : b[0]]
    return bool(
        SUBJECT_GAP.fullmatch(text, a[1], q.start()) and (_OF_GAP.match(gap) or _AS_MANY.match(gap) or _sized().match(gap))
    )


@cache
def _sized() -> re.Pattern[str]:
    """A size word between the fraction and side B (lexicon `mix_size_word`): "a third of the length of the question",
    "a quarter the size of the answers", "la mitad de largas que lo que mandamos" (mix15 s15); one word may qualify
    side B after the size word ("a twentieth of the length of the source documents", mix17b s17)."""
    det = r"(?:(?:the|its|our|their|los|las|el|la|lo|sus)\s+)*"
    return lazy(
        rf"^\s+(?:(?:of|de|del|as)\s+)?{det}(?:{lexicon.alternation('mix_size_word')})\s+(?:of|as|than|de|del|que|como)\s+"
        rf"{det}(?:(?:what\s+(?:it|we|you)|(?:lo\s+)?que(?:\s+[^\W\d_]+)?)\s+|(?!(?:what|que|lo)\b)[^\W\d_]+\s+)?{det}$",
        re.I,
    )


_AS_MANY = lazy(
    r"^\s+(?:as\s+(?:many|much|long|large|big)(?:\s+tokens)?\s+as|the\s+(?:size|length)\s+of|que|de\s+lo\s+que)\s+(?:(?:the|its|our|los|las|el|la|lo)\s+)*(?:(?:it|we)\s+)?$",
    re.I,
)
