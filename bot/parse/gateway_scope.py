"""Gateway pain is about the LLM's bill, key or quota, not any other (gw17b, session 17): a split nobody can make or a
resource everyone shares, said of storage, CPU, licences or telephony (lexicon `gateway_other_bill`), is no pain of
the API being replaced, unless the LLM is named in the same clause (`gateway_llm`): "Finance can't split the cloud
storage bill between our brands", "en el clúster de Kubernetes nadie sabe qué equipo consume cuánta CPU". A sentence
that says outright the pain is not the LLM's (`gateway_unrelated`: "not related to AI", "no con la IA") sets its
other bill's pain aside even where the clause is long."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy

_CUT = lazy(r"[,;:()—]")


@cache
def _words(concept: str) -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation(concept)}){lexicon.WORD_END}", re.I)


def _clause(text: str, pos: int, start: int, end: int) -> tuple[int, int]:
    """The clause `pos` is in: its sentence cut at punctuation and at contrast words."""
    cuts = [m.start() for m in _CUT.finditer(text, start, end)]
    cuts += [m.start() for m in lexicon.pattern("contrast").finditer(text, start, end)]
    a = max([start, *(c for c in cuts if c <= pos)])
    b = min([end, *(c for c in cuts if c > pos)])
    return a, b


def elsewhere(text: str, pos: int) -> bool:
    """Whether the gateway phrase at `pos` is said of another bill than the LLM's."""
    start, end = sentence(text, pos)
    a, b = _clause(text, pos, start, end)
    if not _words("gateway_other_bill").search(text, a, b):
        return False
    return not _words("gateway_llm").search(text, a, b) or bool(_words("gateway_unrelated").search(text, start, end))
