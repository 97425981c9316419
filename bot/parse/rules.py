"""Figures a phrase says, as data: rows of (field, value, words, veto, note) in the lexicon's `rules`.

"RAG-heavy" is 10 input tokens per output token and "agentic" 4:1, each said in a note; "not agentic" is
not (the row's veto, a lexicon concept matched right before the words). The first row that matches sets
its field, unless a reader already did. A new phrase with a fixed reading is a row, not a branch.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import islice
from typing import Any

from bot.parse import lexicon
from bot.parse.draft import Draft
from bot.parse.figures import MAX_MENTIONS
from bot.parse.lazyre import lazy

Row = tuple[str, Any, re.Pattern[str] | None, str | None]  # field, value, veto, note


@cache
def _table() -> tuple[re.Pattern[str], tuple[Row, ...]]:
    """Every row's words in one pattern (one scan of the text, whatever the number of rows)."""
    rows: list[Row] = []
    branches = []
    for lang in lexicon.LANGUAGES:
        for row in lexicon.rows(lang, "rules"):
            veto = row.get("veto")
            vetoed = lazy(rf"(?:^|(?<![\w'])){lexicon.alternation(veto)}", re.I) if veto else None
            branches.append(f"(?P<r{len(rows)}>{row['words']})")
            rows.append((row["field"], row["value"], vetoed, row.get("note")))
    return lazy(rf"\b(?<!\w')(?:{'|'.join(branches)})(?!\w|'\w)", re.I), tuple(rows)


def read_rules(text: str, draft: Draft, fields: tuple[str, ...]) -> None:
    """The rows for `fields`, the first that matches (file order at one place, text order across)."""
    pattern, rows = _table()
    for m in islice(pattern.finditer(text), MAX_MENTIONS):
        field, value, veto, note = rows[int(next(k for k, v in m.groupdict().items() if v is not None)[1:])]
        if field not in fields or field in draft.fields or draft.asked_about(field):
            continue
        if veto and veto.search(text, max(0, m.start() - 30), m.start()):
            continue  # "not agentic"
        draft.use(m.start(), m.end(), field)
        draft.set(field, value)
        if note:
            draft.note(note, phrase=m.group(0), **{field: value})
