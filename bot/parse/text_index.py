"""What bot/parse/lazyre.py works out once per text: its lower case, its words by how they begin.

Readers pass equal copies of one text, so each is kept by the text itself, the last few of each size. A short
text's (under `LONG` characters: a question, or a sentence of a paste that a wide pattern scans) are kept apart
from a long one's: a paste's sixty sentences do not push the paste's own index out.
"""

from __future__ import annotations

import re

LONG = 600  # characters: below this a scan is cheap and the check would cost more than it saves (lazyre)
DIGIT_START = "\x01"  # a match that begins with `\d`: any word of the text whose first character is a decimal digit
# What `\s` matches in a str pattern (str.isspace, one for one): the word index keys read each as " ".
SPACES = str.maketrans(dict.fromkeys(
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u2028\u2029\u202f\u205f\u3000", " "))
FOLD = str.maketrans({"İ": "i", "ı": "i", "ſ": "s"})  # letters `re` folds that str.lower() does not (or not alone)
ANY_DIGIT = re.compile(r"\d")
_WORD_HEAD = re.compile(r"(?<!\w)\w")
_MOST = 16  # texts of each size kept


def _kept(caches: tuple[dict, dict], text: str) -> dict:
    kept = caches[len(text) >= LONG]
    if len(kept) > _MOST:
        kept.clear()
    return kept


_LOWERED: tuple[dict[str, tuple[str | None, bool]], ...] = ({}, {})


def lowered(text: str) -> tuple[str | None, bool]:
    """The text in lower case (None when that changes its length) and whether it holds a digit, once per text."""
    hit = _LOWERED[len(text) >= LONG].get(text)
    if hit is None:
        low = text.translate(FOLD).lower()
        hit = _kept(_LOWERED, text)[text] = (low if len(low) == len(text) else None, bool(ANY_DIGIT.search(text)))
    return hit


_SPACED: tuple[dict[str, str], ...] = ({}, {})


def spaced(text: str, low: str) -> str:
    """The text in lower case with any space read as " ", as the word index keys it, once per text."""
    hit = _SPACED[len(text) >= LONG].get(text)
    if hit is None:
        hit = _kept(_SPACED, text)[text] = low.translate(SPACES)
    return hit


_HEADS: tuple[dict[str, list[dict[str, list[int]]]], ...] = ({}, {})


def heads(text: str, low: str) -> list[dict[str, list[int]]]:
    """Where each word of `text` begins, by its first one, two and three characters in lower case, any space
    read as " " (a word's three may run past it: "a d" of "a day", "a\\nd" too), and the words that begin with
    a digit (`DIGIT_START`), once per text."""
    hit = _HEADS[len(text) >= LONG].get(text)
    if hit is None:
        three: dict[str, list[int]] = {}
        spaced_text = spaced(text, low)
        for m in _WORD_HEAD.finditer(text):
            p = m.start()
            head = spaced_text[p : p + 3]
            if (at := three.get(head)) is None:
                three[head] = [p]
            else:
                at.append(p)
        one: dict[str, list[int]] = {}
        two: dict[str, list[int]] = {}
        for head, at in three.items():
            one.setdefault(head[:1], []).extend(at)
            two.setdefault(head[:2], []).extend(at)
            if head[:1].isdecimal():  # what `\d` matches (str patterns: any Unicode decimal digit)
                one.setdefault(DIGIT_START, []).extend(at)
        hit = _kept(_HEADS, text)[text] = [{}, one, two, three]
    return hit


_WORDS: tuple[dict[str, list[tuple[int, tuple[str, ...]]]], ...] = ({}, {})


def _words(text: str, low: str) -> list[tuple[int, tuple[str, ...]]]:
    """Where each word of a short text begins, with the keys the word index would file it under (its first one,
    two and three characters, any space read as " ", and `DIGIT_START` for a digit), once per text: the forty
    wide patterns that scan one question each look its words up."""
    hit = _WORDS[len(text) >= LONG].get(text)
    if hit is None:
        spaced_text = spaced(text, low)
        hit = []
        for m in _WORD_HEAD.finditer(text):
            p = m.start()
            three = spaced_text[p : p + 3]
            keys = (three[:1], three[:2], three, DIGIT_START) if three[:1].isdecimal() else (three[:1], three[:2], three)
            hit.append((p, keys))
        _kept(_WORDS, text)[text] = hit
    return hit


def starts_at(text: str, low: str, indexed: frozenset[str], longer: dict[str, tuple[str, ...]]) -> list[int]:
    """Where in a short text a word begins with one of `indexed` (the word index's keys: one, two or three
    characters, `DIGIT_START`), and, for a key `longer` sifts, goes on with one of its endings; in order.
    The same places `heads` would give for those keys, without building the index: a short text is met by a few
    dozen wide patterns at most (a question), or once (a sentence of a paste, the 30 characters before a
    figure), so its few words are looked up in the pattern's keys, not its keys in the words' index."""
    found = []
    spaced_text = None
    for p, keys in _words(text, low):
        for s in keys:
            if s in indexed:
                if (ends := longer.get(s)) is not None:
                    if spaced_text is None:
                        spaced_text = spaced(text, low)
                    if not spaced_text.startswith(ends, p):
                        continue
                found.append(p)
                break
    return found
