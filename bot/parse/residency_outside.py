"""A rule the request is said to be outside of (res12, session 12): "the on-prem rule covers the billing systems
only; this project is the intranet FAQ bot and is not covered", "keep-it-in-house applies just to HR; the marketing
bot isn't covered by it", "la norma solo aplica a contabilidad; este asistente queda fuera del alcance". Whatever the
rule names, the message says this request is not under it (lexicon `scope_outside`), so the rule's sentence (the
one saying it, or the one with its limit, `scope_limit`, up to two sentences before) and the saying itself are read
and set nothing. A rule said to cover this request ("…, and this bot is part of billing") is no outside: it holds.
Data sensitive by nature said in another sentence keeps its own reading."""

from __future__ import annotations

from collections.abc import Sequence

from bot.parse import context, grouped, lexicon
from bot.parse.draft import sentence

_BACK = 2  # sentences before the saying where the rule's limit may sit


def set_aside(text: str, spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The sentences whose rule the message says does not hold for this request."""
    out: list[tuple[int, int]] = []
    for said in grouped.pattern("scope_outside").finditer(text):
        start, end = sentence(text, said.start())
        if context.negated(text, said.start()) or lexicon.pattern("contrast").search(text, said.end(), end):
            continue  # "it is not out of scope"; "…is out of scope, but production must stay on-prem"
        out.append((start, end))
        before = [s for s in spans if s[1] <= start][-_BACK:]
        out += [s for s in before if grouped.pattern("scope_limit").search(text, *s)]
    return out
