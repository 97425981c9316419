"""A vendor's limit is not the traffic (bot/parse/volumes.py, request_volumes.py and the figures' safety net,
unused_figures.py, ask it of a figure): a limit word before the figure in its clause ("our Azure OpenAI quota is
100k TPM", "el proveedor nos limita a 2M TPM"), right after it ("the 800k TPM rate limit"), or a figure joined by
"and" right after a limited one ("caps us at 2,000 requests a minute and 400k tokens per minute")."""

from __future__ import annotations

import re

from bot.parse import lexicon
from bot.parse.lazyre import lazy

_FIGURE_OR_AND = lazy(r"\d|\b(?:and|but|y|pero)\b", re.I)


def is_limit(text: str, start: int, end: int) -> bool:
    """A vendor's limit, not the traffic: a limit word shortly before the figure, within its clause ("our
    Azure OpenAI quota is 100k TPM", "el proveedor nos limita a 2M TPM"), or right after it ("the 800k TPM
    rate limit"). Lexicon rows `volume_limit_before` / `volume_limit_after`."""
    before = text[max(0, start - 40) : start]
    # within its clause, and no other figure between: "our limit is 100k TPM and we use 30k output TPM"
    before = before[max([before.rfind(c) for c in ".;,\n"] + [m.end() for m in _FIGURE_OR_AND.finditer(before)]) + 1 :]
    after = lexicon.pattern("volume_limit_after")
    if lexicon.pattern("volume_limit_before").search(before) or after.match(text, end + 1 if text[end : end + 1] == " " else end):
        return True
    # a figure coordinated right after a limited one is limited too: "caps us at 2,000 requests a minute and 400k
    # tokens per minute"; "our limit is 100k TPM and we use 30k" has a subject between (net s11)
    joined = _JOINED.search(text, max(0, start - 60), start)
    return bool(joined) and is_limit(text, joined.start("prev"), joined.end("prev"))


_JOINED = lazy(r"(?P<prev>\d[\d.,]*\s?[kKmM]?)\b[^\d.;\n]{0,40}?\s(?:and|y|or|o|plus)\s+(?:~|about|up\s+to\s+)?$", re.I)
