"""Words of the question as positioned tokens: what model names and "run X ourselves" are read from."""

from __future__ import annotations

import re
from typing import NamedTuple

from bot.parse.lazyre import lazy

_TOKEN = lazy(r"[^\W_](?:[\w.\-/+×]*[^\W_])?")

# Words that end a model name: "run <name> ourselves at 300 tok/s", "correr <name> nosotros". A size said as
# a plain adjective is no part of the name: "el deepseek grande" is "deepseek" (which one? it asks), "small" and
# "large" stay names (Mistral Small, Mistral Large).
_STOPWORDS = """
    a al an and are as at be but by can could de del do does el en es for from how i in is it its la las
    los me my no nor not of on or our ours ourselves own para por que qué se should so than that the their
    them then there these they this those to today us vs versus was we what when where which who will with
    would y o u con sin nosotros nosotras nuestro nuestra nuestros nuestras esto eso este esta ese esa mismo
    misma locally local localmente here aquí instead tok tokens token tps per cada each every model modelo
    ourself itself self-host selfhost host run serve deploy use using vía via api apis node nodes nodo gpu
    gpus cost costs cuesta cuánto cuanto much many
    big bigger biggest huge grande grandes pequeño pequeña pequeno pequena
"""
STOPWORDS = frozenset(_STOPWORDS.split())


class Token(NamedTuple):
    """A word and where it is; a tuple, because a 4,000-character paste makes a thousand of them."""

    text: str
    start: int
    end: int
    key: str  # normalised: case, spaces, dashes and dots do not count
    lower: str


# Tokens hold no spaces or colons, so costcore's `normalise` reduces to dropping these (and is slower).
_DROP = str.maketrans({"-": None, "_": None, ".": None, "/": None, "×": "x"})


_FORMS: dict[str, tuple[str, str]] = {}  # a word -> its key and lower case: a pasted log repeats its words
_new_token = tuple.__new__  # Token(...) without the Python-level __new__ a NamedTuple adds
_SCAN = _TOKEN.compiled.finditer


def tokens(text: str) -> list[Token]:
    out: list[Token] = []
    add, forms = out.append, _FORMS
    if len(forms) > 20_000:
        forms.clear()
    for m in _SCAN(text):  # the compiled scan: no string every token needs, no first character to gate on
        word = m.group()
        if (known := forms.get(word)) is None:
            low = word.lower()
            known = forms[word] = (low.translate(_DROP), low)
        add(_new_token(Token, (word, m.start(), m.end(), *known)))
    return out


def digits(key: str) -> str:
    return "".join(ch for ch in key if ch.isdigit())


# What makes a word that is also a name ("Kimi", "Scout", "opus") a model: a verb or preposition that takes
# one before it ("run kimi", "on scout"), or a tok/s figure right after it ("kimi at 300 tok/s"). The look-ahead
# holds the verbs' first letters: a word that starts otherwise tries none of them.
_CONTEXT_BEFORE = lazy(
    r"\b(?=[abcdehlmoprstuv])(?:run|running|runs|host|hosting|self-host|self-hosting|selfhost|serve|serving|deploy|deploying|"
    r"price|pricing|benchmark|benchmarked|test|tested|testing|try|trying|use|using|on|via|switch to|move to|"
    r"migrate to|correr|ejecutar|montar|desplegar|servir|alojar|hostear|levantar|usar|migrar a|pasar a)"
    r"\s+(?:the\s+|el\s+|la\s+|an?\s+|un\s+|our own\s+)?$",
    re.I,
)
# A figure in words ends in its scale: "scout a mil tok/s", "maverick at a thousand tok/s", "mil quinientos".
_CONTEXT_AFTER = lazy(
    r"^\s*[:,]?\s*(?:at|@|a|with|con)?\s*(?:~?\d[\d.,]*(?:e\d+)?\s*[km]?|(?:[^\W\d_]+[\s-]+){0,3}?"
    r"(?:mil|thousand|hundred|cien|[^\W\d_]*cient[oa]s|quinient[oa]s))\s*(?:tok|tokens?\b|t/s|tps)"
    # hardware it runs on: "maverick on our own h200s", "scout en nuestras propias gpus", "kimi on 8x h100"
    r"|^\s+(?:on|en|sobre)\s+(?:(?:our|nuestr[oa]s)\s+(?:(?:own|propi[oa]s)\s+)?|(?:an?|un[oa]?)\s+)?(?:\d+\s*[x×]?\s*)?"
    r"(?:[hb][12]\d0|a100|l40s?|mi3\d\dx?|gpus?|hardware|servers?|servidores|metal|cluster|cl[uú]ster|nodes?|nodos)s?\b",
    re.I,
)


def model_context(text: str, start: int, end: int) -> bool:
    """Whether the word at text[start:end] is used as a model name, by what surrounds it."""
    return bool(_CONTEXT_BEFORE.search(text[max(0, start - 40) : start])) or bool(
        _CONTEXT_AFTER.match(text[end : end + 40])
    )
