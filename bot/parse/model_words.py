"""A family's name said as a plain word, no model (gate, session 10): the Spanish verb "llamar" beside a model or none
("el bot de soporte llama a qwen3 30b a3b", "nos llama la atención", "cómo se llama el modelo", "llama la API de
OpenAI"). The contexts are lexicon rows (`family_as_word`); only a bare name counts (no version, no size), so "llama a
300 tok/s" is still the family and "llama 3.3 70b" the model."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.model_index import Mention


def as_word(text: str, mention: Mention) -> bool:
    """A family's name alone (no version, no size) said as a plain word (lexicon `family_as_word`: "nos llama la
    atención", "el orquestador llama al modelo", "cómo se llama"): no mention."""
    if mention.model and mention.kind in ("catalog", "corrected") or any(c.isdigit() for c in mention.typed):
        return False
    lo = max(0, mention.start - 12)
    return any(
        m.start() <= mention.start and mention.end <= m.end()
        for m in _family_words().finditer(text, lo, min(len(text), mention.end + 40))
    )


@cache
def _family_words() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('family_as_word')}){lexicon.WORD_END}", re.I)


@cache
def _lead() -> re.Pattern[str]:
    return lazy(rf"(?<!\w)(?:{lexicon.alternation('model_lead')})\s+(?:the\s+|el\s+|la\s+)?$", re.I)


# What may follow a led bare name: the end of a clause or a word that starts none of its own ("through scout training"
# is the plain word).
_LED_END = lazy(r"\s*(?:$|[.,;:!?)\]`'\"]|(?:at|for|and|with|on|in|to|from|a|en|y|para|con|de|@|\d)(?!\w))", re.I)


def led(text: str, start: int, end: int) -> bool:
    """A bare name right after a word that hands it the traffic (lexicon `model_lead`: "through maverick", "a
    través de scout") and ending its phrase: the model, not the plain word (w2gate, session 11)."""
    return bool(_lead().search(text, max(0, start - 24), start)) and bool(_LED_END.match(text, end))
