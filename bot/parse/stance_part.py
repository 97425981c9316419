"""The stance of one part of a sentence (bot/parse/stance.py cuts sentences at their contrast words and weighs
the parts): refused, approved, in doubt, kept in, sensitive by nature, or read and setting nothing."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.parse import (
    context,
    grouped,
    lexicon,
    residency_sensitive,
    residency_verdict,
    rule_events,
    rulings,
    stance_sentences,
)
from bot.parse.lazyre import lazy
from bot.parse.residency_sensitive import sensitive
from bot.parse.residency_words import LEAVES_PHRASE, NOT_BINDING, STAYS_NOT_DATA, WAIVED_BEFORE
from bot.parse.stance_aside import not_a_rule
from bot.parse.stance_kind import LEAVES, NONE, STAYS, UNSURE, Stance


def parts(text: str, start: int, end: int) -> list[tuple[int, int]]:
    cuts = sorted({start, end, *(m.start() for c in ("contrast", "sequence") for m in lexicon.pattern(c).finditer(text, start, end))})
    return [(a, b) for a, b in zip(cuts, cuts[1:], strict=False) if b > a]


def of_part(text: str, a: int, b: int, ruler: str = "") -> Stance | None:
    """The stance of one part, unless the part is a hypothesis or another company's rule (read only where a part takes
    a stance: most parts take none, so they pay no extra scan)."""
    said = _stance_of(text, a, b, ruler)
    if said is not None and said.kind != NONE and (aside := not_a_rule(text, a, b)):
        return Stance(NONE, *aside)  # "if a customer ever demanded on-prem…", "our competitor forbids…"
    return said


def _stance_of(text: str, a: int, b: int, ruler: str = "") -> Stance | None:
    """The stance of one part of a sentence. `ruler`: who ruled in an earlier part, when this part names no
    one and goes on about them ("security said no at first but later approved")."""

    found: dict[str, re.Match[str] | None] = {}  # "egress" is looked for up to three times a part

    def find(concept: str) -> re.Match[str] | None:
        if concept not in found:
            found[concept] = grouped.pattern(concept).search(text, a, b)
        return found[concept]

    def negated(pos: int) -> bool:  # within this part: "said no but later approved" is no negated approval
        return context.negated(text[a:b], pos - a, who=True)  # "nobody in security said no"

    authority = rulings.authority(text, a, b) or (stance_sentences.Carried(a) if ruler else None)
    who = rulings.who(authority.group(0)) if isinstance(authority, re.Match) else ruler
    waived = None
    doubt = find("doubt")
    if doubt and authority and not find("egress") and rulings.other_matter(text, doubt.end()):
        doubt = None  # "legal is still reviewing the hardware lease": a doubt about something else
    # "residency: nobody knows"; "may or may not have to stay in-house" (a keep-in rule in doubt, parseQ2)
    if doubt and (authority or find("egress") or find("vendor_use") or find("residency_topic") or find("keep_in")):
        return Stance(UNSURE, min(doubt.start(), authority.start() if authority else b), b, who=who if authority else "")
    if doubt and (asked := _kind_in_doubt(text, doubt, b)):  # "nobody has told us yet if the logs count as personal data"
        return Stance(UNSURE, doubt.start(), asked.end())
    if (deal := residency_verdict.agreement(text, a, b)) and deal.kind == UNSURE:  # "the BAA is still being negotiated"
        return deal
    if (acts := rule_events.acted_on(text, a, b)) and acts[-1][0] == STAYS:  # "withdrew the waiver that allowed us…"
        ruled, at = bool(authority), acts[-1][1]  # the verb's object decides, not the approval inside it
        return Stance(STAYS, at, acts[-1][2], ruled=ruled, who=rulings.who_at(text, a, at, ruler, who) if ruled else "")
    if authority and (no := find("refuse")) and not negated(no.start()) and not rulings.other_matter(text, no.end()):
        if later := rulings.said_later(text, a, b, no, ruler, "approve") or rulings.said_later(text, a, b, no, ruler, "reverse"):
            return Stance(LEAVES, later.start(), later.end(), ruled=True, who=rulings.who_at(text, a, later.start(), ruler, who))
        return Stance(STAYS, min(authority.start(), no.start()), b, ruled=True, who=rulings.who_at(text, a, no.start(), ruler, who))
    if authority and (back := find("reverse")) and not negated(back.start()) and not rule_events.acted_on(text, a, b):  # "this quarter the board reversed it"
        yes = grouped.pattern("approve").search(text, a, back.start())  # "approved it in January and changed its mind"
        flips = not (yes and rulings.said_later(text, a, b, yes, ruler, "reverse"))
        return Stance(STAYS, back.start(), back.end(), ruled=True, who=rulings.who_at(text, a, back.start(), ruler, who), flips=flips)
    refusals = (grouped.pattern("refuse"), grouped.pattern("forbid"))
    forbid = found["forbid"] = context.forbidding(text, a, b, refusals)  # "security never said no" forbids nothing
    if forbid and residency_sensitive.denied_kind(text, forbid, b):  # "nothing confidential goes into it": a kind denied
        if not LEAVES_PHRASE.search(text, forbid.start(), b):  # "nothing confidential here" stays the phrase row's permission
            waived = Stance(NONE, forbid.start(), b)  # read, sets nothing ("nothing that goes into the prompts is sensitive")
        forbid = found["forbid"] = None
    egress = find("egress")
    if who_left := find("egress_not_data"):  # "our team never leaves the building": people, not the text
        waived = Stance(NONE, who_left.start(), who_left.end())
        if egress and who_left.start() <= egress.start() < who_left.end():
            egress = found["egress"] = None
    no = find("refuse") or grouped.pattern("forbid").search(text, a, b)
    if no and egress and not forbid and (negated(no.start()) or context.is_negation(no.group(0))):  # no to what? noted
        ends = [m for m in (authority, egress, no) if m is not None]  # "security never said no", "nunca se opuso":
        waived = Stance(NONE, min(m.start() for m in ends), max(m.end() for m in ends))  # read, sets nothing
    if forbid and egress and not re.search(r"\?\s*$", text[a : b + 1]):  # "security blocked hosted LLMs": its ruling
        ruled = isinstance(authority, re.Match) and authority.start() < forbid.start()
        return Stance(STAYS, min(forbid.start(), egress.start()), max(forbid.end(), egress.end()), ruled=ruled, who=who if ruled else "")
    if revoked := rulings.permission_withdrawn(text, a, b):  # "the permission to use external APIs was revoked"
        return Stance(STAYS, revoked[0], revoked[1], ruled=bool(authority), who=who if authority else "")
    if (home := find("keep_in")) and not negated(home.start()) and not STAYS_NOT_DATA.search(text[max(a, home.start() - 60) : home.start()]):
        # "on-prem not needed", "no es necesario que sea on-prem" keep nothing home
        if not (NOT_BINDING.match(text, home.end()) or WAIVED_BEFORE.search(text[max(a, home.start() - 40) : home.start()])):
            ruled = bool(authority)  # "Security, however, insists HR data stays on our servers": its ruling
            return Stance(STAYS, home.start(), home.end(), ruled=ruled, who=who if ruled else "")
        waived = Stance(NONE, home.start(), home.end())
    scrub = find("scrubbed")
    if scrub and negated(scrub.start()):
        scrub = None
    if deal and not (authority and find("approve")):  # "we've signed a BAA with the vendor, and the notes are full
        return deal  # of PHI": the covered data may go; an approval beside it is a ruling, read below
    reg = residency_verdict.open_regulation(text, a, b)  # "GDPR applies": no verdict of its own
    if (data := sensitive(text, a, b)) and residency_verdict.within(reg, data):
        data = None  # "PCI is a thing": the regulation's name, no data of its own
    if data:
        public = find("public")  # "employee names from the public staff directory"; not "the merger isn't public yet"
        if residency_sensitive.waived(text, a, data) or (public and not negated(public.start())):
            waived = Stance(NONE, data.start(), data.end())  # "no personal data": read, and it sets nothing
        elif scrub:  # "we redact the PII before it is sent": what goes out is not sensitive
            return Stance(NONE, min(data.start(), scrub.start()), max(data.end(), scrub.end()), clears=True)
        else:
            ruled = bool(authority)  # "security requires that payroll stays …": the data is its ruling's
            yes = find("approve") if authority else None  # "Legal approved sending the patient records to the vendor"
            if yes and not negated(yes.start()) and not rulings.other_matter(text, yes.end()) and residency_sensitive.approved_out(text, data, yes, grouped.pattern("egress").search(text, yes.end(), b)):
                return Stance(LEAVES, min(authority.start(), yes.start()), max(data.end(), yes.end()), ruled=True, who=rulings.who_at(text, a, yes.start(), ruler, who))
            return Stance(STAYS, data.start(), data.end(), sensitive=True, ruled=ruled, who=who if ruled else "")
    elif (loose := find("holder_data")) and residency_sensitive.waived(text, a, loose):
        waived = waived or Stance(NONE, loose.start(), loose.end())  # "there's no customer data in the prompts": read
    if not data and (kind := residency_sensitive.no_residency_kind(text, a, b)):  # "…, but it only sees public leaflets"
        waived = Stance(NONE, kind.start(), kind.end(), clears=True, public=True)
    if scrub:  # "PII was an issue, but we anonymize everything now": clears the sensitive data said before
        waived = Stance(NONE, scrub.start(), scrub.end(), clears=True)
    if authority and (yes := find("approve")) and not negated(yes.start()):
        said = Stance(LEAVES, min(authority.start(), yes.start()), max(authority.end(), yes.end()), ruled=True)
        if not rulings.other_matter(text, yes.end(), a, yes.start()):
            return replace(said, who=rulings.who_at(text, a, yes.start(), ruler, who))
        # "Compliance OK'd the pilot": no egress approved, yet who ruled carries ("…; unclear if that covers it")
        waived = waived or replace(said, kind=NONE, who=who, end=said.start)  # its words left to the safety net
    question = text[a : b + 1].rstrip().endswith("?")
    if egress and (ok := find("allow")) and not forbid and not question and not negated(ok.start()):
        return Stance(LEAVES, min(ok.start(), egress.start()), max(ok.end(), egress.end()))
    if reg and not (waived and waived.clears):  # a regulation that applies, and nothing else decides: ask
        return Stance(UNSURE, reg.start(), reg.end())
    return waived



_WHETHER = lazy(r"\b(?:if|whether|si)\b", re.I)


def _kind_in_doubt(text: str, doubt: re.Match[str], b: int) -> re.Match[str] | None:
    """Sensitive data named right after a doubt that asks whether ("nobody has told us yet if the logs count as
    personal data", "no sabemos si las notas llevan datos de salud"): what the data is, not a rule, is in doubt."""
    data = sensitive(text, doubt.start(), min(b, doubt.end() + 80))
    if data is None or not _WHETHER.search(text, doubt.start(), data.start()):
        return None
    return data
