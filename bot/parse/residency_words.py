"""The residency phrase patterns (bot/parse/residency.py), built from rows of the lexicon
(bot/parse/lexicon/en.yaml and es.yaml, the "residency phrases" sections): ways to say the text stays or may
leave, rules waived or not binding, doubt, EU residency, a rule taken back, an answer after a question.
A new phrasing is a row there; what stays here is only where each kind of phrase sits: before the word it
governs (`$`), right after it (matched at a position), or anywhere.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import grouped, lexicon
from bot.parse.lazyre import lazy

# Rows that start at a word: the look-ahead fails at once at spaces and digits, so a paste is not tried
# row by row at every space (the rows' own \b comes after it).
_AT_WORD = r"(?=[^\s\d])(?:{})"
# concept -> its alternation wrapped in the place it must sit ("{}" is the alternation)
_FORMS = {
    "no_subject": r"(?:{})$",  # "no data can leave", "ningún dato puede salir": the negation governs the subject
    # "we don't care about GDPR", "no PII"; "non-PII data", "datos no-PII" (parseEN)
    "waived_before": r"(?:{})\s+(?:the\s+|any\s+|el\s+|la\s+)?$|\b(?:non|no)-$",
    # "GDPR doesn't apply", "HIPAA-compliant API is fine", "the HIPAA requirement doesn't apply"
    "not_binding": r"[\s-]*(?:(?:requirements?|rules?|regulations?|obligations?|constraints?|scope|stuff)\s+)?(?:{})",
    "compliant": r"[\s-]*(?:{})\b",  # "we need to be GDPR compliant": hosted APIs can be, it does not decide
    "compliant_before": r"\b(?:{})\s+(?:con\s+|with\s+)?(?:el\s+|la\s+|the\s+)?$",  # "tenemos que cumplir el RGPD"
    "doubt_before": r"\b(?:{})\b[^.;!?\n]{0,40}$",  # "I don't think the data can leave"
    "stays_phrase": _AT_WORD,
    # "we keep the load balancers in our own data center": a thing that is not the data, kept home (parseEN)
    "stays_not_data": r"\b(?:{})\s+(?:\w+\s+){0,3}$",
    "sensitive_phrase": _AT_WORD,
    "leaves_phrase": _AT_WORD,
    "in_eu": r"\s*(?:(?:in|within|inside|on|en|dentro\s+de|de|del|from|of)\s+)?(?:the\s+|la\s+|el\s+)?(?:{})\b",
    "eu": _AT_WORD,
    "eu_waived_after": r"\s*(?:{})",  # "EU residency is NOT required", "EU residency: no"
    "eu_kept": "{}",  # "we don't want our data leaving the EU": negated, and yet EU
    "revised": r"\b(?:{})",  # "> data can't leave" / "actually it can, legal said OK": which holds is asked
    "answered_no": r"[^.!\n]{0,40}?[?:]\s*(?:{})\b",  # "data can leave? No way.", "¿pueden salir los datos? no"
    "leaves_asked": "{}",
    "auxiliary": r"\s*¿?\s*(?:{})",  # a question about the rule itself: "does the data need to stay in the EU?"
}


def phrase(concept: str, form: str = "{}") -> re.Pattern[str]:
    """The lexicon's rows for `concept`, set in `form` ("{}" is their alternation), compiled on first use."""
    return lazy(form.replace("{}", lexicon.alternation(concept)), re.I)


def _phrase(concept: str) -> re.Pattern[str]:
    if _FORMS[concept] == _AT_WORD:  # rows read at every word start: grouped by first letter (bot/parse/grouped.py)
        return lazy(_AT_WORD.replace("{}", grouped.alternation(concept)), re.I)
    return phrase(concept, _FORMS[concept])


class _Phrases:
    """Each pattern compiled from its rows the first time a reader uses it."""

    def __getattr__(self, name: str) -> re.Pattern[str]:
        if name.lower() not in _FORMS:
            raise AttributeError(name)
        pattern = _phrase(name.lower())
        setattr(self, name, pattern)
        return pattern


_PHRASES = _Phrases()


def __getattr__(name: str) -> re.Pattern[str]:  # NO_SUBJECT, STAYS_PHRASE…: the lexicon's rows, compiled lazily
    return getattr(_PHRASES, name)


NEAR = 60  # a residency phrase accounts for the watched words this close to it ("legal insists")


# A keep-in rule names a country ("must stay in Spain") or the cloud of the team's own account ("in our own
# AWS account"): the lexicon's `kept_in_<slot>` forms carry `{<slot>}` where a name of the slot's table goes,
# and a name is read where it ends the phrase (a country) or anywhere in it as a word (a cloud).
# A country's name may be followed by the rule's last words (lexicon `kept_in_tail`: "… in Spain only", "hosting en
# México obligatorio").
_TABLES = {
    "country": (lexicon.countries, rf"(?:\s+(?:{lexicon.alternation('kept_in_tail')}))?$"),
    "cloud": (lexicon.clouds, r"(?![\w'])"),
}


@cache
def kept(slot: str) -> re.Pattern[str]:
    names = sorted(_TABLES[slot][0](), key=len, reverse=True)  # "the united states" before "the us"
    alternation = "(?:" + "|".join(names) + ")"
    forms = "|".join(f"(?:{f.replace('{' + slot + '}', alternation)})" for f in lexicon.fragments(f"kept_in_{slot}"))
    return lazy(rf"(?<![\w'])(?:{forms})(?![\w'])", re.I)


def named(phrase: str, slot: str) -> str | None:
    """What a matched phrase names: "must stay in Spain" -> "ES", "in our own AWS account" -> "AWS"."""
    table, tail = _TABLES[slot]
    for name, value in sorted(table().items(), key=lambda item: -len(item[0])):
        if re.search(rf"(?<![\w']){name}{tail}", phrase, re.I):
            return value
    return None
