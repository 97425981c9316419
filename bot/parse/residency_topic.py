"""Residency named but not decided: when to ask rather than answer (issue 14, parseP).

A message may name residency as a subject ("Data residency: see attached policy", "the questionnaire asks
where the data is processed; we have not answered yet", "residencia de datos: pendiente") with no ruling,
rule or data the readers understand. Left alone it answers as if the text may go anywhere, silently. The rule:
when the residency readers set nothing and asked nothing, a residency topic word (`residency_topic`) that is
not waived ("we don't have a residency requirement", "data residency is not required") asks
`residency_unclear`, one specific question; a topic waived is no rule, and the text may leave (parseR: "there is
no data residency requirement" and "no hay requisito de residencia de datos" agree). Words the residency readers already read (and left undecided on
purpose: "EU residency: no", "EU residency is nice to have") do not ask again. Read after residency.read_residency, on its cued sentences only.
"""

from __future__ import annotations

from bot.parse import context, grouped
from bot.parse.draft import ASK_CONFLICT, Draft
from bot.parse.residency_words import NOT_BINDING, WAIVED_BEFORE

FIELDS = ("data_may_leave", "eu_residency", "region", "provider")


def ask_if_undecided(text: str, draft: Draft) -> None:
    if any(f in draft.fields or draft.asked_about(f) for f in FIELDS):
        return
    if any(f.code == "residency_unclear" for _, f in draft.asks):
        return
    read = [(a, b) for a, b, name in draft.used if name in ("data_may_leave", "eu_residency")]
    for m in context.finditer(grouped.pattern("residency_topic"), text, context.cued(text, "residency_cue")):
        if any(a < m.end() and m.start() < b for a, b in read):
            continue  # the residency readers read these words and decided nothing on purpose ("EU residency: no")
        before = text[max(0, m.start() - 40) : m.start()]
        if context.negated(text, m.start()) or WAIVED_BEFORE.search(before) or NOT_BINDING.match(text, m.end()):
            draft.use(m.start(), m.end(), "data_may_leave")  # "we don't have a residency requirement": no rule,
            draft.set("data_may_leave", True)  # so the text may leave, said (as "no hay requisito de residencia")
            return
        draft.use(m.start(), m.end(), "data_may_leave")
        draft.ask(ASK_CONFLICT, "residency_unclear")
        return
