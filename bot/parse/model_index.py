"""What the model reader knows of the catalog: its names as keys, their number groups, the
families they start, and the word lists that say what a token after a name does. Built once per catalog.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.parse.build_index import SIZE, VARIANTS, BuildIndex
from bot.parse.fuzzy import _best, _could_reach, abbreviated
from bot.parse.lazyre import lazy
from bot.parse.model_mention import Kind, Mention, ModelRead  # noqa: F401  Kind, ModelRead: the model readers import them here
from bot.parse.publishers import publishers
from bot.parse.words import Token
from costcore.catalog import Catalogs, digit_groups, normalise

# The number groups of a typed name, kept: a pasted log names the same model hundreds of times.
cached_digit_groups = lru_cache(maxsize=4096)(digit_groups)

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


# Words after a name that make it another model ("GLM-4.5 Air", "V4.1 Flash Lite"): bot/parse/build_index.py
VARIANT_WORDS = VARIANTS


# Serving tools, not models: "Ollama" is no typo of "llama 8b".
TOOLS = frozenset({"ollama", "vllm", "sglang", "llamacpp"})
HARMLESS_WORDS = frozenset({"instruct", "chat", "base", "hf"})  # the same weights, as far as cost goes


_SIZE = SIZE  # a parameter count: "8b", "a3b", "8x7b"


@lru_cache(maxsize=8192)
def is_size(word: str) -> bool:
    """Whether a word (lower case) is a parameter count (`_SIZE`), once per distinct word: the model reader asks it
    of every word of a paste, and a paste repeats its words."""
    return bool(_SIZE.match(word))


_PRECISION = lazy(r"^(?:(?:fp|bf|int|mxfp|nvfp)\d+|q\d(?:_[a-z0-9]+)*|gguf|awq|gptq|exl2|mlx|\d+-?bits?)$")


_DATE_CODE = lazy(r"^[0-2]\d{3}$")  # "-0909", "-2507" checkpoints


_CONJUNCTION = frozenset({"and", "or", "vs", "versus", "y", "o", "e"})


_VOLUME_WORDS = frozenset({"input", "output", "in", "out", "of", "de", "entrada", "salida"})


_RUN_VERB = lazy(
    r"\b(?:run|host|self-host|selfhost|serve|deploy|switch to|move to|migrate to|correr|ejecutar|montar|"
    r"desplegar|servir|alojar|hostear|levantar|migrar a|pasar a)\s+(?:the\s+|el\s+|la\s+|an?\s+|un\s+|our own\s+)?",
    re.I,
)


class _Index:
    """Alias lookups built once per catalog."""

    def __init__(self, catalogs: Catalogs) -> None:
        self.alias = dict(catalogs.alias_index)
        self.alias |= abbreviated(self.alias)  # "dsv4 pro preview": the catalog's own short form, on its other names
        # publishers, not models ("sending data to OpenAI"), from costcore's catalogs (bot/parse/publishers.py)
        self.vendors = publishers(catalogs)
        self.keys = list(self.alias)
        self.prefixes = {key[:n] for key in self.keys for n in range(1, len(key) + 1)}
        self.bags: dict[str, str] = {}
        self.units: dict[str, set[tuple[str, ...]]] = {}  # alias key -> the number groups of its names
        self.date_codes = {  # the checkpoints a model's names list: "DeepSeek-V4.1-Flash-0909" -> "0909"
            m.id: {
                c for n in [m.id, m.name, *m.aliases] for c in re.findall(r"(?<![\d.])[0-2]\d{3}(?![\d.])", n)
            }
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
        self.build = BuildIndex(catalogs, self.alias)  # which builds the words typed fit (bot/parse/build_index.py)
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
        # a name and the words after it -> what `model_extend._extend` read there (a pasted log repeats its names)
        self.no_name_starts: set[str] = set()  # words (lower case) `models._exact` found start no name
        self.extended: dict[tuple[str, int, int, bool, str], Mention] = {}

    def same_units(self, alias_key: str, typed: str) -> bool:
        """Whether `typed` has the number groups of a name `alias_key` was made from."""
        if alias_key not in self.units:  # an index entry no model name gives: compare the digits run together
            return "".join(cached_digit_groups(typed)) == "".join(ch for ch in alias_key if ch.isdigit())
        return cached_digit_groups(typed) in self.units[alias_key]

    def models_starting(self, key: str) -> set[str]:
        """The models with an alias key that starts with `key`."""
        return {model for alias_key, model in self.alias.items() if alias_key.startswith(key)}

    def is_head(self, word: str) -> bool:
        """Whether `word` starts a model name: "deepseek", "lama" (a typo of llama), "qwen"."""
        if (hit := self._head_cache.get(word)) is not None:
            return hit
        swapped = sorted(word[:4]) if len(word) >= 4 else None  # "qwne": two letters of "qwen" swapped
        hit = any(word.startswith(h) or (swapped and len(h) == 4 and swapped == sorted(h)) for h in self.short_heads) or (
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


_UNIT_WORD = lazy(
    r"^(?:tok|toks|tokens?|tps|t/s|tok/s|tokens?/s(?:ec)?|concurrent|users?|usuarios|%|percent)"
)
