"""`lazy` compiles a parser pattern that skips a long text lacking a string every match must hold.

A 4,000-character paste is scanned by a few hundred patterns, and `re` tries each at every position even
when the text cannot hold a match: a pattern for "business hours", "office hours" or "9 to 5" walks a log
with no "hours" in it and no "9" character by character. `lazy(pattern)` reads once, from the pattern's
own syntax tree, a few strings of which every match must contain one ("hours", "9" — the *required
strings*; `required`), and on a long text a scan (`search`, `finditer`, `findall`, `sub`, `subn`, `split`)
first asks whether the text holds any of them (`str.find`, many times faster than the scan). When it holds
none, the scan's answer is known without scanning: no match. Otherwise, and on every short text, the
pattern runs as compiled: the result is the same either way, only found sooner.

The required strings are sound by construction: a literal run the match must consume (not one inside an
optional part, a look-around or a negated class), the union over a branch's alternatives (none when any
alternative has none), and for `\\d` any decimal digit. They are compared in lower case with the text in
lower case (a case-blind pattern matches a letter of any case; a case-sensitive one is only weakened), and
only letters whose case `re` folds one to one are used (ASCII and Latin-1 letters, the dotless ı, the long
ſ and the dotted İ folded first); a text whose lower case changes length skips the check.

A long text that holds them is scanned by the pattern behind a look-ahead for the characters a match can
start with (`gated`: "(?=[\\dadh])" for `\\b(?:\\d+x|double|half)…`): `re` skips to a literal a pattern opens
with, but one that opens with `\\b`, a look-around or a group it tries at every position, every branch in
turn; the gate fails there at one class test. The gated code is compiled under the pattern's own string, so a
match's `.re.pattern`, groups and names are the pattern's. `words(names)` writes an alternation of many
literal names grouped by first letter (the city names), the same matches tried ~8x faster.

A pattern whose every match begins a word with one of a few known beginnings (`word_starts`: "the", "eu", a
digit for `(?<![\\w.,])\\d`, "a " for `(?<!\\w)a\\s+`) is not scanned at all on a long text: it is tried only where
such a word begins, looked up in one index of the text's word beginnings (by their first one, two and three
characters in lower case, any space read as " ", and the words whose first character is a decimal digit, as
`\\d` matches); a window of the text with no such word answers "no match" after two bisects. A pattern of
more than a hundred characters also sifts those words by up to six characters of what its matches
begin with (`sift`): "the" is a beginning of `therapy`, and "the data" is tried no more.

A wide pattern (`WIDE`: the lexicon's concepts, thousands of alternatives) costs 50-500 µs a scan even of a
one-line question, every word start trying every alternative of its letter; on a short text too it is tried
only where a word begins as one of its matches may, the text's few beginnings looked up in the pattern's
(bot/parse/text_index.py keeps a short text's index apart from a long one's). Its beginnings are read from the
tree `re` parses when it compiles the pattern (`_compile`), so a cold start parses it no more than before.

`match` and `fullmatch` are the compiled pattern's own methods (anchored: nothing to skip). A match's `.re`
is a compiled pattern (`Pattern.compiled`, or its gated twin on a long text), not this object: compare
patterns by `.pattern`. Since bot/startup.py keeps every pattern's compiled code between runs, compiling at
import costs nothing measurable; the required strings and the gated code are worked out on the first long
text a pattern scans, so a short question never pays for them, and kept in the user's cache folder, so the
next process does not either.
"""

from __future__ import annotations

import atexit
import contextlib
import pickle
import re
import re._compiler as _sre_compile
import re._constants as _c
import re._parser as _sre_parse
import sys
from bisect import bisect_left
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bot.parse.lazyre_rows import rest_starts, words
from bot.parse.text_index import ANY_DIGIT as _ANY_DIGIT
from bot.parse.text_index import DIGIT_START, LONG
from bot.parse.text_index import FOLD as _FOLD  # noqa: F401 (the tests' name for it)
from bot.parse.text_index import SPACES as _SPACES
from bot.parse.text_index import heads as _heads
from bot.parse.text_index import lowered as _lowered
from bot.parse.text_index import spaced as _spaced
from bot.parse.text_index import starts_at as _starts_at

_MAX_STRINGS = 24  # more strings than this and looking for each costs about as much as the scan
DIGIT = "\x00digit"  # the required "string" that stands for any decimal digit (no literal run holds a NUL)
SPACE_START = "\x02"  # `\s` in what a match begins with ("a\x02" for `a\s+`); the word index reads any space as " "
WIDE = 500  # characters of pattern: from this long a scan of a short text is tried only where a match may begin
_WINDOW = 400  # characters: a scan this short of a long text looks for the required strings in the window
_WINDOW_STRINGS = 8  # first, when they are this few
_REPEATS = (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT)
_ZERO_WIDTH = (_c.AT, _c.ASSERT, _c.ASSERT_NOT)  # they consume nothing
_BROAD = {r"\w", r"\W", r"\S", r"\D"}  # a first character this broad gates nothing
_CATEGORIES = {_c.CATEGORY_DIGIT: r"\d", _c.CATEGORY_NOT_DIGIT: r"\D", _c.CATEGORY_SPACE: r"\s",
               _c.CATEGORY_NOT_SPACE: r"\S", _c.CATEGORY_WORD: r"\w", _c.CATEGORY_NOT_WORD: r"\W"}


def _safe(ch: str) -> bool:
    """A letter whose case-blind matches are exactly the characters with its lower case (after _FOLD)."""
    code = ord(ch)
    return 0 < code < 0x80 or (0xC0 <= code <= 0xFF and code not in (0xD7, 0xF7))


Strings = frozenset[str] | None  # one of these must occur in every match; None: no such set is known


def _better(a: Strings, b: Strings) -> Strings:
    """Of two sets that both must hold, the more selective: longer strings (a letter is in any long text),
    then fewer of them."""
    if a is None:
        return b
    if b is None:
        return a
    return a if _rank(a) <= _rank(b) else b


def _rank(strings: frozenset[str]) -> tuple[int, int, bool]:
    shortest = min(1 if s == DIGIT else len(s) for s in strings)  # most texts hold some digit: one character
    return -min(shortest, 4), len(strings), DIGIT in strings


def _charset(items: list[tuple[Any, Any]], digits: bool) -> frozenset[str] | None:
    """The characters a class allows, when it is a short list of letters and ranges (`[\\s-]` is not); `\\d`
    as DIGIT when `digits`."""
    chars: set[str] = set()
    for op, av in items:
        if op is _c.LITERAL and _safe(chr(av)):
            chars.add(chr(av).lower())
        elif op is _c.RANGE and av[1] - av[0] < 10 and all(_safe(chr(c)) for c in range(av[0], av[1] + 1)):
            chars.update(chr(c).lower() for c in range(av[0], av[1] + 1))
        elif digits and op is _c.CATEGORY and av is _c.CATEGORY_DIGIT:
            chars.add(DIGIT)
        else:  # NEGATE, other categories, long ranges, letters re folds otherwise
            return None
    return frozenset(chars) if chars and len(chars) <= _MAX_STRINGS else None


def _product(a: frozenset[str], b: frozenset[str]) -> frozenset[str] | None:
    if len(a) * len(b) > _MAX_STRINGS:
        return None
    return frozenset(x + y for x in a for y in b)


def _exact(op: Any, av: Any) -> frozenset[str] | None:
    """Every text the item can consume, in lower case, when they are few: "h(?:ours?|rs)" consumes "hour",
    "hours" or "hrs" and nothing else. None when they are many or not fixed (`\\w+`, `\\s`)."""
    if op is _c.LITERAL:
        return frozenset({chr(av).lower()}) if _safe(chr(av)) else None
    if op is _c.IN:
        return _charset(av, digits=False)
    if op in _ZERO_WIDTH:
        return frozenset({""})
    if op is _c.SUBPATTERN:
        return _exact_sequence(av[-1])
    if op is _c.ATOMIC_GROUP:
        return _exact_sequence(av)
    if op is _c.BRANCH:
        union: set[str] = set()
        for alternative in av[1]:
            strings = _exact_sequence(alternative)
            if strings is None or len(union | strings) > _MAX_STRINGS:
                return None
            union |= strings
        return frozenset(union)
    if op in _REPEATS:
        low, high, body = av
        once = _exact_sequence(body) if high <= 2 else None
        if once is None:
            return None
        union, power = set(), frozenset({""})
        for n in range(high + 1):
            if n >= low:
                union |= power
            if n < high and (power := _product(power, once)) is None:
                return None
        return frozenset(union) if len(union) <= _MAX_STRINGS else None
    return None


def _exact_sequence(items: Any) -> frozenset[str] | None:
    strings: frozenset[str] | None = frozenset({""})
    for op, av in items:
        item = _exact(op, av)
        if item is None or (strings := _product(strings, item)) is None:
            return None
    return strings


def _as_required(strings: frozenset[str]) -> Strings:
    """What a run that consumes one of `strings` requires: nothing when it may consume nothing."""
    if "" in strings:
        return None
    return _shortened(set(strings))


def _item(op: Any, av: Any) -> Strings:
    """What an item that consumes no fixed text requires."""
    if op is _c.IN:
        return _charset(av, digits=True)
    if op is _c.CATEGORY and av is _c.CATEGORY_DIGIT:
        return frozenset({DIGIT})
    if op is _c.SUBPATTERN:
        return _sequence(av[-1])
    if op is _c.ATOMIC_GROUP:
        return _sequence(av)
    if op in _REPEATS:
        low, _high, body = av
        return _sequence(body) if low >= 1 else None
    if op is _c.BRANCH:
        union: set[str] = set()
        for alternative in av[1]:
            strings = _sequence(alternative)
            if strings is None:
                return None
            union |= strings
        return _shortened(union)
    return None  # ANY, `\\w`, `\\s`, back-references, conditionals: nothing required


def _shortened(union: set[str]) -> Strings:
    """A set of strings, kept few: a string that holds another is implied by it; past the limit, cut them to
    their first three characters (a part of a required string is required too)."""
    strings = _minimal(union)
    if len(strings) > _MAX_STRINGS:
        strings = _minimal({s if s == DIGIT else s[:3] for s in strings})
    return frozenset(strings) if len(strings) <= _MAX_STRINGS else None


def _minimal(strings: set[str]) -> set[str]:
    """Drop each string that holds another of the set: any text holding it holds the other."""
    return {s for s in strings if s == DIGIT or not any(o != s and o != DIGIT and o in s for o in strings)}


def _sequence(items: Any) -> Strings:
    """What a sequence requires: every item matches in turn, so the most selective of what its runs of fixed
    text consume ("business" + "hours" apart, since `\\s+` between them is no fixed text) and of what its
    other items require."""
    best: Strings = None
    run = frozenset({""})
    for op, av in [*items, (None, None)]:
        item = _exact(op, av) if op is not None else None
        if item is not None:
            if (joined := _product(run, item)) is not None:
                run = joined
                continue
            best, run = _better(best, _as_required(run)), item  # too many: the run so far, then a new one
            continue
        best, run = _better(best, _as_required(run)), frozenset({""})
        if op is not None:
            best = _better(best, _item(op, av))
    return best


def required(pattern: str | re.Pattern[str], flags: int = 0) -> Strings:
    """The strings (lower case) of which every match of `pattern` holds at least one, or None."""
    if isinstance(pattern, re.Pattern | Pattern):
        pattern, flags = pattern.pattern, pattern.flags
    return _required(pattern, flags)


def _in_class(code: int) -> str:
    char = chr(code)
    return "\\" + char if char in "-]\\^[" else re.escape(char)


def _firsts(items: Any) -> set[str] | None:
    """The character class items (`a`, `0-9`, `\\d`) the first character a match of the sequence consumes
    is one of, in the pattern's own case (its flags apply to them as to the pattern); None when it may be
    anything, or the sequence may consume nothing."""
    out: set[str] = set()
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue
        if op is _c.LITERAL:
            return out | {_in_class(av)}
        if op is _c.IN:
            for kind, value in av:
                if kind is _c.LITERAL:
                    out.add(_in_class(value))
                elif kind is _c.RANGE:
                    out.add(f"{_in_class(value[0])}-{_in_class(value[1])}")
                elif kind is _c.CATEGORY and value in _CATEGORIES:
                    out.add(_CATEGORIES[value])
                else:  # NEGATE, other categories
                    return None
            return out
        if op in (_c.SUBPATTERN, _c.ATOMIC_GROUP, *_REPEATS):
            body = av[-1] if op is _c.SUBPATTERN else av if op is _c.ATOMIC_GROUP else av[2]
            if (sub := _firsts(body)) is None or body.getwidth()[0] == 0:
                return None
            out |= sub
            if op in _REPEATS and av[0] == 0:
                continue  # optional: what follows may come first
            return out
        if op is _c.BRANCH:
            for alternative in av[1]:
                if (sub := _firsts(alternative)) is None or alternative.getwidth()[0] == 0:
                    return None
                out |= sub
            return out
        return None
    return None  # nothing consumed: the empty match


_GATES = (_c.AT, _c.ASSERT, _c.ASSERT_NOT, _c.BRANCH, _c.SUBPATTERN, _c.ATOMIC_GROUP, *_REPEATS)


def _gate_code(pattern: str, flags: int) -> tuple[Any, ...] | None:
    """The sre code of `pattern` behind a look-ahead for the characters a match can start with ("(?=[\\dadh])"),
    compiled under the pattern's own string; None when that gains nothing. `re` tries a pattern that opens with
    `\\b` or a group at every position of the text, every branch in turn; the look-ahead fails at one class
    test wherever no match can start (no branch's first character is there). A literal first character `re`
    already skips to; a pattern that opens with a look-ahead of one class is gated already."""
    tree = _sre_parse.parse(pattern, flags)
    items = tree.data
    if not items or items[0][0] not in _GATES:
        return None
    op, av = items[0]
    if op is _c.ASSERT and av[0] == 1 and len(av[1].data) == 1 and av[1].data[0][0] in (_c.IN, _c.LITERAL):
        return None
    firsts = _firsts(items)
    if not firsts or firsts & _BROAD:
        return None
    gated = f"(?=[{''.join(sorted(firsts))}])(?:{pattern}{chr(10) if flags & re.X else ''})"
    tree = _sre_parse.parse(gated, flags)
    if tree.state.groupdict != _sre_parse.parse(pattern, flags).state.groupdict:
        return None
    index = [None] * tree.state.groups
    for name, i in tree.state.groupdict.items():
        index[i] = name
    code = [int(c) for c in _sre_compile._code(tree, flags)]
    return flags | tree.state.flags, code, tree.state.groups - 1, dict(tree.state.groupdict), tuple(index)


def gated(compiled: re.Pattern[str]) -> re.Pattern[str]:
    """`compiled`, gated by the characters its matches start with (`_gate_code`): the same matches, the same
    `.pattern`, `.groups` and group names, found sooner on a long text. Worked out once and kept like `required`."""
    pattern, flags = compiled.pattern, compiled.flags
    if not isinstance(pattern, str) or flags & (re.LOCALE | re.DEBUG):
        return compiled
    if (args := _kept_answer(pattern, flags, "gate", _gate_code)) is None:
        return compiled
    try:
        return _sre_compile._sre.compile(pattern, *args)
    except Exception:  # another Python's sre: the pattern as compiled
        return compiled


_MAX_STARTS = 512  # more word beginnings than this and the lookups cost about as much as the scan
_SIFT = 6  # characters: the longer beginnings that sift a pattern's candidates (`sift`)
_MAX_SIFT = 4096  # more than this and the pattern's candidates are not sifted
_SIFTED = 100  # characters of pattern: sifted from this long (a failed attempt at a candidate is a call into re, a
# sift one startswith per candidate, once per text; from 10,000 down to 100: the Slack-thread paste 117.6 -> 113.6 M instructions)
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def _after_non_word(op: Any, av: Any) -> bool:
    """Whether a zero-width item asserts that no word character comes before: `\\b` (before a word character),
    `(?<!\\w)`, `(?<![\\w'])`."""
    if op is _c.AT:
        return av is _c.AT_BOUNDARY
    if op is _c.ASSERT_NOT and av[0] == -1 and len(av[1].data) == 1:
        kind, items = av[1].data[0]
        return kind is _c.IN and (_c.CATEGORY, _c.CATEGORY_WORD) in items and all(k is not _c.NEGATE for k, _ in items)
    return False


def _at_word_start(items: Any) -> bool:
    """Whether every match of the sequence starts where no word character comes before (the first character it
    consumes is then a word's first: `_starts` checks that it is a word character)."""
    for op, av in items:
        if op in _ZERO_WIDTH:
            if _after_non_word(op, av):
                return True
            continue
        if op in (_c.SUBPATTERN, _c.ATOMIC_GROUP):
            return _at_word_start(av[-1] if op is _c.SUBPATTERN else av)
        if op is _c.BRANCH:
            return all(_at_word_start(alternative) for alternative in av[1])
        return False
    return False


def _starts(items: Any, j: int = 0, size: int = 3) -> set[str] | None:
    """The strings (lower case, at most `size` characters) one of which every match of items[j:] begins with
    ("" when it may match nothing); None when they are not known or too many. A string cut short is still a
    beginning, so a run of fixed text stops the walk at `size` characters, and an item after fixed text whose
    beginnings are unknown leaves the fixed text as the beginning."""
    prefix: set[str] = {""}
    while j < len(items):
        if all(len(s) >= size for s in prefix):
            return prefix
        op, av = items[j]
        if op in _ZERO_WIDTH:
            j += 1
            continue
        if (item := _exact(op, av)) is not None:
            prefix = {(a + b)[:size] for a in prefix for b in item}
            if len(prefix) > _max_starts(size):
                return None
            j += 1
            continue
        follow = _item_starts(op, av, size)
        if follow is not None and "" in follow:  # the item may consume nothing: what follows it may begin
            rest = _starts(items, j + 1, size)
            follow = None if rest is None else (follow - {""}) | rest
        if follow is None:
            return None if "" in prefix else prefix
        out = {_joined(a, b, size) for a in prefix for b in follow}
        return out if len(out) <= _max_starts(size) else None
    return prefix


def _max_starts(size: int) -> int:
    return _MAX_STARTS if size <= 3 else _MAX_SIFT


def _joined(a: str, b: str, size: int = 3) -> str:
    """A beginning `a` and what follows it `b`, cut to `size` characters; a digit after fixed text leaves the
    fixed text as the beginning ("x" of `x\\d`), a digit first is `DIGIT_START`."""
    if b == DIGIT_START:
        return a or b
    return (a + b)[:size]


def _digit_class(op: Any, av: Any) -> bool:
    """Whether the item is `\\d` (alone, or as the only item of a class: `[\\d]`)."""
    return op is _c.IN and len(av) == 1 and av[0] == (_c.CATEGORY, _c.CATEGORY_DIGIT)


def _item_starts(op: Any, av: Any, size: int = 3) -> set[str] | None:
    if _digit_class(op, av):
        return {DIGIT_START}
    if op is _c.IN and len(av) == 1 and av[0] == (_c.CATEGORY, _c.CATEGORY_SPACE):  # `\\s`: "a" + any space
        return {SPACE_START}
    if op is _c.SUBPATTERN:
        return _starts(av[-1], 0, size)
    if op is _c.ATOMIC_GROUP:
        return _starts(av, 0, size)
    if op in _REPEATS:
        body = _starts(av[2], 0, size)
        return None if body is None else body | {""} if av[0] == 0 else body
    if op is _c.BRANCH:
        union: set[str] = set()
        for alternative in av[1]:
            if (sub := _starts(alternative, 0, size)) is None:
                return None
            union |= sub
        return union
    return None


_MAX_FOUND = 16  # beginnings looked for with str.find (not in the word index): more cost about as much as the scan


def _word_starts_of(pattern: str, flags: int, tree: Any = None) -> tuple[frozenset[str], frozenset[str]] | None:
    """What every match of `pattern` begins with (`_starts`), as (the beginnings of words, looked up in the text's
    word index; the others, looked for with str.find), or None when that is unknown or would not save the scan.
    A beginning is a word's when the pattern asserts that no word character comes before (`\\b`, `(?<!\\w)`)
    and it starts with a word character; any other must be a few, and more than one letter long (or no letter)."""
    if flags & (re.ASCII | re.LOCALE):
        return None
    tree = tree or _sre_parse.parse(pattern, flags)
    if _at_word_start(tree.data):
        starts = _starts(tree.data)
        if not starts or "" in starts:
            return None
        indexed = frozenset(s for s in starts if s[0] in _WORD_CHARS or s == DIGIT_START)
        others = frozenset(starts) - indexed
    elif (split := _split_starts(tree.data)) is None:
        return None
    else:  # rows with `\\b` and rows without: each row's beginnings where its own matches begin
        indexed, others = split
    return None if (found := _found(others)) is None else (_keyed(indexed), found)


def _found(others: Any) -> frozenset[str] | None:
    """The beginnings not in the word index as str.find looks for them (the text as written: a `\\s` there is cut
    off, what comes before it still begins the match), or None when they are too many or too short."""
    found = {s.split(SPACE_START, 1)[0] for s in others}
    found = {s for s in found if not any(o != s and s.startswith(o) for o in found)}  # "=" finds "=pe"
    bad = any(not s or s[0] in _WORD_CHARS and len(s) < 2 or s.isspace() or s == DIGIT_START for s in found)
    return None if bad or len(found) > _MAX_FOUND else frozenset(found)


def _keyed(indexed: Any) -> frozenset[str]:
    return frozenset(s.translate(_SPACES).replace(SPACE_START, " ") for s in indexed)  # as the index keys them


def _alternatives(items: Any, rest: list[Any], at_word: bool = False) -> list[tuple[list[Any], bool]]:
    """The ways a match of items + rest may begin: each alternative from its first item that consumes text on, and
    whether no word character may come before it. An alternation or group that comes first is opened until an
    assertion (`\\b`, `(?<!\\w)`) says so for all that follows: a pattern of rows, some with `\\b` and some
    without, gives each row its own answer."""
    items = list(items)
    for j, (op, av) in enumerate(items):
        if op in _ZERO_WIDTH:
            at_word = at_word or _after_non_word(op, av)
            continue
        if at_word or op not in (_c.SUBPATTERN, _c.ATOMIC_GROUP, _c.BRANCH):
            return [(items[j:] + rest, at_word)]
        after = items[j + 1 :] + rest
        bodies = av[1] if op is _c.BRANCH else [av[-1] if op is _c.SUBPATTERN else av]
        return [alt for body in bodies for alt in _alternatives(body, after, at_word)]
    return [(rest, at_word)] if rest else [([], at_word)]


def _split_starts(items: Any) -> tuple[frozenset[str], frozenset[str]] | None:
    """(the beginnings of words, the other beginnings) of a pattern not every match of which begins a word: the
    rows that assert it give their beginnings to the word index, the others are looked for where they are (a
    beginning of both kinds is looked for: the index would miss it inside a word)."""
    indexed: set[str] = set()
    starts: set[str] = set()
    for alternative, at_word in _alternatives(items, []):
        begins = _starts(alternative)
        if not begins or "" in begins:
            return None
        words = {s for s in begins if s[0] in _WORD_CHARS or s == DIGIT_START} if at_word else set()
        indexed |= words
        starts |= begins - words
        if len(indexed) > _MAX_STARTS or len(starts) > _MAX_STARTS:
            return None
    return frozenset(indexed), frozenset(starts)


def word_starts(compiled: re.Pattern[str] | Pattern) -> tuple[frozenset[str], frozenset[str]] | None:
    """What a match of `compiled` begins with (`_word_starts_of`); worked out once and kept."""
    pattern, flags = compiled.pattern, compiled.flags
    if not isinstance(pattern, str):
        return None
    return _kept_answer(pattern, flags, "starts", _word_starts_of)


def _rest_of(pattern: str, flags: int, tree: Any = None) -> tuple[frozenset[str], ...] | None:
    return rest_starts(pattern, flags, tree) if isinstance(pattern, str) else None  # bot/parse/lazyre_rows.py


def _sift_of(pattern: str, flags: int, tree: Any = None) -> dict[str, tuple[str, ...]] | None:
    """What every match of `pattern` begins with, up to six characters (`_starts`), keyed by the first three as
    the word index keys them (any space read as " "): a candidate whose first three characters are a key and
    whose text begins with none of that key's beginnings begins no match ("the" is a candidate of `therapy`
    and `the\\s+board`; "the data" begins neither). A key that a shorter beginning also begins is left out, and
    so is every key when a match may begin with a digit (`\\d` is no character to compare)."""
    starts = _starts((tree or _sre_parse.parse(pattern, flags)).data, 0, _SIFT)
    if not starts or "" in starts or any(DIGIT_START in s for s in starts):
        return None
    keyed = {s.translate(_SPACES).replace(SPACE_START, " ") for s in starts}
    short = [s for s in keyed if len(s) < 3]
    by_key: dict[str, list[str]] = {}
    for s in keyed:
        by_key.setdefault(s[:3], []).append(s)
    sift = {key: tuple(sorted(longer)) for key, longer in by_key.items()
            if len(key) == 3 and all(len(s) > 3 for s in longer) and not any(key.startswith(s) for s in short)}
    return sift or None


def sift(compiled: re.Pattern[str] | Pattern) -> dict[str, tuple[str, ...]] | None:
    """`_sift_of`, worked out once and kept."""
    pattern, flags = compiled.pattern, compiled.flags
    if not isinstance(pattern, str) or flags & (re.ASCII | re.LOCALE):
        return None
    return _kept_answer(pattern, flags, "sift", _sift_of)


def _kept_answer(pattern: str, flags: int, kind: str, work: Any) -> Any:
    """work(pattern, flags), worked out once per pattern and kept (in this process and the cache folder)."""
    if not _KEPT_STATE["loaded"]:
        _load_kept()
    key = (pattern, flags, kind)
    if (hit := _KEPT.get(key, _UNSET)) is _UNSET:
        try:
            hit = work(pattern, flags)
        except (re.error, RecursionError, ValueError, TypeError):
            hit = None
        if len(_KEPT) < 4096:
            _KEPT[key] = hit
            _KEPT_STATE["new"] += 1
    return hit


# What `required` found, per (pattern, flags), kept in the user's cache folder between runs: parsing the
# parser's large alternations costs ~0.1 s the first time a process meets a long text (an `llmcost ask` with
# a pasted log), a pickle of the answers ~1 ms. Keyed on this file, so a changed analysis starts afresh.
_KEPT: dict[tuple[str, int] | tuple[str, int, str], Any] = {}
_KEPT_STATE = {"loaded": False, "new": 0}


def _kept_file(create: bool = True) -> Path | None:
    from bot.cache import cache_dir
    from bot.context import current

    folder = cache_dir() if create else current().cache_folder
    if folder is None or not folder.is_dir():
        return None
    source, rows = Path(__file__).stat(), Path(__file__).with_name("lazyre_rows.py").stat()  # both analyses
    return folder / f"lazyre-{source.st_size + rows.st_size}-{source.st_mtime_ns ^ rows.st_mtime_ns}-{sys.hexversion:x}.pickle"


def _load_kept() -> None:
    _KEPT_STATE["loaded"] = True
    with contextlib.suppress(Exception):  # none yet, unreadable, another format: work them out again
        if (path := _kept_file()) is not None:
            _KEPT.update(pickle.loads(path.read_bytes()))
    atexit.register(_save_kept)


def _save_kept() -> None:
    if _KEPT_STATE["new"]:
        _KEPT_STATE["new"] = 0
        with contextlib.suppress(Exception):
            # at exit the folder is not made again: one removed since this process began (a test session's
            # folder, removed when the session ends) stays removed
            if (path := _kept_file(create=False)) is not None:
                from bot.cache import prune, write_atomically

                write_atomically(path, pickle.dumps(dict(_KEPT), protocol=pickle.HIGHEST_PROTOCOL))
                prune(path.parent, "lazyre-*.pickle", keep=2)


def _required(pattern: str | bytes, flags: int) -> Strings:
    if not _KEPT_STATE["loaded"]:
        _load_kept()
    key = (pattern, flags)
    if (hit := _KEPT.get(key, _UNSET)) is _UNSET:  # type: ignore[arg-type]
        hit = _analysed(pattern, flags)
        if len(_KEPT) < 4096:
            _KEPT[key] = hit  # type: ignore[index]
            _KEPT_STATE["new"] += 1
    return hit


def _analysed(pattern: str | bytes, flags: int) -> Strings:
    if not isinstance(pattern, str) or flags & re.LOCALE:
        return None
    try:
        tree = _sre_parse.parse(pattern, flags)
    except re.error:
        return None
    return _sequence(tree.data if hasattr(tree, "data") else tree)


_UNSET: Any = object()


class Pattern:
    """A compiled pattern that skips a long text holding none of its required strings (module docstring)."""

    __slots__ = ("compiled", "pattern", "flags", "groups", "groupindex", "match", "fullmatch", "_needs", "_last",
                 "_scan", "_starts", "_sift", "_cands", "_wide", "_brief")

    def __init__(self, compiled: re.Pattern[str]) -> None:
        self.compiled = compiled
        self.pattern, self.flags = compiled.pattern, compiled.flags
        self.groups, self.groupindex = compiled.groups, compiled.groupindex
        self.match, self.fullmatch = compiled.match, compiled.fullmatch
        self._needs: Strings = _UNSET
        self._last: tuple[str, bool, str | None, tuple[str, ...]] | None = None
        self._scan: re.Pattern[str] | None = None  # what scans a long text: `gated(compiled)`, once one is met
        self._starts: tuple[frozenset[str], ...] | None = _UNSET  # `word_starts` (or `rest_starts`), on first use
        self._sift: dict[str, tuple[str, ...]] | None = _UNSET  # `sift`, on the first long text with candidates
        self._cands: tuple[str, list[int], bool] | None = None  # where in the last long text a match may begin
        self._wide = len(self.pattern) >= WIDE
        self._brief: tuple[str, list[int] | None] | None = None  # where in the last short text (a wide pattern's)

    def _judged(self, text: str) -> tuple[str, bool, str | None, tuple[str, ...]]:
        """(text, whether it holds none of the required strings, its lower case, the strings to look for in a
        window of it), worked out once per text."""
        last = self._last
        if last is not None and (last[0] is text or last[0] == text):  # an equal copy: the same answers
            return last
        if self._needs is _UNSET:
            self._needs = required(self.compiled)
        needs, verdict, low = self._needs, False, None
        if needs is not None:
            low, digit = _lowered(text)
            if low is not None:
                verdict = not any(digit if s == DIGIT else s in low for s in needs)
        few = tuple(needs) if needs is not None and low is not None and len(needs) <= _WINDOW_STRINGS else ()
        self._last = last = (text, verdict, low, few)
        if self._scan is None:
            self._scan = gated(self.compiled)
        return last

    def _candidates(self, text: str) -> list[int] | None:
        """Where in `text` a match may begin, when every match begins with one of a few known strings
        (`word_starts`): the words that begin so, looked up in the text's word index, and where the others
        are. None: scan."""
        long = len(text) >= LONG
        cands = self._cands if long else self._brief
        if cands is not None and (cands[0] is text or cands[0] == text):
            return cands[1]
        if self._starts is _UNSET:
            self._starts = word_starts(self.compiled) or _kept_answer(self.pattern, self.flags, "rest", _rest_of)
        rest = (starts := self._starts) is not None and len(starts) > 2  # rows the index cannot place: their strings
        if starts is None or (low := _lowered(text)[0]) is None or rest and not (long or self._lacks(text, low, starts[2], 0, len(text))):
            if not long:
                self._brief = (text, None)
            return None
        indexed, elsewhere = starts[0], starts[1]
        if self._sift is _UNSET and (long or (self.pattern, self.flags, "sift") in _KEPT):  # a short text: a kept one
            self._sift = sift(self.compiled) if len(self.pattern) >= _SIFTED and not rest else None
        found: list[int] = []
        longer = (self._sift or {}) if self._sift is not _UNSET else {}
        if indexed and not long:  # a short text's few words looked up in the pattern's hundreds (WIDE)
            found = _starts_at(text, low, indexed, longer)
        elif indexed:
            heads = _heads(text, low)
            for s in indexed:
                if (at := heads[len(s)].get(s)) is not None:
                    if (ends := longer.get(s)) is not None:  # "the" is a candidate of `therapy`: "the data" is not
                        spaced = _spaced(text, low)
                        at = [p for p in at if spaced.startswith(ends, p)]
                    found.extend(at)
        for s in elsewhere:
            i = low.find(s)
            while i >= 0:
                found.append(i)
                i = low.find(s, i + 1)
        found = sorted(set(found))
        if long:  # and whether the text holds a rest string (`rest_starts`): then each window is looked at
            self._cands = (text, found, rest and not self._lacks(text, low, starts[2], 0, len(text)))
        else:
            self._brief = (text, found)
        return found

    def _matches(self, string: str, cands: list[int], pos: int, endpos: int) -> Iterator[re.Match[str]]:
        """finditer's matches, tried only at `cands` (the window's places where one may begin; each consumes its
        first word's first character, so none is empty and the next is looked for from where the last ended, as
        finditer does)."""
        match = self.compiled.match
        for p in cands:
            if p >= pos and (m := match(string, p, endpos)) is not None:
                yield m
                pos = m.end()

    def absent(self, text: str) -> bool:
        """Whether `text` holds none of the strings every match needs (so no match is possible)."""
        return self._judged(text)[1]

    def _lacks(self, string: str, low: str, few: tuple[str, ...], pos: int, endpos: int) -> bool:
        """Whether string[pos:endpos] holds none of the required strings: a match lies inside the window, so
        what it consumes does too (a reader looking around one figure of a long text)."""
        pos, endpos = max(pos, 0), min(endpos, len(string))
        for s in few:
            if _ANY_DIGIT.search(string, pos, endpos) if s == DIGIT else low.find(s, pos, endpos) >= 0:
                return False
        return True

    # search and finditer make these checks first (they are called hundreds of times a paste, mostly on windows). Where
    # a match may begin is known for most patterns: a window with no such place needs no other check, and one
    # with a single place is tried there at once (looking for the required strings would cost about as much).
    def _window(self, string: str, pos: int, endpos: int) -> tuple[int, int, list[int] | None] | None:
        """For a long text: None when string[pos:endpos] can hold no match; else where in the candidate list
        the window's places to try are, and the list (None: scan)."""
        last = self._last
        if last is None or last[0] is not string:
            last = self._judged(string)
        if last[1]:
            return None
        cands = self._cands
        found = cands[1] if cands is not None and cands[0] is string else self._candidates(string)
        if found is None:
            if last[3] and endpos - pos <= _WINDOW and self._lacks(string, last[2], last[3], pos, endpos):
                return None
            return 0, 0, None
        if self._cands[2] and not self._lacks(string, _lowered(string)[0], self._starts[2], pos, endpos):  # type: ignore[index]
            return 0, 0, None  # a row the word index cannot place may match in the window: scan it
        start = bisect_left(found, pos)
        stop = bisect_left(found, endpos, start)
        if start == stop or (
            stop - start > 1 and last[3] and endpos - pos <= _WINDOW and self._lacks(string, last[2], last[3], pos, endpos)
        ):
            return None
        return start, stop, found

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        if len(string) >= LONG:
            if (window := self._window(string, pos, endpos)) is None:
                return None
            start, stop, cands = window
            if cands is not None:
                match = self.compiled.match
                for p in cands[start:stop]:
                    if (m := match(string, p, endpos)) is not None:
                        return m
                return None
            return self._scan.search(string, pos, endpos)  # type: ignore[union-attr]
        if self._wide and (cands := self._candidates(string)) is not None:  # a short text, a wide pattern (WIDE)
            match = self.compiled.match
            for p in cands[bisect_left(cands, pos) : bisect_left(cands, endpos)]:
                if (m := match(string, p, endpos)) is not None:
                    return m
            return None
        return self.compiled.search(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        if len(string) >= LONG:
            if (window := self._window(string, pos, endpos)) is None:
                return iter(())
            start, stop, cands = window
            if cands is not None:
                return self._matches(string, cands[start:stop], pos, endpos)
            return self._scan.finditer(string, pos, endpos)  # type: ignore[union-attr]
        if self._wide and (cands := self._candidates(string)) is not None:
            return self._matches(string, cands[bisect_left(cands, pos) : bisect_left(cands, endpos)], pos, endpos)
        return self.compiled.finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        if len(string) >= LONG:
            if self.absent(string):
                return []
            return self._scan.findall(string, pos, endpos)  # type: ignore[union-attr]
        return self.compiled.findall(string, pos, endpos)

    def sub(self, repl: Any, string: str, count: int = 0) -> str:
        if len(string) >= LONG:
            if self.absent(string):
                return string
            return self._scan.sub(repl, string, count)  # type: ignore[union-attr]
        return self.compiled.sub(repl, string, count)

    def subn(self, repl: Any, string: str, count: int = 0) -> tuple[str, int]:
        if len(string) >= LONG:
            if self.absent(string):
                return string, 0
            return self._scan.subn(repl, string, count)  # type: ignore[union-attr]
        return self.compiled.subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        if len(string) >= LONG:
            if self.absent(string):
                return [string]
            return self._scan.split(string, maxsplit)  # type: ignore[union-attr]
        return self.compiled.split(string, maxsplit)

    def __repr__(self) -> str:
        return f"lazy({self.compiled!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return lazy, (self.pattern, self.flags)


_PLAIN_COMPILE = re.compile


_OWN: dict[tuple[str, int], Pattern] = {}


def lazy(pattern: str, flags: int = 0) -> Pattern:
    """`re.compile` for the parser's readers (every reader compiles through it): one object per pattern and
    flags, as `re`'s own cache gives, so a pattern built per call ("each <noun>") costs a dict look-up."""
    key = (pattern, int(flags))
    if (hit := _OWN.get(key)) is None:
        if len(_OWN) > 4096:
            _OWN.clear()
        hit = _OWN[key] = Pattern(_compile(pattern, flags) if len(pattern) >= WIDE else _PLAIN_COMPILE(pattern, flags))
    return hit


class _Parser:
    """`re._parser` for one compile: the tree of `pattern` it parses is kept (another thread's is not)."""

    def __init__(self, pattern: str, flags: int) -> None:
        self.key, self.tree = (pattern, flags), None

    def parse(self, p: Any, flags: int = 0, state: Any = None) -> Any:
        tree = _sre_parse.parse(p, flags, state)
        if (p, flags) == self.key:
            self.tree = tree
        return tree

    def __getattr__(self, name: str) -> Any:
        return getattr(_sre_parse, name)


def _compile(pattern: str, flags: int) -> re.Pattern[str]:
    """A wide pattern compiled; when `re` parses it (no compiled code kept: a fresh cache, or none), its word
    beginnings (`word_starts`) are read from the same tree, so a cold start parses it once, as before
    (reading them afresh cost three more parses of the lexicon's ~2 M characters of concepts: 9.8 -> 31 s of
    CPU). A kept compile parses nothing, and they come from the kept answers on first use."""
    parser = _Parser(pattern, flags)
    _sre_compile._parser = parser  # type: ignore[assignment]
    try:
        compiled = _PLAIN_COMPILE(pattern, flags)
    finally:
        _sre_compile._parser = _sre_parse
    # as `word_starts` keys them (re.U added), else the rows' (`rest_starts`); `sift` waits for a long text, as before
    if (tree := parser.tree) is not None and isinstance(pattern, str) and (
        _kept_answer(pattern, compiled.flags, "starts", lambda p, _f: _word_starts_of(p, flags, tree)) is None
    ):
        _kept_answer(pattern, compiled.flags, "rest", lambda p, _f: _rest_of(p, flags, tree))
    return compiled


__all__ = ["lazy", "required", "Pattern", "words"]
