"""App Home and the "New estimate" form, through signed HTTP against the stand-in Slack."""

from __future__ import annotations

import json

import pytest

from tests.bot.slack import payloads, signed

QUESTION = "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s?"
FORM = {"model": ("option", "deepseek-v4.1-flash"), "tok_s": "300", "slo_kind": ("option", "aggregate"),
        "calendar": ("option", "24x7"), "residency": ("option", "may_leave"), "mix": ("option", "4:1"),
        "currency": ("option", "USD")}


@pytest.fixture
def bot(make_bot):
    """No chart, except where a test waits for it: a chart drawn after the stand-in stops only adds noise."""
    return make_bot(chart=False)


def text_of(blocks: list[dict]) -> str:
    out = []
    for b in blocks:
        if isinstance(b.get("text"), dict):
            out.append(b["text"]["text"])
        out += [e["text"] if isinstance(e.get("text"), str) else e.get("text", {}).get("text", "")
                for e in b.get("elements", [])]
    return "\n".join(out)


def test_app_home_publishes_the_users_recent_questions(bot):
    bot.event(signed.mention(QUESTION, user="U0001"))
    bot.slack.wait_for("chat.postMessage")
    bot.event(signed.mention("can we run frobnicator-9000 at 5 tok/s?", user="U0002"))  # someone else's
    bot.slack.wait_for("chat.postMessage", 2)

    assert bot.event(payloads.home_opened("U0001")).status == 200
    (call,) = bot.slack.wait_for("views.publish")
    assert call.params["user_id"] == "U0001"
    view = call.params["view"]
    assert view["type"] == "home"
    body = text_of(view["blocks"])
    assert f"“{QUESTION}” → the API wins" in body
    assert "frobnicator" not in body
    buttons = [e for b in view["blocks"] if b["type"] == "actions" for e in b["elements"]]
    assert [b["action_id"] for b in buttons] == ["llmcost_open_form"]


def test_app_home_for_a_newcomer_and_the_messages_tab(bot):
    bot.event(payloads.home_opened("U0003", tab="messages"))
    bot.event(payloads.home_opened("U0003"))
    (call,) = bot.slack.wait_for("views.publish")
    assert "Nothing yet" in text_of(call.params["view"]["blocks"])
    bot.slack.quiet_for(0.3)
    assert len(bot.slack.calls_to("views.publish")) == 1  # opening the Messages tab publishes nothing


def test_new_estimate_button_opens_the_form(bot):
    payload = payloads.home_button("llmcost_open_form")
    assert payloads.send(bot, payload).status == 200
    (call,) = bot.slack.wait_for("views.open")
    assert call.params["trigger_id"] == payload["trigger_id"]
    view = call.params["view"]
    assert view["type"] == "modal" and view["callback_id"] == "llmcost_estimate"
    blocks = {b.get("block_id"): b for b in view["blocks"]}
    assert blocks["model"]["element"]["type"] == "external_select"
    assert {"tok_s", "slo_kind", "calendar", "tz", "residency", "mix", "currency"} <= set(blocks)


def test_model_typeahead_offers_catalog_models_matching_the_prefix(bot):
    response = payloads.send(bot, payloads.suggestion("llmcost_model", "llama-3.1"))
    assert response.status == 200
    options = json.loads(response.body)["options"]
    assert [o["value"] for o in options] == ["llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b"]
    assert options[0]["text"] == {"type": "plain_text", "text": "Llama-3.1-8B"}
    aliases = json.loads(payloads.send(bot, payloads.suggestion("llmcost_model", "deepseek")).body)["options"]
    assert aliases and all("deepseek" in o["value"] for o in aliases)
    assert json.loads(payloads.send(bot, payloads.suggestion("llmcost_model", "zzz")).body)["options"] == []


def test_time_zone_typeahead(bot):
    options = json.loads(payloads.send(bot, payloads.suggestion("llmcost_tz", "madrid")).body)["options"]
    assert [o["value"] for o in options] == ["Europe/Madrid"]


def test_the_forms_answer_arrives_in_a_direct_message(make_bot):
    bot = make_bot()
    assert payloads.send(bot, payloads.submission(FORM, user="U0001")).status == 200
    assert bot.slack.wait_for("conversations.open")[0].params["users"] == "U0001"
    verdict, details = bot.slack.wait_for("chat.postMessage", 2, channel="D0001")
    assert verdict.params.get("thread_ts") is None
    assert verdict.params["text"].startswith("☁️ DeepSeek-V4.1-Flash: the API wins")
    assert details.params["thread_ts"]
    # The chart is shared into the same DM (a channel id: a user id is not a conversation files can go to).
    bot.slack.wait_for("files.completeUploadExternal", channel_id="D0001", thread_ts=details.params["thread_ts"])
    (row,) = bot.store.recent(user_id="U0001")
    assert row["surface"] == "form" and row["verdict"] == "api"
    assert row["text"] == "can we run DeepSeek-V4.1-Flash at 300 tok/s?"


def test_the_forms_choices_reach_the_engine(bot):
    form = FORM | {"residency": ("option", "may_not_leave"), "currency": ("option", "EUR"),
                   "calendar": ("option", "business_hours"), "tz": ("option", "Europe/Madrid")}
    payloads.send(bot, payloads.submission(form, user="U0004"))
    verdict = bot.slack.wait_for("chat.postMessage", channel="D0004")[0]
    assert "the node wins" in verdict.params["text"]
    (row,) = bot.store.recent(user_id="U0004")
    scenario = row["scenario"] if isinstance(row["scenario"], dict) else json.loads(row["scenario"])
    assert scenario["data_may_leave"] is False and scenario["currency"] == "EUR"
    assert scenario["calendar"] == "business_hours" and scenario["tz"] == "Europe/Madrid"
    assert "the text may not leave" in row["text"] and "in euros" in row["text"]


def test_a_form_it_cannot_use_gets_errors_beside_the_fields(bot):
    bad = FORM | {"model": ("option", "no-such-model"), "tok_s": "0"}
    response = payloads.send(bot, payloads.submission(bad))
    assert response.status == 200
    answer = json.loads(response.body)
    assert answer["response_action"] == "errors" and set(answer["errors"]) == {"model", "tok_s"}
    bot.slack.quiet_for(0.3)
    assert not bot.slack.calls_to("chat.postMessage") and not bot.store.recent()
