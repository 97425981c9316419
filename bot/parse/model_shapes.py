"""Model names by shape, where no alias matches: a family and a size the catalog holds once ("llama 8b" is
llama-3.1-8b), and an unknown name with a size ("gemma 3 27b") handed to the engine as typed (it answers
`unknown_model` with the closest catalog ids) instead of asking "which model?"."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.parse import lexicon
from bot.parse.build_index import SIZE
from bot.parse.lazyre import lazy
from bot.parse.model_index import Mention, _parts
from bot.parse.words import STOPWORDS, Token

_PARAMS = lazy(r"^\d+(?:\.\d+)?b$")  # a parameter count: "8b", "27b", "1.5b"
_SIZE_FIRST = lazy(r"^\d+(?:\.\d+)?b$|^\d+x\d+b$")  # "the 8B Llama", "the 8x22B Mixtral"
_VERSIONISH = lazy(r"^(?:v?\d+(?:\.\d+)*|[a-z]\d+(?:\.\d+)*)$")
_UNIT_NEXT = lazy(r"^(?:tok|toks|tokens?|tps|t/s|users?|usuarios|%)", re.I)


def family_size(text: str, toks: list[Token], covered: set[int], index) -> list[tuple[int, int, str, str]]:
    """(start, end, typed, model) for "<family> <size>" that names one catalog model."""
    found = []
    for i in range(len(toks) - 1):
        head, size = toks[i], toks[i + 1]
        if i in covered or i + 1 in covered or not _PARAMS.match(size.lower):
            continue
        if text[head.end : size.start].strip(" -_") or (head.key,) not in index.starts:
            continue
        if i + 2 < len(toks) and _UNIT_NEXT.match(toks[i + 2].lower):
            continue
        models = {m for m in index.starts[(head.key,)] if size.key in index.parts.get(m, ())}
        if len(models) == 1:
            found.append((head.start, size.end, text[head.start : size.end], models.pop()))
    return found


def of_size(text: str, toks: list[Token], m: int) -> int | None:
    """The size token of "<name> de 31b" ("gemma 4 de 31b", "llama 3.1 de 70b") right after token `m`."""
    k = m + 2
    if k >= len(toks) or toks[m + 1].lower not in ("de", "of"):
        return None
    # "el gpt oss de 120 a 500 tps": a bare whole number after "de" and before a range's "a"/"to" is the size
    ranged = toks[k].lower.isdigit() and k + 2 < len(toks) and toks[k + 1].lower in ("a", "to") and toks[k + 2].lower[:1].isdigit()
    if not (SIZE.match(toks[k].lower) or ranged):
        return None
    if text[toks[m].end : toks[m + 1].start].strip() or text[toks[m + 1].end : toks[k].start].strip():
        return None
    if k + 1 < len(toks) and _UNIT_NEXT.match(toks[k + 1].lower):
        return None
    return k


_NEAR = 6  # the most tokens a size said apart may stand past the name ("Llama 3.1, la versión de 70B": 4)
_NEAR_GAP = lazy(r"\s*(?:[,(:\u2014\u2013]|\s-)?\s*")  # spaces and at most one comma, parenthesis, colon or dash
_BILLION = lazy(r"^(\d+(?:\.\d+)?)-?(?:billion|bn)(?:-param(?:eter)?s?)?$")  # "27-billion-parameter"


def size_near(text: str, toks: list[Token], m: int) -> tuple[int, str] | None:
    """(token, size key) of a size said a few words after the name ending at token `m`, with only filler words
    (lexicon `size_filler`) and one mark of punctuation between any two: "Gemma 3 (the 27B one)", "Qwen3 — the
    235B flavour", "llama 3.3, 70b version", "Gemma 3 in its 27-billion-parameter flavour", "Qwen 3.6 en su
    variante de 35B". Any other word, or a size that counts something ("12 GPUs"), ends the search."""
    filler = lexicon.pattern("size_filler")
    for k in range(m + 1, min(len(toks), m + 1 + _NEAR)):
        if not _NEAR_GAP.fullmatch(text, toks[k - 1].end, toks[k].start):
            return None
        low = toks[k].lower
        size = low if _SIZE_FIRST.match(low) else (f"{b.group(1)}b" if (b := _BILLION.match(low)) else None)
        if size:
            return None if k + 1 < len(toks) and _UNIT_NEXT.match(toks[k + 1].lower) else (k, size)
        if not filler.fullmatch(low):
            return None
    return None


def sized_name(text: str, toks: list[Token], covered: set[int]) -> tuple[int, int, str] | None:
    """ "gemma 3 27b": a word that is no plain word, an optional version, and a parameter count."""
    for i, tok in enumerate(toks):
        if i in covered or len(tok.lower) < 3 or tok.lower in STOPWORDS or not "a" <= tok.lower[:1] <= "z":
            continue
        for j in (i + 1, i + 2):
            if j >= len(toks) or j in covered:
                break
            if _PARAMS.match(toks[j].lower) and not (
                j + 1 < len(toks) and _UNIT_NEXT.match(toks[j + 1].lower)
            ):
                if j == i + 2 and not _VERSIONISH.match(toks[i + 1].lower):
                    break
                return tok.start, toks[j].end, text[tok.start : toks[j].end]
            if not _VERSIONISH.match(toks[j].lower):
                break
    return None


def led_by_short(text: str, toks: list[Token], i: int, mention: Mention, index) -> Mention:
    """An unknown name at token `i` with the word before it when the two start a catalog name run together:
    "ds v4 flash" ("dsv4 pro" is the catalog's own short form of DeepSeek), not "v4 flash"."""
    if i == 0 or text[toks[i - 1].end : toks[i].start].strip() or toks[i - 1].lower in STOPWORDS:
        return mention
    if toks[i - 1].key + toks[i].key not in index.prefixes:
        return mention
    start = toks[i - 1].start
    typed = text[start : mention.end]
    return replace(mention, start=start, typed=typed, model=typed)


def size_before(text: str, toks: list[Token], i: int) -> int | None:
    """The size token right before token `i` ("the 8B Llama"), or before "de"/"of" ("el 120b de gpt-oss")."""
    k = i - 1
    if k >= 0 and toks[k].lower in ("de", "of") and not text[toks[k].end : toks[i].start].strip():
        k -= 1
    if k < 0 or not _SIZE_FIRST.match(toks[k].lower) or text[toks[k].end : toks[k + 1].start].strip():
        return None
    return k


def size_first(text: str, toks: list[Token], i: int, m: int, models: set[str], index) -> Mention | None:
    """ "the 8B Llama", "el 120b de gpt-oss": a size said before a name several catalog models share
    (toks[i..m]) picks the one that has it, as "llama 8b" would; several that have it stay several (asked),
    none is a name the catalog lacks. None when no size comes right before the name."""
    if (k := size_before(text, toks, i)) is None:
        return None
    name = _parts(toks[i : m + 1])
    start, end = toks[k].start, toks[m].end
    typed = text[start:end]
    key = "".join(name) + toks[k].key
    if key in index.alias and index.same_units(key, " ".join([*name, toks[k].lower])):
        return Mention(start, end, typed, index.alias[key], "corrected")  # "the 70B llama" is "llama 70b"
    having = {model for model in models if toks[k].key in index.parts.get(model, ())}
    if len(having) == 1:
        return Mention(start, end, typed, having.pop(), "corrected")
    if having:
        return Mention(start, end, typed, None, "several", tuple(sorted(having)))
    return Mention(start, end, typed, typed, "unknown")


def sized_apart(text: str, toks: list[Token], i: int, m: int, models: set[str], index) -> Mention | None:
    """A name several catalog models share (toks[i..m]) with its size said apart: before it ("the 8B Llama",
    "el 120b de gpt-oss") or after "de"/"of" ("gemma 4 de 31b", "el Mixtral de 8x7B")."""
    if (first := size_first(text, toks, i, m, models, index)) is not None:
        return first
    if (k := of_size(text, toks, m)) is None:
        if (near := size_near(text, toks, m)) is None:
            return None
        one = index.build.plain([*_parts(toks[i : m + 1]), near[1]])  # only the row the catalog has: no guess
        return Mention(toks[i].start, toks[near[0]].end, text[toks[i].start : toks[near[0]].end], one, "corrected") if one else None
    bare = toks[k].lower.isdigit()  # "gpt oss de 120 a 500 tps": 120 is the size only if the family has it
    one = index.build.plain([*_parts(toks[i : m + 1]), toks[k].key + ("b" if bare else "")])
    typed = text[toks[i].start : toks[k].end]
    having = sorted(model for model in models if toks[k].key in index.parts.get(model, ()))
    if not one and len(having) > 1:  # "el Qwen de 35B": two rows have it, so it asks which
        return Mention(toks[i].start, toks[k].end, typed, None, "several", tuple(having))
    if one or not bare:
        return Mention(toks[i].start, toks[k].end, typed, one or typed, "corrected" if one else "unknown")
    return None
