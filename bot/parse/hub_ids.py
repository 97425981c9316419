"""Hub ids of builds as publisher / base / build-suffix chains (session 11, issue 14): a pasted id of a quantized
or converted build ("unsloth/gemma-3-27b-it-GGUF", "bartowski/Llama-3.3-70B-Instruct-GGUF",
"TheBloke/Mixtral-8x7B-Instruct-v0.1-AWQ", "mlx-community/gpt-oss-20b-4bit", the Ollama tag
"gemma3:27b-it-q4_K_M") names the model its base names, read exactly as the base typed alone; the build suffixes
(lexicon `hub_build`) are its precision, which the answer notes as not modelled. Any publisher: the organisation
never decides the model. An id whose base the catalog lacks is handed over without its build and tuning suffixes
(`hub_tuning`: "-it", "-Instruct"), so the engine is given the model, not the file."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.model_index import Mention, _Index
from bot.parse.words import Token, tokens

_ORG = lazy(r"[a-z0-9][\w.-]*", re.I)
_TAG_NAME = lazy(r"[a-z][\w.-]*\d[\w.]*|[a-z][\w.-]*", re.I)  # "gemma3", "gpt-oss", "llama3.1"

Reread = Callable[[str, list[Token], _Index], tuple[list[Mention], set[int], list[Mention]]]


@cache
def _suffix(concept: str) -> re.Pattern[str]:
    return lazy(rf"[-_.](?:{lexicon.alternation(concept)})$", re.I)


def _strip(name: str, concept: str) -> tuple[str, list[str]]:
    """The name without the suffixes of `concept` at its end, and those suffixes in the order typed."""
    said: list[str] = []
    while (m := _suffix(concept).search(name)) and m.start() > 0:
        said.insert(0, name[m.start() + 1 :])
        name = name[: m.start()]
    return name, said


def _shape(text: str, toks: list[Token], i: int) -> tuple[int, str, bool] | None:
    """The last token of the id starting at token i, its name without the publisher, and whether it is
    plainly a Hub id or an Ollama tag (a publisher or a tag said); None when token i starts no id."""
    tok = toks[i]
    org, slash, name = tok.text.rpartition("/")
    if slash and not (org and _ORG.fullmatch(org) and name[:1].isalpha()):
        return None
    nxt = i + 1
    if (  # "gemma3:27b-it-q4_K_M": an Ollama name and its tag
        not slash
        and nxt < len(toks)
        and text[tok.end : toks[nxt].start] == ":"
        and _TAG_NAME.fullmatch(name)
        and toks[nxt].lower[:1].isdigit() | toks[nxt].lower.startswith("latest")
    ):
        tag = toks[nxt].text
        return nxt, name if tag.lower() == "latest" else f"{name} {tag}", True
    if "-" not in name and "_" not in name:
        return None
    return i, name, bool(slash)


def tagged(text: str, toks: list[Token], i: int) -> bool:
    """Token i is an Ollama name with its tag right after a colon ("llama3.3:70b-instruct-q4_K_M"): the tag is the
    name's size and build, read with it even where the name alone is a catalog alias (w2gate, session 11)."""
    nxt = i + 1
    return nxt < len(toks) and text[toks[i].end : toks[nxt].start] == ":" and toks[nxt].lower[:1].isdigit()


def read(text: str, toks: list[Token], i: int, index: _Index, reread: Reread) -> Mention | None:
    """The model a Hub id or Ollama tag at token i builds, or None when the words there are no such id (then the
    model reader goes on as before)."""
    shape = _shape(text, toks, i)
    if shape is None:
        return None
    last, name, plainly = shape
    base, build = _strip(name, "hub_build")
    if not (plainly or build) or not base:
        return None
    start, end = toks[i].start, toks[last].end
    bare, _tuning = _strip(base, "hub_tuning")
    for said in dict.fromkeys((base, bare)):
        found, _, _ = reread(said, tokens(said), index)
        if len(found) == 1 and found[0].model and found[0].kind in ("catalog", "corrected"):
            hit = found[0]
            precision = "-".join(build) or hit.precision
            kind = hit.kind if said == base else "corrected"
            return Mention(start, end, text[start:end], hit.model, kind, hit.candidates, precision, hit.said)
        if found and found[0].kind in ("several", "ambiguous"):  # "gemma3:latest": a family, asked as typed
            return None
    if not build:
        return None
    return Mention(start, end, text[start:end], bare.replace(" ", "-"), "unknown", precision="-".join(build))
