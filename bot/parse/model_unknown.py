"""An open model the catalog lacks, named clearly: the name is read as typed (the engine answers
`unknown_model`, the service may look it up on the Hub and the log counts it as a gap) instead of asking
"which model?". Runs only where no other rule found a name.

A name by its shape, one token: a word and a parameter count among its dashed parts ("Kimi-Dev-72B",
"granite-3.3-8b", "Yi-1.5-34B", "starcoder2-15b"), or a word glued or dashed to a short version
("phi-4", "SmolLM3", "phi-4-mini") where the question is about running a model (a tok/s figure, a run verb,
the word "model"); or a word and a short version apart ("Falcon 3", "OLMo 2") right before a tok/s figure or
right after a run verb (typed in lower case, only after a run verb: "need 2 at 300 tok/s"). An org/name Hub id is judged by its name. Not a name: the words of the lexicon
concept `not_model_name` (products, systems, languages, standards, numbered plain words: "iOS 18",
"PostgreSQL 17", "Python 3.12", "SOC2", "phase 2"), the catalog's GPUs ("H100 80GB", "A100-40G"), long
numbers ("RTX 4090", "JIRA-4412") and a bare version ("v2 of our API"). Last, any name-like words after a
run verb ("can we run Mistral Large 3 ourselves?"), a product aside ("pasar a Windows 11").
"""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.model_guess import _name_end, _name_like
from bot.parse.model_index import _RUN_VERB, Mention
from bot.parse.words import STOPWORDS, Token, model_context
from costcore.catalog import Catalogs, normalise

_SIZED = lazy(r"[a-z][a-z0-9.]*(?:[-_][a-z0-9.]+)*[-_]\d+(?:\.\d+)?b(?:[-_][a-z0-9.]+)*")
_GLUED = lazy(r"([a-z]{3,})-?\d{1,2}(?:\.\d+)?(?:-[a-z][a-z0-9]*)*")  # "phi-4", "smollm3", "phi-4-mini"
_WORD = lazy(r"[a-z]{3,}")
_HEAD = lazy(r"[a-z]{2,}")  # "Yi-1.5-34B": a sized name's word may be short
_VERSION = lazy(r"v?\d{1,2}(?:\.\d+)?")
_ORG = lazy(r"[a-z0-9][a-z0-9._-]*")
_FIGURE_ONLY = lazy(r"[\d.,]+")
_NAME_MARK = lazy(r"[A-Z\d\-]")
# a question about running a model: a tok/s figure, a run verb, the word model (what makes "phi-4" a name)
_ABOUT_MODELS = lazy(r"\b(?:tok|tokens?|tps|t/s|models?|modelos?|llms?)\b", re.I)


@cache
def _not_names() -> re.Pattern[str]:
    return lazy(lexicon.alternation("not_model_name"), re.I)


_GPUS: dict[int, tuple[Catalogs, frozenset[str]]] = {}


def _gpus(catalogs: Catalogs) -> frozenset[str]:
    """The catalog's GPU names as keys ("h100", "a10040gb", "mi300x"): hardware, not a model."""
    hit = _GPUS.get(id(catalogs))
    if hit is None or hit[0] is not catalogs:
        names = {normalise(n) for g in catalogs.gpus.values() for n in [g.id, g.name, *g.aliases]}
        hit = _GPUS[id(catalogs)] = (catalogs, frozenset(names))
    return hit[1]


def not_a_name(word: str) -> bool:
    """Whether a word (lower case) before a version names no model: a product, a system, a plain word."""
    return bool(_not_names().fullmatch(word)) or word in STOPWORDS


def _plain(word: str, catalogs: Catalogs) -> bool:
    """`not_a_name`, or one of the catalog's GPUs."""
    return not_a_name(word) or normalise(word) in _gpus(catalogs)


def _name(tok: Token) -> str:
    """The name part of a token: "phi-4" of "microsoft/phi-4" (an org kept only when it is word-like)."""
    org, _, name = tok.lower.rpartition("/")
    return name if not org or _ORG.fullmatch(org) else ""


def unknown_names(text: str, toks: list[Token], covered: set[int], catalogs: Catalogs) -> list[Mention]:
    """The first name-shaped word no other rule read, as typed, and each later time it is typed: every one is
    masked, so "is phi-4 cheaper?" after "phi-4 at 300 tok/s" gives no reader a "-4"."""
    first = _unknown_name(text, toks, covered, catalogs)
    if first is None:
        return []
    said = normalise(first.typed)  # "Phi-4 … phi 4": the same name, spelled apart
    found = [first]
    i = bisect_left([t.start for t in toks], first.end)
    while i < len(toks):
        key, j = "", i
        while j < min(len(toks), i + 3) and len(key) < len(said) and j not in covered:
            key, j = key + toks[j].key, j + 1
        if key == said and said.startswith(toks[i].key):
            start, end = toks[i].start, toks[j - 1].end
            found.append(Mention(start, end, text[start:end], first.model, "unknown"))
            i = j
            continue
        i += 1
    return found


def _unknown_name(text: str, toks: list[Token], covered: set[int], catalogs: Catalogs) -> Mention | None:
    """The first name-shaped word no other rule read, as typed."""
    about: bool | None = None  # asked once, only when a glued name is found
    for i, tok in enumerate(toks):
        if i in covered or not any(ch.isdigit() for ch in tok.lower):
            continue
        name = _name(tok)
        head = _HEAD.match(name)
        if not head or _plain(head.group(0), catalogs) or normalise(name.split("-")[0]) in _gpus(catalogs):
            continue
        if _SIZED.fullmatch(name):
            return Mention(tok.start, tok.end, tok.text, tok.text, "unknown")
        glued = _GLUED.fullmatch(name)
        if glued and not _plain(glued.group(1), catalogs):
            if about is None:
                about = bool(_ABOUT_MODELS.search(text) or _RUN_VERB.search(text))
            if about:
                return Mention(tok.start, tok.end, tok.text, tok.text, "unknown")
    return _apart(text, toks, covered, catalogs)


def _apart(text: str, toks: list[Token], covered: set[int], catalogs: Catalogs) -> Mention | None:
    """ "Falcon 3 at 300 tok/s", "run OLMo 2": a word and a short version apart, where a model is meant."""
    for i in range(len(toks) - 1):
        word, version = toks[i], toks[i + 1]
        if i in covered or i + 1 in covered or not _VERSION.fullmatch(version.lower):
            continue
        if not _WORD.fullmatch(word.lower) or _plain(word.lower, catalogs):
            continue
        if text[word.end : version.start] != " ":
            continue
        named = word.text != word.lower or model_context(text, word.start, word.start)  # "Falcon 3"; "run falcon 3"
        if named and model_context(text, word.start, version.end):
            return Mention(word.start, version.end, text[word.start : version.end], text[word.start : version.end], "unknown")
    return None


def _after_verb(text: str, toks: list[Token]) -> Mention | None:
    """The name after "run", "host", "correr"…: "can we run Mistral Large 3 ourselves?"."""
    for verb in _RUN_VERB.finditer(text):
        first = next((k for k, t in enumerate(toks) if t.start >= verb.end()), None)
        if first is None or not _name_like(toks, first) or _FIGURE_ONLY.fullmatch(toks[first].text):
            continue
        if not_a_name(toks[first].lower):  # "pasar a Windows 11": a product, not a model
            continue
        last = _name_end(text, toks, first, set(), limit=4)
        picked = toks[first : last + 1]
        if any(_NAME_MARK.search(t.text) for t in picked):
            typed = text[picked[0].start : picked[-1].end]
            return Mention(picked[0].start, picked[-1].end, typed, typed, "unknown")
    return None
