"""Which of several named models is still in play: each mention gets a role from the words around it (model16,
session 16). Set aside: tried and dropped, replaced, ruled out, "not X", "instead of X", "swap X for Y" (X), another
party's ("the partner agency runs X on their side"), struck through. Chosen: settled on, now wants, switching to, "Y
instead". The question's model is the chosen one; else every mention not set aside; two_models is asked only when
two remain in play. The words are lexicon concepts (`model_aside_before`, `model_aside_after`, `model_chosen_before`,
`model_chosen_after`, `model_other_party`, `model_first_person`, `model_role_filler` in bot/parse/lexicon/*.yaml).

A role word counts only within the mention's clause (sentence, or a part cut at "but"/"pero"/"sino"), with nothing
but filler words ("the", "our old", "la") between a word before the name and it, a few words between the name and a
word after it, and no other name between. Names joined by "or", "and", "vs", "o", "y" share the first one's role, so
"we're evaluating A and B" still asks. When every name would be set aside, none is."""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import cache
from typing import Literal

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.model_index import Mention, cached_digit_groups
from bot.parse.model_unknown import unknown_names
from bot.parse.words import Token
from costcore.catalog import Catalogs, normalise

Role = Literal["aside", "chosen"]

_CLAUSE = lazy(r"[.;!?](?=\s|$)|\n|[,:]?\s+(?:but|however|whereas|pero|sino|mientras\s+que)(?!\w)", re.I)
_JOINED = lazy(
    r"[\s,/&]*(?:(?:or|and|vs\.?|versus|plus|o|y|u|e|as\s+well\s+as)(?:\s+(?:maybe|perhaps|also|even|tal\s+vez|quiz[aá]s?|tambi[eé]n))?)?[\s,/&]*",
    re.I,
)
_RATE = lazy(r"\d[\d.,]*\s*k?\s*(?:tok(?:en)?s?\s*/\s*s(?!\w)|tps(?!\w)|t/s(?!\w)|tokens?\s+(?:per|a|por|al)\s+(?:second|sec|segundo))", re.I)
_LABEL = lazy(r"(?<!\w)(?:models?|modelo|llm)\s*[:=]\s*[\"'`]?$", re.I)  # "Model: qwen3 235b", "model = …"
_AFTER_GAP = 4  # words between a name and a role word after it ("X at 300 tok/s is the candidate now")


@cache
def _words(concept: str) -> re.Pattern[str]:
    return lexicon.pattern(concept)


@cache
def _filler() -> frozenset[str]:
    return frozenset(w.lower() for row in lexicon.fragments("model_role_filler") for w in row.split())


def _key(m: Mention) -> tuple[str, tuple[str, ...]] | None:
    if not (m.strong or m.kind == "several"):
        return None
    name = m.model or m.typed if m.strong else " ".join(m.candidates)
    return normalise(name), cached_digit_groups(name)


def _clauses(text: str) -> list[int]:
    return [0, *(c.end() for c in _CLAUSE.finditer(text))]


def _gap_words(text: str, start: int, end: int) -> list[str] | None:
    gap = text[start:end]
    if _CLAUSE.search(gap):
        return None
    return re.findall(r"[\w'’-]+", gap.lower())


def _roles(text: str, named: list[Mention]) -> dict[int, Role]:
    """The role of each mention (by its index in `named`, sorted by start) that has one."""
    cuts = _clauses(text)
    clause = [bisect_left(cuts, m.start + 1) for m in named]
    roles: dict[int, Role] = {}
    filler = _filler()
    for concept, role in (("model_aside_before", "aside"), ("model_chosen_before", "chosen")):
        for mark in _words(concept).finditer(text):
            k = bisect_left([m.start for m in named], mark.end())
            words = _gap_words(text, mark.end(), named[k].start) if k < len(named) else None
            if words is not None and len(words) <= 3 and all(w in filler for w in words):
                roles.setdefault(k, role)
    for concept, role in (("model_aside_after", "aside"), ("model_chosen_after", "chosen")):
        for mark in _words(concept).finditer(text):
            k = bisect_left([m.end for m in named], mark.start() + 1) - 1
            words = _gap_words(text, named[k].end, mark.start()) if k >= 0 else None
            if words is not None and len(words) <= _AFTER_GAP:
                roles.setdefault(k, role)
    if _words("model_other_party").search(text):  # "the partner agency runs X on their side. We'd run Y"
        ends = [*cuts[1:], len(text)]
        for k in range(len(named)):
            part = text[cuts[clause[k] - 1] : ends[clause[k] - 1]]
            if _words("model_other_party").search(part) and not _words("model_first_person").search(part):
                roles.setdefault(k, "aside")
    for k in range(1, len(named)):  # "we're evaluating A and B": B shares A's role
        if k - 1 in roles and k not in roles and _JOINED.fullmatch(text, named[k - 1].end, named[k].start):
            roles[k] = roles[k - 1]
    return roles


def _unknown_chosen(text: str, toks: list[Token], mentions: list[Mention], catalogs: Catalogs) -> list[Mention]:
    """A name the catalog lacks right after a word that chooses it ("product now wants Qwen2.5-72B-Instruct"):
    found only where no catalog name is, so it is looked for here, after such a word."""
    out: list[Mention] = []
    starts = [t.start for t in toks]
    for mark in _words("model_chosen_before").finditer(text):
        k = bisect_left(starts, mark.end())
        while k < len(toks) and toks[k].lower in _filler():
            k += 1
        if k >= len(toks) or any(m.start <= toks[k].start < m.end for m in mentions):
            continue
        covered = set(range(k)) | set(range(k + 2, len(toks)))
        out += [u for u in unknown_names(text, toks, covered, catalogs) if u.start == toks[k].start]
    return out


def _by_figure(text: str, named: list[Mention]) -> list[Mention]:
    """The mentions of the one model named in the clause of the tok/s figure, when the others are named in other
    clauses that are no question and nothing in the text compares or asks which ("we've outgrown X. Looking to
    self-host Y next, 300 tok/s"); else none."""
    if len({_key(m) for m in named}) < 2 or _words("model_compare").search(text):
        return []
    cuts = _clauses(text)
    figures = {bisect_left(cuts, f.start() + 1) for f in _RATE.finditer(text)}
    if not figures:
        return []
    inside = [m for m in named if bisect_left(cuts, m.start + 1) in figures]
    if len({_key(m) for m in inside}) != 1:
        return []
    ends = [*cuts[1:], len(text)]
    for m in named:
        c = bisect_left(cuts, m.start + 1)
        if c not in figures and ("?" in text[cuts[c - 1] : ends[c - 1] + 1] or _LABEL.search(text, max(0, m.start - 30), m.start)):
            return []  # "we have X in production. Would Y be cheaper?", "Model: X" in a pasted ticket: ask which
    return inside


def in_play(
    text: str, toks: list[Token], mentions: list[Mention], catalogs: Catalogs
) -> tuple[list[Mention], list[tuple[int, int]]]:
    """The mentions still in play, and the spans of those set aside (still names, so no reader takes "8x7b" for a
    figure)."""
    named = sorted((m for m in mentions if _key(m)), key=lambda m: m.start)
    if not named:
        return mentions, []
    if _words("model_chosen_before").search(text):
        named = sorted(named + _unknown_chosen(text, toks, named, catalogs), key=lambda m: m.start)
    if len({_key(m) for m in named}) < 2:
        return mentions, []
    roles = _roles(text, named)
    chosen = [m for k, m in enumerate(named) if roles.get(k) == "chosen"]
    kept = [m for k, m in enumerate(named) if roles.get(k) != "aside"] or named
    needed = _by_figure(text, kept)
    if chosen and needed and not any(_key(m) == _key(needed[0]) for m in chosen):
        kept = named  # "the bank next door standardised on X. For us it's Y at 200 tok/s": which? ask
    else:
        kept = chosen or needed or kept
    held = {id(m) for m in kept}  # by identity: a Mention's dataclass __eq__ made this quadratic in the mentions
    gone = [m for m in named if id(m) not in held]
    rest = [m for m in mentions if not _key(m)]
    return sorted([*kept, *rest], key=lambda m: m.start), [(m.start, m.end) for m in gone]
