"""What one request holds, said as a size (bot/parse/quantities.py reads it as the context): "500k tokens per
prompt", "conversations grow to 500k tokens", "contracts up to 500k tokens", "hasta 250k tokens cada uno", never
"50k tokens each a day" (a volume). The items are the lexicon's (`context_item`).
"""

from __future__ import annotations

import re

from bot.parse import lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number

# "500k tokens per prompt", "conversations grow to 500k tokens", "500k tokens de contexto por petición": what
# one request holds. The context must hold at least that; only a size beyond the default context changes it.
PER_REQUEST_AFTER = lazy(
    r" ?(?:tokens?|tok)\b(?: (?:of|de) (?:[^\W\d_]+ )?[^\W\d_]+)?,? ?(?:per|each|every|a|an|(?:in|into)\s+(?:a|one|each|every)|por|cada|en\s+cada)"
    r" (?:prompt|request|conversation|document|doc|session|chat|call|query|petici[oó]n|conversaci[oó]n|documento|sesi[oó]n|consulta|llamada)\b",
    re.I,
)
GROWS_BEFORE = lazy(
    r"\b(?:prompts?|requests?|conversations?|documents?|sessions?|chats?|threads?|conversaci[oó]n(?:es)?|documentos?|sesi[oó]n(?:es)?|petici[oó]n(?:es)?)"
    r" (?:\w+ ){0,2}?(?:grow|reach|run|go|get|hit|are|is|be|exceed|top out at|max out at|superan?|exceden?|pasan? de|crecen?|llegan?|alcanzan?|son|es|ser|ocupan?|pesan?|miden?|tienen?|llevan?|contienen?|has|have|holds?|contains?)(?:s|es)?(?: (?:to|up to|about|around|at most|no more than|hasta|a|unos|unas|como|m[aá]s de|como mucho|como m[aá]ximo|de|los|las))* ?~?$",
    re.I,
)
# "prompts around 200k tokens each", "contracts up to 500k tokens": a size said of the thing itself, no verb
# (lexicon `context_item`: contracts, case files, expedientes…).
SIZE_WORDS = r" (?:(?:of|around|about|up to|roughly|de|hasta|unos|alrededor de) |~ ?)+$"
# "up to 300k tokens each (whole contracts go in)", "hasta 250k tokens cada uno": a size each, of an item the
# sentence names.
EACH_AFTER = lazy(r" ?(?:tokens?|tok)\b,? ?(?:each|apiece|a\s+piece|per\s+(?:item|one|piece)|cada\s+un[oa])\b", re.I)


def sized_item(before: str) -> re.Match[str] | None:
    return re.search(rf"{lexicon.WORD_START}(?:{lexicon.alternation('context_item')}){SIZE_WORDS}", before, re.I)


UP_TO_BEFORE = lazy(
    r"(?:\b(?:up\s+to|as\s+(?:much|many|big|large|long)\s+as|hasta|max(?:imum)?\s+of|about|around|roughly|unos|unas|como"
    r"|alrededor\s+de|en\s+torno\s+a|ronda[n]?(?:\s+los)?|tan\s+(?:grandes|largos)\s+como)|[~≈])\s*[~≈]?\s*$",
    re.I,
)  # "up to 300k tokens", "as big as 200k tokens", "~400k tokens": a size said of an item the sentence names


def each_item(text: str, number: Number, before: str) -> bool:
    """A size each ("300k tokens each", "cada uno") or up to a size ("de hasta 90k tokens") in a sentence that
    names an item (lexicon `context_item`: contracts, expedientes, "whole depositions")."""
    each = EACH_AFTER.match(text, number.end)
    up_to = UP_TO_BEFORE.search(before) and re.match(r" ?(?:tokens?|tok)\b", text[number.end : number.end + 8], re.I)
    if not (each or up_to) or PER_TIME.match(text, number.end):
        return False
    end = each.end() if each else re.match(r" ?(?:tokens?|tok)\b", text[number.end :], re.I).end() + number.end
    if re.match(r"\s?,?\s?(?:an?|per|each|every|al|por|cada)\s+(?:day|week|month|hour|d[ií]a|semana|mes|hora)", text[end : end + 20], re.I):
        return False  # "50k tokens each a day": a volume
    if lexicon.pattern("total").search(text[end : end + 16]):
        return False  # "the docs are about 400k tokens in total": the corpus, not what one request holds
    lo, hi = sentence(text, number.start)
    return bool(lexicon.pattern("context_item").search(text, lo, hi) or _each_thing(text, lo, number.start))


_EACH_THING = lazy(r"\b(?P<each>each|every|cada)\s+(?P<first>[^\W\d_]{3,})(?:\s+(?P<second>[^\W\d_]{3,}))?", re.I)
_NOT_HEAD = lazy(r"(?:.*s|we|they|you|can|will|should|must|may|might|would|could|had|was|did|que|the|our)", re.I)


def _each_thing(text: str, lo: int, hi: int) -> bool:
    """ "each product catalogue we feed in runs to around 300k tokens", "cada catálogo que le pasamos…": any thing
    said one at a time is an item (the head noun: the last of "each product catalogue", the first of "cada
    catálogo"), but not a group, a person, a time or what never counts heads ("each team sends…", "every night")."""
    for m in _EACH_THING.finditer(text, lo, hi):
        if _BACK.fullmatch(m["first"]):
            continue  # "300 ingenieros, cada uno usa unos 50k tokens": the count's own noun, said again
        english = m["each"].lower() != "cada"
        head = m["second"] if english and m["second"] and not _NOT_HEAD.fullmatch(m["second"]) else m["first"]
        if not any(lexicon.pattern(c).fullmatch(w) for c in _HEADS for w in (head, head + "s", head + "es")):
            return True
    return False


_HEADS = ("group_nouns", "person_nouns", "not_counted")
_BACK = lazy(r"one|uno|una|other|otro|otra|time|vez", re.I)  # a word that refers back or counts times
PER_TIME = lazy(r" ?(?:tokens?|tok)\b,? ?(?:a|per|/|each|every|al|por|cada) ?(?:day|week|month|hour|d[ií]a|semana|mes|hora)\b", re.I)
