"""A sentence about the verdict that no reader read: asked about or named, never passed over.

The readers of residency and gateway pain read the phrasings their rows know; a sentence in other words
("Ni de broma podemos mandar los datos de los afiliados a una nube ajena", "leaves everyone else on 429s
because the key is shared") is read by none of them, and the answer goes out as if the sentence were not
there. This net looks at what such a sentence is made of instead of its phrasing: words of two or more of
a concept's parts (lexicon `unread_*`) in one sentence that no reader of that concept consumed.
- residency: data sent somewhere outside, the sending governed by a word of permission or refusal ("can we",
  "never", "ni de broma podemos"): the text may or may not leave, and which is not known, so it asks
  (`residency_unclear`);
- gateway pain: a shared key, account or quota + contention or spend nobody can attribute: named in the
  visible "I did not use" note (`words_not_used`, field `gateway_pain`).
"""

from __future__ import annotations

from bot.parse import lexicon
from bot.parse.context import sentences
from bot.parse.draft import ASK_CONFLICT, Draft

_NEAR = 30  # characters from a word of permission or refusal to the sending it governs ("can we send", "podemos mandar")
_GATEWAY = ("unread_shared", "unread_contention")
_READ_BY = {
    "residency": frozenset({"data_may_leave", "eu_residency", "region", "residency_places"}),
    "gateway": frozenset({"gateway_pain"}),
}


def _read(draft: Draft, start: int, end: int, family: str) -> bool:
    names = _READ_BY[family]
    return any(a < end and start < b and name in names for a, b, name in draft.used)


def _said(draft: Draft, fields: frozenset[str]) -> bool:
    return any(f in draft.fields or draft.asked_about(f) for f in fields)


def _sending_ruled(text: str, start: int, end: int) -> bool:
    """Data sent somewhere outside, the sending governed by permission or refusal: "are we allowed to send the
    adjusters' notes to a hosted model?", "never processed outside our tenant"; not "we send the chats to
    OpenAI today; can a node beat it?" (the "can" is about the node)."""
    if not (lexicon.pattern("unread_outside").search(text, start, end) and lexicon.pattern("unread_data").search(text, start, end)):
        return False
    modal = lexicon.pattern("unread_modal")
    return any(
        modal.search(text, max(start, send.start() - _NEAR), send.start())
        for send in lexicon.pattern("unread_send").finditer(text, start, end)
    )


def check(text: str, draft: Draft) -> None:
    """After every reader and the unused-word net: ask or note about a sentence of the verdict nobody read."""
    if draft.asks:
        return
    # a residency reader that read any of the text and left the default decided it ("does not apply to published
    # datasets"): only a text no residency reader touched at all is asked about
    residency = not _said(draft, _READ_BY["residency"]) and not _read(draft, 0, len(text), "residency")
    gateway = not _said(draft, _READ_BY["gateway"]) and not any(f.code == "words_not_used" and "gateway_pain" in f.params.get("fields", ()) for f in draft.notes)
    if not residency and not gateway:
        return
    for start, end in sentences(text):
        if residency and not _read(draft, start, end, "residency") and _sending_ruled(text, start, end):
            draft.ask(ASK_CONFLICT, "residency_unclear")
            return
        if gateway and not _read(draft, start, end, "gateway"):
            hits = [lexicon.pattern(part).search(text, start, end) for part in _GATEWAY]
            if all(hits):
                words = [m.group(0) for m in hits]
                draft.note("words_not_used", words=words, fields=["gateway_pain"])
                gateway = False
