"""Columns aligned with spaces, read as the markdown table they are (vol12, session 12).

A table typed or pasted from a terminal has no bars: a header whose last cell is a rate ("product   tok/s",
"sede tok/s"), then two or more lines of a label and one figure ("chat      300", "summaries 120"). Those lines
become "| product | tok/s |" rows, so bot/parse/structure.py reads them as it reads any table of groups: the
rows add up (note `rate_summed`), a total row wins, a benchmark's head ("| gpu | tok/s |") is context. Bars
between the cells and none at the line's ends ("team | tok/s" over "search | 200") are the same table: three or
more lines of as many cells get their outer bars."""

from __future__ import annotations

import re

from bot.parse.lazyre import lazy
from bot.parse.rate_units import UNIT_ALONE

# a head: words, then the rate cell at the end of the line ("team   tok/s needed" is not a rate column's head)
_HEAD = lazy(r"^[ \t]*(?P<label>[^\W\d_][^\d|:\n]{0,40}?)[ \t]+(?P<unit>(?:peak[ \t]+|target[ \t]+)?[^\s\d|]*?(?:tok(?:en)?s?|t)/s|tps)[ \t]*$", re.I | re.M)
# a row: a label (a word first, no colon or bar), spaces, one figure and nothing else
_ROW = lazy(r"[ \t]*(?P<label>[^\W\d_][^\d|:\n]{0,40}?)[ \t]+(?P<figure>\d[\d.,]*(?:[ \t]?[kK])?)[ \t]*", re.I)


def _inner_bars(lines: list[str]) -> list[str]:
    """Blocks of three or more lines with bars only between their cells, as many cells each, with outer bars."""
    width = [line.count("|") + 1 if "|" in line and not line.strip().startswith("|") and not line.strip().endswith("|") else 0 for line in lines]
    out, i = list(lines), 0
    while i < len(lines):
        j = i
        while j < len(lines) and width[j] > 1 and width[j] == width[i]:
            j += 1
        if j - i >= 3:
            out[i:j] = [f"| {line.strip()} |" for line in lines[i:j]]
        i = max(j, i + 1)
    return out


def as_tables(text: str) -> str:
    """`text` with each space-aligned block of a rate head and label/figure rows written as markdown lines."""
    if not UNIT_ALONE.search(text):
        return text
    if "|" in text:
        text = "\n".join(_inner_bars(text.split("\n")))
    lines = text.split("\n")
    for head in reversed(list(_HEAD.finditer(text))):
        first = text.count("\n", 0, head.start())
        rows = []
        for line in lines[first + 1 :]:
            if not line.strip() and not rows:
                continue
            if not (row := _ROW.fullmatch(line)):
                break
            rows.append(row)
        if len(rows) < 2:
            continue
        table = [f"| {head['label'].strip()} | {head['unit']} |", "|---|---|"]
        table += [f"| {row['label'].strip()} | {row['figure']} |" for row in rows]
        end = first + 1 + next(i for i, line in enumerate(lines[first + 1 :]) if line.strip()) + len(rows)
        lines[first:end] = table
    return "\n".join(lines)
