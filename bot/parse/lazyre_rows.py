"""A wide pattern's rows that the word index cannot place (bot/parse/lazyre.py), and the grouped alternation.

A lexicon concept is an alternation of rows, most of which begin with a word of their own ("legal", "the board"),
and one row that may begin with any word ("(?:[\\w-]+\\s+)?(?:committee|council)") leaves the whole concept
without known beginnings: every window of a paste is then scanned at every position, ~10,000 branches of the
authority concept at each word. `rest_starts` splits the alternation into its rows (the alternatives a match
may begin with, opened through the groups and alternations it opens with); the rows whose beginnings are known
give them to the word index as `word_starts` does, and each other row must hold one of a few literal strings
(`required`): the *rest strings*. A window that holds none of them can hold a match of no such row, so a match
begins only where an indexed row may (lazyre tries the whole pattern there: the same matches, in the same
order); a window that holds one is scanned as before.

`words(names)` writes an alternation of literal names grouped by first letter (lazyre's public name).
"""

from __future__ import annotations

import re
import re._constants as _c
import re._parser as _sre_parse
from typing import Any

_OPEN = (_c.SUBPATTERN, _c.ATOMIC_GROUP, _c.BRANCH)
_MAX_ROWS = 4096  # more alternatives than this and the walk costs more than it saves
_MAX_REST = 16  # rest strings looked for with str.find in a window: more cost about as much as the scan
_SHORTEST = 4  # characters of a rest string


def _rows(items: Any, rest: list[Any], at_word: bool, out: list[tuple[list[Any], bool]]) -> bool:
    """The alternatives a match of items + rest may begin with (into `out`), and whether no word character may
    come before each; False when there are too many. A group or alternation that comes first is opened (an atomic
    group too: its matches are some alternative's); the look-arounds before it only narrow where a match is."""
    from bot.parse.lazyre import _ZERO_WIDTH, _after_non_word

    items = list(items)
    for j, (op, av) in enumerate(items):
        if op in _ZERO_WIDTH:
            at_word = at_word or _after_non_word(op, av)
            continue
        if op not in _OPEN:
            out.append((items[j:] + rest, at_word))
            return len(out) <= _MAX_ROWS
        after = items[j + 1 :] + rest
        bodies = av[1] if op is _c.BRANCH else [av[-1] if op is _c.SUBPATTERN else av]
        return all(_rows(body, after, at_word, out) for body in bodies)
    out.append((rest, at_word))
    return len(out) <= _MAX_ROWS


def rest_starts(pattern: str, flags: int, tree: Any = None) -> tuple[frozenset[str], frozenset[str], frozenset[str]] | None:
    """(the word beginnings of the rows whose beginnings are known, their other beginnings, the rest strings of the
    other rows), as lazyre's `word_starts` gives the first two; None when a row holds no literal string, when the
    rest strings are too many or too common, or when no row is left to the index (nothing gained)."""
    from bot.parse import lazyre as L

    if flags & (re.ASCII | re.LOCALE) or len(pattern) < L.WIDE:  # a short pattern's scan costs less than the look-ups
        return None
    rows: list[tuple[list[Any], bool]] = []
    if not _rows((tree or _sre_parse.parse(pattern, flags)).data, [], False, rows):
        return None
    indexed: set[str] = set()
    others: set[str] = set()
    strings: set[str] = set()
    for row, at_word in rows:
        begins = L._starts(row)
        if begins and "" not in begins:
            words = {s for s in begins if s[0] in L._WORD_CHARS or s == L.DIGIT_START} if at_word else set()
            found = L._found({*others, *(begins - words)})
            if found is not None and len(indexed | words) <= L._MAX_STARTS:
                indexed |= words
                others |= begins - words
                continue
        needs = L._sequence(row)
        if needs is None or len(strings | needs) > _MAX_REST or any(s == L.DIGIT or len(s) < _SHORTEST for s in needs):
            return None  # a digit or "the" is in most windows: each would be scanned anyway, after the look-ups
        strings |= needs
    if not strings or (found := L._found(others)) is None or not (indexed or found):
        return None
    return L._keyed(indexed), found, frozenset(strings)


def words(names: list[str], flags: int = 0) -> str:
    """An alternation of the literal `names`, tried in their order, that matches exactly what
    "|".join(map(re.escape, names)) matches, the same way, but is faster: grouped by first letter
    ("m(?:adrid|exico city)|n(?:ew york)"), so each position of a text tries one group's words, not all
    of them (`re` tries every branch of an alternation in turn). `flags`: the pattern's, whose re.I groups
    "Madrid" with "madrid". Sound: two names whose first letters differ (in any case, under re.I) never both
    match at one position, so only the order among names of one letter counts, and it is kept. Names that
    start with a letter whose case `re` folds to another (the long ſ, the Kelvin sign) are not grouped: the
    plain alternation then."""
    from bot.parse.lazyre import _safe

    if not names or any(not n or not _safe(n[0]) for n in names):
        return "|".join(map(re.escape, names))
    heads: dict[str, list[str]] = {}
    for name in names:
        heads.setdefault(name[0].lower() if flags & re.I else name[0], []).append(name)
    branches = []
    for same in heads.values():
        if len(same) == 1:
            branches.append(re.escape(same[0]))
        else:
            branches.append(re.escape(same[0][0]) + "(?:" + "|".join(re.escape(n[1:]) for n in same) + ")")
    return "|".join(branches)
