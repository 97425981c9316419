"""Which model the question is about, or why the parser must ask.

Order of trust: a catalog id or alias typed exactly (case, spaces, dashes and dots aside, the number groups
not: "llama 3 170b" is not "llama 3.1 70b"); a closed API model genai-prices resolves; a typo rapidfuzz
corrects with confidence, the number groups untouched (a typo may fix "deepsek", never turn 3 into 8 or
v3.1 into "V3 / R1") and no word added ("Flash-Lite" is not Flash); then a name we cannot place, handed
over raw so the engine answers `unknown_model` with suggestions.

It asks instead of choosing when two models are named ("llama 3.1 70b and 8b"), when a typo fits two
equally, or when the name typed is one several catalog models share ("gpt-oss", "mixtral"). A word after a
catalog name that makes it another model ("GLM-4.5 Air", "kimi k3") is never dropped; one that does not
("instruct") is read with it, and a precision ("fp8") is read and said not to be modelled. Aliases that
are plain words or names ("Kimi", "Scout") count only where a model is meant.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, Literal

from bot.parse import model_shapes as shapes
from bot.parse.closed import find_closed, is_closed_head
from bot.parse.lazyre import lazy
from bot.parse.words import STOPWORDS, Token, model_context
from costcore.catalog import Catalogs, digit_groups, normalise
from costcore.scenario import Finding

CONFIDENT = 88  # rapidfuzz ratio (0-100) at which a typo is corrected, digits permitting
DOUBTFUL = 75  # below this a near-name is just a word
MAX_SPAN = 6  # tokens in the longest alias ("Meta Llama 3.1 70B Instruct")
MAX_FUZZY_STARTS = 12
# Aliases that are also plain words, never the start of a typo fuzzy matching fixes.
WORD_ALIASES = frozenset({"scout", "maverick"})
# Bare aliases that are also plain words or people's names: "we scout for capacity", "Kimi from finance".
# Alone they count only where a model is meant ("run kimi", "on Scout", "kimi at 300 tok/s") or with a
# version next to them ("kimi k3").
BARE_WORDS = frozenset({"scout", "maverick", "kimi"})
_VERSION = lazy(r"^(?:[a-z]{1,2}\d+(?:\.\d+)*|\d+\.\d+)$")
# Words after a name that make it another model ("GLM-4.5 Air", "V4.1 Flash Lite"); plain English words
# that often follow a name ("plus VAT", "max context", "fast enough") are left out on purpose.
_VARIANTS = """
    air lite mini nano micro tiny pro ultra turbo flash thinking reasoner vl vision coder math omni audio
    distill distilled preview exp experimental terminus scout maverick behemoth speciale guard
"""
VARIANT_WORDS = frozenset(_VARIANTS.split())
# Publishers, not models: "we're fine sending data to OpenAI" names no model ("openai/gpt-oss-120b" is an
# alias, so "openai" starts two catalog names).
VENDORS = frozenset({"openai", "google", "microsoft", "nvidia", "meta", "metaai", "amazon", "aws", "azure", "anthropic"})
HARMLESS_WORDS = frozenset({"instruct", "chat", "base", "hf"})  # the same weights, as far as cost goes
_SIZE = lazy(r"^(?:\d+(?:\.\d+)?b|a\d+(?:\.\d+)?b|\d+x\d+(?:\.\d+)?b?|\d+e)$")
_PRECISION = lazy(
    r"^(?:(?:fp|bf|int|mxfp|nvfp)\d+|q\d(?:_[a-z0-9]+)*|gguf|awq|gptq|exl2|mlx|\d+-?bits?)$"
)
_DATE_CODE = lazy(r"^[0-2]\d{3}$")  # "-0909", "-2507" checkpoints
_CONJUNCTION = frozenset({"and", "or", "vs", "versus", "y", "o", "e"})
_VOLUME_WORDS = frozenset({"input", "output", "in", "out", "of", "de", "entrada", "salida"})
_RUN_VERB = lazy(
    r"\b(?:run|host|self-host|selfhost|serve|deploy|switch to|move to|migrate to|correr|ejecutar|montar|"
    r"desplegar|servir|alojar|hostear|levantar|migrar a|pasar a)\s+(?:the\s+|el\s+|la\s+|an?\s+|un\s+|our own\s+)?",
    re.I,
)

@cache
def _rapidfuzz() -> Any:
    """rapidfuzz, imported when a typo is first weighed (~6 ms of start-up a question typed right skips)."""
    import rapidfuzz.distance
    import rapidfuzz.fuzz
    import rapidfuzz.process

    return rapidfuzz


def _best(key: str, choices: list[str], cutoff: float) -> tuple[str, float, int] | None:
    rf = _rapidfuzz()
    return rf.process.extractOne(key, choices, scorer=rf.fuzz.ratio, score_cutoff=cutoff)


def _could_reach(word: str, head: str, cutoff: float) -> bool:
    """Whether fuzz.ratio(word, head) can reach `cutoff`: the ratio is 2·LCS / (a + b) and the longest
    common subsequence is at most the letters the two share, so this never turns away a real match."""
    shared = sum((Counter(word) & Counter(head)).values())
    return 200 * shared >= cutoff * (len(word) + len(head))


Kind = Literal["catalog", "corrected", "closed", "unknown", "doubtful", "family", "ambiguous", "several"]


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    typed: str
    model: str | None  # catalog id, or the name the engine is given
    kind: Kind
    candidates: tuple[str, ...] = ()
    precision: str | None = None  # "fp8" typed after the name: read, not modelled

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
        self.units: dict[str, set[tuple[str, ...]]] = {}  # alias key -> the number groups of its names
        self.date_codes = {  # the checkpoints a model's names list: "DeepSeek-V4.1-Flash-0909" -> "0909"
            m.id: {c for n in [m.id, m.name, *m.aliases] for c in re.findall(r"(?<![\d.])[0-2]\d{3}(?![\d.])", n)}
            for m in catalogs.models.values()
        }
        # every leading run of a name's words -> the models whose names start so: ("mixtral",) -> both
        self.starts: dict[tuple[str, ...], set[str]] = {}
        self.dtypes = {  # the precisions a model's weights are stored in: "bf16", "fp8", "mxfp4"
            m.id: {w.dtype for w in m.weights if w.dtype}
            | set(re.findall(r"\b(?:[a-z]*fp\d+|bf16|int\d+)\b", " ".join(w.part.lower() for w in m.weights)))
            for m in catalogs.models.values()
        }
        heads: set[str] = set()
        for model in catalogs.models.values():
            for name in [model.id, model.name, *model.aliases]:
                self.units.setdefault(normalise(name), set()).add(digit_groups(name))
                parts = [normalise(p) for p in re.split(r"[\s\-_/]+", name.lower()) if normalise(p)]
                self.bags.setdefault("|".join(sorted(parts)), model.id)
                for n in range(1, len(parts) + 1):
                    self.starts.setdefault(tuple(parts[:n]), set()).add(model.id)
                head = re.match(r"[a-z]+", parts[0] if parts else "")
                if head and len(head.group(0)) >= 3 and head.group(0) not in WORD_ALIASES:
                    heads.add(head.group(0))
        self.parts: dict[str, set[str]] = {}  # model -> every word of its names ("8b", "llama", "3.1")
        for bag, model_id in self.bags.items():
            self.parts.setdefault(model_id, set()).update(bag.split("|"))
        self.short_heads = frozenset(h for h in heads if len(h) <= 4)
        self.long_heads = sorted(h for h in heads if len(h) > 4)
        self._head_cache: dict[str, bool] = {}

    def same_units(self, alias_key: str, typed: str) -> bool:
        """Whether `typed` has the number groups of a name `alias_key` was made from."""
        if alias_key not in self.units:  # an index entry no model name gives: compare the digits run together
            return "".join(digit_groups(typed)) == "".join(ch for ch in alias_key if ch.isdigit())
        return digit_groups(typed) in self.units[alias_key]

    def models_starting(self, key: str) -> set[str]:
        """The models with an alias key that starts with `key`."""
        return {model for alias_key, model in self.alias.items() if alias_key.startswith(key)}

    def is_head(self, word: str) -> bool:
        """Whether `word` starts a model name: "deepseek", "lama" (a typo of llama), "qwen"."""
        if (hit := self._head_cache.get(word)) is not None:
            return hit
        hit = any(word.startswith(h) for h in self.short_heads) or (
            len(word) > 3
            and any(_could_reach(word, head, 80) for head in self.long_heads)
            and _best(word, self.long_heads, 80) is not None
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


@lru_cache(maxsize=4096)
def _word_parts(lower: str) -> tuple[str, ...]:
    return tuple(normalise(p) for p in re.split(r"[\-/_]+", lower) if normalise(p))


def _parts(toks: list[Token]) -> list[str]:
    return [part for t in toks for part in _word_parts(t.lower)]


def _bag(toks: list[Token]) -> str:
    return "|".join(sorted(_parts(toks)))


def _joined(text: str, toks: list[Token], k: int) -> bool:
    """Whether token `k` continues the words before it: nothing but spaces or dashes between them."""
    return 0 < k < len(toks) and not text[toks[k - 1].end : toks[k].start].strip(" \t-_")


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
    if low in VARIANT_WORDS or _SIZE.match(low):
        return "name"
    ends = not _joined(text, toks, k + 1) or toks[k + 1].lower in STOPWORDS  # "1000 requests" is a figure
    if _DATE_CODE.match(low) and ends:  # "flash 1071 at …": a checkpoint's date
        return "name"
    return None


def _adds_word(alias_key: str, key: str) -> bool:
    """Whether `key` is `alias_key` with a word put in ("deepseekv41flashlite") or a letter added to a number
    ("glm45v"): a longer name, not a typo."""
    return any(
        op.tag == "insert"
        and (op.dest_end - op.dest_start >= 2 or key[op.dest_start - 1 : op.dest_start].isdigit())
        for op in _rapidfuzz().distance.Levenshtein.opcodes(alias_key, key)
    )


def _confident(key: str, typed: str, index: _Index) -> list[tuple[float, str]]:
    """(score, model) of the aliases `key` is a typo of: close enough, the same numbers, no word added."""
    if len(key) < 5:
        return []
    return [
        (score, index.alias[alias_key])
        for alias_key, score, _ in _rapidfuzz().process.extract(
            key, index.keys, scorer=_rapidfuzz().fuzz.ratio, limit=6, score_cutoff=CONFIDENT
        )
        if index.same_units(alias_key, typed) and not _adds_word(alias_key, key)
    ]


def _several(text: str, toks: list[Token], i: int, index: _Index) -> Mention | None:
    """A name several catalog models start with, typed alone: "gpt-oss", "llama 3.1", "deepseek"."""
    if toks[i].lower in STOPWORDS or toks[i].key in VENDORS:
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
    goes_on = _follower(text, toks, m + 1) in ("version", "name") or (
        _joined(text, toks, m + 1) and _name_like(toks, m + 1)
    )
    if len(models) < 2 or alone or goes_on:  # "deepseek v3.2", "gpt oss 12b": a name the catalog lacks
        return None
    return Mention(toks[i].start, toks[m].end, typed, None, "several", tuple(sorted(models)))


def _unknown_variant(tok: Token, index: _Index) -> Mention | None:
    """One dashed token that starts like a catalog family and goes on with a version the catalog lacks:
    "Kimi-K2-Thinking", "DeepSeek-V3.1-Terminus". Handed over raw, so the engine answers unknown_model."""
    parts = _parts([tok])
    if len(parts) < 2 or not any(ch.isdigit() for ch in tok.text) or tok.key in VENDORS:
        return None
    if index.starts.get(tuple(parts[:1])) and not index.starts.get(tuple(parts)):
        return Mention(tok.start, tok.end, tok.text, tok.text, "unknown")
    return None


def _exact(text: str, toks: list[Token], index: _Index) -> tuple[list[Mention], set[int]]:
    """Catalog names typed as the catalog spells them, and the bare words ("Kimi") read as plain words."""
    found: list[Mention] = []
    plain: set[int] = set()
    i = 0
    while i < len(toks):
        best: tuple[int, str] | None = None
        key = ""
        for j in range(i, min(len(toks), i + MAX_SPAN)):
            key += toks[j].key
            if key not in index.prefixes:
                break
            if key in index.alias and index.same_units(key, text[toks[i].start : toks[j].end]):
                best = (j, index.alias[key])
        if best is None:
            mention = _several(text, toks, i, index)
        else:
            j, model = best
            follower = _follower(text, toks, j + 1)
            versioned = follower == "version" or (follower == "name" and _SIZE.match(toks[j + 1].lower))
            bare = j == i and toks[i].key in BARE_WORDS and not versioned
            if bare and not model_context(text, toks[i].start, toks[i].end):
                plain.add(i)
                i += 1
                continue
            mention = _extend(text, toks, i, j, model, index)
        if mention is None:
            i += 1
            continue
        found.append(mention)
        while i < len(toks) and toks[i].start < mention.end:
            i += 1
    return found, plain


def _extend(text: str, toks: list[Token], i: int, j: int, model: str, index: _Index) -> Mention:
    """The catalog name toks[i..j] and the words right after it: "deepseek flash v4.1" is still V4.1-Flash,
    "kimi k3" is not Kimi-K2, "GLM-4.5 Air" is not GLM-4.5, "mixtral 8x22" is Mixtral-8x22B."""
    start, first_end, precision = toks[i].start, j, None
    while (follower := _follower(text, toks, j + 1)) is not None:
        k = j + 1
        if follower in ("harmless", "precision"):
            precision = toks[k].text if follower == "precision" else precision
            j = k
            continue
        key = "".join(t.key for t in toks[i : k + 1])
        typed = text[start : toks[k].end]
        if (wider := index.bags.get(_bag(toks[i : k + 1]))) is not None:  # "deepseek flash v4.1"
            model, j = wider, k
            continue
        if index.models_starting(key) == {model}:  # "llama 4 scout 17b": the longer alias's start
            j = k
            continue
        if _DATE_CODE.match(toks[k].lower) and toks[k].lower in index.date_codes.get(model, ()):
            j = k  # "deepseek flash 0909": a checkpoint the catalog lists for this model
            continue
        fixed = {m for _, m in _confident(key, typed, index)}
        if len(fixed) == 1:  # "mixtral 8x22" is Mixtral-8x22B, whatever "mixtral" alone would be
            return Mention(start, toks[k].end, typed, fixed.pop(), "corrected")
        end = k
        while _follower(text, toks, end + 1) in ("version", "name"):
            end += 1
        return Mention(start, toks[end].end, text[start : toks[end].end], None, "unknown")
    typed = text[start : toks[j].end]
    models = index.starts.get(tuple(_parts(toks[i : first_end + 1])), set())
    if j == first_end and len(models) > 1:  # "mixtral": the catalog has two
        return Mention(start, toks[j].end, typed, None, "several", tuple(sorted(models)))
    return Mention(start, toks[j].end, typed, model, "catalog", precision=precision)


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
        confident += [
            (score, j, model) for score, model in _confident(key, text[toks[i].start : toks[j].end], index)
        ]
        near = _best(key, index.keys, DOUBTFUL)
        if near and (loose is None or near[1] > loose[0]):
            loose = (near[1], j)
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


_UNIT_WORD = lazy(
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
        head = re.match(r"[a-z]+", toks[i].lower.split("-")[0])
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


def _covered(toks: list[Token], mentions: list[Mention]) -> set[int]:
    """The tokens the mentions span (a token starting inside one), by bisection: a pasted log of many
    names stays linear."""
    starts = [t.start for t in toks]
    out: set[int] = set()
    for m in mentions:
        out.update(range(bisect_left(starts, m.start), bisect_left(starts, m.end)))
    return out


def _widen(text: str, toks: list[Token], starts: list[int], mention: Mention, index: _Index) -> Mention:
    """ "deepsek v4.1 flash": the alias "v4.1 flash" matched, and the typo before it belongs to the name."""
    k = bisect_left(starts, mention.start)
    first = k if k < len(toks) and toks[k].start == mention.start else None
    if not first or mention.kind != "catalog":
        return mention
    head = re.match(r"[a-z]+", toks[first - 1].key)
    if not head or not index.is_head(head.group(0)) or toks[first - 1].key in index.alias:
        return mention
    key = "".join(t.key for t in toks[first - 1 :] if t.start < mention.end)
    typed = text[toks[first - 1].start : mention.end]
    best = _best(key, index.keys, CONFIDENT)
    if best and index.alias[best[0]] == mention.model and index.same_units(best[0], typed):
        start = toks[first - 1].start
        return Mention(start, mention.end, typed, mention.model, "corrected", precision=mention.precision)
    return mention


def _siblings(text: str, toks: list[Token], mentions: list[Mention], covered: set[int]) -> list[Mention]:
    """ "llama 3.1 70b and 8b", "qwen3 235b, 30b": a second size names a second model of the family."""
    found: list[Mention] = []
    ends = [t.end for t in toks]
    for mention in mentions:
        if mention.kind not in ("catalog", "corrected") or not mention.model:
            continue
        last = bisect_left(ends, mention.end)
        if last + 1 < len(toks) and text[toks[last].end : toks[last + 1].start].strip() == ",":
            k = last + 1
        elif last + 2 < len(toks) and toks[last + 1].lower in _CONJUNCTION:
            k = last + 2
        else:
            continue
        if k in covered:
            continue
        size = toks[k]
        if not _SIZE.match(size.lower) or size.lower.startswith("a") or _quantity_next(toks, k):
            continue
        sizes = list(
            re.finditer(r"(?<![a-z\d.])\d+(?:\.\d+)?(?:x\d+(?:\.\d+)?)?b?(?![a-z\d])", mention.typed, re.I)
        )
        if not sizes or not re.search(r"[bx]", sizes[-1].group(0), re.I):
            continue
        typed = mention.typed[: sizes[-1].start()] + size.text + mention.typed[sizes[-1].end() :]
        found.append(Mention(size.start, size.end, typed, typed, "unknown"))
    return found


def read_model(text: str, toks: list[Token], catalogs: Catalogs) -> ModelRead:
    index = _index(catalogs)
    exact, plain = _exact(text, toks, index)
    starts = [t.start for t in toks]
    mentions = [_widen(text, toks, starts, m, index) for m in exact]
    covered = plain | _covered(toks, mentions)
    for closed in find_closed(text, toks, covered):
        if closed.ref is None:
            kind: Kind = "family"
        elif closed.open_host:
            kind = "unknown"
        else:
            kind = "corrected" if closed.corrected else "closed"
        model = closed.typed if closed.open_host else closed.ref
        mentions.append(Mention(closed.start, closed.end, closed.typed, model, kind))
    covered = plain | _covered(toks, mentions)
    for start, end, typed, model in shapes.family_size(text, toks, covered, index):  # "llama 8b"
        mentions.append(Mention(start, end, typed, model, "corrected"))
    covered = plain | _covered(toks, mentions)
    mentions += _fuzzy(text, toks, covered, index)
    if not mentions:  # nothing the catalog, genai-prices or a typo explains: "Kimi-K2-Thinking"
        mentions += [m for k, tok in enumerate(toks) if k not in covered and (m := _unknown_variant(tok, index))][:1]
    if not mentions and (sized := shapes.sized_name(text, toks, covered)):  # "gemma 3 27b"
        mentions.append(Mention(sized[0], sized[1], sized[2], sized[2], "unknown"))
    if not mentions and (after := _after_verb(text, toks)):
        mentions.append(after)
    covered = plain | _covered(toks, mentions)
    for sibling in _siblings(text, toks, mentions, covered):
        model = catalogs.alias_index.get(normalise(sibling.typed))
        mentions.append(
            Mention(sibling.start, sibling.end, sibling.typed, model or sibling.typed, sibling.kind)
        )
    read = _decide(sorted(mentions, key=lambda m: m.start))
    picked = next((m for m in mentions if m.precision and m.model == read.model), None)
    if picked and read.model and picked.precision.lower() not in index.dtypes.get(read.model, set()):
        dtypes = sorted(index.dtypes.get(read.model, set()))
        read.notes.append(
            Finding(
                code="precision_not_modelled",
                params={"typed": picked.precision[:20], "model": read.model, "catalog": "/".join(dtypes)},
            )
        )
    return read


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
    if len({n.lower() for n in named}) > 1:
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
