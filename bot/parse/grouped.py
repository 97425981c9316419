"""A concept's pattern grouped by the first letter of each branch: at each word start the regex engine tries
only the branches that can begin with that letter, not all of them (the residency stance reads ~10 concepts of
long alternations per part of a sentence). Same matches as lexicon.pattern: within a letter's group the
branches keep their order, and a branch that cannot start with a letter cannot match where that letter is."""

from __future__ import annotations

import re
from functools import cache

try:  # Python 3.11+
    from re import _constants as _c
    from re import _parser as _p
except ImportError:  # pragma: no cover
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _p  # type: ignore[no-redef]

from bot.parse import lexicon
from bot.parse.lazyre import lazy

_ANY = None  # a branch that may start with anything: kept in every group


def _first(items) -> set[str] | None:
    """The lower-case first characters `items` (a parsed sequence) can match, or None for any."""
    out: set[str] = set()
    for op, av in items:
        if op in (_c.AT, _c.ASSERT, _c.ASSERT_NOT):
            continue  # zero width: look at what follows
        if op is _c.LITERAL:
            out.add(chr(av).lower())
            return out
        if op is _c.IN:
            for kind, val in av:
                if kind is _c.LITERAL:
                    out.add(chr(val).lower())
                elif kind is _c.RANGE and val[1] - val[0] < 64:
                    out.update(chr(x).lower() for x in range(val[0], val[1] + 1))
                else:
                    return _ANY
            return out
        if op is _c.SUBPATTERN:
            sub = _first(av[-1])
            if sub is _ANY or _empty(av[-1]):
                return _ANY
            return out | sub
        if op is _c.BRANCH:
            for branch in av[1]:
                sub = _first(branch)
                if sub is _ANY or _empty(branch):
                    return _ANY
                out |= sub
            return out
        if op in (_c.MAX_REPEAT, _c.MIN_REPEAT):
            sub = _first(av[2])
            if sub is _ANY or _empty(av[2]):
                return _ANY
            out |= sub
            if av[0] > 0:
                return out
            continue  # optional: what follows may start too
        return _ANY
    return _ANY  # all optional: may match empty


def _empty(items) -> bool:
    lo, _ = items.getwidth() if hasattr(items, "getwidth") else (1, 1)
    return lo == 0


# The concepts read with grouped patterns (stance, rulings, the residency phrase rows, residency_topic, the gateway's
# composed pain: ~110 rows scanned over every cued sentence); any other
# concept is read ungrouped. Their first letters are worked out once, on a cold run, and kept in the cache folder
# (a warm run parses no regular expression: tests/bot/test_cache.py).
GROUPED = ("authority", "egress", "vendor_use", "doubt", "refuse", "reverse", "approve", "forbid", "keep_in", "scrubbed",
           "public", "allow", "rule_question", "sensitive", "sensitive_held", "rule", "withdrawn", "lapsed", "contrast",
           "stays_phrase", "sensitive_phrase", "leaves_phrase", "eu", "residency_topic", "gateway_pain")


_WHOLE_PART = lazy(r"\{([a-z_]+)\}")


def _rows(concept: str) -> list[str]:
    """The concept's fragments, expanded; a row that is only a part ("{mental_health}", a category of `sensitive`)
    is that part's own rows, so each is grouped by its own first letters (same order, same matches)."""
    out: list[str] = []
    for f in lexicon.fragments(concept):
        whole = _WHOLE_PART.fullmatch(f)
        if whole and whole.group(1) != concept and lexicon.fragments(whole.group(1)):
            out += [lexicon.expand(g, whole.group(1)) for g in lexicon.fragments(whole.group(1))]
        else:
            out.append(lexicon.expand(f, concept))
    return out


def _firsts_of(concept: str) -> list[frozenset[str] | None] | None:
    """Per row, the first characters it can match (None: anything); None when no row's are known."""
    try:
        firsts = [_first(_p.parse(f, re.I)) for f in _rows(concept)]
    except re.error:  # a placeholder its reader fills ({country})
        return None
    return None if all(f is _ANY for f in firsts) else [None if f is _ANY else frozenset(f) for f in firsts]


@cache
def _firsts() -> dict[str, list[frozenset[str] | None] | None]:
    from bot.cache import cached_pickle

    files = sorted(lexicon.HERE.glob("*.yaml"))
    key = ("any rows", GROUPED, tuple((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in files))
    return cached_pickle("grouped", key, lambda: {c: _firsts_of(c) for c in GROUPED})


@cache
def watch_firsts() -> tuple[str, ...]:
    """Per row of the `watch` lists (lexicon.watch_hits), a look-ahead for the characters a match of the row can
    start with, both cases ("(?=[aAcC])"; "" when it may start with anything): the one scan of the watched words
    tries at a word start only the rows that can begin there, in their order. Kept like `_firsts`."""
    from bot.cache import cached_pickle

    def build() -> tuple[str, ...]:
        out = []
        for row in (r for lang in lexicon.LANGUAGES for r in lexicon.rows(lang, "watch")):
            try:
                first = _first(_p.parse(lexicon.expand(row["words"]), re.I))
            except re.error:
                first = _ANY
            both = set() if first is _ANY else first | {u for c in first if len(u := c.upper()) == 1}
            out.append(f"(?=[{re.escape(''.join(sorted(both)))}])" if both else "")
        return tuple(out)

    files = sorted(lexicon.HERE.glob("*.yaml"))
    return cached_pickle("grouped-watch", tuple((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in files), build)


@cache
def alternation(concept: str) -> str:
    """lexicon.alternation(concept), its top-level branches grouped by first letter (the same string when the
    concept is not in GROUPED, or no branch's first letters are known). A branch that may start with anything
    ("(?:[\\w-]+\\s+)?committee") is in every letter's group, in its place, and in a last group tried where no
    letter of the others is."""
    firsts = _firsts().get(concept)
    if firsts is None:
        return lexicon.alternation(concept)
    branches = _rows(concept)
    letters = sorted(set().union(*(f for f in firsts if f is not None)))
    groups: dict[tuple[int, ...], list[str]] = {}
    for letter in letters:
        groups.setdefault(tuple(i for i, f in enumerate(firsts) if f is None or letter in f), []).append(letter)
    alts = [f"(?=[{re.escape(''.join(ls))}])(?:{'|'.join(f'(?:{branches[i]})' for i in idx)})" for idx, ls in groups.items()]
    if anything := [i for i, f in enumerate(firsts) if f is None]:
        alts.append(f"(?![{re.escape(''.join(letters))}])(?:{'|'.join(f'(?:{branches[i]})' for i in anything)})")
    return f"(?:{'|'.join(alts)})"


@cache
def pattern(concept: str) -> re.Pattern[str]:
    """lexicon.pattern(concept), grouped by first letter: the same matches."""
    return lazy(rf"{lexicon.WORD_START}{alternation(concept)}{lexicon.WORD_END}", re.I)


def _top_branches(fragment: str) -> list[str]:
    """A fragment split at its top-level "|" (not inside groups, classes or after a backslash)."""
    out, depth, start, i, in_class = [], 0, 0, 0, False
    while i < len(fragment):
        ch = fragment[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            out.append(fragment[start:i])
            start = i + 1
        i += 1
    return [*out, fragment[start:]]


@cache
def by_letter(concept: str) -> str:
    """lexicon.alternation(concept) for a word list (person_nouns, group_nouns): every branch of every row grouped
    by its first letter, read from the text of the branch (no regex parsing, so a warm run stays free of it). A
    branch that starts with anything but a plain letter ("(?:", "[", "\\s", "e?") is tried at every letter. Same
    matches, in the same order; a count's noun is tried against ~10 branches instead of ~150 (parseS)."""
    branches = [b for f in lexicon.fragments(concept) for b in _top_branches(lexicon.expand(f, concept))]

    def first(b: str) -> str | None:
        return b[0].lower() if b and b[0].isalpha() and b[0].isascii() and b[1:2] not in ("?", "*", "{") else None

    letters = sorted({f for b in branches if (f := first(b))})
    groups = [f"(?=[{ch}])(?:{'|'.join(b for b in branches if first(b) in (ch, None))})" for ch in letters]
    if rest := [b for b in branches if first(b) is None]:
        groups.append(f"(?![{''.join(letters)}])(?:{'|'.join(rest)})")
    return f"(?:{'|'.join(groups)})"
