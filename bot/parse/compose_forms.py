"""Word forms the counts grammar shares (bot/parse/counts.py, bot/parse/volume_units.py): a noun phrase's stems, a
share said as "N in M" / "N de cada M" before a count, and the lexicon's number words as one alternation."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy


@cache
def stems(phrase: str) -> tuple[str, ...]:
    """A noun phrase's words as stems, accents folded, "de"/"of" left out: "líneas de producto" and "línea de
    producto" are one thing, "sales territories" and "sales territory" too."""
    out = []
    for word in phrase.lower().translate(_ACCENTS).split():
        if word in ("de", "del", "of"):
            continue
        word = word[:-3] + "y" if word.endswith("ies") else word
        word = word[:-1] if word.endswith("s") and len(word) > 3 else word
        out.append(word[:-1] if word.endswith("e") and len(word) > 3 else word)
    return tuple(out)


_ACCENTS = str.maketrans("áéíóúü", "aeiouu")


@cache
def share_before() -> re.Pattern[str]:  # lexicon `share_connector`: "1 in", "two out of", "uno de cada"
    one = "|".join(("one", "uno", "una", "un"))
    return lazy(
        rf"(?<![\w.,])(?:\d{{1,3}}|{one}|{number_word()[3:-1]})\s+(?:[^\W\d_]+\s+)?(?:{lexicon.alternation('share_connector')})\s+$",
        re.I,
    )


@cache
def number_word() -> str:  # "cada cinco pedidos" is a share, not "cada pedido"
    return "(?:" + "|".join(map(re.escape, sorted(lexicon.mapping("number_words"), key=len, reverse=True))) + ")"
