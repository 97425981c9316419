"""Residency: may the question's text leave the company (data_may_leave), must it stay in the EU
(eu_residency). The older, hand-written phrase patterns are in residency_words.py; bot/parse/stance.py reads the
same concept from the lexicon (forbid + egress, sensitive data, doubt, approval, a rule withdrawn, "yes,
but … no") and its reading of a sentence wins where it has one."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice

from bot.parse import (
    context,
    eu_disagree,
    eu_rule,
    grouped,
    lexicon,
    residency_bounds,
    residency_places,
    residency_region,
    residency_scope,
    residency_topic,
    stance,
)
from bot.parse.context import negated as _negated
from bot.parse.draft import ASK_CONFLICT, Draft, sentence
from bot.parse.figures import MAX_MENTIONS
from bot.parse.lazyre import lazy
from bot.parse.residency_words import (
    ANSWERED_NO,
    COMPLIANT,
    COMPLIANT_BEFORE,
    DOUBT_BEFORE,
    EU,
    EU_KEPT,
    EU_WAIVED_AFTER,
    IN_EU,
    LEAVES_ASKED,
    LEAVES_PHRASE,
    NEAR,
    NO_SUBJECT,
    NOT_BINDING,
    REVISED,
    SENSITIVE_PHRASE,
    STAYS_NOT_DATA,
    STAYS_PHRASE,
    WAIVED_BEFORE,
)
from bot.parse.stance import LEAVES, STAYS, UNSURE

_LEAD = lazy(r"[.;:!\s>—-]*")


def _no_longer(text: str, pos: int) -> bool:
    """Whether the EU rule said at `pos` holds no more: its sentence says so, or it is said of the past and the
    next sentence opens with a reversal ("EU residency was required until the merger. Not anymore.", "…; ya no")."""
    start, end = sentence(text, pos)
    if context.no_longer(text, start, end):
        return True
    gone = lexicon.pattern("reversal").search(text, pos, end)  # "…EU-only hosting; since June that clause is gone" (res16b)
    if gone and lexicon.pattern("rule_back").search(text, pos, gone.end()):
        return True
    after = _LEAD.match(text, end).end()
    if lexicon.pattern("past").search(text, start, end) and lexicon.pattern("reversal").match(text, after):
        return True
    back = lexicon.pattern("refers_back").match(text, after)  # "…was a requirement last year; it no longer applies" (res12)
    if back and context.no_longer(text, after, sentence(text, back.end())[1]):
        return True
    # the next sentence withdraws a rule pointing back at it: "…; the new MSA removed it in October", "that clause is gone" (res16b)
    nxt = sentence(text, after)[1] if after < len(text) else after
    if not lexicon.pattern("rule_back").search(text, after, nxt):
        return False
    return context.no_longer(text, after, nxt) or bool(lexicon.pattern("reversal").search(text, after, nxt))


def _people_leave(text: str, pos: int) -> bool:
    """Whether a keep-home phrase at `pos` is people leaving a place (lexicon `egress_not_data`), not the text."""
    return any(m.start() <= pos < m.end() for m in grouped.pattern("egress_not_data").finditer(text, max(0, pos - 60), pos + 40))


def _phrase_events(text: str, draft: Draft, spans: Sequence[tuple[int, int]]) -> list[tuple[int, str]]:
    """(position, stays | leaves | unsure) for each residency phrase the patterns above find. Every phrase
    looked at is marked used, kept or waived ("we don't care about GDPR" was read: it sets nothing)."""
    found = {
        p: list(islice(context.finditer(p, text, spans), MAX_MENTIONS))
        for p in (STAYS_PHRASE, SENSITIVE_PHRASE, LEAVES_PHRASE, LEAVES_ASKED)
    }
    for m in (m for ms in found.values() for m in ms):
        draft.use(max(0, m.start() - NEAR), m.end() + NEAR, "data_may_leave")
    # a keep-home phrase under a negation keeps nothing home: "security never said it has to stay on-prem"
    events = [
        (m.start(), STAYS)
        for m in found[STAYS_PHRASE]
        if not (IN_EU.match(text, m.end()) or _negated(text, m.start()))
        and not STAYS_NOT_DATA.search(text[max(0, m.start() - 60) : m.start()])  # "the load balancers in our DC"
        and not _people_leave(text, m.start())  # "our team never leaves the building"
    ]
    for match in found[SENSITIVE_PHRASE]:
        before = text[max(0, match.start() - 40) : match.start()]
        if WAIVED_BEFORE.search(before) or NOT_BINDING.match(text, match.end()):
            continue
        # "GDPR compliant": hosted APIs can be; ask
        compliant = COMPLIANT.match(text, match.end()) or COMPLIANT_BEFORE.search(before)
        events.append((match.start(), UNSURE if compliant else STAYS))
    for match in [*found[LEAVES_PHRASE], *found[LEAVES_ASKED]]:
        before = text[max(0, match.start() - 40) : match.start()]
        if NO_SUBJECT.search(before) or ANSWERED_NO.match(text, match.end()):
            events.append((match.start(), STAYS))  # "no data can leave", "can the data leave? no"
        elif re.match(r"(?:not|nothing|no)\b", match.group(0), re.I):
            events.append((match.start(), LEAVES))  # "not confidential": the phrase carries its negation
        elif LEAVES_ASKED.fullmatch(match.group(0)):
            events.append((match.start(), UNSURE))  # asked, not answered ("will client data be shared?"): ask back
        elif _negated(text, match.start()) or DOUBT_BEFORE.search(before):
            events.append((match.start(), UNSURE))  # "I don't think the data can leave"
        else:
            events.append((match.start(), LEAVES))
    return events


def read_residency(text: str, draft: Draft) -> None:
    spans = context.cued(text, "residency_cue")  # only sentences with a cue are read: a paste costs one scan
    events = _phrase_events(text, draft, spans)
    eu_found = list(islice(context.finditer(EU, text, spans), MAX_MENTIONS))
    eu_kept = list(context.finditer(EU_KEPT, text, spans))  # "we don't want our data leaving the EU": negated, and yet EU
    escalated = [m for m in [*eu_found, *eu_kept] if eu_rule.escalated(text, m)]  # "not even an EU-hosted API"
    eu_at = [m.start() for m in [*eu_found, *eu_kept] if m not in escalated]
    # a keep-home phrase inside an EU rule, or leading into it in its clause, is that rule's ("must be processed on
    # servers located in the EU", res13b; "deben permanecer en territorio de la UE", res17)
    events = [(p, k) for p, k in events if not (k == STAYS and any(residency_bounds.leads_into(text, p, m) for m in eu_found if m not in escalated))]
    foreign: list[int] = []  # "nothing goes to US clouds": EU residency's other half when an EU rule allows the EU
    withdrawn = False
    resolved: list[tuple[int, int]] = []  # sentences the stance reader read, contrast and all
    spent: list[tuple[int, int]] = []
    for said in residency_scope.apply(text, spans, stance.read(text)):  # a rule of another unit than the request's
        start, end = said.within
        if said.kind == stance.NONE:  # "the prompts hold no personal data": read, sets nothing
            draft.use(said.start, said.end, "data_may_leave")
            events = [(pos, kind) for pos, kind in events if not said.start <= pos < said.end]  # its words, weighed
            if said.spent:  # an EU permission set aside by a stricter ruling holds no more (the narrower rule wins)
                spent.append((start, end))
            if said.clears or said.spent:  # "… PII, but we anonymize it first"; a ruling set aside by a later one
                events = [(pos, kind) for pos, kind in events if not start <= pos < end]
                draft.use(start, end, "data_may_leave")
                resolved += [(start, end)] if said.spent else []  # weighed: no "rule taken back" to ask about
            continue
        if said.hedged:  # a rule, then an approval of it in doubt: whether the rule still holds is asked
            events = [(pos, kind) for pos, kind in events if not (kind == STAYS and pos < start)]
        near = max(start, sentence(text, said.start)[0], said.start - NEAR)  # the stance's own words, not a sentence before
        if said.kind == STAYS and any(near <= pos < end for pos in eu_at):
            continue  # "can't leave the EU" is EU residency, read below
        if said.kind == STAYS and said.ruled:  # a later veto: an EU allowance before it holds no more (narrower wins)
            spent.append((start, near))
            draft.use(start, end, "eu_residency")
        if said.kind == STAYS and eu_rule.foreign(text, said.start, said.end):
            foreign.append(said.start)
        if said.kind == STAYS and eu_rule.escalates(text, start, end):
            draft.use(start, end, "eu_residency")  # "ni siquiera una nube europea": the EU words were read
        # the lexicon's reading of this sentence wins over the phrase patterns'
        events = [(pos, kind) for pos, kind in events if not start <= pos < end] + [(said.start, said.kind)]
        withdrawn |= said.withdrawn
        resolved.append((start, end))
        draft.use(said.start, said.end, "data_may_leave")
    for m in eu_found:  # read, kept or waived ("we don't need EU residency")
        draft.use(m.start(), m.end(), "eu_residency")
    eu = [
        m
        for m in eu_found
        if not (_negated(text, m.start()) or residency_region.asked(text, m.start()) or EU_WAIVED_AFTER.match(text, m.end()))
    ]
    eu = [m for m in eu + eu_kept if not _no_longer(text, m.start())]  # "…was dropped", "…until June. Not anymore."
    eu = [m for m in eu if not any(a <= m.start() < b for a, b in spent)]  # "legal is OK with an EU API; security: no"
    for m in (m for m in eu if eu_rule.not_a_rule(text, m)):  # "an EU region for latency": read, sets nothing
        draft.use(*sentence(text, m.start()), "eu_residency")
    places = residency_places.read(text, spans)  # "only in the Frankfurt or Paris regions", "our Ohio region"
    eu = [m for m in eu if m not in escalated and not eu_rule.not_a_rule(text, m) and not residency_places.within(places, m)]
    events = eu_rule.reasons_dropped(text, events, eu, [(p.start, p.end) for p in places if p.kind == residency_places.EU])
    events = residency_places.apply(places, events, draft)
    if eu:  # "nothing goes to US clouds, EU providers are fine"
        events = [(pos, kind) for pos, kind in events if pos not in foreign]
    events = residency_bounds.apply(text, draft, spans, events)  # a wish undecided, a later phase, ours still stands
    for pos, _ in events[:MAX_MENTIONS]:
        draft.use(max(0, pos - NEAR), pos + NEAR, "data_may_leave")
    kinds = {kind for _, kind in events}
    stays, leaves = STAYS in kinds, LEAVES in kinds
    # "> data can't leave" / "not anymore": a rule taken back asks, unless the taking back is a sentence the
    # stance reader already weighed ("legal said yes, but compliance said no") and nothing contradicts it
    revised = not withdrawn and any(
        (STAYS in kinds and LEAVES in kinds) or not any(a <= m.start() < b for a, b in resolved)
        for m in REVISED.finditer(text)
    )
    if (stays or leaves) and revised:
        draft.ask(ASK_CONFLICT, "residency_unclear")
    elif stays and leaves:
        draft.conflict("data_may_leave", [False, True])
    elif stays or leaves:
        draft.set("data_may_leave", leaves)
    elif UNSURE in kinds:
        draft.ask(ASK_CONFLICT, "residency_unclear")
    for m in eu:
        draft.use(max(0, m.start() - NEAR), m.end(), "eu_residency")  # "our contract prohibits … outside the EU"
    residency_region.read_country(text, draft, spans, places)
    residency_region.read_provider(text, draft, spans)
    if eu and (revised or eu_disagree.disagree(text, eu_found, eu, spans)):  # "no EU rule" vs a pasted annex's rule
        draft.ask(ASK_CONFLICT, "residency_unclear")
    elif eu or any(p.kind == residency_places.EU for p in places):  # not "we don't need EU residency", not asked
        draft.set("eu_residency", True)
    residency_topic.ask_if_undecided(text, draft)  # named, not decided: ask, never a silent default
