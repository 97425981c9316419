"""What frames the voices of a pasted message: older messages, signatures, email headers, incident times.

`old_regions` finds the older messages (lines quoted with `>`, and what follows a line of its own that heads a
quoted email: "On Tue, Ana wrote:", "-----Original Message-----", "El mar, … escribió:"); `drop` blanks what is
never a figure of the question: a signature ("--", "Thanks,", "Saludos,", "Sent from my iPhone") with its name
and phone, a quoted email's header lines (From, Sent, Subject, De, Enviado, Asunto) with their dates, and clock
times in a sentence about an incident ("threw 503 errors at 14:05"). Rows: lexicon `quote_header`,
`mail_field`, `signature`, `log_event` (EN/ES). Used by bot/parse/voices.py, which decides which figure wins.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.rate_units import TOK_S


@cache
def _line(concept: str) -> re.Pattern[str]:
    return lazy(rf"^[ \t]*{lexicon.alternation(concept)}[ \t]*$", re.I | re.M)


@cache
def _log_event() -> re.Pattern[str]:
    return lazy(rf"(?<![\w-]){lexicon.alternation('log_event')}(?![a-záéíóúñ])", re.I)


def blank(chars: list[str], start: int, end: int) -> None:
    chars[start:end] = [" "] * (end - start)


def old_regions(text: str) -> list[tuple[int, int]]:
    """Spans of older messages: quoted lines, and what follows an email's quote header (with its header lines)."""
    regions = [(m.start(), m.end()) for m in re.finditer(r"^>[^\n]*", text, re.M)]
    header = _line("quote_header").search(text)
    if header and text[: header.start()].strip():
        regions.append((header.start(), len(text)))
    if not regions:
        return []
    regions.sort()
    edges = [0, *(x for s, e in regions for x in (s, e)), len(text)]
    fresh = any(text[edges[i] : edges[i + 1]].strip() for i in range(0, len(edges), 2))
    return regions if fresh else []  # a message that is all quote is the question itself


def drop(text: str, chars: list[str]) -> None:
    """Signatures and a quoted email's header lines hold dates, addresses and phone numbers, never figures."""
    for m in _line("signature").finditer(text):
        if text[: m.start()].strip():
            stop = text.find("\n\n", m.end())
            header = _line("quote_header").search(text, m.end())
            end = min(stop if stop >= 0 else len(text), header.start() if header else len(text))
            block = text[m.end() : end]
            if (
                block.count("\n") <= 5 and "?" not in block and not TOK_S.search(block)
            ):  # a name, a title, a phone
                blank(chars, m.start(), end)
    for m in _line("quote_header").finditer(text):
        blank(chars, m.start(), m.end())
    if _line("quote_header").search(text):
        field = lazy(rf"^[ \t>]*{lexicon.alternation('mail_field')}:[^\n]*", re.I | re.M)
        for m in field.finditer(text):
            blank(chars, m.start(), m.end())


_CLOCK = lazy(r"(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?(?![\d:])", re.I)


def log_times(text: str, chars: list[str]) -> None:
    """Clock times in a sentence about an incident or a log line ("threw 503s at 14:05 and 14:20") are when
    things broke, not the hours the service runs."""
    for m in _CLOCK.finditer(text):
        start, end = sentence(text, m.start())
        if _log_event().search(text, start, end):
            blank(chars, m.start(), m.end())
