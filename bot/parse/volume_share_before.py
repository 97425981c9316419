"""A share of a total volume said before it (grow17b s17): "El 25 % de los 4.000 millones de tokens mensuales es
salida", "30% of the 1.2B tokens a month are completions", "Input is 70% and output 30% of the 2.19B tokens…".

The share's side is said after the volume ("… es salida", "… are completions") or with the share itself ("output
30% of"); a share of a volume whose side no word says is no share (the reader asks as for any total)."""

from __future__ import annotations

import re

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.volume_forms import _SIDE

_PCT = r"(?P<{0}>\d{{1,3}}(?:[.,]\d+)?)\s?(?:%|percent|por\s+ciento)"
_OF = r"\s+(?:of|de)\s+(?:(?:the|our|all|los|las|nuestros|nuestras|todos\s+los|todas\s+las)\s+)?(?:(?:about|around|roughly|~|unos|unas)\s+)?~?$"
# "25 % of the …", "el 25 % de los …": the side comes after the volume
_PCT_OF = lazy(r"(?<![\w.,])(?:(?:el|un|the)\s+)?" + _PCT.format("pct") + _OF, re.I)
# "input is 70% and output 30% of the …": both sides said with their shares
_BOTH_OF = lazy(
    rf"(?P<side1>{_SIDE})(?:\s+tokens?)?\s*(?:is|are|es|son|:)?\s*(?:(?:about|around|~|el|un)\s+)?" + _PCT.format("pct1")
    + rf"\s*(?:,|and|y|&|/)\s*(?:(?:the|la|el)\s+)?(?P<side2>{_SIDE})(?:\s+tokens?)?\s*(?:is|are|es|son|:)?\s*(?:(?:el|un)\s+)?" + _PCT.format("pct2") + _OF,
    re.I,
)
# "a quarter of the …", "la cuarta parte de los …"
_FRACTION = "|".join(map(re.escape, sorted(lexicon.mapping("fractions"), key=len, reverse=True)))
_FRAC_OF = lazy(rf"(?<![\w.,])(?:(?:an?|una?|la)\s+)?(?P<frac>{_FRACTION})" + _OF, re.I)
# "… es salida", "… are completions", "… is output", "… es respuesta": the side after the volume, in its sentence
_SIDE_AFTER = lazy(
    rf"[^.;:!?\n\d]{{0,60}}?(?<!\w)(?:is|are|was|were|es|son|fue|fueron|come\s+from|corresponde\s+a)\s+(?:(?:the\s+|la\s+|el\s+|de\s+)?)"
    rf"(?P<side>{_SIDE}|(?:answers?|responses?|replies|respuestas?)\b)",
    re.I,
)


def _pct(raw: str) -> float:
    return float(raw.replace(",", ".")) / 100


def _output(side: str, part: float) -> float | None:
    output = part if re.search(r"output|salida|completion|answer|respons|repl|respuesta", side, re.I) else 1 - part
    return output if 0 < output < 1 else None


def share_before(text: str, start: int, end: int) -> tuple[float | None, int, int] | None:
    """The fraction of the volume at [start, end) that is output, from a share said before it, and the span that
    said it; None when none is said. Two shares that do not add up to the whole, or a share of 0 or 100 %, say
    no fraction (None in the tuple: the reader asks)."""
    lo = max(0, start - 80)
    if both := _BOTH_OF.search(text, lo, start):
        first, second = _pct(both.group("pct1")), _pct(both.group("pct2"))
        part = _output(both.group("side1"), first) if abs(first + second - 1) <= 0.01 else None
        return part, both.start(), end
    if (share := _PCT_OF.search(text, lo, start) or _FRAC_OF.search(text, lo, start)) and (side := _SIDE_AFTER.match(text, end)):
        if frac := share.groupdict().get("frac"):
            part = 1 / float(lexicon.mapping("fractions")[re.sub(r"\s+", " ", frac.lower())])
        else:
            part = _pct(share.group("pct"))
        return _output(side.group("side"), part), share.start(), side.end()
    return None
