"""Gateway pain: keys, quotas, spend nobody can attribute. Phrasings live in the lexicon (gateway_pain)
and in the patterns below; a cloud's or a vendor's own limit, or pain waved off, is not it."""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.parse import lexicon, stance
from bot.parse.context import negated as _negated
from bot.parse.draft import Draft, sentence
from bot.parse.lazyre import lazy

_GATEWAY = lazy(
    r"\bkeys?\s+(?:per|for\s+each|by)\s+team|\bper[\s-]team\s+(?:api\s+)?(?:keys?|budgets?|caps?|quotas?|limits?|spend)|\bteam\s+(?:api\s+)?keys\b"
    r"|\battribut(?:e|ion|ing)\b|\bcharge[\s-]?backs?\b|\bshowbacks?\b|\bquotas?\b|\bbudgets\b|\b(?:spend(?:ing)?\s+)?caps\b|\bspend(?:ing)?\s+limits?\b"
    r"|\bbill\s+(?:is\s+)?(?:out\s+of\s+control|exploding|through\s+the\s+roof)|\bout[\s-]of[\s-]control\s+bill"
    r"|\b(?:can'?t|cannot|can\s+not|no\s+way\s+to|no\s+idea)\s+(?:to\s+)?(?:tell|know|see|say)\s+which\s+team|\bwho\s+spends\s+what\b|\bwhich\s+team\s+spends\b"
    r"|\b(?:one|a\s+single|the\s+same)\s+(?:shared\s+)?(?:api\s+)?key\s+for\s+(?:all|every|\d+)|\bshares?\s+(?:one|a\s+single|the\s+same)\s+(?:api\s+)?key\b"
    r"|\b(?:can'?t|cannot|no\s+way\s+to)\s+(?:see|tell|track)\s+(?:the\s+)?(?:spend|cost|usage)s?\s+(?:per|by)\s+team\b|\bno\s+idea\s+who\s+(?:uses|spends)\b"
    r"|\bno\s+idea\s+which\s+team\b|\bwhich\s+team\s+(?:burned|spent|used|ran\s+up)\b|\bno\s+sabemos\s+cu[aá]nto\s+gasta\s+cada\s+equipo\b"
    r"|\bcomparten\s+(?:la\s+misma|una\s+sola|una)\s+(?:api\s+)?(?:key|clave)\b|\bno\s+sabemos\s+qu[eé]\s+equipo\b|\bnobody\s+knows\s+which\s+team\b"
    r"|\bclaves?\s+por\s+equipo\b|\bcuotas?\b|\bpresupuestos\b|\bl[ií]mites?\s+de\s+gasto\b|\bqu[eé]\s+equipo\s+gasta\b"
    r"|\bfactura\s+(?:descontrolada|fuera\s+de\s+control)\b|\b(?:imputar|repartir|atribuir)\s+(?:el\s+|los\s+)?gastos?\b",
    re.I,
)


# Not gateway pain: a cloud's GPU quota, attribution that works, quotas or caps nobody needs.
_NOT_PAIN_BEFORE = lazy(
    r"\b(?:gpu|aws|gcp|azure|service|instance|capacity|vcpu|account|rate|h100|h200|b200|api|openai|anthropic|vendor|provider|cloud|"
    r"rate[\s-]limit|token|tpm|rpm|q[1-4]|approved|annual|yearly|our\s+own|bedrock|vertex|groq|together|fireworks|openrouter|"
    r"hardware|compute|capex|infra|infrastructure|already\s+have|ya\s+tenemos)\s+(?:\w+\s+)?$"
    r"|\b(?:litellm|portkey|helicone|(?:our\s+|the\s+)?gateway|tags?)\s+(?:already\s+)?(?:handles?|manages?|covers?|does|solves?|gives\s+us)\s+(?:the\s+)?$",
    re.I,
)
# "la cuota de GPUs en AWS": in Spanish the vendor comes after the word.
_VENDOR_AFTER = lazy(r"\s+de\s+(?:\w+\s+){0,2}?(?:en\s+)?(?:aws|azure|gcp|google|openai|azure\s+openai|bedrock|vertex|gpus?)\b", re.I)
_NOT_PAIN_AFTER = lazy(
    r"\s*(?:\w+\s+){0,3}?(?:just\s+fine|(?:works?|working)\s+fine|(?:is|are)\s+fine|(?:are|is)\s+not\s+needed"
    r"|not\s+(?:a|an)\s+(?:problem|issue)|(?:is\s*n[o']t|isn't|aren't|are\s*n[o']t)\s+(?:a|an)\s+(?:problem|issue)|increase[ds]?|raised"
    r"|(?:is|are)\s+(?:already\s+)?(?:solved|handled|sorted|covered|approved|in\s+place|done|managed)"
    r"|\?\s*(?:solved|handled|sorted|done)|(?:solved|handled|done)\s+(?:with|by|via)|(?:via|through|with|in)\s+(?:litellm|portkey|our\s+gateway|the\s+gateway|tags)"
    r"|[\s-]?wise\s+we(?:'re|\s+are)\s+fine|(?:was|were)\s+fixed|(?:en|con)\s+litellm"
    r"|(?:est[aá]n?|son)\s+(?:ya\s+)?(?:aprobad[oa]s?|resuelt[oa]s?))\b",
    re.I,
)

_CANNOT = lazy(r"\b(?:can'?t|cannot|no\s+way|no\s+idea)\b", re.I)  # "we can't attribute": pain


def _finditer(pattern: re.Pattern[str], text: str, spans: list[tuple[int, int]]) -> Iterator[re.Match[str]]:
    for start, end in spans:
        yield from pattern.finditer(text, start, end)


def read_gateway(text: str, draft: Draft) -> None:
    spans = stance.cued(text, "gateway_cue")  # only sentences with a cue are read: a paste costs one scan
    for match in _finditer(lexicon.pattern("gateway_pain"), text, spans):
        start, end = sentence(text, match.start())
        if lexicon.pattern("resolved").search(text, start, end):  # "we used to share one key; fixed now"
            draft.use(match.start(), match.end(), "gateway_pain")
            continue
        if not _negated(text, match.start()) or _CANNOT.search(match.group(0)):
            draft.use(match.start(), match.end(), "gateway_pain")
            draft.set("gateway_pain", True)
            return
    for match in _finditer(_GATEWAY, text, spans):
        draft.use(match.start(), match.end(), "gateway_pain")
        if lexicon.pattern("resolved").search(text, *sentence(text, match.start())):
            continue  # "we fixed that with per-team quotas": a pain that held once
        before = text[max(0, match.start() - 30) : match.start()]
        if _NOT_PAIN_BEFORE.search(before) or _VENDOR_AFTER.match(text, match.end()):
            continue  # "our AWS GPU quota", "la cuota de GPUs en AWS": a cloud limit, not team spend
        waved_off = _negated(text, match.start()) or _NOT_PAIN_AFTER.match(text, match.end())
        if waved_off and not _CANNOT.search(before):
            continue  # "no quotas today", "we can attribute costs just fine", "no budget caps needed"
        draft.use(match.start(), match.end(), "gateway_pain")
        draft.set("gateway_pain", True)
        return

