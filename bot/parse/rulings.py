"""Rulings in time and across authorities (issue 14): who said what about the text leaving, read in order.

- The latest ruling of the same authority wins: "legal said no in March, then signed off after the vendor
  review" may leave; "legal approved it last year but withdrew the approval" stays. A part or a sentence with
  no authority of its own ("…, then they approved it") goes on about the one before.
- Across authorities the stricter wins: a refusal over doubt over an approval ("legal says yes, but security
  says no way" stays; "legal said yes; security: still reviewing" asks).
A ruling set aside is kept as read (`NONE`, `spent`): its words were used, and it sets nothing.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from bot.parse import context, grouped, lexicon, rule_events
from bot.parse.lazyre import lazy
from bot.parse.residency_words import phrase

if TYPE_CHECKING:
    from bot.parse.stance import Stance

# "after the DPA was signed", "con el contrato firmado", "con el contrato de tratamiento de datos firmado" (res16b)
_SIGNED = phrase("signed_after", r"(?:\s+(?:de|del|of|on|for|sobre)\s+(?:el\s+|la\s+|los\s+|the\s+)?[\w-]+){0,3}(?:{})")
_PRONOUN = phrase("pronoun_subject", r"\b(?:{})\s+(?:\w+\s+){0,3}$")  # "they changed course and approved"
_PERMISSION = phrase("permission", r"\b(?:{})\b")
_RANK = {"stays": 2, "unsure": 1, "leaves": 0}
_FLIP = {"stays": "leaves", "leaves": "stays"}
# "the legal team", "our CISO", "legal's", "legally", "el equipo de seguridad": one key per authority
_NOISE = lazy(r"^(?:(?:the|our|el|la|los|las|nuestr[oa]s?|equipo|de|team)\s+)+|(?:'s|ly|\s+team)$", re.I)


def who(said: str) -> str:
    """The key of an authority as said: "the legal team" and "legally" are "legal"."""
    key = re.sub(r"\s+", " ", said.strip().lower())
    while (shorter := _NOISE.sub("", key).strip()) != key:
        key = shorter
    return key


def authority(text: str, a: int, b: int) -> re.Match[str] | None:
    """Who rules in a part: the first authority named that is not a circumstance ("after the DPA was signed
    they approved it": the DPA was signed, "they" approved)."""
    for m in grouped.pattern("authority").finditer(text, a, b):
        if not _SIGNED.match(text, m.end()):
            return m
    return None


def rule_withdrawn(text: str, start: int, end: int, after_rule: bool = False) -> bool:
    """A rule the sentence says no longer holds: "we had a no-external-APIs rule but it was dropped". An
    approval withdrawn is no rule withdrawn but a refusal ("the approval was revoked in June", `permission`). A verb
    acting on a rule says which by its object, the last one deciding ("rescinded the ban" is withdrawn)."""
    if acts := rule_events.acted_on(text, start, end):
        return acts[-1][0] == rule_events.LEAVES
    if rule_events.not_data(text, start, end):  # "IT lifted the ban on personal laptops": another rule
        return False
    if not context.no_longer(text, start, end) or permission_withdrawn(text, start, end):
        return False
    # `after_rule`: the sentence goes on about a rule said right before ("…; luego lo restableció y lo levantaron")
    return after_rule or any(grouped.pattern(c).search(text, start, end) for c in ("rule", "forbid", "egress", "keep_in"))


def permission_withdrawn(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of an approval said to be withdrawn ("the approval was revoked", "el permiso fue revocado", "the
    board overturned the approval", "revocó la excepción")."""
    if acts := [(s, e) for kind, s, e in rule_events.acted_on(text, start, end) if kind == rule_events.STAYS]:
        return acts[-1]
    for m in (m for c in ("withdrawn", "lapsed") for m in grouped.pattern(c).finditer(text, start, end)):
        if near := _PERMISSION.search(text, max(start, m.start() - 40), min(end, m.end() + 30)):
            return min(near.start(), m.start()), max(near.end(), m.end())
    return None


def who_at(text: str, a: int, pos: int, ruler: str, after: str = "") -> str:
    """Who rules on the verb at `pos`: the authority named last before it in the part; after a pronoun ("after
    the DPA was signed they approved it", "luego ellos lo aprobaron") or with none named, the one carried from
    before; else the one named after the verb (`after`: "it was approved by legal")."""
    named = [m for m in grouped.pattern("authority").finditer(text, a, pos) if not _SIGNED.match(text, m.end())]
    if ruler and (not named or _PRONOUN.search(text[max(a, pos - 40) : pos])):
        return ruler
    return who(named[-1].group(0)) if named else after


def said_later(text: str, a: int, b: int, verb: re.Match[str], ruler: str, concept: str) -> re.Match[str] | None:
    """A later ruling (`concept`: approve, reverse) by the same authority in one part: "rejected it in 2024 and
    approved it this year", "lo vetó en 2024 y este año cambió de opinión"; the later ruling holds."""
    later = grouped.pattern(concept).search(text, verb.end(), b)
    if later is None or context.negated(text[a:b], later.start() - a):
        return None
    return later if who_at(text, a, later.start(), ruler) == who_at(text, a, verb.start(), ruler) else None


def weigh(out: list[Stance], said: Stance) -> list[Stance]:
    """`out` with `said` added: an earlier ruling of the same authority is set aside (the later one holds),
    and between two authorities the weaker ruling is."""
    if said.ruled and said.kind == "stays":  # a veto over the asker's own opinion ("I'd say the API is fine. Our DPO disagrees")
        out = [set_aside(s) if s.kind == "leaves" and not (s.ruled or s.withdrawn) else s for s in out]
    if said.withdrawn:  # a rule withdrawn takes back the rule said before it ("Until March nothing could leave. Legal scrapped that rule")
        out = [set_aside(s) if s.kind == "stays" and not s.sensitive and (said.back or not s.ruled) else s for s in out]
    if not said.who or said.kind not in _RANK:
        return [*out, said]
    if said.flips:  # the opposite of the same authority's ruling before; until one is found, it waits
        before = [s for s in out if s.who == said.who and (s.was or s.kind) in _FLIP]
        if not before:
            return [*out, said]
        said = replace(said, kind=_FLIP[before[-1].was or before[-1].kind], flips=False)
    kept = []
    for earlier in out:
        if earlier.who and earlier.kind in _RANK and not earlier.flips:
            if earlier.who == said.who or (said.kind in _RANK and _RANK[earlier.kind] < _RANK[said.kind]):
                earlier = set_aside(earlier)
            elif said.kind in _RANK and _RANK[earlier.kind] > _RANK[said.kind]:
                said = set_aside(said)  # set aside, it weighs no more against the rulings after
        kept.append(earlier)
    return [*kept, said]


def strictest(stances: list[Stance]) -> list[Stance]:
    """The parts of one sentence weighed in order, as `weigh` weighs sentences."""
    out: list[Stance] = []
    for said in stances:
        out = weigh(out, said)
    return out


def set_aside(said: Stance) -> Stance:
    return replace(said, kind="none", spent=True, was=said.was or said.kind)


def settled(out: list[Stance]) -> list[Stance]:
    """A going-back with no ruling before it to go back on asks: someone ruled, and which way is not said
    ("the board reversed it", alone)."""
    return [replace(s, kind="unsure", flips=False) if s.flips else s for s in out]


def last(stances: list[Stance]) -> Stance:
    """A sentence's stance: its last part that takes one, or data cleared after it was said to be sensitive
    ("PII was an issue, but we anonymize everything now")."""
    taken = [s for s in stances if s.kind != "none"]
    if stances[-1].clears and all(s.sensitive for s in taken):
        return stances[-1]
    if len(taken) > 1 and taken[-1].sensitive and not taken[-1].ruled and any(s.kind in ("unsure", "leaves") and not s.ruled for s in taken[:-1]):
        return replace(taken[-1], kind="unsure", sensitive=False)  # "sending it out is fine, I guess, although these are merger documents"
    return (taken or stances)[-1]


def overrules(text: str, start: int, before: Stance, said: Stance) -> bool:
    """Whether a sentence overrules the one before it: it opens with a contrast word ("contracts allow it;
    however our CISO said no"), or it is a refusal by whoever rules right after an approval ("Legal: yes.
    Security: no."): one veto keeps the text home."""
    lead = len(text[start:]) - len(text[start:].lstrip())
    if grouped.pattern("contrast").match(text, start + lead):
        return True
    return before.ruled and said.ruled and not (before.spent or said.flips) and before.kind == "leaves" and said.kind == "stays"


@cache
def _matter() -> re.Pattern[str]:
    lead = r"\s+(?:to\s+|on\s+|for\s+|a\s+|al?\s+|de\s+)?(?:the\s+|our\s+|an?\s+|el\s+|la\s+|los\s+|las\s+|nuestr[oa]s?\s+)?"
    return lazy(rf"{lead}(?:[\w-]+\s+)?{lexicon.alternation('other_matter')}\b", re.I)  # "the vendor contract renewal"


def other_matter(text: str, pos: int, a: int = 0, verb: int = 0) -> bool:
    """A ruling about something else right after it: "approved the budget", "said no to more headcount"; or,
    on "it", the other thing named before it in the part ("scanned the container image and approved it")."""
    if _matter().match(text, pos):
        return True
    return verb > a and bool(_IT.match(text, pos)) and bool(_matter().search(text, a, verb))


_IT = lazy(r"\s+(?:it|them|that|this)\b", re.I)
