"""The context every reader shares: sentences, the cue scan that finds the ones worth reading, whether a
phrase is negated in its clause, and time (a thing that held once and holds no more). Residency's stance
(bot/parse/stance.py) and gateway pain (bot/parse/gateway.py) both read through it."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache

from bot.parse import lexicon
from bot.parse.draft import HEDGE_DOT
from bot.parse.lazyre import lazy

MAX_SENTENCES = 60  # a pasted log is not read sentence by sentence to its end
SENTENCE_END = lazy(rf"[?!;\n¿¡]|\.(?=\s|$){HEDGE_DOT}")  # "approx. 12 times": no end (bot/parse/draft.py)

NEGATED = lazy(
    r"(?:\b(?:no|not|non|nothing|none|never|without|sin|ning[uú]n[oa]?|nada|nunca|jam[aá]s|ni|zero)|\w+n't|\bcannot)\b"
    r"[\w\s'-]{0,20}$",
    re.I,
)


# Nobody as the subject negates a ruling verb ("nobody in legal ever blocked it", "nadie ha vetado"), though not
# every phrase ("nobody can attribute the bill" is gateway pain): readers of rulings ask for it (`who=True`).
_NOBODY = lazy(r"\b(?:nobody|no\s+one|nadie)\b[\w\s'-]{0,24}$", re.I)


def negated(text: str, start: int, who: bool = False) -> bool:
    """A negation in the same clause, close before `start`: "no data can leave", "we don't care about GDPR"."""
    clause = re.split(r"[.;:!?,\n]", text[max(0, start - 40) : start])[-1]
    return bool(NEGATED.search(clause) or who and _NOBODY.search(clause))


# A forbidding word that is only a negation: it forbids what follows ("data must never leave", "nada sale"), unless
# what follows is itself a refusal ("security never said no", "nobody objected", "nunca se opuso", "jamás dijo
# que no", "nothing blocks us"): then the refusal is negated and nothing is forbidden.
_NEGATION_WORD = lazy(r"(?:no|not|never|nothing|nobody|no\s+one|none|nunca|jam[aá]s|nada|nadie|ni)", re.I)
_NEAR = 30  # characters from the negation to the refusal it governs ("has not once vetoed", "never really said no")


def is_negation(word: str) -> bool:
    """A word that is only a negation (never, nothing, nunca, nada…): "no … nada" is Spanish negative concord,
    one negation, so a "no" before it does not cancel it ("no se fían de mandar nada fuera")."""
    return bool(_NEGATION_WORD.fullmatch(word.strip()))


def negates_refusal(text: str, neg: re.Match[str], refusals: Sequence[re.Pattern[str]], end: int) -> bool:
    """Whether `neg`, a negation word, governs a refusal right after it in its clause rather than what it
    forbids: "never said no to hosted APIs" is no refusal and no rule."""
    if not is_negation(neg.group(0)):
        return False
    stop = min(end, neg.end() + _NEAR)
    clause = re.search(r"[.;:!?,\n]", text[neg.end() : stop])
    stop = neg.end() + clause.start() if clause else stop
    if any(p.search(text, neg.end(), stop) for p in refusals):
        return True
    # after a negated refusal it is the same negation ("nadie ha vetado nunca las APIs", Spanish concord)
    lo = max(0, neg.start() - 12)
    return any(m.end() >= neg.start() - 1 and negated(text, m.start(), who=True) for p in refusals for m in p.finditer(text, lo, neg.start()))


def forbidding(text: str, a: int, b: int, refusals: Sequence[re.Pattern[str]]) -> re.Match[str] | None:
    """The first word of refusals[-1] (the forbidding words) in `a`…`b` that forbids: not negated ("infosec has not
    once vetoed it"), and, if only a negation itself ("never", "nada"), not the negation of a refusal after it."""
    for m in refusals[-1].finditer(text, a, b):
        if not (negates_refusal(text, m, refusals, b) if is_negation(m.group(0)) else negated(text[a:b], m.start() - a, who=True)):
            return m
    return None


@cache
def _waived_after() -> re.Pattern[str]:
    return lazy(rf"\s*(?:{lexicon.alternation('waived_after')}){lexicon.WORD_END}", re.I)


def waived_after(text: str, end: int) -> bool:
    """Words right after a setting that waive it: "24/7 not needed", "24/7 es innecesario" (lexicon `waived_after`)."""
    return bool(_waived_after().match(text, end))


def no_longer(text: str, start: int, end: int) -> bool:
    """Time: whether the span says something held once and holds no more, by a word of withdrawal ("was
    dropped", "la quitaron") or by the past and a reversal together ("until last month … now it can", "we
    used to …, not anymore", "antes …, ya no"). Any reader may ask it of a sentence."""
    if lexicon.pattern("withdrawn").search(text, start, end):
        return True
    return bool(lexicon.pattern("past").search(text, start, end) and lexicon.pattern("reversal").search(text, start, end))


_SHORT_NEXT = 7  # words: "…; that part is solved." speaks of the sentence before it


def settled(text: str, pos: int, start: int, end: int) -> bool | None:
    """Stance: whether what is said at `pos` (in the sentence `start`…`end`) is said to work — solved, handled,
    "no complaints", "nadie se queja" (True) — or said not to work ("it doesn't work", "isn't solved": False),
    or neither (None). From the part of the sentence `pos` is in (cut at contrast words) to the end of the
    sentence and a short next sentence, the last part with a stance wins; within a part, not working wins
    ("isn't fine" is not fine). Any reader may ask it; gateway pain does."""
    nxt = SENTENCE_END.search(text, end + 1) if end < len(text) else None
    tail = nxt.start() if nxt else len(text)
    nxt_text = text[end + 1 : tail] if end < len(text) else ""
    said, lead = nxt_text.split(), end + 1 + len(nxt_text) - len(nxt_text.lstrip())
    opens = lexicon.pattern("refers_back").match(text, lead) or any(
        lexicon.pattern(c).match(text, lead) and not _OTHER_MATTER.search(text, lead, tail) for c in ("settled", "unsettled")
    )
    if said and (len(said) <= 3 or len(said) <= _SHORT_NEXT and opens):
        end = tail  # "…; that part is solved.", "…? already in place"; not "…; nobody complains about latency"
    cuts = [m.start() for m in lexicon.pattern("contrast").finditer(text, start, end)]
    parts = [start, *cuts, end]
    first = max(i for i, cut in enumerate(parts[:-1]) if cut <= pos) if parts[0] <= pos else 0
    stance = None
    for a, b in zip(parts[first:], parts[first + 1 :], strict=False):
        if lexicon.pattern("unsettled").search(text, a, b):
            stance = False
        elif any(not _OTHER_MATTER.match(text, m.end()) for m in lexicon.pattern("settled").finditer(text, a, b)):
            stance = True  # not "nobody complains about latency": a stance about another matter
    return stance


_OTHER_MATTER = lazy(r"\s+(?:about|regarding|over|sobre|respecto\s+(?:a|de)|acerca\s+de)\b", re.I)


def sentences(text: str) -> list[tuple[int, int]]:
    """The sentences of `text`; a piece of blank space (the newline after ".\n") belongs to the sentence before it, so
    the next line is the next sentence ("Security approved it in March.\nThey are reviewing it again.")."""
    cuts = [0, *(m.end() for m in SENTENCE_END.finditer(text)), len(text)]
    out: list[tuple[int, int]] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        if b > a:
            out[-1:] = [(out[-1][0], b)] if out and text[a:b].isspace() else [*out[-1:], (a, b)]
    return out


def top_level(alternation: str) -> list[str]:
    """The alternatives of a regular expression, split at the `|` outside any group or class."""
    parts, depth, klass, start = [], 0, False, 0
    for i, ch in enumerate(alternation):
        escaped = i > 0 and alternation[i - 1] == "\\"
        if escaped:
            continue
        if ch == "[":
            klass = True
        elif ch == "]":
            klass = False
        elif not klass and ch in "()":
            depth += 1 if ch == "(" else -1
        elif not klass and depth == 0 and ch == "|":
            parts.append(alternation[start:i])
            start = i + 1
    return [*parts, alternation[start:]]


@cache
def _cue(concept: str) -> re.Pattern[str]:
    """Word starts (`residency_cue`, `gateway_cue`): a quick scan that finds the sentences worth reading.
    Grouped by first letter, so each position of the text tries one branch, not all of them."""
    words = [w for f in lexicon.fragments(concept) for w in top_level(f)]
    heads: dict[str, list[str]] = {}
    for word in words:
        heads.setdefault(word[0].lower(), []).append(word[1:])
    branches = "|".join(f"{re.escape(h)}(?:{'|'.join(sorted(set(tails), key=lambda t: (-len(t), t)))})" for h, tails in heads.items())
    return lazy(rf"(?<!\w)(?:{branches})", re.I)


@lru_cache(maxsize=8)  # residency, its stance and the safety net ask for the same text's cues
def cued(text: str, concept: str, limit: int = MAX_SENTENCES) -> tuple[tuple[int, int], ...]:
    """The sentences of `text` that hold a cue of `concept`, in order, at most `limit`: a 4,000-character
    paste of figures is scanned once, not once per phrase."""
    bounds = sentences(text)
    out: list[tuple[int, int]] = []
    k = 0
    for m in _cue(concept).finditer(text):
        if out and m.start() < out[-1][1]:
            continue
        while bounds[k][1] <= m.start():
            k += 1
        out.append(bounds[k])
        if len(out) >= limit:
            break
    return tuple(out)


def finditer(pattern: re.Pattern[str], text: str, spans: Sequence[tuple[int, int]]) -> Iterator[re.Match[str]]:
    """`pattern`'s matches inside `spans` (the cued sentences), in order."""
    for start, end in spans:
        yield from pattern.finditer(text, start, end)
