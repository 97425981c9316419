"""Which sentences the residency stance (bot/parse/stance.py) reads, and who speaks in them: a sentence that names
residency at all (most do not), the one right after a ruling that goes on about who ruled, a short next sentence that
belongs to a rule's time, and a thread header that names its writer's authority ("From: Hannah (Privacy)")."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot.parse import context, grouped, lexicon, rulings
from bot.parse.lazyre import lazy
from bot.parse.residency_sensitive import sensitive

if TYPE_CHECKING:
    from bot.parse.stance import Stance


class Carried:
    """Who rules, carried from an earlier part of the sentence: an empty match at the part's start."""

    def __init__(self, at: int):
        self._at = at

    def start(self) -> int:
        return self._at

    def end(self) -> int:
        return self._at


# Searched one by one rather than as one alternation: each concept's own pattern (lazyre) tries only where one of
# its first words begins, which the joined pattern could not (a Slack-thread paste: 1.1 -> 0.55 ms, perf14).
# A match of the alternation is a match of one of them: all are re.I, none refers back to a group by number.
# `sensitive` is not among them: sensitive() reads its words (and the holder x item rows) anyway.
_NAMED = ("authority", "egress", "keep_in", "rule_question", "vendor_use", "scrubbed", "holder_data", "egress_not_data", "regulation_open", "processing_agreement", "sensitivity_word")


def named(text: str, start: int, end: int) -> bool:
    """Whether a sentence speaks of residency at all (most do not: they are not read further)."""
    return any(grouped.pattern(c).search(text, start, end) for c in _NAMED) or bool(sensitive(text, start, end))


def then(text: str, sentences: list[tuple[int, int]], k: int, out: list[Stance]) -> list[tuple[int, int]]:
    """The sentences to read, with the one right after a ruling even if it holds no cue: "Legal rejected it in
    Q1. In Q3 they gave the green light." goes on about who ruled."""
    prev = sentences[k - 1][1] if k else -1
    if out and out[-1].ruled and out[-1].within[1] == prev < len(text) and (k == len(sentences) or sentences[k][0] != prev):
        sentences.insert(k, (prev, next_end(text, prev)))
    return sentences


def next_end(text: str, start: int) -> int:
    nxt = context.SENTENCE_END.search(text, start)
    return nxt.end() if nxt else len(text)


def and_next(text: str, sentences: list[tuple[int, int]], k: int) -> int:
    """Where a sentence's time reaches: a short next sentence that names nothing of its own belongs to it
    ("until March no external API was allowed; since April, yes"), and so does one that opens with the rule's end
    ("…; desde enero ya no aplica porque solo procesamos textos anonimizados")."""
    end = sentences[k][1]
    b = next_end(text, end)
    if b - end <= 60 and not named(text, end, b):
        return b
    lead = len(text[end:b]) - len(text[end:b].lstrip(" \t>"))  # "…; since the April contract it can" (fixR)
    if lexicon.pattern("reversal").match(text, end + lead):
        return b
    gone = lexicon.pattern("withdrawn").search(text, end + lead, b)  # "…; desde enero ya no aplica porque…"
    if gone and _NO_SUBJECT.fullmatch(text, end + lead, gone.start()):
        return b  # a next sentence that opens with a rule's end and no subject of its own speaks of the rule before
    return end


# What may come before a rule's end in a next sentence that speaks of the rule before it: a time, a pronoun
# ("since January it no longer applies", "desde enero ya no aplica"); "the laptop policy no longer applies" has its own.
_NO_SUBJECT = lazy(
    r"(?:(?:but|and|pero|y)\s+)?(?:(?:since|from|as\s+of|after|desde|a\s+partir\s+de|tras|despu[eé]s\s+de)\s+(?:[\w-]+\s+){0,2}?[\w-]+,?\s+)?"
    r"(?:(?:it|that|this|that\s+rule|eso|esto|ahora|now|today|hoy|though)\s+)?",
    re.I,
)


_HEADER = lazy(r"\s*>?\s*(?:from|reply|re|de|correo|respuesta|mensaje|email|e-mail|mail)\b[^\n:]{0,60}\(([^()\n]{1,40})\)\s*:?\s*$", re.I)


def voice(text: str, start: int, end: int) -> str:
    """Who speaks in the lines after a thread's header that names them with their authority in brackets
    ("From: Hannah (Privacy)", "Correo de Marta (legal):"): the header says nothing else (fixR, session 9)."""
    m = _HEADER.fullmatch(text, start, end)
    if not m or not (named := grouped.pattern("authority").search(text, m.start(1), m.end(1))):
        return ""
    return rulings.who(named.group(0))
