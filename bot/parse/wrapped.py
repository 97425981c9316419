"""Lines wrapped at a width (wrap15, session 15): mail, tickets and docs pasted with their lines broken where
the editor did, not where the sentence ends ("contexts are⏎64k tokens", "in the EU⏎only", "de 9 a 18 en
Buenos⏎Aires"). Which line breaks only wrap a sentence is decided once per text, at the start of parsing, and
those become spaces (a quoted continuation's "> " too): the text keeps its length, so every span, note and
`used` range stays valid, and every reader sees the sentence whole.

A break wraps when the line before is prose long enough to have been wrapped (at least `MIN_CHARS` characters
and `MIN_WORDS` words: a short Slack line typed with Shift+Enter is its own), ends in a word, a figure or a
comma, and is no table, log or label line; and the next line goes on: in lower case or with a figure, or in
capitals where the sentence cannot end (after "of", "en la", lexicon `wrap_open_word`) or where the two words
are one place's name ("New⏎York", "Santo⏎Domingo", at any length). A list item, a table row, a label line
("ctx: 8192"), a heading, a log line, a blank line or a quote that ends stay where they are."""

from __future__ import annotations

from functools import cache, lru_cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy

MIN_CHARS, MIN_WORDS = 40, 4
_QUOTE = lazy(r"[ \t]*>[ \t]?")
_ITEM = lazy(r"[ \t]*(?:[-*•+]\s|\d{1,2}[.)]\s)")  # a list item may wrap onto a line of its own
# Lines that are never prose: a heading, a table row, a log line, a command, a label with its value.
_STRUCTURE = lazy(
    r"[ \t]*(?:[#|`$]|\[|\d{4}-\d\d-\d\d|\d\d:\d\d(?::\d\d)?\s|(?:INFO|WARN|ERROR|DEBUG)\b)"
    r"|[ \t]*[^\s:=]+(?:[ \t][^\s:=]+){0,2}[ \t]*[:=](?!//)"  # "ctx: 8192", "Raj: make it 450", "target_tps = 800"
    r"|.*(?:\t|\S {3,}\S)"  # tab-separated or aligned columns
    r"|[^ ]*[,;][^ ]*[,;]",  # a CSV row
)
_ENDS_OPEN = lazy(r".*(?:[^\W_]|[%),])[ \t]*$")  # the line ends in a word, a figure or a comma
_GOES_ON = lazy(r"[ \t]*(?:[a-zß-öø-ÿ]|[~≈(]?\d)")
_WORDS = lazy(r"[^\W\d_]{2,}")
_LAST_WORD = lazy(r"([^\W\d_]+)[ \t]*$")
_FIRST_WORD = lazy(r"[ \t]*([^\W\d_]+)")


@cache
def _open_words() -> frozenset[str]:
    return frozenset(w.lower() for w in lexicon.fragments("wrap_open_word"))


@cache
def _name_pairs() -> frozenset[tuple[str, str]]:
    """Adjacent words of the places' names of more than one word ("buenos aires", "ciudad de méxico")."""
    from bot.parse.places import CITIES

    names = [*CITIES, *lexicon.countries(), *lexicon.fragments("wrap_place_name")]
    return frozenset(pair for n in names if " " in n for pair in zip(n.split(), n.split()[1:], strict=False))


def _line(text: str, start: int) -> tuple[int, str]:
    """The line starting at `start` without a quote marker: where its words begin, and them."""
    end = text.find("\n", start)
    line = text[start : end if end >= 0 else len(text)]
    quote = _QUOTE.match(line)
    return (start + quote.end(), line[quote.end() :]) if quote else (start, line)


def _wraps(text: str, newline: int, quoted: bool) -> int:
    """How many characters after `newline` go with it (the newline, and a continuation's quote marker), or 0."""
    before = text[text.rfind("\n", 0, newline) + 1 : newline]
    if quoted:
        before = before[_QUOTE.match(before).end() :]
    begins, after = _line(text, newline + 1)
    if not after.strip() or quoted != (begins > newline + 1) or not _ENDS_OPEN.match(before):
        return 0
    prose = not _STRUCTURE.match(before) and not _STRUCTURE.match(after) and not _ITEM.match(after)
    last, first = _LAST_WORD.search(before), _FIRST_WORD.match(after)
    if last and first and (last.group(1).lower(), first.group(1).lower()) in _name_pairs():
        return begins - newline  # "Buenos⏎Aires" is one name, at any length
    if not prose or len(before.strip()) < MIN_CHARS or len(_WORDS.findall(before)) < MIN_WORDS:
        return 0
    if before.rstrip().endswith(",") and after.lstrip()[:1].isdigit():
        return (
            0  # "…equal in length,⏎9-5 in Zurich": after a comma a line led by a figure is an item of its own
        )
    if _GOES_ON.match(after) or (last and last.group(1).lower() in _open_words() and first):
        return begins - newline
    return 0


@lru_cache(maxsize=4)
def unwrap(text: str) -> str:
    """`text` with the line breaks that only wrap a sentence read as spaces (same length, same offsets)."""
    if "\n" not in text:
        return text
    chars, at = list(text), text.find("\n")
    while at >= 0:
        quoted = bool(_QUOTE.match(text, text.rfind("\n", 0, at) + 1))
        n = _wraps(text, at, quoted)
        chars[at : at + n] = " " * n
        at = text.find("\n", at + 1)
    return "".join(chars)
