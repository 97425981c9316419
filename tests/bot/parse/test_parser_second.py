"""The optional second reader (bot/parse/second.py), run from bot/service.py's ask() after the rules, against a
stand-in OpenAI-compatible server on 127.0.0.1 (tests/bot/parse/test_parser_fallback.py)."""

from __future__ import annotations

import logging
import time

import pytest

from bot import render
from bot.parse.fallback import ReaderSettings
from bot.parse.second import review
from bot.parser import parse
from bot.service import ask
from tests.bot.parse.test_parser_fallback import KEY, StandIn

QUESTION = "deepseek flash at 300 tok/s in business hours"
VAGUE = "can we run the big chinese flash model at 300 tok/s?"  # no name the rules can place


@pytest.fixture
def reader():
    with StandIn() as server:
        yield server


def reviewed(text, catalogs, server, **settings):
    return review(parse(text, catalogs), catalogs, server.settings(**settings))


def test_off_by_default_and_the_rules_parser_never_calls_out(catalogs, reader, monkeypatch):
    monkeypatch.setenv("LLMCOST_READER_URL", reader.url)  # the parser reads no environment: still nothing sent
    monkeypatch.setenv("LLMCOST_PARSER_URL", reader.url)
    parsed = parse(QUESTION, catalogs)
    assert review(parsed, catalogs, ReaderSettings()) is parsed
    assert ask(QUESTION, reader=ReaderSettings()).answer.status == "ok"
    assert reader.requests == []


def test_agreement_adds_nothing(catalogs, reader):
    reader.reply = {"model": "deepseek-v4.1-flash", "slo_tok_s": 300, "calendar": "business_hours", "tz": None}
    parsed = parse(QUESTION, catalogs)
    assert review(parsed, catalogs, reader.settings()) == parsed
    assert len(reader.requests) == 1


def test_a_reading_within_rounding_of_a_converted_volume_agrees(catalogs, reader):
    parsed = parse("deepseek flash, 26 million output tokens a day", catalogs)
    reader.reply = {"slo_tok_s": round(parsed.scenario.slo_tok_s * 1.01)}
    assert review(parsed, catalogs, reader.settings()).clarification is None


@pytest.mark.parametrize(
    ("reply", "field", "shown"),
    [
        ({"model": "deepseek-v4.1-flash", "slo_tok_s": 3000}, "slo_tok_s", ("300 tok/s", "3,000 tok/s")),
        ({"model": "llama-3.1-70b"}, "model", ("deepseek-v4.1-flash", "llama-3.1-70b")),
        ({"slo_kind": "per_stream"}, "slo_kind", ("a total", "per user")),
        ({"data_may_leave": False}, "data_may_leave", ("may leave", "may not leave")),  # the rules' default
        ({"calendar": "24x7"}, "calendar", ("business hours", "around the clock")),
        ({"gateway_pain": True}, "gateway_pain", ("no trouble with shared keys", "; the second reader read trouble")),
    ],
)
def test_a_disagreement_on_a_verdict_field_asks_naming_both_readings(catalogs, reader, reply, field, shown):
    reader.reply = reply
    asked = reviewed(QUESTION, catalogs, reader).clarification
    assert asked is not None and asked.code == "second_reader_disagrees" and asked.params["field"] == field
    sentence = render.finding(asked)
    assert all(part in sentence for part in shown) and sentence.endswith("?")
    assert render.finding(asked, "es").endswith("?")


def test_a_target_the_rules_missed_is_a_disagreement(catalogs, reader):
    reader.reply = {"slo_tok_s": 300}
    asked = reviewed("deepseek flash for our support bot", catalogs, reader).clarification
    assert asked is not None and asked.params == {"field": "slo_tok_s", "rules": None, "model": 300}


@pytest.mark.parametrize(
    "reply", [{"tz": "Asia/Tokyo"}, {"currency": "EUR", "concurrency": 40}, {}, {"model": "some-unknown-model"}]
)
def test_other_fields_and_names_the_catalog_lacks_do_not_ask(catalogs, reader, reply):
    reader.reply = reply
    assert reviewed(QUESTION, catalogs, reader).clarification is None


@pytest.mark.parametrize(
    ("setup", "reason"),
    [({"reply": "not json"}, "not_json"), ({"reply": {"slo_tok_s": -1}}, "invalid"),
     ({"refusal": "no"}, "refused"), ({"status": 503}, "error")],
)  # fmt: skip
def test_an_unusable_reply_leaves_the_rules_reading_with_a_note(catalogs, reader, setup, reason):
    for name, value in setup.items():
        setattr(reader, name, value)
    parsed = parse(QUESTION, catalogs)
    checked = review(parsed, catalogs, reader.settings())
    assert checked.scenario == parsed.scenario and checked.clarification is None
    assert checked.notes[-1].code == "second_reader_failed" and checked.notes[-1].params["reason"] == reason
    assert "rules’ reading alone" in render.finding(checked.notes[-1])


@pytest.mark.parametrize(
    "private",
    [
        "deepseek flash at 300 tok/s, prompts contain patient records",
        "deepseek flash at 300 tok/s; the data must stay in the EU",
        "deepseek flash at 300 tok/s, la información no puede salir de la empresa",
    ],
)
def test_text_that_may_not_leave_goes_only_to_an_internal_endpoint(catalogs, reader, private):
    reader.reply = {"model": "deepseek-v4.1-flash", "slo_tok_s": 300}
    outside = reviewed(private, catalogs, reader)
    assert reader.requests == []  # not sent
    assert outside.clarification is None and outside.notes[-1].code == "second_reader_not_sent"
    inside = reviewed(private, catalogs, reader, internal=True)
    assert len(reader.requests) == 1 and inside.clarification is None  # sent, and it agrees
    assert all(n.code != "second_reader_not_sent" for n in inside.notes)


def test_the_rules_asking_already_sends_nothing(catalogs, reader):
    parsed = parse("deepseek flash or llama 3 70b at 300 tok/s?", catalogs)
    assert parsed.clarification is not None
    assert review(parsed, catalogs, reader.settings()) is parsed and reader.requests == []


def test_a_catalog_model_the_rules_missed_is_named_and_the_rules_read_the_rest(catalogs, reader):
    reader.reply = {"model": "DeepSeek-V4.1-Flash", "slo_tok_s": 300, "tz": "Asia/Tokyo"}
    checked = reviewed(VAGUE, catalogs, reader)
    assert checked.clarification is None and checked.text == VAGUE
    # the model's time zone is not taken: the rules read the question, the model only named its subject
    assert checked.scenario.model_dump(exclude_unset=True) == {"model": "deepseek-v4.1-flash", "slo_tok_s": 300}
    assert checked.notes[0].code == "read_by_fallback"
    assert "deepseek-v4.1-flash" in render.finding(checked.notes[0])


def test_with_the_model_named_the_reader_still_checks_the_rest(catalogs, reader):
    reader.reply = {"model": "deepseek-v4.1-flash", "calendar": "business_hours"}
    asked = reviewed(VAGUE, catalogs, reader).clarification
    assert asked is not None and asked.params["field"] == "calendar"


def test_with_the_model_named_the_rules_still_ask_what_they_would(catalogs, reader):
    reader.reply = {"model": "deepseek-v4.1-flash"}
    asked = reviewed("the big chinese flash model at 300-500 tok/s", catalogs, reader).clarification
    assert asked is not None and asked.code == "conflicting_values"


@pytest.mark.parametrize("reply", [{"model": "gpt-7-imaginary"}, {}, "not json"])
def test_no_catalog_model_from_the_reader_keeps_asking_which(catalogs, reader, reply):
    reader.reply = reply
    assert reviewed(VAGUE, catalogs, reader).clarification.code == "missing_model"


def test_overrides_beat_both_readings(catalogs, reader):
    reader.reply = {"calendar": "24x7"}
    parsed = parse(QUESTION, catalogs)
    assert review(parsed, catalogs, reader.settings(), overrides={"calendar": "24x7"}).clarification is None
    assert review(parsed, catalogs, reader.settings(), overrides={"model": "deepseek-v4.1-flash"}) is parsed
    assert len(reader.requests) == 1  # a flag, button or thread that names the model: the text is a fragment


def test_ask_asks_on_a_disagreement(reader):
    reader.reply = {"slo_tok_s": 3000}
    reply = ask(QUESTION, reader=reader.settings())
    assert reply.answer.status == "needs_clarification"
    assert reply.answer.clarification.code == "second_reader_disagrees"
    assert render.contract_of(reply)["clarification"]  # the question reaches the contract's reader too


def test_ask_answers_on_time_when_the_reader_is_slow_and_never_logs_the_key(reader, caplog):
    reader.delay, reader.reply = 2.0, {"slo_tok_s": 3000}
    started = time.perf_counter()
    with caplog.at_level(logging.DEBUG):
        reply = ask(QUESTION, reader=reader.settings(timeout_s=0.3))
    assert time.perf_counter() - started < 1.5
    assert reply.answer.status == "ok" and reply.answer.scenario.slo_tok_s == 300
    note = next(n for n in reply.answer.assumptions if n.code == "second_reader_failed")
    assert note.params == {"reason": "timeout", "seconds": 0.3}
    assert KEY not in caplog.text


def test_ask_says_in_the_assumptions_when_the_text_was_not_sent(reader):
    reply = ask("deepseek flash at 300 tok/s; nothing may go outside our network", reader=reader.settings())
    assert reader.requests == []
    assert reply.answer.scenario.data_may_leave is False
    assert any(n.code == "second_reader_not_sent" for n in reply.answer.assumptions)
