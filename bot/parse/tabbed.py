"""Rows pasted from a spreadsheet: tab-separated lines read as the markdown table they are.

Copying cells out of Google Sheets or Excel gives one line per row and a tab between cells. Two or more lines in a
row with the same number of tab-separated cells (two or more) become "| a | b |" lines, so
bot/parse/structure.py reads them as it reads a markdown table (a column of tok/s, a one-row table of keys and
values). Runs in `markup.to_plain` before tabs become spaces, and only when the text holds a tab."""

from __future__ import annotations

from bot.parse.numbers import parse_number


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().split("\t")]


def as_tables(text: str) -> str:
    """`text` with each block of tab-separated rows written as markdown table lines."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        width = len(_cells(lines[i])) if "\t" in lines[i] else 0
        j = i + 1
        while width > 1 and j < len(lines) and "\t" in lines[j] and len(_cells(lines[j])) == width:
            j += 1
        if width > 1 and j - i > 1:
            out.extend("| " + " | ".join(_cells(line)) + " |" for line in lines[i:j])
        else:
            out.extend(lines[i:j])
        i = j
    return "\n".join(out)


def keyed_row(head: list[str], body: list[list[str]]) -> str | None:
    """One row of figures under a row of keys ("avg_output_tokens | req_per_day" over "400 | 864,000"): one
    "key: value" per column, as a pasted config is read; None for any other table."""
    if len(body) != 1 or not len(body[0]) == len(head) > 1:
        return None
    if any(parse_number(cell.replace(" ", "")) is None for cell in body[0]):
        return None
    return ", ".join(f"{key}: {value}" for key, value in zip(head, body[0], strict=True))
