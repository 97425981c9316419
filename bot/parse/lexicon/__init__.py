"""The parser's vocabulary as data: one YAML file per language (en.yaml, es.yaml) with the same concepts,
and places.yaml (business cities -> IANA zones). Readers ask for a concept's pattern; a new phrasing is a
row in a file, not a branch in a reader. Loaded once, compiled on first use."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from bot.cache import cached_pickle
from bot.parse.lazyre import lazy

HERE = Path(__file__).resolve().parent
LANGUAGES = ("en", "es")
# A whole word starts here. The look-ahead first: at a space or a digit it fails at once, where the
# look-behind alone let the whole alternation be tried at every space (5x slower on a masked paste).
WORD_START = r"(?=[^\s\d])(?<!\w)(?<!\w')"
# A whole word ends here: not before a letter, nor before an apostrophe that goes on ("don't"); a closing
# quote ("… 250 tok/s each'") ends it. The same at the start: "'our 12 tenants" starts a word.
WORD_END = r"(?!\w|'\w)"


def _load(name: str) -> Any:
    """A data file, kept parsed in the user's cache (a warm `llmcost ask` imports no YAML parser)."""
    path = HERE / f"{name}.yaml"
    stat = path.stat()

    def parse() -> Any:
        import yaml

        return yaml.safe_load(path.read_text(encoding="utf-8"))

    return cached_pickle("lexicon", (name, stat.st_size, stat.st_mtime_ns), parse)


@cache
def _files() -> dict[str, dict[str, Any]]:
    return {lang: _load(lang) for lang in LANGUAGES}


@cache
def fragments(concept: str) -> tuple[str, ...]:
    """Every language's fragments for `concept`, in file order."""
    return tuple(f for lang in LANGUAGES for f in (_files()[lang].get(concept) or []))


def rows(lang: str, concept: str) -> list[dict[str, Any]]:
    """A language's table of rows for `concept` (dicts, in file order)."""
    return list(_files()[lang].get(concept) or [])


@cache
def mapping(concept: str) -> dict[str, Any]:
    """Every language's table for `concept` (lower-case keys), merged."""
    return {str(k).lower(): v for lang in LANGUAGES for k, v in (_files()[lang].get(concept) or {}).items()}


def language_mapping(lang: str, concept: str) -> dict[str, Any]:
    """One language's table for `concept` (lower-case keys): "1.095 billion" reads by English rules."""
    return {str(k).lower(): v for k, v in (_files()[lang].get(concept) or {}).items()}


_PART = re.compile(r"\{([a-z_]+)\}")


@cache
def alternation(concept: str) -> str:
    """The concept's fragments as one alternation. A fragment may name another concept as a part,
    `{boundary}` or `{object}`: concepts compose from parts (forbid + object + boundary), so a new synonym of
    a part is one row, not a row in every phrase that uses it. A placeholder that is no concept stays as is
    (`{country}` is filled by its reader)."""
    return "(?:" + "|".join(f"(?:{expand(f, concept)})" for f in fragments(concept)) + ")"


def expand(fragment: str, within: str = "") -> str:
    """`fragment` with each `{concept}` it names replaced by that concept's alternation."""

    def part(m: re.Match[str]) -> str:
        name = m.group(1)
        return alternation(name) if name != within and name in _files()["en"] else m.group(0)

    return _PART.sub(part, fragment)


@cache
def pattern(concept: str) -> re.Pattern[str]:
    """One case-insensitive pattern for the concept, whole words at both ends."""
    return lazy(rf"{WORD_START}{alternation(concept)}{WORD_END}", re.I)


@cache
def watch() -> tuple[tuple[str, bool, re.Pattern[str]], ...]:
    """(field, asks, pattern) for the words that usually change the answer (the unused-word safety net)."""
    rows = [row for lang in LANGUAGES for row in _files()[lang].get("watch") or []]
    return tuple(
        (row["field"], bool(row.get("ask")), lazy(rf"{WORD_START}(?:{expand(row['words'])}){WORD_END}", re.I))
        for row in rows
    )


@cache
def _watch_all(ignore_case: bool) -> re.Pattern[str]:
    from bot.parse.grouped import watch_firsts  # it reads this module's rows

    rows = [row for lang in LANGUAGES for row in _files()[lang].get("watch") or []]
    branches = "|".join(f"{first}(?P<w{i}>{expand(row['words'])})" for i, (row, first) in enumerate(zip(rows, watch_firsts(), strict=True)))
    return lazy(rf"{WORD_START}(?:{branches}){WORD_END}", re.I if ignore_case else 0)


def watch_hits(text: str, most: int = 8) -> list[list[re.Match[str]]]:
    """The watched words in `text`, per row of `watch()` (at most `most` each), from one scan of the text.
    The scan reads the text in lower case without re.I (the rows are lower case): a case-blind scan of forty
    rows cost 3 ms of a 4,000-character paste, this one 1.2 ms. A match's span is the text's; its
    `group(0)` is lower case (show `text[m.start():m.end()]`). A word two rows share goes to the first."""
    hits: list[list[re.Match[str]]] = [[] for _ in watch()]
    low = text.lower()
    scan, pattern = (low, _watch_all(False)) if len(low) == len(text) else (text, _watch_all(True))
    for m in pattern.finditer(scan):
        row = hits[int(m.lastgroup[1:])]
        if len(row) < most:
            row.append(m)
    return hits


@cache
def country_zones() -> dict[str, str]:
    return _load("country_zones")


@cache
def countries() -> dict[str, str]:
    """Country names (regular-expression fragments, lower case) -> ISO 3166 alpha-2."""
    return {str(k).lower(): str(v) for k, v in _load("countries").items()}


@cache
def clouds() -> dict[str, str]:
    """Cloud names (regular-expression fragments, lower case) -> the provider as node offers spell it."""
    return {str(k).lower(): str(v) for k, v in _load("clouds").items()}


@cache
def place_regions() -> dict[str, Any]:
    """EU countries and cloud region ids -> countries (place_regions.yaml; bot/parse/residency_places.py)."""
    return _load("place_regions")


@cache
def not_cities() -> list[str]:
    return list(_load("not_cities"))


@cache
def places() -> dict[str, str]:
    return _load("places")


@cache
def zones() -> dict[str, Any]:
    """Zone words that are no city (zones.yaml): names, clock words, abbreviations, acronyms, regions."""
    return _load("zones")
