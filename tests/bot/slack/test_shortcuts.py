"""The global shortcut opens the form; "Cost this" answers any message in that message's thread."""

from __future__ import annotations

import pytest

from tests.bot.slack import payloads


@pytest.fixture
def bot(make_bot):
    return make_bot(chart=False)


def test_the_global_shortcut_opens_the_form_with_its_trigger(bot):
    payload = payloads.global_shortcut("llmcost_new_estimate")
    assert payloads.send(bot, payload).status == 200
    (call,) = bot.slack.wait_for("views.open")
    assert call.params["trigger_id"] == payload["trigger_id"]
    assert call.params["view"]["callback_id"] == "llmcost_estimate"


def test_cost_this_answers_a_message_in_its_thread(bot):
    text = "should we just run *Kimi K2* ourselves? we need about 2,000 tok/s &amp; the text may not leave"
    payload = payloads.message_shortcut("llmcost_cost_this", text, response_url=bot.slack.response_url(),
                                        ts="1690000000.000100", user="U0002")
    assert payloads.send(bot, payload).status == 200
    verdict, details = bot.slack.wait_for("chat.postMessage", 2)
    assert verdict.params["channel"] == "C0001" and verdict.params["thread_ts"] == "1690000000.000100"
    assert details.params["thread_ts"] == "1690000000.000100"
    assert "Kimi-K2: the node wins" in verdict.params["text"]
    (row,) = bot.store.recent()
    assert row["surface"] == "shortcut" and row["user_id"] == "U0002" and row["model"] == "kimi-k2"
    assert "& the text may not leave" in row["text"]


def test_cost_this_on_a_reply_answers_in_the_same_thread(bot):
    payload = payloads.message_shortcut("llmcost_cost_this", "deepseek flash at 300 tok/s?",
                                        response_url=bot.slack.response_url(), ts="1690000000.000500",
                                        thread_ts="1690000000.000100")
    payloads.send(bot, payload)
    assert bot.slack.wait_for("chat.postMessage")[0].params["thread_ts"] == "1690000000.000100"


def test_cost_this_where_the_bot_is_not_invited_answers_the_clicker_privately(bot):
    bot.slack.fail("chat.postMessage", "not_in_channel")
    payload = payloads.message_shortcut("llmcost_cost_this", "deepseek flash at 300 tok/s?",
                                        response_url=bot.slack.response_url(), channel="C0099")
    payloads.send(bot, payload)
    first = bot.slack.wait_for("respond")[0]
    assert first.params["response_type"] == "ephemeral" and "the API wins" in first.params["text"]


def test_cost_this_on_a_message_without_text(bot):
    payloads.send(bot, payloads.message_shortcut("llmcost_cost_this", "", response_url=bot.slack.response_url()))
    (call,) = bot.slack.wait_for("respond")
    assert call.params["response_type"] == "ephemeral" and "Cost this" in call.params["text"]
    bot.slack.quiet_for(0.3)
    assert not bot.slack.calls_to("chat.postMessage") and not bot.store.recent()
