"""A usage export laid out as a table (bot/parse/exports.py reads its keys): a header line of cells (CSV, semicolons,
tabs, a markdown table) naming export fields, then rows of as many cells. Each row's values add up per field (a
total row, lexicon `table_total_row`, is the sum said: it wins), and a period column counts the rows' periods."""

from __future__ import annotations

from functools import cache

from bot.parse import config_figures, lexicon
from bot.parse.lazyre import lazy
from bot.parse.numbers import parse_number

_CELLS = lazy(r"[,;\t|]")
_DAY = lazy(r"^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?$|^\d{1,2}/\d{1,2}/\d{2,4}$")
_MONTH = lazy(r"^\d{4}-\d{2}$|^\d{4}/\d{2}$")


@cache
def field_of(words: str) -> str | None:
    """Which export field a key's words name (lexicon `export_*_key`), or None."""
    for field in ("cache_read", "cache_write", "cached", "input", "output"):
        if config_figures.concept(f"export_{field}_key").fullmatch(words):
            return field
    return None


def period_of(value: str) -> str | None:
    """ "2026-11" a month, "2026-11-30" a day, a granularity word ("daily", "1d", "mensual") its period."""
    value = value.strip()
    if _MONTH.match(value) or _DAY.match(value):
        return "month" if _MONTH.match(value) else "day"
    return lexicon.mapping("export_period_value").get(value.lower())


def tables(text: str, export, heads: set[int]) -> None:  # export: exports._Export; heads: lines that name tokens
    """A header line of cells (CSV, semicolons, tabs, a markdown table) naming export fields, then rows of as many
    cells: each row's values add up per field, and a period column counts the rows' periods."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    i = 0
    while i < len(lines):
        if i not in heads:
            i += 1
            continue
        cells = _cells(lines[i]) or []
        fields = [field_of(config_figures.key_words(c)) if c else None for c in cells]
        periods = [j for j, c in enumerate(cells) if config_figures.concept("export_period_key").fullmatch(config_figures.key_words(c))]
        if sum(f is not None for f in fields) < (1 if periods else 2):  # "month,output_tokens": one side per period
            i += 1
            continue
        j, rows, total = i + 1, [], None
        while j < len(lines) and (row := _cells(lines[j])) is not None and len(row) == len(cells):
            if all(set(c) <= set("-: ") for c in row):  # a markdown rule line
                j += 1
                continue
            values = [parse_number(c.replace(" ", "")) if f else None for c, f in zip(row, fields, strict=True)]
            if any(f and v is None for f, v in zip(fields, values, strict=True)):
                break
            labels = [c for c, f in zip(row, fields, strict=True) if not f]
            if any(config_figures.concept("table_total_row").fullmatch(c.lower().strip("*_ :")) for c in labels):
                total = values  # "| total | 9,000,000 | 1,000,000 |": the rows' sum, said
            else:
                rows.append(values)
                export.periods.extend(row[k] for k in periods if period_of(row[k]))
            j += 1
        for values in [total] if total else rows:
            for f, v in zip(fields, values, strict=True):
                if f and v is not None:
                    export.add(f, v)
        if j > i + 1:
            export.spans.append((offsets[i], offsets[j] - 1))
        i = j


def _cells(line: str) -> list[str] | None:
    if not _CELLS.search(line):
        return None
    line = line.strip()
    if line.startswith("|"):
        line = line.strip("|")
        return [c.strip().strip("*_`") for c in line.split("|")]
    sep = "\t" if "\t" in line else ";" if ";" in line else ","
    return [c.strip().strip("\"'") for c in line.split(sep)]
