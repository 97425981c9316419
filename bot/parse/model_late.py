"""Names read after the typo rules: names the catalog lacks beside a catalog name ("GLM-4.7 vs GLM-4.6", "qwen3 32b vs
qwen3 30b", "llama3.2 vs Llama-3.3-70B"), their own mention so the question asks which instead of pricing the
other; and a second size of the same family ("llama 3.1 70b and 8b", "… or the 405B one?"). Split from `models`."""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.model_guess import _unknown_variant
from bot.parse.model_index import _CONJUNCTION, Mention, _Index, is_size
from bot.parse.model_pick import _covered, _follower, _quantity_next
from bot.parse.words import Token
from costcore.catalog import Catalogs, normalise


def _mixed(key: str) -> bool:
    """A word of letters then digits ("glm47", "llama32"): what a name the catalog lacks is made of."""
    return key[:1].isalpha() and not key.isalpha()


def late_unknowns(text: str, toks: list[Token], mentions: list[Mention], pending: list[Mention], index: _Index) -> list[Mention]:
    """The mentions with the names the catalog lacks added: `pending` (a family's name going on with a version
    or size it lacks, held back until no typo or shape rule named a row) and dashed or glued words ("GLM-4.7",
    "llama3.2"). A near-name (doubtful) is weaker and gives way; a plain word ("maverick") does not block them."""
    mixed = [k for k, tok in enumerate(toks) if _mixed(tok.key)]
    if not (pending or mixed):
        return mentions
    held = _covered(toks, [m for m in mentions if m.kind != "doubtful"])
    late = [m for m in pending if not _covered(toks, [m]) & held]
    held |= _covered(toks, late)
    late += [_grown(text, toks, k, m, held) for k in mixed if k not in held and (m := _unknown_variant(toks[k], index))][:3]
    for unknown in late:
        mentions = [m for m in mentions if m.kind != "doubtful" or m.end <= unknown.start or m.start >= unknown.end]
        mentions.append(unknown)
    return mentions


def _grown(text: str, toks: list[Token], k: int, mention: Mention, held: set[int]) -> Mention:
    """A glued name the catalog lacks with the size or version typed after it: "qwen2.5 72b", not "qwen2.5"."""
    end = k
    while end + 1 not in held and _follower(text, toks, end + 1) in ("version", "name"):
        end += 1
    if end == k:
        return mention
    typed = text[toks[k].start : toks[end].end]
    return Mention(toks[k].start, toks[end].end, typed, typed, "unknown")


_SIZE_IN_NAME = lazy(r"(?<![a-z\d.])\d+(?:\.\d+)?(?:x\d+(?:\.\d+)?)?b?(?![a-z\d])", re.I)
_SIZE_MARK = lazy(r"[bx]", re.I)


@cache
def _one_words() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The words after and before a size said apart, and both as one search over the text (most have neither)."""
    after, before = lexicon.alternation("size_one_after"), lexicon.alternation("size_one_before")
    anywhere = rf"{lexicon.WORD_START}(?:{after}|{before}){lexicon.WORD_END}"
    return lazy(after, re.I), lazy(before, re.I), lazy(anywhere, re.I)


def _sizes_said_apart(text: str, toks: list[Token]) -> list[int]:
    """The sizes said as another of a family named before: "… or the 405B one?", "… ¿o la de 405B?"."""
    after, before, anywhere = _one_words()
    found: list[int] = []
    if not anywhere.search(text):
        return found
    for k, tok in enumerate(toks):
        if not is_size(tok.lower) or tok.lower.startswith(("a", "e")):
            continue
        if (k + 1 < len(toks) and after.fullmatch(toks[k + 1].lower)) or (
            k >= 2 and before.fullmatch(f"{toks[k - 2].lower} {toks[k - 1].lower}")
        ):
            found.append(k)
    return found


def _sizes(text: str, toks: list[Token], mentions: list[Mention], covered: set[int]) -> list[Mention]:
    """ "llama 3.1 70b and 8b", "qwen3 235b, 30b": a second size names a second model of the family."""
    found: list[Mention] = []
    ends = [t.end for t in toks]
    apart: list[int] | None = None
    for mention in mentions:
        if mention.kind not in ("catalog", "corrected") or not mention.model:
            continue
        last = bisect_left(ends, mention.end)
        if last + 1 < len(toks) and text[toks[last].end : toks[last + 1].start].strip() == ",":
            k = last + 1
        elif last + 2 < len(toks) and toks[last + 1].lower in _CONJUNCTION:
            k = last + 2
        else:
            apart = _sizes_said_apart(text, toks) if apart is None else apart  # once, only when a name has no second
            n = bisect_left(apart, last + 1)  # size right after it
            if n == len(apart):
                continue
            k = apart[n]
        if k in covered:
            continue
        size = toks[k]
        if not is_size(size.lower) or size.lower.startswith("a") or _quantity_next(toks, k):
            continue
        sizes = list(_SIZE_IN_NAME.finditer(mention.typed))
        if not sizes or not _SIZE_MARK.search(sizes[-1].group(0)):
            continue
        typed = mention.typed[: sizes[-1].start()] + size.text + mention.typed[sizes[-1].end() :]
        found.append(Mention(size.start, size.end, typed, typed, "unknown"))
    return found


def siblings(text: str, toks: list[Token], mentions: list[Mention], covered: set[int], catalogs: Catalogs) -> list[Mention]:
    """The second sizes as mentions: the catalog row that name is, or the name as typed."""
    return [
        Mention(s.start, s.end, s.typed, catalogs.alias_index.get(normalise(s.typed)) or s.typed, s.kind)
        for s in _sizes(text, toks, mentions, covered)
    ]
