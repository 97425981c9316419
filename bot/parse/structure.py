"""The shape of a pasted message: config lines, markdown tables and bullet lists, read into plain sentences.

Engineers paste YAML, JSON, TOML, env lines and tables. Their keys are words: a key's words (snake_case,
kebab-case, camelCase and dots read as spaces) are matched against the lexicon's `config_*_key` concepts, so
"target_tps: 800", "TARGET_TOK_S=600" and "objetivo_tok_s: 450" become "800 tok/s" for the rate reader,
"max_model_len: 131072" and "contexto_max: 16384" a context, "usuarios_concurrentes: 40" users at once, and a
serving setting ("replicas: 3", "nvidia.com/gpu: 8", "tensor_parallel_size: 4") is dropped: it is never a
count of users or a figure of the question. The scenario's own field names are left to `_read_fields`.

A table or bullet list of groups × tok/s ("| team | tok/s |", "- search: 200 tok/s") adds up (note
`rate_summed`); a total row wins; a table of models is one sentence per model (two models ask); a benchmark
table ("| concurrency | tok/s |") is context and is dropped. Runs before every other reader, on the plain
text, and only where its marks are (a `|` at a line's start, a key before `:` or `=`).
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import aligned, config_figures, exports, lexicon, tabbed
from bot.parse.draft import Draft
from bot.parse.lazyre import lazy
from bot.parse.numbers import parse_number, plain
from bot.parse.rate_units import TOK_S, UNIT_ALONE
from bot.parse.volume_labels import volume_labels
from bot.parse.volume_totals import volume_totals


# "key: value" / "key = value" / "\"key\": \"value\"" with a numeric value that ends there, or that words or a flag
# follow (lexicon `config_value_then`: "OUTPUT_TOKENS_PER_SEC=350 for gemma", "-e TARGET_TOK_S=900 -e MODEL=…").
@cache
def _pairs() -> re.Pattern[str]:
    return lazy(
        r"(?:^|(?<=[\s{,;]))(?P<q>[\"']?)(?P<key>[A-Za-z][\w.\-/]{0,60})(?P=q)\s*[:=]\s*[\"']?"
        r"(?P<value>\d[\d.,_]*(?:\s?[kKmM]\b)?)[\"']?(?=\s*(?:,(?!\d)|[}\];#]|\.(?:\s|$)|$)"  # "1,400 tok/s" is no "1" then a list; "…: 27000. worth it?"
        rf"|[ \t]+(?:{lexicon.alternation('config_value_then')}))",
        re.M,
    )


# A log line: a timestamp first, or a level word. Its key=value figures are what a program measured.
_LOG_LINE = lazy(
    r"^\s*\[?(?:\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}:\d{2})|\b(?:INFO|WARN(?:ING)?|ERROR|DEBUG|TRACE)\b"
)
_PER_HEAD = lazy(r"\b(?:per|each|por|cada)\b|/\s*(?:user|usuario|stream|gpu|node|nodo)", re.I)
_TABLE_LINE = lazy(r"^\|.*\|$")
_RULE_LINE = lazy(r"^\|[\s:\-|]+\|$")
_BULLET = lazy(
    r"^(?:[-•*·]|\d{1,2}[.)])\s+(?P<label>[^\d:\n]{1,40}?)\s*[:=—–-]\s*(?P<figure>[\d][^\n]{0,30}?)\s*$"
)


_concept = config_figures.concept
_words = config_figures.key_words


@cache
def _scenario_fields() -> frozenset[str]:
    from costcore.scenario import Scenario

    return frozenset(Scenario.model_fields)


def _pair(match: re.Match[str]) -> str:
    key, value = match.group("key"), match.group("value").replace("_", "")
    if key.lower() in _scenario_fields() or _LOG_LINE.search(_line_of(match)):
        return match.group(0)  # a log line's "tokens_per_second=412" is a measurement, not a setting
    words = _words(key)
    lead = match.group(0)[: match.start("q") - match.start()]
    if _concept("config_setting_key").fullmatch(words):
        return lead + " "
    rate = _concept("config_rate_key").search(words) or _concept("config_rate_noun").search(words)
    if rate:
        before, after = words[: rate.start()].strip(), words[rate.end() :].strip()
        return f"{lead}{before} {value} tok/s {after}".rstrip()
    if _concept("config_volume_key").fullmatch(words):
        return f"{lead}{value} {words}"  # "daily_output_tokens: 43200000" is "43200000 daily output tokens"
    if said := config_figures.volume(words, value):  # "tokens_out_per_hour", "req_per_day" (parseEN)
        return lead + said
    if _concept("config_context_key").fullmatch(words):
        return f"{lead}context of {value} tokens"
    if _concept("config_users_key").fullmatch(words):
        return f"{lead}{value} concurrent users."
    said = config_figures.said(match, words)  # the mix's and the cache's: "avg_input_tokens", "cache: hit_rate"
    return f"{lead}{said} {value}" if said else match.group(0)


def _line_of(match: re.Match[str]) -> str:
    text = match.string
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    return text[start : end if end >= 0 else len(text)]


def _cells(line: str) -> list[str]:
    return [c.strip().strip("*_`") for c in line.strip().strip("|").split("|")]


def _rate_column(head: list[str]) -> int | None:
    for i, cell in enumerate(head):
        if (
            UNIT_ALONE.search(cell)
            or TOK_S.match(" " + cell)
            or _concept("config_rate_key").fullmatch(cell.lower())
            or ("_" in cell and _concept("config_rate_key").search(_words(cell)))  # "target_tps", "tok_s_per_user"
        ):
            return i
        if _concept("config_rate_noun").fullmatch(cell.lower()):
            return i
    return None


def _table(lines: list[str], draft: Draft) -> str | None:
    head = _cells(lines[0])
    body = [_cells(line) for line in lines[1:] if not _RULE_LINE.match(line)]
    col = _rate_column(head)
    if col is None and (keyed := tabbed.keyed_row(head, body)) is not None:
        return keyed  # "avg_output_tokens | req_per_day" over one row of figures
    if col is None and body and all(len(cells) == 2 for cells in [head, *body]):
        # "| setting | value |": a key/value table is a config, one "key: value" line per row; without a rule line
        # under it the first row is no header but a pair too ("| avg prompt tokens | 2,400 |" pasted bare, gate)
        pairs = body if len(lines) > 1 and _RULE_LINE.match(lines[1]) else [head, *body]
        return "\n".join(f"{key}: {value}" for key, value in pairs)
    if col is None or not body or _concept("table_measure_col").search(head[col]):
        return None if col is None or not body else ""  # a measured column ("tok/s measured") is context
    named = [i for i, cell in enumerate(head) if i != col and _concept("table_model_head").fullmatch(cell.lower())]
    label_col = named[0] if named else 0 if col != 0 else 1  # "| service | model | peak_tps |": the model's column
    rows: list[tuple[str, float]] = []
    for cells in body:
        figure = cells[col] if len(cells) > max(col, label_col) else ""
        unit = TOK_S.search(figure)
        if (value := parse_number((figure[: unit.start()] if unit else figure).replace(" ", ""))) is None:
            return None  # not a table of figures: left to the readers as it is
        rows.append((cells[label_col], value))
    unit = _words(head[col]) if "_" in head[col] else head[col]  # "tok_s_per_user" is "tok s per user"
    if _PER_HEAD.search(unit):  # "| team | tok/s per user |": each row is its own rate, not a part of a whole
        unit = _concept("config_rate_key").sub("tok/s", unit, count=1) if "_" in head[col] else unit
        # "| tenant count | tok/s per tenant |" over "| 12 | 75 |": the label column counts the units
        counted = len(head) > label_col and _concept("count_label").search(head[label_col])
        # "| personas |" beside one rate for all: said, not dropped (rates that differ ask which first)
        heads = tabbed.counted_columns(head, body, (col, label_col)) if len({v for _, v in rows}) == 1 else [""] * len(rows)
        return "\n".join(
            f"{head[label_col]}: {label}. {plain(v)} {unit}." if counted and parse_number(label) else f"{label}: {said}{plain(v)} {unit}."
            for (label, v), said in zip(rows, heads, strict=True)
        )
    return tabbed.groups(rows, head[label_col].lower() if len(head) > label_col else "", draft)


def _bullets(lines: list[str], draft: Draft, heading: str) -> str | None:
    """Two or more list lines, each a label and one tok/s figure ("- search: 200 tok/s"), are a table of groups;
    the unit may be said once in the line before them ("per team (tok/s):")."""
    rows: list[tuple[str, float]] = []
    unit_said = bool(UNIT_ALONE.search(heading) or TOK_S.search(heading))
    for line in lines:
        m = _BULLET.match(line)
        figure = m.group("figure") if m else ""
        unit = TOK_S.search(figure)
        read = tabbed.row_figure(figure[: unit.start()] if unit else figure) if unit or unit_said else None
        if read is None or not m or (unit and _added_after().match(figure, unit.end())):
            return None  # "- con México: 150 tok/s más" adds to a line before it: bot/parse/rate_added.py reads it
        rows.append((m.group("label").strip() + read[1], read[0]))  # "support bot: 2 x 150 tok/s" is 300
    return tabbed.groups(rows, "", draft) if len(rows) > 1 else None


@cache
def _added_after() -> re.Pattern[str]:
    return lazy(rf"(?:{lexicon.alternation('rate_added_after')}){lexicon.WORD_END}", re.I)


_LIST_LINE = lazy(r"^\s*(?:[-•*·]|\d{1,2}[.)])\s+\S")


def _counted(lines: list[str], i: int, draft: Draft) -> tuple[str, int] | None:
    j = i
    while j < len(lines) and _LIST_LINE.match(lines[j]):
        j += 1
    return (read, j) if j - i > 1 and (read := tabbed.counted(lines[i:j], draft)) is not None else None


def _blocks(lines: list[str], draft: Draft) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(lines):
        kind = "table" if _TABLE_LINE.match(lines[i]) else "bullet" if _BULLET.match(lines[i]) else ""
        j = i + 1
        if not kind and (summed := _counted(lines, i, draft)):  # "- four tenants at 500 tok/s each" lines: count × each, added up
            out.append(summed[0])
            i = summed[1]
            continue
        if kind:
            same = _TABLE_LINE if kind == "table" else _BULLET
            while j < len(lines) and same.match(lines[j]):
                j += 1
            heading = lines[i - 1] if i else ""
            read = _table(lines[i:j], draft) if kind == "table" else _bullets(lines[i:j], draft, heading)
            if read is not None:
                out.append(read)
                i = j
                continue
        out.extend(lines[i:j])
        i = j
    return out


def reshape(text: str, draft: Draft) -> str:
    """`text` (plain, one line per line) with its config pairs, tables and bullet lists read into sentences."""
    text = exports.read(text)  # a usage export: its mix, cache share and volume, by its keys
    if "\n" in text:
        text = aligned.as_tables(text)  # "product   tok/s" over "chat      300": a table without bars
    if "|" in text or "\n" in text:
        lines = text.split("\n")
        if any(_TABLE_LINE.match(line) or _BULLET.match(line) or _LIST_LINE.match(line) for line in lines):
            text = "\n".join(line for line in _blocks(lines, draft))
    text = volume_labels(volume_totals(text))  # "Daily volume? About 40M output tokens.": the label's period is the figure's
    if ":" in text or "=" in text:
        text = config_figures.logfmt(text) if "_" in text and "=" in text else text  # "a_b=1 c_d=2": two pairs
        text = _pairs().sub(_pair, config_figures.named_values(text))  # terraform defaults, env entries
    if "_" in text:
        text = config_figures.metrics(text)
    return text
