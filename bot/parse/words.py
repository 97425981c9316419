"""Words of the question as positioned tokens: what model names and "run X ourselves" are read from."""

from __future__ import annotations

import re
from dataclasses import dataclass

_TOKEN = re.compile(r"[^\W_](?:[\w.\-/+×]*[^\W_])?")

# Words that end a model name: "run <name> ourselves at 300 tok/s", "correr <name> nosotros".
_STOPWORDS = """
    a al an and are as at be but by can could de del do does el en es for from how i in is it its la las
    los me my no nor not of on or our ours ourselves own para por que qué se should so than that the their
    them then there these they this those to today us vs versus was we what when where which who will with
    would y o u con sin nosotros nosotras nuestro nuestra nuestros nuestras esto eso este esta ese esa mismo
    misma locally local localmente here aquí instead tok tokens token tps per cada each every model modelo
    ourself itself self-host selfhost host run serve deploy use using vía via api apis node nodes nodo gpu
    gpus cost costs cuesta cuánto cuanto much many
"""
STOPWORDS = frozenset(_STOPWORDS.split())


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int
    key: str  # normalised: case, spaces, dashes and dots do not count

    @property
    def lower(self) -> str:
        return self.text.lower()


# Tokens hold no spaces or colons, so costcore's `normalise` reduces to dropping these (and is slower).
_DROP = str.maketrans({"-": None, "_": None, ".": None, "/": None, "×": "x"})


def tokens(text: str) -> list[Token]:
    return [
        Token(m.group(0), m.start(), m.end(), m.group(0).lower().translate(_DROP))
        for m in _TOKEN.finditer(text)
    ]


def digits(key: str) -> str:
    return "".join(ch for ch in key if ch.isdigit())
