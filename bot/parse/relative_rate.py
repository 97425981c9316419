"""A tok/s said relative to another tok/s (grow16, session 16, issue 14): "support pulls 150 tok/s. The new claims
assistant will need twice what support uses" is 300, "Ops wants half of what the search team runs, and search runs
900 tok/s" is 450, "si triplicamos el tráfico actual de 150 tok/s" is 450, "hoy 250 tok/s; con la fusión serían un
40 % más. Dimensionemos para después de la fusión" is 350. The relative (a factor word, "N times", "Nx", "N % more /
less") is bound to the tok/s it refers to: the nearest one before it, in its sentence or the one before, else the
first after it in its sentence. It is what the asker sizes for when its clause says a need or a condition after
the base (lexicon `relative_need`) or a sizing phrase elsewhere names no today; otherwise ("…, and marketing
expects that to triple by Q3") it is a second value in time and the rates reader asks which (`slo_unclear`). A
factor said of a price, a speed or a latency (`relative_veto`), or of no rate ("twice a day", "half of the
team": `relative_anchor`), is none. The words are the lexicon's (`relative_factor`, `relative_anchor`,
`relative_more`, `relative_less`, `relative_need`, `relative_need_later`, `relative_veto`, `size_for`).

grow17 (session 17): a growth verb before "N %" ("usage grows 50%", "+40 %", `relative_more_before`) is a
relative too; a sizing phrase may be passive or say what the node must carry (`size_target`: "sized for after
launch", "has to carry the 2027 number"); one that names today (`size_today`: "size it for today's traffic") makes
the relative no need and no question: the figure said is read (`sized` "base"). A factor whose subject is no rate
("our team doubled", `relative_subject_veto`) or that describes the figure said ("that's already double") is none."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.rate_units import TOK_S

# A piece of a word every relative needs: a question with none of them costs one scan of this tuple.
_CUES = ("doubl", "twice", "tripl", "quadrupl", "half", "halv", "quarter", "times", "%", "percent", "x ", "×",
         "dobl", "duplic", "dupliq", "veces", "cuadrupl", "cuádrupl", "mitad", "cuarto", "ciento")  # fmt: skip


@dataclass(frozen=True)
class Relative:
    factor: float
    base: float
    said: str
    start: int
    end: int
    sized: str | None  # "grown": the asker sizes for base × factor; "base": for the figure said; None: not said
    added: float | None = None  # the tok/s said as an addition ("150 tok/s más", bot/parse/rate_added.py)


@cache
def _factor() -> re.Pattern[str]:
    words = sorted(lexicon.mapping("relative_factor"), key=len, reverse=True)
    named = "|".join(re.escape(w).replace(r"\ ", r"\s+") + ("" if " " in w else r"\w*") for w in words)
    more, less = lexicon.alternation("relative_more"), lexicon.alternation("relative_less")
    return lazy(
        rf"{lexicon.WORD_START}(?P<word>{named}){lexicon.WORD_END}"
        r"|(?<![\w.,])(?P<n>\d+(?:[.,]\d+)?)\s?(?:x|×|times|veces)(?!\w)"
        rf"|(?<![\w.,])(?P<p>\d+(?:[.,]\d+)?)\s?(?:%|percent|por\s?ciento)\s+(?:(?P<more>{more})|{less}){lexicon.WORD_END}"
        rf"|(?:{lexicon.WORD_START}(?:{lexicon.alternation('relative_more_before')})\s+(?:by\s+|en\s+|un\s+|about\s+|around\s+)?"
        r"|(?<![\w.,])\+\s?)(?P<pb>\d+(?:[.,]\d+)?)\s?(?:%|percent|por\s?ciento)",
        re.I,
    )


@cache
def _anchor(concept: str) -> re.Pattern[str]:
    return lazy(rf"\s*(?:{lexicon.alternation(concept)})", re.I)


@cache
def _before() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('relative_anaphor_before')})", re.I)


@cache
def _words(concept: str) -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation(concept)}){lexicon.WORD_END}", re.I)


_TODAY = lazy(r"\s*(?:(?:it|this|them|the\s+\w+)\s+)?(?:now|today|current|the\s+current|hoy|ahora|lo\s+actual|el\s+actual)\b", re.I)
_APPOSED = lazy(r"\s*[,(—–-]?\s*(?:or|i\.e\.|that's|that\s+is|which\s+is|which's|o\s+sea|es\s+decir|eso\s+es|lo\s+que\s+es|que\s+es|ya\s+es)?\s*(?:already|ya|about|roughly|unos|unas)?\s*$", re.I)
_PHRASE_END = lazy(r"[,.;:!?\n]|\s(?:not|no|but|pero|and|y)\s")
_CLAUSE = lazy(r"[,;:]")


def bind(text: str, nums: list[Number], quoted: list[float]) -> Relative | None:
    """The first relative in `text` bound to a tok/s quoted, or None."""
    low = text.lower()
    if not any(cue in low for cue in _CUES):
        return None
    rates = [n for n in nums if n.value in quoted and TOK_S.match(text, n.end)]
    for m in _factor().finditer(text):
        anaphor = _anchor("relative_anchor").match(text, m.end()) or _before().search(text, max(0, m.start() - 40), m.start())
        percent = m.group("p") or m.group("pb")
        if percent is None and not (anaphor or _anchor("relative_anchor_end").match(text, m.end())):
            continue
        factor = _value(m)
        if factor is None or factor == 1:
            continue
        start, end = sentence(text, m.start())
        at, clause = _clause(text, m.start(), m.end(), start, end)
        if _words("relative_veto").search(clause) or _sides_in(text, start, m.end()) or _subject_veto(text, m.start()):
            continue
        base = _base(text, rates, m, start, end)
        if base is None:
            continue
        unit_end = TOK_S.match(text, base.end).end()
        if start <= base.start < m.start() and _APPOSED.match(text, unit_end, m.start()):
            return None  # "we need 300 tok/s, twice what we have today": the relative describes the figure said
        lead = text[max(at, unit_end) if start <= base.start < m.start() else at : m.start()]
        sized = _sized(text, lead, end)
        if sized is None and not anaphor and base.start < start:
            continue  # "- growth: 2x next year" under a list's tok/s: what it is of is not said
        return Relative(factor, base.value, m.group(0), m.start(), m.end(), sized)
    return None


def _value(m: re.Match[str]) -> float | None:
    if m.group("word"):
        said = re.sub(r"\s+", " ", m.group("word").lower())
        table = lexicon.mapping("relative_factor")
        key = next((w for w in sorted(table, key=len, reverse=True) if said.startswith(w)), None)
        return float(table[key]) if key else None
    if m.group("n"):
        return float(m.group("n").replace(",", "."))
    if m.group("pb"):
        return 1 + float(m.group("pb").replace(",", ".")) / 100
    share = float(m.group("p").replace(",", ".")) / 100
    return 1 + share if m.group("more") else (1 - share if share < 1 else None)


def _clause(text: str, at: int, end_at: int, start: int, end: int) -> tuple[int, str]:
    """Where the relative's clause starts, and the clause (cut at commas, semicolons and colons)."""
    cut = max((c.end() for c in _CLAUSE.finditer(text, start, at)), default=start)
    after = _CLAUSE.split(text[end_at:end], maxsplit=1)[0]
    return cut, text[cut:end_at] + after


def _base(text: str, rates: list[Number], m: re.Match[str], start: int, end: int) -> Number | None:
    """The tok/s the relative refers to: the nearest before it in its sentence or the one before, else the first
    after it in its sentence."""
    prev_start = sentence(text, start - 1)[0] if start > 0 else start
    before = [n for n in rates if prev_start <= n.start < m.start()]
    if before:
        return before[-1]
    return next((n for n in rates if m.end() <= n.start < end), None)


def _sides_in(text: str, start: int, end: int) -> bool:
    """A side of the mix in the relative's sentence before it: "la salida es más larga que la entrada, unas 2 veces" is the
    mix's (bot/parse/mix_relations.py)."""
    from bot.parse.mix_sides import sides_in

    return bool(sides_in(text, start, end))


def _sized(text: str, lead: str, end: int) -> str | None:
    """What the asker sizes for: the grown figure ("grown": a need or condition in the relative's clause, a sizing
    phrase naming no today, a later "what do we need"), today's ("base"), or not said (None)."""
    if _words("relative_need").search(lead) or _words("relative_need_later").search(text, end):
        return "grown"
    return sized_by_phrase(text)


def sized_by_phrase(text: str) -> str | None:
    """ "grown" when a sizing phrase names a point other than today, "base" when they name today, else None."""
    points = _sizing_points(text)
    if False in points:
        return "grown"
    return "base" if points else None


def _sizing_points(text: str) -> list[bool]:
    """For each sizing phrase ("size for next quarter", "sized for after launch", "dimensionemos para después de la
    fusión"), whether it names today. One asking back ("Which should we plan for?") names no point."""
    said: list[bool] = []
    for concept in ("size_for", "size_target"):
        for s in _words(concept).finditer(text):
            if "?" in text[s.start() : sentence(text, s.start())[1] + 1]:
                continue
            cut = _PHRASE_END.search(text, s.end(), s.end() + 60)
            said.append(bool(_TODAY.match(text, s.end()) or _words("size_today").search(text, s.end(), cut.start() if cut else s.end() + 60)))
    return said


def _subject_veto(text: str, at: int) -> bool:
    """The factor's subject, right before it, is no rate: "our team doubled in size", "el equipo se duplicó"."""
    return bool(_words("relative_subject_veto").search(text, max(0, at - 40), at))
