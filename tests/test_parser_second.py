"""The optional second reader (LLMCOST_PARSER_MODE=second) against a stand-in OpenAI-compatible server."""

from __future__ import annotations

import pytest

from bot import render
from bot.parser import parse
from tests.test_parser_fallback import StandIn

QUESTION = "deepseek flash at 300 tok/s in business hours"


@pytest.fixture
def second_reader(monkeypatch):
    server = StandIn()
    server.thread.start()
    monkeypatch.setenv("LLMCOST_PARSER_URL", server.url)
    monkeypatch.setenv("LLMCOST_PARSER_MODEL", "gateway-small")
    monkeypatch.setenv("LLMCOST_PARSER_MODE", "second")
    monkeypatch.delenv("LLMCOST_PARSER_INTERNAL", raising=False)
    yield server
    server.server.shutdown()
    server.server.server_close()
    server.thread.join()


def test_off_unless_the_mode_is_second(catalogs, second_reader, monkeypatch):
    monkeypatch.delenv("LLMCOST_PARSER_MODE")
    assert parse(QUESTION, catalogs).clarification is None
    assert second_reader.requests == []


def test_agreement_answers(catalogs, second_reader):
    second_reader.reply = {"model": "deepseek-flash", "slo_tok_s": 300, "calendar": "business_hours"}
    result = parse(QUESTION, catalogs)
    assert result.clarification is None and result.scenario.slo_tok_s == 300
    assert len(second_reader.requests) == 1


@pytest.mark.parametrize(
    ("reply", "field"),
    [
        ({"model": "deepseek-v4.1-flash", "slo_tok_s": 3000}, "slo_tok_s"),
        ({"model": "llama-3.1-70b"}, "model"),
        ({"slo_kind": "per_stream"}, "slo_kind"),
        ({"data_may_leave": False}, "data_may_leave"),  # the rules read nothing: the default, may leave
        ({"calendar": "24x7"}, "calendar"),
        ({"gateway_pain": True}, "gateway_pain"),
    ],
)
def test_a_disagreement_on_a_verdict_field_asks(catalogs, second_reader, reply, field):
    second_reader.reply = reply
    result = parse(QUESTION, catalogs)
    assert result.clarification is not None and result.clarification.code == "second_reader_disagrees"
    assert result.clarification.params["field"] == field
    assert render.finding(result.clarification).endswith("which is right?")


@pytest.mark.parametrize("reply", [{"tz": "Asia/Tokyo"}, {"currency": "EUR"}, {}, "not json"])
def test_other_fields_and_unusable_replies_do_not_ask(catalogs, second_reader, reply):
    second_reader.reply = reply
    assert parse(QUESTION, catalogs).clarification is None


def test_text_that_may_not_leave_goes_only_to_an_internal_endpoint(catalogs, second_reader, monkeypatch):
    private = "deepseek flash at 300 tok/s, prompts contain patient records"
    second_reader.reply = {"data_may_leave": False, "slo_tok_s": 300}
    assert parse(private, catalogs).clarification is None
    assert second_reader.requests == []  # not sent
    monkeypatch.setenv("LLMCOST_PARSER_INTERNAL", "1")
    assert parse(private, catalogs).clarification is None
    assert len(second_reader.requests) == 1  # sent, and it agrees
