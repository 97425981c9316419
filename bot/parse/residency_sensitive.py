"""Data sensitive by nature (bot/parse/stance.py's third stance): where its words are in a part of a sentence,
and whether they are waived. The words are the lexicon's `sensitive` rows, with the categories as concepts of their
own (identity documents, mental health, criminal records, genetic data, the special categories, pay, legal
privilege; parseR), and the holder × item rows (`sensitive_held`: "letters our patients write"). Waived, they are
read and set nothing: "no patient records", "we don't have patient data", "non-PII workloads", "GDPR-free", and writing about a
category is no data of it ("blog posts about therapy sessions", lexicon `sensitive_topic`)."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import context, grouped, lexicon
from bot.parse.lazyre import lazy
from bot.parse.residency_words import NOT_BINDING, WAIVED_BEFORE

# A waiver of the sensitive data itself: "no patient records", "the prompts hold no customer data".
# "non-PII workloads", "datos no-PII": the prefix waives the words it is fused to.
_WAIVED = lazy(r"\b(?:no|not|without|sin|ning[uú]n[oa]?|never|nothing(?:\s+like)?|nada|none\s+of\s+(?:the|our|its)|free\s+of|devoid\s+of)\s+(?:\w+\s+){0,1}$|\b(?:non|no)-$", re.I)


@cache
def _holder() -> re.Pattern[str]:
    """A holder word anywhere ("patient's" too): the gate of the holder × item rows."""
    firsts = {piece[:1].lower() for f in lexicon.fragments("data_holder") for piece in f.split("|")}
    lead = rf"(?=[{''.join(sorted(firsts))}])" if all(c.isalpha() for c in firsts) else ""  # tried only at those letters
    return lazy(r"\b" + lead + lexicon.alternation("data_holder"), re.I)


def sensitive(text: str, a: int, b: int) -> re.Match[str] | None:
    """The first words of data sensitive by nature in text[a:b]. The holder × item rows (`sensitive_held`, long
    alternations of items and holders) are tried only where a holder word is: a set of word lists read once
    per part rather than at every word start (a paste of residency sentences: stance 14.5 -> see docs)."""
    plain = grouped.pattern("sensitive").search(text, a, b)
    health = _health(text, a, b)
    if not _holder().search(text, a, b):
        return _first(plain, health)
    held = grouped.pattern("sensitive_held").search(text, a, b)
    return _first(plain, held, health)


def _first(*found: re.Match[str] | None) -> re.Match[str] | None:
    return min((m for m in found if m), key=lambda m: m.start(), default=None)


def _health(text: str, a: int, b: int) -> re.Match[str] | None:
    """Health by kind in a care setting (kind × setting, lexicon `health_item` × `health_context`, in one part):
    "what the patient says about their pain", "los síntomas que describen los pacientes"; a kind alone is none."""
    if not grouped.pattern("health_context").search(text, a, b):
        return None
    return grouped.pattern("health_item").search(text, a, b)


def waived(text: str, a: int, data: re.Match[str]) -> bool:
    """Whether the sensitive words `data` (in a part starting at `a`) are waived, made up ("synthetic patient
    records", "historias clínicas sintéticas", lexicon `fake_before`/`fake_after`) or only a subject written about."""
    before = text[max(a, data.start() - 40) : data.start()]
    if _WAIVED.search(before[-20:]) or WAIVED_BEFORE.search(before) or NOT_BINDING.match(text, data.end()):
        return True
    if grouped.pattern("fake_before").search(text, max(a, data.start() - 25), data.end()):
        return True
    if lexicon.pattern("fake_after").match(text, data.end() + (text[data.end() : data.end() + 1] == " ")):
        return True
    return bool(grouped.pattern("sensitive_topic").search(text, max(a, data.start() - 60), data.start()))


# Between an approval and the data it lets go: "approved sending the", "signed off on sending", "aprobó mandar los"
_SENDING = r"\s+(?:on\s+|of\s+|to\s+|that\s+we\s+)?(?:{})\s+(?:[\w'’-]+\s+){{0,3}}?$"
# After the data, the approval refers back to it: "… bank statements and compliance has cleared them for the API"
_REFERS = lazy(r"\s+(?:them|it|those|these|this|that|los|las|lo|la)\b", re.I)


@cache
def _sending() -> re.Pattern[str]:
    return lazy(_SENDING.format(lexicon.alternation("send_verb")), re.I)


def approved_out(text: str, data: re.Match[str], yes: re.Match[str], egress: re.Match[str] | None) -> bool:
    """Whether an approval is of sending THAT data out (issue 14): "Legal approved sending the patient records to
    the vendor", "Legal aprobó mandar los historiales clínicos al proveedor"; or of the data said before it, with
    somewhere to go after ("…; compliance has cleared them for the hosted API")."""
    if yes.end() <= data.start():
        gap = text[yes.end() : data.start()]
        return len(gap) <= 60 and not re.search(r"[.;,:!?\n]", gap) and bool(_sending().search(gap))
    return yes.start() >= data.end() and bool(_REFERS.match(text, yes.end())) and egress is not None and egress.start() > yes.start()


def no_residency_kind(text: str, a: int, b: int) -> re.Match[str] | None:
    """A data kind that carries no residency said in the part, not negated: "only sees the public drug leaflets",
    "the prompts are all public court rulings", "datos abiertos del ayuntamiento" (lexicon `no_residency_kind`)."""
    kind = grouped.pattern("no_residency_kind").search(text, a, b)
    if kind is None or _WAIVED.search(text[max(a, kind.start() - 20) : kind.start()]) or _TOO.search(text, a, b):
        return None  # "no public data here", "not synthetic"; "…, but the published reports go in too": as well, not instead
    return kind


_TOO = lazy(r"\b(?:also|too|as\s+well|both|plus|in\s+addition|tambi[eé]n|adem[aá]s|igualmente)\b", re.I)


@cache
def _denied() -> re.Pattern[str]:
    # "nothing confidential", "nothing we feed it is confidential", "nothing that goes into the prompts is sensitive"
    clause = r"(?:(?!(?:may|can|must|should|shall|will|leaves?|is\s+allowed)\b)[\w'’-]+\s+){1,6}?(?:is|are|was|were)\s+"
    return lazy(rf"\s+(?:[\w'’-]+\s+|{clause})?(?:{lexicon.alternation('sensitivity_word')})\b", re.I)


# Where the denial's own clause ends: "nothing confidential goes into it | and hosted APIs are fine"
_CLAUSE_END = lazy(r"[.;:!?,\n]|\s(?:and|so|but|y|pero|as[ií]\s+que)\s", re.I)


def denied_kind(text: str, neg: re.Match[str], b: int) -> bool:
    """Whether a bare negation (`neg`: nothing, none, nada) denies a kind of data rather than forbidding a way out
    (res13b): "nothing confidential goes into it", "there's nothing private in it", "no hay nada confidencial"
    (lexicon `sensitivity_word`). A modal or a way out in the denial's own clause keeps it a rule: "nothing
    confidential may leave", "nothing sensitive goes to the vendor", "nada confidencial puede salir"."""
    if not context.is_negation(neg.group(0)) or not (kind := _denied().match(text, neg.end(), b)):
        return False
    stop = m.start() if (m := _CLAUSE_END.search(text, kind.end(), b)) else b
    return not (grouped.pattern("egress").search(text, kind.end(), stop) or lexicon.pattern("denial_binds").search(text, kind.end(), stop))
