"""Which build of a model the words name: rows that differ only by build (Qwen3 Instruct-2507 vs Thinking-2507
vs the April rows, an FP8 checkpoint beside its BF16 one, a preview beside its release) are told apart by
every word typed, in any order, never by the first alias that matches. The rule: the build named wins; a
name that fits several builds equally is the row the catalog gives that plain name (an alias), or the
parser asks; the organisation in a pasted Hub id never decides the build by itself."""

from __future__ import annotations

import re

from bot.parse.build_index import canonical
from bot.parse.model_index import (
    _CONJUNCTION,
    _DATE_CODE,
    _PRECISION,
    _SIZE,
    _VERSION,
    HARMLESS_WORDS,
    VARIANT_WORDS,
    Mention,
    _Index,
    _parts,
    _word_parts,
)
from bot.parse.words import STOPWORDS, Token
from costcore.catalog import Catalogs
from costcore.scenario import Finding

# Words between a name and its precision or build: "glm 5.1 in fp8", "glm 5.2 en fp8", "the preview of v4 pro".
_LINKS = frozenset(
    {"in", "en", "at", "a", "with", "w", "con", "using", "usando", "on", "the", "el", "la", "its", "sus"}
)
_OF = frozenset({"of", "de", "del"})
_BEFORE = frozenset({"the", "la", "el", "los", "las", "version", "versión", "build"})


def _gap(text: str, toks: list[Token], k: int) -> str:
    return text[toks[k - 1].end : toks[k].start]


def fit(mention: Mention, parts: list[str], index: _Index) -> Mention:
    """The mention re-read on every word typed: a word the matched row's names lack ("qwen3 30b a3b
    instruct" matched the April row by "qwen3 30b") moves it to the one build that has them all, or asks
    when several do; when none does, the words were harmless ("llama 3 70b chat")."""
    model = mention.model
    if model is None or index.build.names_fit(model, parts):
        return mention
    if one := index.build.one_build(parts):
        return Mention(
            mention.start, mention.end, mention.typed, one, "corrected", precision=mention.precision
        )
    found = index.build.builds(parts)
    if found:  # "qwen3 30b instruct": the build words fit, but leave a size or variant out: ask, never guess
        candidates = tuple(sorted(found | {model}))
        return Mention(mention.start, mention.end, mention.typed, None, "ambiguous", candidates)
    return mention


def unknown_fit(mention: Mention, toks: list[Token], index: _Index) -> Mention:
    """A name the aliases do not spell ("qwen 3 30b instruct 2507") that holds every word of one build."""
    if one := index.build.one_build(_parts(toks)):
        return Mention(mention.start, mention.end, mention.typed, one, "corrected")
    return mention


def led_by_other(text: str, toks: list[Token], i: int, mention: Mention, index: _Index, free: int) -> Mention | None:
    """ "llama 3 maverick", "llama 5 scout": a catalog name led by a family and version it has no build of is
    a name the catalog lacks, handed over whole, never the row its last word names. `free` is the first token
    no earlier mention holds."""
    if i == 0 or toks[i - 1].lower in STOPWORDS or _gap(text, toks, i).strip(" -_"):
        return None
    for n in (2, 1):
        k = i - n
        if k < free or any(_gap(text, toks, m).strip(" -_") for m in range(k + 1, i + 1)):
            continue
        lead = _parts(toks[k:i])
        if any(t.lower in STOPWORDS for t in toks[k:i]) or (lead[0],) not in index.starts or not any(ch.isdigit() for ch in "".join(lead)):
            continue
        inside = [t for t in toks[k:] if t.start < mention.end]
        if not index.build.builds(_parts(inside)):
            typed = text[toks[k].start : mention.end]
            return Mention(toks[k].start, mention.end, typed, typed, "unknown")
    return None


def precision_after(text: str, toks: list[Token], j: int) -> int | None:
    """The token of a precision said a word or two after a name ("glm-5.1 in fp8", "en fp8")."""
    for k in range(j + 1, min(len(toks), j + 4)):
        if _gap(text, toks, k).strip(" ,/()"):
            return None
        if _PRECISION.match(toks[k].lower):
            return k
        if toks[k].lower not in _LINKS:
            return None
    return None


_PICKS = frozenset({"preview", "thinking", "instruct", "release"})  # words that pick a build, said after the name


def build_after(text: str, toks: list[Token], j: int) -> int | None:
    """The token of a build said a word or two after a name: "deepseek v4 pro (la preview)", "glm 5.2, the
    thinking one" is not asked here; only set off by parentheses or a link word ("qwen3 235b 2507 in thinking")."""
    for k in range(j + 1, min(len(toks), j + 4)):
        if _gap(text, toks, k).strip(" ,/()"):
            return None
        if toks[k].lower in _PICKS:
            return k
        if toks[k].lower not in _LINKS:
            return None
    return None


def _build_word(tok: Token) -> bool:
    """A word that picks a build, not a model: "thinking", "instruct", "preview", "2507", "fp8"."""
    low = tok.lower
    return (
        low in VARIANT_WORDS or low in HARMLESS_WORDS or bool(_DATE_CODE.match(low) or _PRECISION.match(low))
    )


def words_before(toks: list[Token], i: int) -> list[str]:
    """Build words said before the name: "the preview of deepseek v4 pro", "la versión instruct 2507 de
    qwen3 235b", "la versión thinking de qwen3 30b 2507"."""
    k = i - 1
    if k < 1 or toks[k].lower not in _OF:
        return []
    words: list[str] = []
    k -= 1
    while k >= 0 and _build_word(toks[k]) and len(words) < 3:
        words.append(toks[k].lower)
        k -= 1
    return words if any(w in VARIANT_WORDS or w in HARMLESS_WORDS for w in words) else []


def with_words(mention: Mention, words: list[str], toks: list[Token], index: _Index) -> Mention:
    """The mention with build words said apart from it, when those words name one other build."""
    if mention.model is None or not words:
        return mention
    said = (*mention.said, *words)
    found = index.build.builds([*_parts(toks), *words])
    model = found.pop() if len(found) == 1 else mention.model
    return Mention(mention.start, mention.end, mention.typed, model, "catalog", precision=mention.precision, said=said)


def other_build(
    text: str, toks: list[Token], inside: list[Token], after: int, index: _Index
) -> Mention | None:
    """ "qwen3 30b thinking 2507 vs instruct 2507", "llama 3.3 70b vs 3.1 70b": a second build or version of
    the same family, named by its own words alone after "vs", "or", "and"; the parser then asks which."""
    if after + 1 >= len(toks) or toks[after].lower not in _CONJUNCTION:
        return None
    k = after + 1
    words: list[Token] = []
    while k < len(toks) and len(words) < 3 and (not words or not _gap(text, toks, k).strip(" -")):
        if not (_build_word(toks[k]) or _VERSION.match(toks[k].lower) or _SIZE.match(toks[k].lower)):
            break
        words.append(toks[k])
        k += 1
    if not words:
        return None
    if any(_VERSION.match(w.lower) or _SIZE.match(w.lower) for w in words):  # a version: the family's name
        base = [p for p in canonical(_parts(inside)) if p.isalpha() and p not in VARIANT_WORDS]
    else:  # build words only: the name they replace the build words of
        base = _parts([t for t in inside if not _build_word(t)])
    model = index.build.one_build(base + _parts(words)) if base else None
    if model is None:
        return None
    return Mention(words[0].start, words[-1].end, text[words[0].start : words[-1].end], model, "catalog")


def assumed(mentions: list[Mention], model: str, index: _Index, catalogs: Catalogs) -> Finding | None:
    """The note for a name several builds share ("qwen3 30b", "v4 pro", "llama 70b", a pasted Hub id whose bare
    name is another row's): the row its alias sits on was priced, and the other builds are named so the user can
    say which. Every word said counts, the build words said apart from the name too ("glm 5.2 in fp8" is one
    build). A model's own official name ("GLM-5.1", "Qwen3-30B-A3B": the row's name or its Hub repo's) names
    that build and needs no note, unless another build answers to the same name ("DeepSeek-V4-Pro" is the
    release's name and the preview's repo)."""
    mention = next((m for m in mentions if m.model == model and m.kind == "catalog"), None)
    if mention is None or catalogs.models.get(model) is None:
        return None
    words = [p for word in re.split(r"[\s:]+", mention.typed.lower()) for p in _word_parts(word)]
    words += [p for w in (*mention.said, mention.precision or "") for p in _word_parts(w.lower())]
    others = index.build.builds(words) - {model}
    if not others or index.build.official(mention.typed.rsplit("/", 1)[-1]) == {model}:
        return None
    return Finding(
        code="model_build_assumed",
        params={"typed": mention.typed[:80], "model": model, "others": sorted(others)[:4]},
    )
