"""Around a model name and between names: what the word after a name does to it ("kimi k3", "GLM-4.5 Air",
"llama 3 70b instruct"), which tokens the mentions cover, a second size of the same family ("llama 3.1 70b
and 8b"), and the decision between the mentions found (one model, two, a family without a version, none).
Split from `models`, which finds the mentions."""

from __future__ import annotations

from bisect import bisect_left
from typing import Literal

from bot.parse.closed import is_closed_head
from bot.parse.model_guess import _name_like
from bot.parse.model_index import (
    _DATE_CODE,
    _PRECISION,
    _UNIT_WORD,
    _VERSION,
    _VOLUME_WORDS,
    HARMLESS_WORDS,
    MAX_SPAN,
    VARIANT_WORDS,
    Mention,
    ModelRead,
    _Index,
    _parts,
    cached_digit_groups,
    is_size,
)
from bot.parse.model_shapes import sized_apart
from bot.parse.words import STOPWORDS, Token
from costcore.catalog import normalise
from costcore.scenario import Finding


def _joined(text: str, toks: list[Token], k: int) -> bool:
    """Whether token `k` continues the words before it: nothing but spaces or dashes between them, or the one
    colon of an Ollama tag ("deepseek-r1:70b" is a distill, not R1)."""
    if not 0 < k < len(toks):
        return False
    gap = text[toks[k - 1].end : toks[k].start]
    return not gap.strip(" \t-_") or gap == ":"


def _quantity_next(toks: list[Token], k: int) -> bool:
    """Whether the token after `k` makes it a figure: "1B tokens", "300.5 tok/s", "2B input"."""
    return k + 1 < len(toks) and (
        bool(_UNIT_WORD.match(toks[k + 1].lower)) or toks[k + 1].lower in _VOLUME_WORDS
    )


Follower = Literal["version", "name", "harmless", "precision"]


def _follower(text: str, toks: list[Token], k: int) -> Follower | None:
    """What token `k`, right after a name, does to it: "kimi k3" (version), "GLM-4.5 Air" (name), "llama 3
    70b instruct" (harmless), "qwen3 30b q4" (precision); None when the name has ended."""
    if not _joined(text, toks, k):
        return None
    low = toks[k].lower
    if low in STOPWORDS or _quantity_next(toks, k):
        return None
    if _PRECISION.match(low):
        return "precision"
    if low in HARMLESS_WORDS:
        return "harmless"
    if _VERSION.match(low):
        return "version"
    if low in VARIANT_WORDS or is_size(low):
        return "name"
    ends = not _joined(text, toks, k + 1) or toks[k + 1].lower in STOPWORDS  # "1000 requests" is a figure
    if _DATE_CODE.match(low) and ends:  # "flash 1071 at …": a checkpoint's date
        return "name"
    return None


def _several(text: str, toks: list[Token], i: int, index: _Index) -> Mention | None:
    """A name several catalog models start with, typed alone: "gpt-oss", "llama 3.1", "deepseek"."""
    if toks[i].lower in STOPWORDS or toks[i].key in index.vendors:
        return None
    parts: tuple[str, ...] = ()
    hit: tuple[int, set[str]] | None = None
    for m in range(i, min(len(toks), i + MAX_SPAN)):
        if m > i and not _joined(text, toks, m):
            break
        parts += tuple(_parts([toks[m]]))
        models = index.starts.get(parts)
        if not models:
            break
        hit = (m, models)
    if hit is None:
        return None
    m, models = hit
    typed = text[toks[i].start : toks[m].end]
    alone = is_closed_head(typed) and len(_parts(toks[i : m + 1])) == 1  # "GPT" is OpenAI's, not gpt-oss
    named_on = _follower(text, toks, m + 1) in ("version", "name") or _bare_version(text, toks, m + 1)
    if named_on and not alone:  # "qwen3 32b", "deepseek v3.2": a name the catalog lacks, handed over whole
        end = m + 1
        while _follower(text, toks, end + 1) in ("version", "name"):
            end += 1
        typed = text[toks[i].start : toks[end].end]
        named = {model for model in models if all(toks[k].key in index.parts.get(model, ()) for k in range(m + 1, end + 1))}
        if len(named) == 1 and not any(toks[k].lower[:1].isdigit() for k in range(m + 1, end + 1)):
            # "llama scout": the family and a name word only one of its rows holds is that row (said in a note)
            return Mention(toks[i].start, toks[end].end, typed, named.pop(), "corrected")
        return Mention(toks[i].start, toks[end].end, typed, typed, "unknown")
    if alone or named_on or (_joined(text, toks, m + 1) and _name_like(toks, m + 1)):  # "gpt oss 12b"
        return None
    if (sized := sized_apart(text, toks, i, m, models, index)) is not None:  # "the 8B Llama", "gemma 4 de 31b"
        return sized
    if len(models) == 1:  # "qwen3-30b-a3b-thinking": the start of one row's name, only a build tag left out
        model = index.build.one_build(list(parts))
        return Mention(toks[i].start, toks[m].end, typed, model, "corrected") if model else None
    return Mention(toks[i].start, toks[m].end, typed, None, "several", tuple(sorted(models)))


def _bare_version(text: str, toks: list[Token], k: int) -> bool:
    """A whole number of one or two digits right after a family's name, no unit after it: "mistral large 2",
    "glm 4 vs glm 5" (a version the catalog lacks), not "qwen3 30b 2 nodes"."""
    return _joined(text, toks, k) and len(toks[k].lower) <= 2 and toks[k].lower.isdigit() and not (
        _quantity_next(toks, k)
        or (k + 1 < len(toks) and _joined(text, toks, k + 1) and toks[k + 1].lower not in STOPWORDS | VARIANT_WORDS)
    )


def _covered(toks: list[Token], mentions: list[Mention]) -> set[int]:
    """The tokens the mentions span (a token starting inside one), by bisection: a pasted log of many
    names stays linear."""
    starts = [t.start for t in toks]
    out: set[int] = set()
    for m in mentions:
        out.update(range(bisect_left(starts, m.start), bisect_left(starts, m.end)))
    return out


def _decide(mentions: list[Mention]) -> ModelRead:
    read = ModelRead(spans=[(m.start, m.end) for m in mentions])
    if ambiguous := next((m for m in mentions if m.kind == "ambiguous"), None):
        read.clarification = Finding(
            code="ambiguous_model",
            params={"typed": ambiguous.typed[:80], "candidates": list(ambiguous.candidates)},
        )
        return read
    strong = [m for m in mentions if m.strong]
    # "deepseek" beside "deepseek-flash" is the same model; "mixtral" beside "deepseek flash" is another
    several = [
        m for m in mentions if m.kind == "several" and not any(s.model in m.candidates for s in strong)
    ]
    named = list(dict.fromkeys((m.model or m.typed) for m in sorted(strong + several, key=lambda m: m.start)))
    if len({(normalise(n), cached_digit_groups(n)) for n in named}) > 1:  # "gemma 3 12b … Gemma-3-12B" is one
        if not strong and len({m.candidates for m in several}) == 1:
            named = []  # "deepseek … DeepSeek": one family named twice
        else:
            read.clarification = Finding(code="two_models", params={"models": [n[:80] for n in named[:4]]})
            return read
    if strong:
        first = strong[0]
        read.model = (first.model or first.typed)[:120]
        corrected = next((m for m in strong if m.kind == "corrected"), None)
        if corrected and corrected.model:
            read.notes.append(
                Finding(
                    code="model_corrected", params={"typed": corrected.typed[:80], "model": corrected.model}
                )
            )
        return read
    if several:
        read.clarification = Finding(
            code="ambiguous_model",
            params={"typed": several[0].typed[:80], "candidates": list(several[0].candidates)},
        )
        return read
    if doubtful := next((m for m in mentions if m.kind == "doubtful"), None):
        read.model = doubtful.typed[:120]
        return read
    if family := next((m for m in mentions if m.kind == "family"), None):
        read.clarification = Finding(code="model_version_missing", params={"family": family.typed[:40]})
        return read
    read.clarification = Finding(code="missing_model", params={})
    return read
