"""Gateway pain: keys, quotas, spend nobody can attribute. The concept is composed in the lexicon
(`gateway_pain` from parts: a shared {credential}, a {bill} nobody can {split}, a {quota} someone {hog}s from
the {others}); older single words and what makes them no pain (a cloud's or a vendor's own limit, pain
waved off or solved) are rows too (`gateway_word`, `gateway_not_before`…). Time comes from the shared
context: a pain that held once ("we used to share one key") is read and set aside."""

from __future__ import annotations

from bot.parse import context, lexicon
from bot.parse.context import negated as _negated
from bot.parse.draft import Draft, sentence
from bot.parse.residency_words import phrase

# The rows are in the lexicon (gateway_word, gateway_not_before, …); here is where each must sit.
_GATEWAY = phrase("gateway_word")
# Not gateway pain: a cloud's GPU quota, attribution that works, quotas or caps nobody needs.
_NOT_PAIN_BEFORE = phrase("gateway_not_before", "(?:{})")
_VENDOR_AFTER = phrase("gateway_vendor_after", "(?:{})")  # "la cuota de GPUs en AWS": the vendor comes after
_NOT_PAIN_AFTER = phrase("gateway_not_after", r"\s*(?:\w+\s+){0,3}?(?:{})\b")
_CANNOT = phrase("gateway_cannot", r"\b(?:{})\b")  # "we can't attribute": pain


def _held_once(text: str, pos: int, start: int, end: int) -> bool:
    """Time, for the part of the sentence the pain is in: "we used to share one key but now each team has its
    own" held once; "we used to have a key per team, but now everyone shares one" holds now."""
    cuts = [start, *(m.start() for m in lexicon.pattern("contrast").finditer(text, start, end)), end]
    a, b = next((a, b) for a, b in zip(cuts, cuts[1:], strict=False) if a <= pos < b or b == end)
    if lexicon.pattern("resolved").search(text, a, b) or lexicon.pattern("resolved").search(text, b, end):
        return True
    return context.no_longer(text, a, end) and bool(lexicon.pattern("past").search(text, a, b))


def read_gateway(text: str, draft: Draft) -> None:
    spans = context.cued(text, "gateway_cue")  # only sentences with a cue are read: a paste costs one scan
    for match in context.finditer(lexicon.pattern("gateway_pain"), text, spans):
        start, end = sentence(text, match.start())
        if _held_once(text, match.start(), start, end):  # "we used to share one key; fixed now"
            draft.use(match.start(), match.end(), "gateway_pain")
            continue
        if not _negated(text, match.start()) or _CANNOT.search(match.group(0)):
            draft.use(match.start(), match.end(), "gateway_pain")
            draft.set("gateway_pain", True)
            return
    for match in context.finditer(_GATEWAY, text, spans):
        draft.use(match.start(), match.end(), "gateway_pain")
        if _held_once(text, match.start(), *sentence(text, match.start())):
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

