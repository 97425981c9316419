"""A model's version or name corrected in the question: "llama 3.3 instead of 3.1", "use 3.3 instead of 3.1",
"not 3.1, 3.3", "llama 3.3 en vez de 3.1", "glm 5.1 … sorry, I meant 5.2", "kimi k2.5, no wait, k2.6". The
words are lexicon concepts (`model_instead`, `model_meant`, `model_not` in bot/parse/lexicon/*.yaml); the
operands are a model mention or a bare version or size ("3.3", "k2.6", "70b") followed by nothing that makes it a
figure ("3 nodes" is no version). The new version takes the old one's place in the model named, and the name is
looked up again: a catalog row, the row a plain name gives, or a name the catalog lacks (handed over as typed,
never the neighbour). The old version is masked so no reader takes it for a figure ("de 3.1 a 500 tok/s")."""

from __future__ import annotations

import re
from bisect import bisect_left

from bot.parse import lexicon
from bot.parse.build_index import SIZE, canonical
from bot.parse.lazyre import lazy
from bot.parse.model_index import Mention, _Index
from bot.parse.words import Token
from costcore.catalog import normalise

_OPERAND = lazy(r"^(?:v?\d+\.\d+(?:\.\d+)*|[a-z]{1,2}\d+(?:\.\d+)*|\d+(?:\.\d+)?b)$")
# What may follow a bare version: the end, punctuation, or one of these words (not "3 nodes", "3.5 hours").
_FOLLOW = frozenset(
    ["at", "a", "@", "with", "con", "for", "para", "and", "y", "instead", "rather", "en", "please", "pls", "thanks", "then", "entonces", "sino", "but", "pero", "not", "no", "in", "the", "la", "el", "por", "on", "build", "version", "one", "checkpoint", "release", "versión", "build"]
)
# Articles, and the verbs that pick the new name ("scrap that, use llama 3.3 70b": lexicon `model_fix_verb`)
_BUILD_NOUNS = frozenset({"build", "version", "versión", "checkpoint", "release"})
_ARTICLES = frozenset({"the", "la", "el", "one", "de"}) | _BUILD_NOUNS | frozenset(
    w for row in lexicon.fragments("model_fix_verb") for w in row.split()
)
_SKIPPED = _ARTICLES | {"but", "sino"}  # between "not 3.1" and "but the 3.3"
_WORDS = lazy(rf"\b(?:{'|'.join(sorted(_SKIPPED, key=lambda w: (-len(w), w)))})\b", re.I)  # the same pattern in every process
_SEP = lazy(r"^[\s,;:—–-]*$")
_GAP = lazy(r"^[\s,;:()—–-]*$")
_VERSION_PART = lazy(r"^[a-z]{0,2}\d{1,3}$")  # "33", "k26", "v4", "5": a version, not a size or a date


# Words that pick a build of the model named, as an operand: "or rather the 2507 instruct", "I meant the thinking".
_BUILDS = frozenset({"thinking", "instruct", "preview", "fp8", "bf16"})
_DATE = lazy(r"^[0-2]\d{3}$")


def _kind(part: str) -> str:
    if part in _BUILDS or _DATE.match(part):
        return "build"
    return "size" if SIZE.match(part) else "version" if _VERSION_PART.match(part) else "word"


def _operand(low: str) -> bool:
    return bool(_OPERAND.match(low)) or low in _BUILDS or bool(_DATE.match(low))


class _Operands:
    """What stands at a place in the text: a model mention, or a bare version token."""

    def __init__(self, text: str, toks: list[Token], mentions: list[Mention]) -> None:
        self.text, self.toks = text, toks
        self.starts = [t.start for t in toks]
        self.mentions = mentions

    @property
    def mentions(self) -> list[Mention]:
        return self._mentions

    @mentions.setter
    def mentions(self, mentions: list[Mention]) -> None:  # looked up by start and end: a paste names hundreds
        self._mentions = mentions
        self.by_start = {m.start: m for m in reversed(mentions)}
        self.by_end = {m.end: m for m in reversed(mentions)}

    def _bare(self, k: int) -> Mention | None:
        tok = self.toks[k] if 0 <= k < len(self.toks) else None
        if tok is None or not _operand(tok.lower) or any(m.start <= tok.start < m.end for m in self.mentions):
            return None
        end = k  # "3.3 70b", "2507 instruct": a version and a size, a checkpoint and a build
        while end + 1 < min(len(self.toks), k + 3) and _operand(self.toks[end + 1].lower) and not self.text[
            self.toks[end].end : self.toks[end + 1].start
        ].strip():
            end += 1
        around = [self.toks[i].lower for i in (k - 1, end + 1) if 0 <= i < len(self.toks)]
        named = _BUILD_NOUNS.intersection(around)
        if all(_DATE.match(t.lower) for t in self.toks[k : end + 1]) and not named:
            return None  # a year or a figure ("1000") alone is no build; "the 2507 build", "la versión 2507" is
        nxt = self.toks[end + 1] if end + 1 < len(self.toks) else None
        if nxt and not self.text[self.toks[end].end : nxt.start].strip() and nxt.lower not in _FOLLOW:
            return None
        return Mention(tok.start, self.toks[end].end, self.text[tok.start : self.toks[end].end], None, "unknown")

    def after(self, pos: int, gap: re.Pattern[str] = _GAP) -> Mention | None:
        """The operand starting right after `pos`, with only punctuation (or `gap`) and articles between."""
        k = bisect_left(self.starts, pos)
        skip = _SKIPPED if gap is _SEP else _ARTICLES  # "no la 3.1 sino la 3.3", "en lugar de la 3.1"
        while k + 1 < len(self.toks) and self.toks[k].lower in skip:
            k += 1
        if k >= len(self.toks) or not gap.match(_WORDS.sub(" ", self.text[pos : self.toks[k].start])):
            return None
        return self.by_start.get(self.toks[k].start) or self._bare(k)

    def before(self, pos: int) -> Mention | None:
        """The operand ending right before `pos`."""
        k = bisect_left(self.starts, pos) - 1
        if k < 0 or not _GAP.match(self.text[self.toks[k].end : pos]):
            return None
        return self.by_end.get(self.toks[k].end) or self._bare(k)


def _swap(base: Mention, new: Mention, index: _Index) -> Mention | None:
    """`base` with the version or size `new` in place of its own: the row that name is (or the row a plain name
    gives), else the name as typed with the new version, for the engine to answer unknown_model."""
    said = _parts(new.typed)
    kinds = {_kind(p) for p in said}
    # a name corrected once already ("Llama 3.1 → 70b") is corrected again from what it became
    name = base.model if base.kind == "corrected" and base.model and "→" in base.typed else base.typed
    kept = [p for p in canonical(_parts(name)) if _kind(p) not in kinds]
    if not kept:
        return None
    parts = [*kept, *said]
    model = index.build.plain(parts)
    if model is not None and model == base.model:
        return base  # "llama 3.1 → 70b … I meant the 70b": said again, nothing changes
    if model is None and "build" in kinds:
        return None  # a build word the family has no build of changes nothing
    if model is None:
        words = name.split()
        at = next((i for i, w in enumerate(words) if any(_kind(p) in kinds for p in _parts(w))), None)
        words = words[:at] + [new.typed] + words[at + 1 :] if at is not None else words[:1] + [new.typed] + words[1:]
        model = " ".join(words)
    return Mention(base.start, base.end, f"{base.typed} → {new.typed}", model, "corrected")


def _parts(typed: str) -> list[str]:
    return [normalise(p) for word in typed.lower().split() for p in re.split(r"[\-/_]+", word) if normalise(p)]


def _pair(concept: str, mark: re.Match[str], ops: _Operands) -> tuple[Mention | None, Mention | None]:
    """(old, new) around one correction mark, by the concept's word order."""
    if concept == "model_not":  # "not 3.1, 3.3"
        old = ops.after(mark.end(), _SEP)
        return old, ops.after(old.end, _SEP) if old else None
    if concept == "model_instead":  # "3.3 instead of 3.1"
        return ops.after(mark.end()), ops.before(mark.start())
    old, new = ops.before(mark.start()), ops.after(mark.end())  # "3.1, I meant 3.3"
    if old is None and new is not None and new.model:  # "kimi k2.5 a 300 tok/s, digo, k2.6"
        earlier = [m for m in ops.mentions if m.end <= mark.start() and (m.model or m.candidates)]
        old = earlier[0] if len(earlier) == 1 else None
    return old, new


def _worth_reading(toks: list[Token], mentions: list[Mention]) -> bool:
    """Whether a correction could change anything: two names, or a name and a version outside it (a pasted log
    of figures skips the scan for correction words)."""
    named = [m for m in mentions if m.model or m.candidates]
    if len({m.model or m.candidates for m in named}) != 1:
        return len(named) > 1
    versions = [t for t in toks if (not t.key.isalpha() or t.lower in _BUILDS) and _operand(t.lower)]
    if not versions:  # most words are letters only
        return False
    spans = sorted((m.start, m.end) for m in named)
    starts = [s for s, _ in spans]
    for t in versions:
        k = bisect_left(starts, t.start + 1) - 1
        if k < 0 or not spans[k][0] <= t.start < spans[k][1]:
            return True
    return False


def corrections(
    text: str, toks: list[Token], mentions: list[Mention], index: _Index
) -> tuple[list[Mention], list[tuple[int, int]]]:
    """The mentions with corrections applied, and the spans of the versions read as part of a correction."""
    spans: list[tuple[int, int]] = []
    if not _worth_reading(toks, mentions):
        return mentions, spans
    ops = _Operands(text, toks, mentions)
    for concept in ("model_not", "model_instead", "model_meant"):
        for mark in lexicon.pattern(concept).finditer(text):
            old, new = _pair(concept, mark, ops)
            if new is None or (concept != "model_meant" and old is None) or (old and old.model and old.model == new.model):
                continue
            named = [m for m in ops.mentions if m.model or m.candidates]
            base = old if old is not None and (old.model or old.candidates) else None
            if base is None and new.model is None:
                if len({m.start for m in named}) != 1:
                    continue
                base = named[0]
            fixed = new if new.model else _swap(base, new, index) if base else None
            if fixed is None:
                continue
            gone = {id(m) for m in (old, base, new) if m is not None}
            ops.mentions = [*[m for m in ops.mentions if id(m) not in gone], fixed]
            spans += [(m.start, m.end) for m in (old, new) if m is not None]
    return sorted(ops.mentions, key=lambda m: m.start), spans
