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


@cache
def _rows() -> tuple[tuple[str, Any, re.Pattern[str], re.Pattern[str] | None, str | None], ...]:
    rows = []
    for lang in lexicon.LANGUAGES:
        for row in lexicon.rows(lang, "rules"):
            veto = row.get("veto")
            rows.append((
                row["field"],
                row["value"],
                re.compile(rf"{lexicon.WORD_START}(?:{row['words']})(?![\w'])", re.I),
                re.compile(rf"(?:^|(?<![\w'])){lexicon.alternation(veto)}", re.I) if veto else None,
                row.get("note"),
            ))  # fmt: skip
    return tuple(rows)


def read_rules(text: str, draft: Draft, fields: tuple[str, ...]) -> None:
    """The rows for `fields`, in file order."""
    for field, value, words, veto, note in _rows():
        if field not in fields or field in draft.fields or draft.asked_about(field):
            continue
        for m in islice(words.finditer(text), MAX_MENTIONS):
            if veto and veto.search(text, max(0, m.start() - 30), m.start()):
                continue  # "not agentic"
            draft.use(m.start(), m.end(), field)
            draft.set(field, value)
            if note:
                draft.note(note, phrase=m.group(0), **{field: value})
            break
