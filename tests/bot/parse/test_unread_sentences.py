"""The net for a sentence of the verdict that no reader read (bot/parse/unread_sentences.py), on its own: what
a sentence is made of asks or is named, whatever its phrasing; a sentence a reader read is left to it."""

from __future__ import annotations

from bot.parse import unread_sentences
from bot.parse.draft import Draft


def _checked(text: str, used: list[tuple[int, int, str]] | None = None) -> Draft:
    draft = Draft()
    draft.used.extend(used or [])
    unread_sentences.check(text, draft)
    return draft


def test_data_sent_outside_under_a_permission_asks():
    draft = _checked("Can we even pipe the call transcripts into a vendor's cloud? glm 4.6 at 400 tok/s")
    assert [f.code for _, f in draft.asks] == ["residency_unclear"]


def test_a_sending_the_modal_does_not_govern_asks_nothing():
    draft = _checked("We currently send all support chats to OpenAI's API; can a node beat it at 300 tok/s?")
    assert draft.asks == [] and draft.notes == []


def test_a_text_a_residency_reader_read_is_left_to_it():
    text = "¿Podemos subir los expedientes a una nube de terceros? Legal dijo que sí."
    draft = _checked(text, [(text.index("Legal"), len(text), "data_may_leave")])
    assert draft.asks == []


def test_a_shared_quota_and_its_contention_are_named():
    draft = _checked("the sales app hogs the shared quota and everyone else is throttled. llama 3.3 70b at 300 tok/s")
    assert [(f.code, f.params["fields"]) for f in draft.notes] == [("words_not_used", ["gateway_pain"])]


def test_a_sentence_a_gateway_reader_read_is_not_named_again():
    text = "the sales app hogs the shared quota and everyone else is throttled."
    draft = _checked(text, [(0, len(text), "gateway_pain")])
    assert draft.notes == []


def test_a_shared_key_alone_is_no_contention():
    assert _checked("the shared key lives in Vault. llama 3.3 70b at 300 tok/s").notes == []
