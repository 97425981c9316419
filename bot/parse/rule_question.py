"""A question whether a residency rule exists ("does the data have to stay in Spain?", "¿pueden salir los
datos?"): doubt, not a rule, unless an answer follows it ("…? no"). Read by the stance (bot/parse/stance.py)."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import grouped, lexicon
from bot.parse.lazyre import lazy

# An answer right after the question; "no idea", "ni idea", "no sé", "no lo tengo claro" are no answer (they are doubt).
_ANSWERED = lazy(
    r"\s*(?:no(?!\s+(?:idea|clue|one\b|(?:lo\s+|la\s+)?(?:se\b|sé|tengo|tenemos|sabemos|estoy|estamos)|s[eé]\s+si|s[eé]\b|me\s+consta|est[aá]\s+clar))|nope|nah|never|nunca|yes|yep|yeah|s[ií]|claro|of\s+course|not\s+at\s+all"
    r"|para\s+nada|ni\s+de\s+broma|ni\s+hablar|en\s+absoluto|jam[aá]s|por\s+supuesto|nel)\b",
    re.I,
)
_PRONOUN = lazy(r"(?:it|anything|everything|nothing|eso|esto|todo|nada)", re.I)
_CLAUSE_LEAD = lazy(r"[\s,;:(—-]*(?:(?:and|also|so|but|or|y|pero|tambi[eé]n|o)\b[\s,]*)?¿?\s*$", re.I)
# A Spanish question may open with its subject: "¿las nóminas pueden salir a una API externa?"
_SUBJECT_LEAD = lazy(r"\s*(?:[^\W\d]+\s+){1,6}")  # after the "¿" that opens the sentence ("¿los correos de los clientes pueden…", sensD)


@cache
def _refused() -> re.Pattern[str]:
    return lazy(rf"\s*¡?\s*(?:{lexicon.alternation('answered_no')})\b[^.!?\n]*[.!]?", re.I)


def refused_answer(text: str, start: int, end: int) -> int | None:
    """Where the answer ends when a question about sending the text out is answered no at once (res13b): "¿Mandar
    esto a una API de fuera? Ni de broma", "Send our chats to a vendor? Absolutely not." (lexicon `answered_no`):
    a refusal, the asker's own. The question names a way out and a sending; "No idea" is doubt, not an answer."""
    if not text[start:end].rstrip().endswith("?") or not grouped.pattern("egress").search(text, start, end):
        return None
    if not lexicon.pattern("unread_send").search(text, start, end):
        return None
    no = _refused().match(text, end)
    return no.end() if no else None


# A reply on the next line or sentence that names who was asked and their no (res17b): "dev: compliance said
# absolutely not, …", "luis: checked with legal, hard no", "jorge: lo he preguntado a legal y dicen que ni hablar".
_REPLY_END = lazy(r"[^\n]*?(?:[.!](?=\s)|\n|$)")
_AFTER_NO = r"(?=\s*(?:[,.!;:\n—–-]|$|(?:they|it|that|because|since|porque|ya|pues|por)\b))"


@cache
def _said_no() -> re.Pattern[str]:
    lead = r"(?:\b(?:said|says|answered|replied|told\s+(?:us|me)|dijo|dicen|dice|dijeron|contest\w+|respondi\w+|que)|[,:;—–-])"
    return lazy(rf"{lead}\s*¡?\s*(?:{lexicon.alternation('answered_no')})\b{_AFTER_NO}", re.I)


def refused_later(text: str, start: int, end: int) -> int | None:
    """Where the reply ends when a question about sending the text out is answered no in the next line or sentence by
    someone who rules on it (an authority): the thread settles the question, and the no is a rule that binds."""
    if not text[start:end].rstrip().endswith("?") or not grouped.pattern("egress").search(text, start, end):
        return None
    reply = _REPLY_END.match(text, end + len(text[end:]) - len(text[end:].lstrip()))
    if not reply or not grouped.pattern("authority").search(text, reply.start(), reply.end()):
        return None
    return reply.end() if _said_no().search(text, reply.start(), reply.end()) else None


def answered(text: str, end: int) -> bool:
    """Whether an answer follows a question that ends at `end` ("can the data leave? no")."""
    return bool(_ANSWERED.match(text, end))


def _self_hosted(text: str, a: int, b: int) -> bool:
    """Whether a question puts the model on the team's own site, the text unnamed and no way out named: a wish to
    self-host ("can we put maverick on our own hardware?"), not "must the prompts stay in our datacenter?"."""
    sites = [(m.start(), m.end()) for m in grouped.pattern("boundary").finditer(text, a, b)]
    if not sites or any(grouped.pattern(c).search(text, a, b) for c in ("egress", "holder_data")):
        return False
    return all(  # "would it be cheaper…"; the "data" of "our own data center" is the site, not the text
        _PRONOUN.fullmatch(m.group(0)) or any(x <= m.start() < y for x, y in sites)
        for m in grouped.pattern("object").finditer(text, a, b)
    )


def wishes_self_host(text: str, start: int, end: int) -> bool:
    """A question whose sentence only asks to run the model on the team's own site: no rule, read and sets nothing."""
    return text[start:end].rstrip().endswith("?") and _self_hosted(text, start, end)


def asks_about_rule(text: str, start: int, end: int) -> re.Match[str] | None:
    """A question whether a rule exists, with no answer after it: doubt, not a rule. The question opens its
    clause and the sentence ends in "?"."""
    if not text[start:end].rstrip().endswith("?") or answered(text, end):
        return None
    people = [(p.start(), p.end()) for p in grouped.pattern("egress_not_data").finditer(text, start, end)]
    for m in lexicon.pattern("rule_question").finditer(text, start, end):
        if any(a < m.end() and m.start() < b for a, b in people):
            continue  # "do our engineers have to stay in the office?": people, not the text
        if _self_hosted(text, m.start(), end):
            continue  # "can we put maverick on our own hardware?": where to run it, no rule asked (res12)
        lead = max([start] + [text.rfind(mark, start, m.start()) + 1 for mark in ",;:—–("])
        subject = text[start - 1 : start] == "¿" and _SUBJECT_LEAD.fullmatch(text, start, m.start())
        if subject or _CLAUSE_LEAD.fullmatch(text, lead, m.start()) or _CLAUSE_LEAD.fullmatch(text, start, m.start()):
            return m
    return None
