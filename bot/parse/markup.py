"""Slack mrkdwn -> the plain words the engineer typed.

Slack sends mentions, links and emoji as markup and escapes `& < >`. The parser reads what a person
would read: a link's label (never its URL), the text inside bold, italic and code, and nothing of the
mentions or emoji. A struck-through figure (`~500~ 300 tok/s`) is one the writer withdrew, so it is dropped;
struck words stay, so a struck model still makes the parser ask which one is meant.
"""

from __future__ import annotations

import re

from bot.parse import tabbed
from bot.parse.lazyre import lazy
from bot.parse.numbers import GROUPING_SPACE

_CODE_FENCE = lazy(r"```")
_ANGLE = lazy(r"<([^<>\n]{0,2000})>")
_EMOJI = lazy(r":(?=[a-z0-9_+\-']*[a-z])[a-z0-9_+\-']{1,60}:(?::skin-tone-\d:)?|:100:")
_BOLD = lazy(r"(?<![\w*])\*(?=\S)([^*\n]{1,500}?)\*(?![\w*])")
_ITALIC = lazy(r"(?<![\w_])_(?=\S)([^_\n]{1,500}?)_(?![\w_])")
_STRIKE = lazy(r"(?<![\w~])~(?=\S)([^~\n]{1,500}?)~(?![\w~])")
_CODE = lazy(r"`([^`\n]{0,500})`")
_CONTROL = lazy(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u2028\u2029\ufeff]")
_SPACES = lazy(r"[ \t\u00a0\u2007\u2009\u202f]+")
_ODD_SPACES = lazy(r"[\u00a0\u2007\u2009\u202f]")
# A no-break or thin space between digits is a typed thousands separator (5 000): kept for numbers.py.
_GROUPING = lazy(r"(?<=\d)[\u00a0\u2007\u2009\u202f](?=\d{3}(?!\d))")
# What a struck figure may hold: digits, separators, a multiplier, a unit. Letters of any other word keep it.
_FIGURE = lazy(
    r"(?:[\W\d_]|\b(?:[kmb]|mil|thousand|millions?|millones|tok(?:en)?s?|tps|t|s|sec|second|per|users?)\b)*",
    re.I,
)
_ENTITIES = (("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&"))
# Typographic apostrophes (iOS and macOS type them): "can’t" is "can't" for every reader.
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\uff07": "'"})


def _angle(match: re.Match[str]) -> str:
    inner = match.group(1)
    if inner.startswith(("@", "!subteam")):
        return " "
    if inner.startswith("!"):  # <!channel>, <!here>, <!date^…|fallback>
        _, _, fallback = inner.partition("|")
        return f" {fallback} " if inner.startswith("!date") else " "
    if inner.startswith("#"):  # <#C123|general>
        _, _, label = inner.partition("|")
        return f" #{label} " if label else " "
    target, bar, label = inner.partition("|")
    if bar:
        return f" {label} "
    if re.match(r"(?:https?|mailto|tel|ftp|slack):", target):
        return " "  # a bare link: the words around it say what it is
    return match.group(0)  # not Slack markup (Slack escapes a typed `<` as &lt;)


def _struck(match: re.Match[str]) -> str:
    """A struck figure is withdrawn; so are struck words with their replacement after them on the line ("~llama
    3.1 70b~ *llama 3.3 70b*": the old name is no mention). Other struck words are kept (a "~" may be "about")."""
    inner = match.group(1)
    if re.search(r"\d", inner) and _FIGURE.fullmatch(inner):
        return " "
    rest = match.string[match.end() : match.string.find("\n", match.end()) % (len(match.string) + 1)]
    return " " if not inner[-1].isspace() and re.search(r"\w", rest) else inner


def _space(match: re.Match[str]) -> str:
    return (
        GROUPING_SPACE if _GROUPING.match(match.string, match.start()) and len(match.group(0)) == 1 else " "
    )


def to_plain(text: str) -> str:
    """Slack mrkdwn to plain text: markup removed, entities decoded, whitespace tidied, one line per line."""
    text = _CONTROL.sub(" ", text)
    text = _CODE_FENCE.sub("\n", text)
    text = _ANGLE.sub(_angle, text)
    for entity, char in _ENTITIES:
        text = text.replace(entity, char)
    text = text.translate(_APOSTROPHES)
    if "`" in text:
        text = _CODE.sub(r"\1", text)
    if ":" in text:
        text = _EMOJI.sub(" ", text)
    for mark, pattern in (("*", _BOLD), ("_", _ITALIC)):
        if mark in text:
            text = pattern.sub(r"\1", text)
    if "~" in text:
        text = _STRIKE.sub(_struck, text)
    text = text.replace("\r", "\n")
    if "\t" in text:  # cells copied from a spreadsheet are a table (bot/parse/tabbed.py)
        text = tabbed.as_tables(text)
    # only a no-break or thin space may be a typed thousands separator; plain runs of spaces are one space
    tidy = _space if _ODD_SPACES.search(text) else " "
    lines = (_SPACES.sub(tidy, line).strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line)
