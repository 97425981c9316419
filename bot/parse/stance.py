"""Residency as a concept, read from the lexicon (bot/parse/lexicon/*.yaml), sentence by sentence.

A sentence is cut at its contrast words ("legally yes, but security said no"); each part takes one stance:
- a rule withdrawn ("we had a no-external-APIs rule but it was dropped"): the text may leave;
- doubt from whoever rules ("legal hasn't signed off yet", "compliance hasn't decided"): ask;
- a refusal from whoever rules ("security said no"), a forbidding word with a way out in the same part
  ("our contracts forbid customer data leaving the company", "nothing may go outside our network"), or
  data that by nature may not go ("prompts contain patient records"): the text stays;
- an approval from whoever rules ("legal said yes"): the text may leave.
The last part with a stance is the sentence's; a withdrawn rule wins its whole sentence. Each stance keeps
the span it was read from, so the unused-word safety net knows these words were used.
"""


from __future__ import annotations

from dataclasses import replace

from bot.parse import (
    context,
    grouped,
    lexicon,
    residency_verdict,
    rule_events,
    rule_time,
    rulings,
    stance_part,
    stance_sentences,
)
from bot.parse.rule_question import asks_about_rule, refused_answer, refused_later, wishes_self_host
from bot.parse.stance_aside import disowned, next_to
from bot.parse.stance_kind import LEAVES, NONE, STAYS, UNSURE, Stance

__all__ = ["LEAVES", "NONE", "STAYS", "UNSURE", "Stance", "read"]


def read(text: str) -> list[Stance]:
    """One stance per sentence that takes one (withdrawn counts as may leave); only sentences with a cue.
    Rulings are weighed in order (bot/parse/rulings.py): the latest of one authority, the strictest of several."""
    out: list[Stance] = []
    sentences, k = list(context.cued(text, "residency_cue")), -1
    voice = (-1, "")  # where the words of a header's authority start, and who they are
    while (k := k + 1) < len(stance_sentences.then(text, sentences, k, out)):
        start, end = sentences[k]
        # who ruled in the sentence right before: "Security approved the pilot; not sure it covers this"
        ruler = out[-1].who if out and out[-1].ruled and next_to(text, out[-1].within[1], start) else ""
        ruler = ruler or (voice[1] if voice[0] == start else "")  # "Respuesta de Iván (seguridad):" then his words
        if rule_time.proposed_rule(text, start, stance_sentences.and_next(text, sentences, k)):
            out.append(Stance(UNSURE, start, end, (start, end)))  # "legal proposed banning external APIs; not voted yet"
            continue
        if (
            not ruler
            and not stance_sentences.named(text, start, end)
            and not rule_events.acted_on(text, start, end)
            and not rule_events.reinstated(text, start, stance_sentences.and_next(text, sentences, k))
        ):
            continue  # "Dirección revocó la excepción…", "la volvieron a poner": a rule's own verbs speak of residency
        if said_by := stance_sentences.voice(text, start, end):  # a thread's header names whose words follow: read them as theirs
            voice = (end, said_by)
            if k + 1 == len(sentences) or sentences[k + 1][0] != end:
                sentences.insert(k + 1, (end, stance_sentences.next_end(text, end)))
            continue
        if wishes_self_host(text, start, end):  # "would it be cheaper to host it in our own data center?" (res12)
            out.append(Stance(NONE, start, end, (start, end)))
            continue
        if (no := refused_answer(text, start, end) or refused_later(text, start, end)) is not None:  # "¿Mandar esto a una API de fuera? Ni de broma"
            out.append(Stance(STAYS, start, no, (start, no)))
            while k + 1 < len(sentences) and sentences[k + 1][0] < no:
                k += 1  # the reply is read with its question (res17b)
            continue
        if asked := asks_about_rule(text, start, end):
            out.append(Stance(UNSURE, asked.start(), end, (start, end)))
            continue
        stances, carried = [], ruler
        for a, b in stance_part.parts(text, start, end):
            if said := stance_part.of_part(text, a, b, ruler):
                stances.append(said)
            if named := grouped.pattern("authority").search(text, a, b):
                ruler = rulings.who(named.group(0))
        said, reach = None, stance_sentences.and_next(text, sentences, k)
        if stances and (mine := disowned(text, start, end)) is not None:  # "…, but that's their project"
            stances = [Stance(NONE, s.start, s.end, spent=True) if s.start < mine else s for s in stances]  # set aside, words read
        if back := rule_events.reinstated(text, start, reach, carried):  # the latest event: the rule is back in force
            who = rulings.who_at(text, start, back.start(), carried)
            said = Stance(STAYS, back.start(), back.end(), (start, end), ruled=bool(who), who=who)
        elif rulings.rule_withdrawn(text, start, reach, _after_rule(text, out, carried, start)):  # by whoever ruled it, who is set aside
            who = rulings.who_at(text, start, end, carried)
            back = bool(out) and bool(lexicon.pattern("rule_back").search(text, start, reach))  # "…; la dirección levantó esa restricción"
            said = Stance(LEAVES, start, end, (start, end), withdrawn=True, ruled=bool(who), who=who, back=back)
        elif stances:
            said = replace(rulings.last(rulings.strictest(stances)), within=(start, end))
        if said is None:
            continue
        if said.kind == STAYS and not said.withdrawn and (said.ruled or not said.sensitive) and rule_time.proposed(text, (start, reach)):
            said = replace(said, kind=UNSURE)  # "legal proposed banning external APIs; it hasn't been voted on": not in force
        if said.kind == UNSURE and grouped.pattern("approve").search(text, start, end):
            said = replace(said, hedged=True)  # "creo que legal lo aprobó, no estoy seguro"
        if said.clears and not said.public and out and out[-1].sensitive and out[-1].within[1] == start:
            said = replace(said, within=(out.pop().within[0], end))  # "Prompts hold PII. We redact it first."
        elif out and out[-1].within[1] == start and (carried and said.kind == UNSURE or rulings.overrules(text, start, out[-1], said)):
            said = replace(said, within=(out.pop().within[0], end))
        out = [rulings.set_aside(s) if rule_time.superseded(text, s, said) else s for s in out]  # "until June …; under the new policy …"
        out = rulings.weigh(out, said)
    return residency_verdict.covered(rulings.settled(out))  # a BAA or DPA decides the sensitive data it covers



def _after_rule(text: str, out: list[Stance], carried: str, start: int) -> bool:
    """Whether a sentence goes on about the rule said right before it: who ruled it carries, or it follows that rule
    ("Data used to have to stay on our servers; management waived that")."""
    return bool(out) and out[-1].kind == STAYS and (bool(carried) or next_to(text, out[-1].within[1], start))
