"""Which catalog builds the words of a typed name fit, in any order: every name of every row as a set of words
("qwen3" split into "qwen" and "3", so "qwen 3 30b" is typed too), looked up by subset. Built once per catalog
with the model reader's index (bot/parse/model_index.py); used by bot/parse/model_builds.py."""

from __future__ import annotations

import re
from typing import Any

from bot.parse.lazyre import lazy
from costcore.catalog import normalise

# A parameter count: "30b", "a3b", "e4b", "8x7b" (the same shapes the model reader calls a size)
SIZE = lazy(r"^(?:\d+(?:\.\d+)?b|[ae]\d+(?:\.\d+)?b|\d+x\d+(?:\.\d+)?b?|\d+e)$")  # "e4b": Gemma's effective size

# Words after a name that make it another model ("GLM-4.5 Air", "V4.1 Flash Lite"); plain English words
# that often follow a name ("plus VAT", "max context", "fast enough") are left out on purpose.
_VARIANTS = """
    air lite mini nano micro tiny pro ultra turbo flash thinking reasoner vl vision coder math omni audio
    distill distilled preview exp experimental terminus scout maverick behemoth speciale guard
"""
VARIANTS = frozenset(_VARIANTS.split())


HEAD_NUMBER = lazy(r"^([a-z]{3,})(\d+)$")


def canonical(parts: list[str] | tuple[str, ...]) -> list[str]:
    """Name words with a family glued to its version split: "qwen3" -> "qwen", "3" ("qwen 3" is typed too)."""
    out: list[str] = []
    for part in parts:
        glued = HEAD_NUMBER.match(part)
        out += glued.groups() if glued else (part,)
    return out


class BuildIndex:
    """Every catalog name as a set of canonical words, and the Hub ids whose bare name is another row's."""

    def __init__(self, catalogs: Any, alias: dict[str, str]) -> None:
        self.alias = alias
        self.build_names: list[tuple[frozenset[str], str]] = []
        self.org_names: dict[str, str] = {}  # "deepseekaideepseekv4pro" -> "deepseekv4pro"
        for model in catalogs.models.values():
            for name in [model.id, model.name, *model.aliases]:
                parts = [normalise(p) for p in re.split(r"[\s\-_/]+", name.lower()) if normalise(p)]
                self.build_names.append((frozenset(canonical(parts)), model.id))
                if "/" in name:
                    self.org_names[normalise(name)] = normalise(name.split("/", 1)[1])
        # official names: a row's own name and its Hub repo's name, bare and with the organisation
        self.officials: dict[str, set[str]] = {}
        for model in catalogs.models.values():
            repos = [model.hub_repo] if getattr(model, "hub_repo", None) else []
            for name in [model.name, *repos, *[r.split("/", 1)[1] for r in repos]]:
                self.officials.setdefault(normalise(name), set()).add(model.id)
        self.names_of: dict[str, list[frozenset[str]]] = {}
        for names, model_id in self.build_names:
            self.names_of.setdefault(model_id, []).append(names)
        self._builds: dict[frozenset[str], frozenset[str]] = {}

    def builds(self, parts: list[str]) -> set[str]:
        """The models with a name holding every one of `parts` (canonical words), in any order: "qwen3 30b
        instruct" fits only Qwen3-30B-A3B-Instruct-2507, "qwen3 30b" fits three builds."""
        typed = frozenset(canonical(parts))
        if (hit := self._builds.get(typed)) is None:  # a pasted log names the same model hundreds of times
            hit = frozenset(model for names, model in self.build_names if typed <= names)
            if len(self._builds) < 4096:
                self._builds[typed] = hit
        return set(hit)

    def names_fit(self, model: str, parts: list[str]) -> bool:
        """Whether one of `model`'s own names holds every one of `parts`."""
        typed = frozenset(canonical(parts))
        return any(typed <= names for names in self.names_of.get(model, ()))

    def one_build(self, parts: list[str]) -> str | None:
        """The one model whose names hold every word typed, when what the words leave out is only a build
        tag ("qwen3 30b thinking" leaves out "a3b", "2507"): never a size ("gemma 3" leaves out 27b, and Gemma
        3 comes in four) unless a size was typed, nor a variant ("deepseek v4.1" leaves out "flash")."""
        found = self.builds(parts)
        if len(found) != 1:
            return None
        model = found.pop()
        typed = frozenset(canonical(parts))
        sized = any(SIZE.match(p) for p in typed)
        for names in self.names_of.get(model, ()):
            missing = names - typed
            if not missing & VARIANTS and (sized or not any(SIZE.match(p) for p in missing)):
                return model
        return None

    def plain(self, parts: list[str]) -> str | None:
        """The one build the words name, or the row whose own name is exactly those words when several builds
        share them ("qwen3 235b" is the April row, "qwen3 235b 2507" the Instruct: the catalog's alias)."""
        if one := self.one_build(parts):
            return one
        typed = frozenset(canonical(parts))
        exact = {m for m in self.builds(parts) if typed in self.names_of.get(m, ())}
        return exact.pop() if len(exact) == 1 else None

    def org_rival(self, key: str) -> str | None:
        """The row a Hub id's bare name points to when it is not the Hub id's row: the organisation prefix
        must not decide the build by itself."""
        bare = self.org_names.get(key)
        rival = self.alias.get(bare) if bare else None
        return rival if rival and rival != self.alias.get(key) else None

    def official(self, typed: str) -> set[str]:
        """The rows whose official name (the row's name, its Hub repo with or without the organisation) is
        `typed`: one row when the name is that build's own, two when a release and a preview share it."""
        return self.officials.get(normalise(typed), set())
