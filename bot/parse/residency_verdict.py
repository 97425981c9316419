"""Residency words that name a frame and no verdict of their own (res14, read by bot/parse/stance_part.py):
- a regulation that merely applies or matters ("GDPR applies", "HIPAA covers this workload", "PCI is a thing",
  "aplica la LOPDGDD", lexicon `regulation_open`): whether the text may leave is not said, so it asks
  (`residency_unclear`), like "falls under GDPR"; a verdict in the same part of the sentence decides instead;
- an agreement with the hosted provider (BAA, DPA, "acuerdo de encargo de tratamiento", lexicon
  `processing_agreement`): signed or in place (`agreement_signed`) it lets the data it covers go, sensitive or not;
  pending, being negotiated or refused (`agreement_pending`) it is doubt and asks. A ruling that forbids (a refusal,
  forbid + egress, a keep-in rule) is read before it, so "we have a BAA, but security says no PHI goes out" stays."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.parse import context, grouped
from bot.parse.draft import sentence
from bot.parse.residency_words import EU
from bot.parse.stance_kind import LEAVES, NONE, STAYS, UNSURE, Stance


def open_regulation(text: str, a: int, b: int) -> re.Match[str] | None:
    """A regulation said to apply with no verdict in text[a:b], unless negated ("GDPR doesn't apply" is a waiver)."""
    reg = grouped.pattern("regulation_open").search(text, a, b)
    if reg is None or context.negated(text[a:b], reg.start() - a):
        return None
    start, end = sentence(text, reg.start())  # "GDPR applies to us, so processing has to stay inside the EEA": the
    return None if EU.search(text, start, end) else reg  # regulation is the EU rule's reason (residency.py reads it)


def within(reg: re.Match[str] | None, data: re.Match[str] | None) -> bool:
    """Whether the sensitive words found are the regulation's own name ("PCI is a thing"), not data of their own."""
    return bool(reg and data and reg.start() <= data.start() < reg.end())


def agreement(text: str, a: int, b: int) -> Stance | None:
    """The stance of a processing agreement named in text[a:b]: in doubt (pending, refused), signed, or none."""
    if not grouped.pattern("processing_agreement").search(text, a, b):
        return None
    start = a + len(text[a:b]) - len(text[a:b].lstrip(" ,;:"))  # the whole part is read: the data it covers too
    if grouped.pattern("agreement_pending").search(text, a, b):
        return Stance(UNSURE, start, b, clears=True)
    signed = grouped.pattern("agreement_signed").search(text, a, b)
    if signed is None or context.negated(text[a:b], signed.start() - a):
        return None  # "do we need a BAA?", "we don't have a DPA": no permission (the question or the rest decides)
    return Stance(LEAVES, start, b, clears=True)


def covered(stances: list[Stance]) -> list[Stance]:
    """Data that stays only because it is sensitive by nature, in a message that names an agreement covering it: the
    agreement decides ("We have a BAA signed. The prompts contain PHI." may leave; with the BAA still pending, it
    asks). A ruling that keeps the text home is no such data and stands."""
    if not any(s.clears and s.kind in (LEAVES, UNSURE) for s in stances):
        return stances
    return [replace(s, kind=NONE, clears=True) if s.kind == STAYS and s.sensitive and not s.ruled else s for s in stances]
