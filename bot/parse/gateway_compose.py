"""Gateway pain as a composition (gateP, session 9): a SHARED resource × a CONSEQUENCE, in any order, anywhere in one
message or pasted thread. The parts are lexicon rows, EN and ES: `gateway_shared` (the same / a shared key, token,
service account, tenant, subscription, quota, rate limit, TPM budget, invoice…; "everybody uses the same one"; a key
pasted into 14 services; "la misma clave", "la credencial de todos"; and `gateway_shared_weak`, "one key", "un único
token", only where the message names several holders, `gateway_many`) and the consequences by kind,
`gateway_attribution` (who ran up the $18k, cost per business line, "¿de quién es este cargo?"), `gateway_contention`
(gets throttled / nothing / 429s, ate it, "se queda sin cupo"), `gateway_control` (leaked, can't revoke, rotating it
took everyone down, offboarding, no audit trail, no per-team limits) and `gateway_visibility` (a surprise bill, no
dashboard per team, "nadie la entiende").

What makes a mention no pain is data too, and the same checks guard the older phrase rows (bot/parse/gateway.py):
said as a hypothetical (`gateway_if`: "if we ever share a key", "si algún día", "no creo que"), a pain that held
once (context time and `resolved`: "we used to…", "remember when…"), or a gateway or per-team setup the message says
they have (`gateway_have`: "through our LiteLLM proxy", "each service has its own key", "cada área tiene su
proyecto"), unless that is negated or wanted (`gateway_lack`). Half-said — the parts with doubt in their sentence
(`gateway_unsure`: "might be sharing the key, not sure", "no sé si es cosa nuestra o del proveedor") — asks one
question, `gateway_unclear`. A lone part with no doubt stays as it was (the safety net may name it)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache

from bot.parse import context, gateway_scope, gateway_split, gateway_time, lexicon
from bot.parse.draft import ASK_CONFLICT, Draft, sentence
from bot.parse.lazyre import lazy

HARMS = ("gateway_attribution", "gateway_contention", "gateway_control", "gateway_visibility")


@cache
def _harms() -> re.Pattern[str]:
    """The four kinds of consequence as one pattern (one scan of the cued sentences, not four), each kind a
    named group (`lastgroup` says which)."""
    kinds = "|".join(f"(?P<{c}>{lexicon.alternation(c)})" for c in HARMS)
    return lazy(rf"{lexicon.WORD_START}(?:{kinds}){lexicon.WORD_END}", re.I)


_NEAR = 40  # characters before a setup (to its part's end) in which a lack or a trouble unsays it ("no per-team limits")


def part(text: str, pos: int, start: int, end: int) -> tuple[int, int]:
    """The part of the sentence `pos` is in, cut at its contrast words ("…, but now each team has its own")."""
    cuts = [start, *(m.start() for m in lexicon.pattern("contrast").finditer(text, start, end)), end]
    return next((a, b) for a, b in zip(cuts, cuts[1:], strict=False) if a <= pos < b or b == end)


def held_once(text: str, pos: int, start: int, end: int) -> bool:
    """Time, for the part of the sentence the pain is in: "we used to share one key but now each team has its
    own" held once; "we used to have a key per team, but now everyone shares one" holds now; "…shared one key;
    we fixed that with per-team projects" is said fixed in the next sentence, pointing back (`resolved_back`)."""
    a, b = part(text, pos, start, end)
    if lexicon.pattern("resolved").search(text, a, b) or lexicon.pattern("resolved").search(text, b, end):
        return True
    if end < len(text) and lexicon.pattern("resolved_back").match(text, _lead(text, end)):
        return True
    if gateway_time.then_now(text, pos, a, b, end):  # "until August …; now each department has its own key"
        return True
    return context.no_longer(text, a, end) and bool(lexicon.pattern("past").search(text, a, b))


# What opens the next sentence before its words: punctuation, a quote mark, a speaker's label ("> plataforma: …").
_OPENING = lazy(r"[\s;,.>]*(?:[@\w.-]{2,30}\s*:\s+)?", re.I)


def _lead(text: str, end: int) -> int:
    """Where the words of the sentence after `end` start, past a quote mark and a speaker's label (res16b): in a
    pasted thread "> platform: we fixed that" points back like "we fixed that"."""
    return _OPENING.match(text, end).end()


def _if(text: str, pos: int, start: int, end: int) -> bool:
    """A hypothetical before `pos` in its part: "if we ever share a key…", "si algún día compartimos una clave"."""
    a, _ = part(text, pos, start, end)
    return bool(lexicon.pattern("gateway_if").search(text, a, pos))


def setups(text: str, spans: Sequence[tuple[int, int]]) -> tuple[re.Match[str], ...]:
    """A gateway or per-team setup the message says it has, not one it lacks or wants, nor one that held once
    (asked for only where a gateway phrase was found, once per message)."""
    return _setups(text, tuple(spans))


@lru_cache(maxsize=4)
def _setups(text: str, spans: tuple[tuple[int, int], ...]) -> tuple[re.Match[str], ...]:
    out = []
    for m in context.finditer(lexicon.pattern("gateway_have"), text, spans):
        start, end = sentence(text, m.start())
        a, b = part(text, m.start(), start, end)
        if lexicon.pattern("gateway_lack").search(text, max(a, m.start() - _NEAR), b):
            continue  # "no per-team limits", "we need per-team keys", "budgets per team are a mess"
        if _if(text, m.start(), start, end) or context.settled(text, m.start(), start, end) is False:
            continue  # "if each team had its own key", "the per-team keys don't work"
        if gateway_time.then_now(text, m.start(), a, b, end):
            continue  # "we had a key per team until the reorg; since then…": a setup that held once
        out.append(m)
    return tuple(out)


def aside(text: str, pos: int, start: int, end: int, have: Sequence[re.Match[str]] = ()) -> bool:
    """Whether a gateway phrase at `pos` is no pain now: a hypothetical, a pain that held once, or a setup that
    answers it in the same part of the sentence or a later one ("…, but today every team has its own")."""
    if _if(text, pos, start, end) or held_once(text, pos, start, end) or gateway_scope.elsewhere(text, pos):
        return True  # "…the cloud storage bill, which is unrelated": another bill than the LLM's
    a, _ = part(text, pos, start, end)
    return any(a <= s.start() for s in have)  # in its part or later: "…; since March every team has its own key"


def unsure(text: str, pos: int) -> bool:
    """Doubt in the sentence of `pos` ("might be sharing the key, not sure", "no sé si es cosa nuestra"), from the
    part `pos` is in: a disclaimer before a contrast ("I might be wrong, but every app uses the same key") doubts
    the asker, not the pain (res13b)."""
    start, end = sentence(text, pos)
    return bool(lexicon.pattern("gateway_unsure").search(text, part(text, pos, start, end)[0], end))


@cache
def _rows(concept: str) -> re.Pattern[str]:
    """A concept's rows that may start with a figure ("30 repos", "14 services"): `lexicon.pattern` starts no word
    at a digit, which left the counted holders of `gateway_many` and `gateway_shared` unread."""
    return lazy(rf"(?<!\w)(?<!\w')(?:{lexicon.alternation(concept)}){lexicon.WORD_END}", re.I)


def _said_alone(text: str, harm: re.Match[str]) -> bool:
    """An attribution or a visibility consequence with an inability and money in its sentence ("finance asked
    which department spent what and I cannot tell them", "spend is now a blur"): the pain is said without naming
    the shared resource. Without money it is no spend ("we can't see who's using the bot")."""
    if harm.lastgroup not in _ALONE:
        return False
    a, b = sentence(text, harm.start())
    return all(lexicon.pattern(c).search(text, a, b) for c in ("gateway_unable", "gateway_money"))


_ALONE = ("gateway_attribution", "gateway_visibility")

_FILLER = r"(?:(?:\d+(?:[.,]\d+)?\s*%|\d+\s+percent|last|this|previous|all|most|much|half|the|of|our|their|whole|entire|nearly|almost|basically|up|everything|whatever|what|was|left|remaining|in|todo|lo|que|quedaba|en|toda|todos|todas|el|la|los|las|nuestro|nuestra|casi|de|del|buena|parte|mitad|tercio|cuarto)\s+){0,5}"


@cache
def _spent_before() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('gateway_exhaust')})\s+{_FILLER}$", re.I)


@cache
def _spent_after() -> re.Pattern[str]:
    return lazy(rf"\s+(?:{lexicon.alternation('gateway_exhausted')}){lexicon.WORD_END}", re.I)


def _exhausted(text: str, shared: re.Match[str]) -> bool:
    """One consumer exhausting a shared resource is the harm itself: a verb right before it in its sentence ("the
    sweep consumed the whole shared TPM allowance", "consumieron el presupuesto que comparten todas las áreas") or
    a state right after it ("the pooled quota is exhausted", "el cupo común se agotó")."""
    a, _ = sentence(text, shared.start())
    return bool(
        _spent_before().search(text, max(a, shared.start() - 60), shared.start())
        or _spent_after().match(text, shared.end())
    )


def compose(text: str, draft: Draft, spans: Sequence[tuple[int, int]]) -> bool:
    """Shared × consequence over the message: sets `gateway_pain`, or asks `gateway_unclear` when half-said; True
    when it did either. A setup (`setups`) said after the pain answers it. An attribution or a
    visibility consequence said with an inability is pain alone (`_said_alone`). One phrase is never both parts: "the
    invoice is one number" is a shared bill, and a bill in one sum a consequence only of another shared resource."""
    shared = list(context.finditer(_rows("gateway_shared"), text, spans))
    weak = list(context.finditer(_rows("gateway_shared_weak"), text, spans))  # "1 key" starts at a digit
    split = gateway_split.unsplit(text, tuple(spans))  # "three agencies … what each agency consumed. We can't tell"
    if weak and (split or _rows("gateway_many").search(text)):  # "one key" is shared only among several holders
        shared += [m for m in weak if not any(s.start() <= m.start() < s.end() for s in shared)]
    if not shared and not any(
        lexicon.pattern(c).search(text, a, b) for a, b in spans for c in ("gateway_unsure", "gateway_unable")
    ):
        return False  # a consequence alone, with no doubt nor inability near it, sets nothing: no need to look for one
    harms = list(context.finditer(_harms(), text, spans))
    harms += [m for m in split if not any(h.start() <= m.start() < h.end() for h in harms)]
    if not shared and not harms:
        return False
    live, gone = [], []
    for m in shared + harms:
        start, end = sentence(text, m.start())
        if aside(text, m.start(), start, end) or context.settled(text, m.start(), start, end):
            gone.append(m)
        else:
            live.append(m)
    for m in gone:
        draft.use(m.start(), m.end(), "gateway_pain")  # "if we ever share a key", "remember when…": read, set aside
    live_shared = [m for m in live if m in shared]
    live_harms = [m for m in live if m not in shared]
    first = min((m.start() for m in live), default=len(text))
    answered = any(s.start() > first for s in setups(text, spans))  # "…; since spring each squad has its own key"
    doubt = any(unsure(text, m.start()) for m in live)
    paired = any(h.start() >= s.end() or h.end() <= s.start() for s in live_shared for h in live_harms)
    exhausted = any(_exhausted(text, s) for s in live_shared)  # "drained the org's request budget"
    if (paired or exhausted or any(_said_alone(text, m) for m in live_harms)) and (live_harms or exhausted) and not answered:
        for m in live:
            draft.use(m.start(), m.end(), "gateway_pain")
        if doubt:
            draft.ask(ASK_CONFLICT, "gateway_unclear")
        else:
            draft.set("gateway_pain", True)
        return True
    if doubt and not answered:
        for m in live:
            draft.use(m.start(), m.end(), "gateway_pain")
        draft.ask(ASK_CONFLICT, "gateway_unclear")
        return True
    return False
