"""Which model the question is about, or why the parser must ask.

Order of trust: a catalog id or alias typed exactly (case, spaces, dashes and dots aside); a closed API
model genai-prices resolves; a typo rapidfuzz corrects with confidence, the digits untouched (a typo may
fix "deepsek", never turn 3 into 8); then a name we cannot place, handed over raw so the engine answers
`unknown_model` with suggestions. Two different models named, or a typo two models fit equally, asks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from rapidfuzz import fuzz, process

from bot.parse.closed import find_closed
from bot.parse.words import STOPWORDS, Token, digits
from costcore.catalog import Catalogs, normalise
from costcore.scenario import Finding

CONFIDENT = 88  # rapidfuzz ratio (0-100) at which a typo is corrected, digits permitting
DOUBTFUL = 75  # below this a near-name is just a word
MAX_SPAN = 6  # tokens in the longest alias ("Meta Llama 3.1 70B Instruct")
MAX_FUZZY_STARTS = 12
# Aliases that are also plain words: "we scout for capacity" is not Llama 4 Scout. Capitalised, they count.
WORD_ALIASES = frozenset({"scout", "maverick"})
_VERSION = re.compile(r"^(?:[a-z]{1,2}\d+(?:\.\d+)*|\d+\.\d+)$")
_RUN_VERB = re.compile(
    r"\b(?:run|host|self-host|selfhost|serve|deploy|switch to|move to|migrate to|correr|ejecutar|montar|"
    r"desplegar|servir|alojar|hostear|levantar|migrar a|pasar a)\s+(?:the\s+|el\s+|la\s+|an?\s+|un\s+|our own\s+)?",
    re.I,
)

Kind = Literal["catalog", "corrected", "closed", "unknown", "doubtful", "family", "ambiguous"]


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    typed: str
    model: str | None  # catalog id, or the name the engine is given
    kind: Kind
    candidates: tuple[str, ...] = ()

    @property
    def strong(self) -> bool:
        return self.kind in ("catalog", "corrected", "closed", "unknown", "ambiguous")


@dataclass
class ModelRead:
    model: str | None = None
    notes: list[Finding] = field(default_factory=list)
    clarification: Finding | None = None
    spans: list[tuple[int, int]] = field(default_factory=list)  # where names were, so numbers skip them


class _Index:
    """Alias lookups built once per catalog."""

    def __init__(self, catalogs: Catalogs) -> None:
        self.alias = dict(catalogs.alias_index)
        self.keys = list(self.alias)
        self.prefixes = {key[:n] for key in self.keys for n in range(1, len(key) + 1)}
        self.bags: dict[str, str] = {}
        heads: set[str] = set()
        for model in catalogs.models.values():
            for name in [model.id, model.name, *model.aliases]:
                parts = [normalise(p) for p in re.split(r"[\s\-_/]+", name.lower()) if normalise(p)]
                self.bags.setdefault("|".join(sorted(parts)), model.id)
                head = re.match(r"[a-z]+", parts[0] if parts else "")
                if head and len(head.group(0)) >= 3 and head.group(0) not in WORD_ALIASES:
                    heads.add(head.group(0))
        self.short_heads = frozenset(h for h in heads if len(h) <= 4)
        self.long_heads = sorted(h for h in heads if len(h) > 4)
        self._head_cache: dict[str, bool] = {}

    def is_head(self, word: str) -> bool:
        """Whether `word` starts a model name: "deepseek", "lama" (a typo of llama), "qwen"."""
        if (hit := self._head_cache.get(word)) is not None:
            return hit
        hit = any(word.startswith(h) for h in self.short_heads) or (
            len(word) > 3
            and process.extractOne(word, self.long_heads, scorer=fuzz.ratio, score_cutoff=80) is not None
        )
        if len(self._head_cache) < 10_000:
            self._head_cache[word] = hit
        return hit


_INDEXES: dict[int, tuple[Catalogs, _Index]] = {}


def _index(catalogs: Catalogs) -> _Index:
    hit = _INDEXES.get(id(catalogs))
    if hit is None or hit[0] is not catalogs:
        if len(_INDEXES) > 8:
            _INDEXES.clear()
        hit = _INDEXES[id(catalogs)] = (catalogs, _Index(catalogs))
    return hit[1]


def _bag(toks: list[Token]) -> str:
    parts = [normalise(p) for t in toks for p in re.split(r"[\-/]+", t.lower) if normalise(p)]
    return "|".join(sorted(parts))


def _exact(text: str, toks: list[Token], index: _Index) -> list[Mention]:
    found: list[Mention] = []
    i = 0
    while i < len(toks):
        best: tuple[int, str] | None = None
        key = ""
        for j in range(i, min(len(toks), i + MAX_SPAN)):
            key += toks[j].key
            if key not in index.prefixes:
                break
            if key in index.alias:
                best = (j, index.alias[key])
        if best is None or (best[0] == i and toks[i].key in WORD_ALIASES and toks[i].text.islower()):
            i += 1
            continue
        j, model = best
        if j + 1 < len(toks) and _VERSION.match(toks[j + 1].lower):
            # "kimi k3" is not Kimi-K2; "deepseek flash v4.1" still is V4.1-Flash
            extended = index.bags.get(_bag(toks[i : j + 2]))
            j += 1
            if extended is None:
                found.append(
                    Mention(toks[i].start, toks[j].end, text[toks[i].start : toks[j].end], None, "unknown")
                )
                i = j + 1
                continue
            model = extended
        found.append(Mention(toks[i].start, toks[j].end, text[toks[i].start : toks[j].end], model, "catalog"))
        i = j + 1
    return found


def _fuzzy_at(text: str, toks: list[Token], i: int, covered: set[int], index: _Index) -> Mention | None:
    confident: list[tuple[float, int, str]] = []  # (score, end token, model) with the digits unchanged
    loose: tuple[float, int] | None = None
    key = ""
    for j in range(i, min(len(toks), i + 4)):
        if j in covered or (j > i and toks[j].lower in STOPWORDS):
            break
        key += toks[j].key
        if len(key) < 4:
            continue
        for alias_key, score, _ in process.extract(
            key, index.keys, scorer=fuzz.ratio, limit=6, score_cutoff=DOUBTFUL
        ):
            if digits(alias_key) == digits(key) and score >= CONFIDENT and len(key) >= 5:
                confident.append((score, j, index.alias[alias_key]))
            if loose is None or score > loose[0]:
                loose = (score, j)
    if confident:
        score, j, model = max(confident, key=lambda c: (c[0], -c[1]))
        typed = text[toks[i].start : toks[j].end]
        rivals = sorted({m for s, _, m in confident if m != model and s >= score - 2})
        if rivals:
            return Mention(toks[i].start, toks[j].end, typed, None, "ambiguous", (model, *rivals))
        return Mention(toks[i].start, toks[j].end, typed, model, "corrected")
    if loose:
        j = _name_end(toks, loose[1], covered)
        return Mention(toks[i].start, toks[j].end, text[toks[i].start : toks[j].end], None, "doubtful")
    return None


_UNIT_WORD = re.compile(
    r"^(?:tok|toks|tokens?|tps|t/s|tok/s|tokens?/s(?:ec)?|concurrent|users?|usuarios|%|percent)"
)


def _name_like(toks: list[Token], j: int) -> bool:
    tok = toks[j]
    if tok.lower in STOPWORDS or _UNIT_WORD.match(tok.lower):
        return False
    if re.fullmatch(
        r"[\d.,]+[kmb]?", tok.lower
    ):  # a bare number belongs to a name only if short and unit-less
        unit_next = j + 1 < len(toks) and _UNIT_WORD.match(toks[j + 1].lower)
        return len(tok.text) <= 3 and not tok.lower.endswith(("k", "m")) and not unit_next
    return True


def _name_end(toks: list[Token], j: int, covered: set[int], limit: int = 4) -> int:
    """The last token of a name that starts before `j`: "Mistral" -> "Mistral Large 3"."""
    stop = min(len(toks), j + limit)
    while j + 1 < stop and j + 1 not in covered and _name_like(toks, j + 1):
        j += 1
    return j


def _fuzzy(text: str, toks: list[Token], covered: set[int], index: _Index) -> list[Mention]:
    found: list[Mention] = []
    starts = 0
    i = 0
    while i < len(toks) and starts < MAX_FUZZY_STARTS:
        head = re.match(r"[a-z]+", toks[i].key)
        if i in covered or not head or not index.is_head(head.group(0)):
            i += 1
            continue
        starts += 1
        mention = _fuzzy_at(text, toks, i, covered, index)
        if mention is None:
            i += 1
            continue
        found.append(mention)
        while i < len(toks) and toks[i].start < mention.end:
            i += 1
    return found


def _after_verb(text: str, toks: list[Token]) -> Mention | None:
    """The name after "run", "host", "correr"…: "can we run Mistral Large 3 ourselves?"."""
    for verb in _RUN_VERB.finditer(text):
        first = next((k for k, t in enumerate(toks) if t.start >= verb.end()), None)
        if first is None or not _name_like(toks, first) or re.fullmatch(r"[\d.,]+", toks[first].text):
            continue
        last = _name_end(toks, first, set(), limit=4)
        picked = toks[first : last + 1]
        if any(re.search(r"[A-Z\d\-]", t.text) for t in picked):
            typed = text[picked[0].start : picked[-1].end]
            return Mention(picked[0].start, picked[-1].end, typed, typed, "unknown")
    return None


def _widen(text: str, toks: list[Token], mention: Mention, index: _Index) -> Mention:
    """ "deepsek v4.1 flash": the alias "v4.1 flash" matched, and the typo before it belongs to the name."""
    first = next((k for k, t in enumerate(toks) if t.start == mention.start), None)
    if not first or mention.kind != "catalog":
        return mention
    head = re.match(r"[a-z]+", toks[first - 1].key)
    if not head or not index.is_head(head.group(0)) or toks[first - 1].key in index.alias:
        return mention
    key = "".join(t.key for t in toks[first - 1 :] if t.start < mention.end)
    best = process.extractOne(key, index.keys, scorer=fuzz.ratio, score_cutoff=CONFIDENT)
    if best and index.alias[best[0]] == mention.model and digits(best[0]) == digits(key):
        start = toks[first - 1].start
        return Mention(start, mention.end, text[start : mention.end], mention.model, "corrected")
    return mention


def read_model(text: str, toks: list[Token], catalogs: Catalogs) -> ModelRead:
    index = _index(catalogs)
    mentions = [_widen(text, toks, m, index) for m in _exact(text, toks, index)]
    covered = {k for k, t in enumerate(toks) for m in mentions if m.start <= t.start < m.end}
    for closed in find_closed(text, toks, covered):
        if closed.ref is None:
            kind: Kind = "family"
        elif closed.open_host:
            kind = "unknown"
        else:
            kind = "corrected" if closed.corrected else "closed"
        model = closed.typed if closed.open_host else closed.ref
        mentions.append(Mention(closed.start, closed.end, closed.typed, model, kind))
    covered = {k for k, t in enumerate(toks) for m in mentions if m.start <= t.start < m.end}
    mentions += _fuzzy(text, toks, covered, index)
    if not mentions and (after := _after_verb(text, toks)):
        mentions.append(after)
    return _decide(mentions)


def _decide(mentions: list[Mention]) -> ModelRead:
    read = ModelRead(spans=[(m.start, m.end) for m in mentions])
    if ambiguous := next((m for m in mentions if m.kind == "ambiguous"), None):
        read.clarification = Finding(
            code="ambiguous_model",
            params={"typed": ambiguous.typed[:80], "candidates": list(ambiguous.candidates)},
        )
        return read
    strong = [m for m in mentions if m.strong]
    named = list(dict.fromkeys((m.model or m.typed) for m in strong))
    if len({n.lower() for n in named}) > 1:
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
    if doubtful := next((m for m in mentions if m.kind == "doubtful"), None):
        read.model = doubtful.typed[:120]
        return read
    if family := next((m for m in mentions if m.kind == "family"), None):
        read.clarification = Finding(code="model_version_missing", params={"family": family.typed[:40]})
        return read
    read.clarification = Finding(code="missing_model", params={})
    return read
