"""A count said per phase of a rollout, and the phase the message asks to size (issue 14, w2num s11): "Phase 1:
pilot in 40 stores. Phase 2: all 260 stores. … Please size phase 2", "wave 1 covers 10 hospitals, wave 2 brings
it to 45 … we're sizing for wave 2", "fase 1 con 5 oficinas, fase 2 con las 30; dimensionamos la fase 2".

A statement of a count belongs to the phase label (lexicon `phase_label`: phase, wave, stage, fase, etapa, ola)
nearest before it in its sentence; a bare whole number after a label is that phase's count too ("wave 2 brings it
to 45"). When the message names the phase to size (`phase_sized` right before a label), that phase's count is the
one that holds (bot/parse/revisions.py asks this module first); with no phase asked nothing is settled here."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number

Said = tuple[int, int, int]  # (value, start, end), as bot/parse/revisions.py says a count

_UNIT_AFTER = lazy(r"\s*(?:%|percent|por\s?ciento|k\b|m\b|tok|t/s|tps|tokens?|gpus?|h\b|hours?|horas?|x\b)", re.I)


@cache
def _label() -> re.Pattern[str]:
    words = "|".join(map(re.escape, sorted(lexicon.mapping("number_words"), key=len, reverse=True)))
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('phase_label')})\s+(?P<n>\d{{1,2}}|{words}|one|uno|una)\b", re.I)


@cache
def _sized() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('phase_sized')})\s+(?:(?:for|the|la|el|de|a)\s+){{0,2}}$", re.I)


def _id(said: str) -> str:
    words = lexicon.mapping("number_words")
    low = said.lower()
    return str(int(words[low])) if low in words else "1" if low in ("one", "uno", "una") else str(int(low))


def _labels(text: str) -> list[re.Match[str]]:
    return list(_label().finditer(text)) if _cued(text) else []


def _cued(text: str) -> bool:
    low = text.lower()
    return any(w in low for w in ("phase", "wave", "stage", "fase", "etapa", "ola"))


def asked(text: str, labels: list[re.Match[str]]) -> str | None:
    """The phase the message asks to size ("please size phase 2", "dimensionamos la fase 2"), or None."""
    found = {_id(m["n"]) for m in labels if _sized().search(text, max(0, m.start() - 40), m.start())}
    return found.pop() if len(found) == 1 else None


def _phase_of(text: str, labels: list[re.Match[str]], start: int) -> str | None:
    lo, _ = sentence(text, start)
    before = [m for m in labels if lo <= m.start() and m.end() <= start]
    return _id(before[-1]["n"]) if before else None


def with_bare(text: str, nums: list[Number], said: list[Said]) -> list[Said]:
    """`said` with the bare whole numbers said after a phase label, when the message names two phases: "wave 2
    brings it to 45" restates the hospitals for wave 2 (with no phase asked, the two then differ and the reader asks)."""
    labels = _labels(text)
    if not said or len({_id(m["n"]) for m in labels}) < 2:
        return said
    taken = {s for _, s, _ in said} | {m.start("n") for m in labels}
    out = list(said)
    for n in nums:
        if n.start in taken or not n.value.is_integer() or n.value < 2 or _UNIT_AFTER.match(text, n.end):
            continue
        if _phase_of(text, labels, n.start) is not None and not any(s <= n.start < e for _, s, e in said):
            out.append((round(n.value), n.start, n.end))
    return sorted(out, key=lambda s: s[1])


def pick(text: str, said: list[Said]) -> list[Said] | None:
    """The statements of the phase the message asks to size, when they agree on one value; else None."""
    labels = _labels(text)
    if (phase := asked(text, labels)) is None:
        return None
    these = [s for s in said if _phase_of(text, labels, s[1]) == phase]
    return these if these and len({v for v, _, _ in these}) == 1 else None
