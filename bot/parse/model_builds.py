"""Which build of a model the words name: rows that differ only by build (Qwen3 Instruct-2507 vs Thinking-2507
vs the April rows, an FP8 checkpoint beside its BF16 one, a preview beside its release) are told apart by
every word typed, in any order, never by the first alias that matches. The rule: the build named wins; a
name that fits several builds equally is the row the catalog gives that plain name (an alias), or the
parser asks; the organisation in a pasted Hub id never decides the build by itself."""

from __future__ import annotations

from bot.parse.model_index import _PRECISION, VARIANT_WORDS, Mention, _Index, _parts, _word_parts
from bot.parse.words import Token
from costcore.catalog import Catalogs, normalise
from costcore.scenario import Finding

# Words between a name and its precision or build: "glm 5.1 in fp8", "glm 5.2 en fp8", "the preview of v4 pro".
_LINKS = frozenset({"in", "en", "at", "a", "with", "con", "using", "usando", "on", "the", "el", "la", "its", "sus"})
_OF = frozenset({"of", "de", "del"})
_BEFORE = frozenset({"the", "la", "el", "los", "las", "version", "versión", "build"})


def _gap(text: str, toks: list[Token], k: int) -> str:
    return text[toks[k - 1].end : toks[k].start]


def fit(mention: Mention, parts: list[str], index: _Index) -> Mention:
    """The mention re-read on every word typed: a word the matched row's names lack ("qwen3 30b a3b
    instruct" matched the April row by "qwen3 30b") moves it to the one build that has them all, or asks
    when several do; when none does, the words were harmless ("llama 3 70b chat")."""
    model = mention.model
    if model is None or index.names_fit(model, parts):
        return mention
    found = index.builds(parts)
    if len(found) == 1:
        return Mention(mention.start, mention.end, mention.typed, found.pop(), "corrected", precision=mention.precision)
    if len(found) > 1:
        return Mention(mention.start, mention.end, mention.typed, None, "ambiguous", tuple(sorted(found)))
    return mention


def unknown_fit(mention: Mention, toks: list[Token], index: _Index) -> Mention:
    """A name the aliases do not spell ("qwen 3 30b instruct 2507") that holds every word of one build."""
    found = index.builds(_parts(toks))
    if len(found) == 1:
        return Mention(mention.start, mention.end, mention.typed, found.pop(), "corrected")
    return mention


def precision_after(text: str, toks: list[Token], j: int) -> int | None:
    """The token of a precision said a word or two after a name ("glm-5.1 in fp8", "en fp8")."""
    for k in range(j + 1, min(len(toks), j + 4)):
        if _gap(text, toks, k).strip(" ,"):
            return None
        if _PRECISION.match(toks[k].lower):
            return k
        if toks[k].lower not in _LINKS:
            return None
    return None


def variant_before(text: str, toks: list[Token], i: int) -> int | None:
    """A build word said before the name: "the preview of deepseek v4 pro", "la preview de v4 pro"."""
    k = i - 1
    if k < 1 or toks[k].lower not in _OF:
        return None
    k -= 1
    while k >= 0 and toks[k].lower in _BEFORE:
        k -= 1
    return k if k >= 0 and toks[k].lower in VARIANT_WORDS else None


def with_word(mention: Mention, word: str, toks: list[Token], index: _Index) -> Mention:
    """The mention with a build word said apart from it, when that word names one other build."""
    if mention.model is None:
        return mention
    found = index.builds([*_parts(toks), word])
    if len(found) == 1 and (model := found.pop()) != mention.model:
        return Mention(mention.start, mention.end, mention.typed, model, "catalog", precision=mention.precision)
    return mention


def assumed(mentions: list[Mention], model: str, index: _Index, catalogs: Catalogs) -> Finding | None:
    """The note for a plain name several builds share ("qwen3 30b", "v4 pro", "llama 70b"): the row its alias
    sits on was priced, and the other builds are named so the user can say which. A name that is the row's own
    id or name ("glm 5.1", "DeepSeek-V4-Pro") is that build, no assumption."""
    mention = next((m for m in mentions if m.model == model and m.kind == "catalog"), None)
    row = catalogs.models.get(model)
    if mention is None or row is None or normalise(mention.typed) in (normalise(row.id), normalise(row.name)):
        return None
    others = index.builds([p for word in mention.typed.lower().split() for p in _word_parts(word)]) - {model}
    if not others:
        return None
    return Finding(code="model_build_assumed", params={"typed": mention.typed[:80], "model": model, "others": sorted(others)[:4]})
