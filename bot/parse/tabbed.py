"""Rows pasted from a spreadsheet: tab-separated lines read as the markdown table they are.

Copying cells out of Google Sheets or Excel gives one line per row and a tab between cells. Two or more lines in a
row with the same number of tab-separated cells (two or more) become "| a | b |" lines, so
bot/parse/structure.py reads them as it reads a markdown table (a column of tok/s, a one-row table of keys and
values). Runs in `markup.to_plain` before tabs become spaces, and only when the text holds a tab. `groups` reads a
table's or a list's rows of labels and tok/s (bot/parse/structure.py): a model per row, a benchmark, or groups that
add up. `counted` reads list lines that each say a count of groups and the tok/s each of them gets ("- four tenants
at 500 tok/s each", "* 2 tenants x 250 tok/s", "- 3 sedes a 100 tok/s cada una"): each line is its count times its
figure, and the lines add up like any list of groups."""

from __future__ import annotations

import re

from bot.parse import lexicon, parts_total, spelled, unit_forms
from bot.parse.config_figures import concept
from bot.parse.draft import Draft
from bot.parse.lazyre import lazy
from bot.parse.numbers import parse_number, plain


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


def groups(rows: list[tuple[str, float]], head: str, draft: Draft) -> str:
    """Rows of labels and tok/s: a model per row, a benchmark (dropped), or groups that add up."""
    if concept("table_model_head").fullmatch(head):
        return "\n".join(f"{label} at {plain(v)} tok/s." for label, v in rows)
    if concept("table_measure_head").fullmatch(head) or any(
        parse_number(label) is not None for label, _ in rows
    ):
        return ""
    if any(concept("table_alternative_row").fullmatch(label.lower().strip(" :")) for label, _ in rows):
        # "- peak: 2,000 tok/s / - average: 700 tok/s": readings of one traffic, not parts that add up
        return "\n".join(f"{label} {plain(v)} tok/s." for label, v in rows)
    # one parts-vs-total rule (bot/parse/parts_total.py): another party's row is no part of ours; two sources' rows
    # are two readings of one load; a total row wins when the parts add up to it, and asks when they do not
    rows = [(label, v) for label, v in rows if not parts_total.others(label)] or rows
    if len(rows) > 1 and parts_total.opinions(*(label for label, _ in rows)):
        draft.conflict("slo_tok_s", [v for _, v in rows])
        return ""
    totals = [v for label, v in rows if parts_total.is_total_row(label)]
    parts = [(label, v) for label, v in rows if not parts_total.is_total_row(label)]
    if len(parts) == 1 and not totals:
        return f"{plain(parts[0][1])} tok/s."
    if totals and len(parts) < 2:
        return f"{plain(totals[-1])} tok/s in total."
    total = parts_total.settle(parts, totals[-1] if totals else None, draft, "rate_summed")
    return f"{plain(total)} tok/s in total." if total is not None else ""


_TIMES_FIGURE = lazy(r"(?P<count>\d{1,3})\s*[x×*]\s*(?P<rate>\d[\d.,]*\s?[kK]?)\s*")


def row_figure(figure: str) -> tuple[float, str] | None:
    """A list row's figure before its unit: a number, or a count times a rate ("2 x 150" for two locales at 150
    each is 300 of the row's label); with how the note shows it (" 2 × 150", or "")."""
    if (value := parse_number(figure.replace(" ", ""))) is not None:
        return value, ""
    if (m := _TIMES_FIGURE.fullmatch(figure)) and (rate := parse_number(m["rate"].replace(" ", ""))) is not None:
        return int(m["count"]) * rate, f" {m['count']} × {plain(rate)} ="
    return None


def _counted_line() -> re.Pattern[str]:
    return lazy(
        r"^(?:[-•*·]|\d{1,2}[.)])\s+(?P<count>\d{1,4}|[^\W\d_]+)\s+(?P<noun>[^\W\d_][^\W\d]*(?:\s+(?!(?:at|x|on|with|a|con|de)\s)[^\W\d_][^\W\d]*)?)\s*"
        r"(?P<join>at|@|x|×|\*|:|,|with|on|a|con|de|—|–|-)?\s*[~≈]?\s*(?P<figure>\d[\d.,]*\s?[kK]?)\s*(?:tok(?:en)?s?/s|t/s|tps)"
        rf"(?P<each>\s*,?\s*(?:{lexicon.alternation('each')}|cada\s+un[oa]|c/\s?u|ea\.?)|\s+(?:per|por)\s+[^\W\d_]+)?\s*$",
        re.I,
    )


def counted(lines: list[str], draft: Draft) -> str | None:
    """Two or more list lines, each a count of groups with the tok/s each gets, as their sum; None when a line is
    anything else (a person's count is a stream each: not added up here)."""
    rows: list[tuple[str, float]] = []
    for line in lines:
        if not (m := _counted_line().match(line.strip())):
            return None
        count = parse_number(m["count"]) if m["count"][0].isdigit() else spelled.value(m["count"].lower())
        if m["count"].lower() in ("one", "a", "an", "un", "una", "uno"):
            count = 1
        figure = parse_number(m["figure"].replace(" ", ""))
        multiplied = m["each"] or (m["join"] or "").lower() in ("x", "×", "*")
        if count is None or figure is None or count != int(count) or unit_forms.kind(m["noun"]) != "group" or not (multiplied or count == 1):
            return None
        rows.append((f"{plain(count)} {m['noun']} × {plain(figure)}", count * figure))
    if len(rows) < 2:
        return None
    total = parts_total.settle(rows, None, draft, "rate_summed", shown=[label for label, _ in rows])
    return f"{plain(total)} tok/s in total."


def counted_columns(head: list[str], body: list[list[str]], skip: tuple[int, ...]) -> list[str]:
    """Per row, the counts of its columns headed by a group or person noun ("| equipo | personas | tok/s por persona |"
    over "| ventas | 80 | 35 |" says "80 personas, "): a per-person rate's table keeps its head counts (count15 s15)."""
    from bot.parse.count_nouns import (
        count_noun,  # count_nouns reads the lexicon's nouns, as structure's callers do
    )

    cols = [i for i, cell in enumerate(head) if i not in skip and (m := count_noun().match(" " + cell)) and m.end() == len(cell) + 1]
    out = []
    for cells in body:
        said = [f"{cells[i]} {head[i]}, " for i in cols if i < len(cells) and cells[i].replace(",", "").replace(".", "").isdigit()]
        out.append("".join(said))
    return out
