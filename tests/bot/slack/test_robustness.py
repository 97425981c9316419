"""Retries, double deliveries, bots, bad signatures, 429s and 500s: one reply per question, nothing lost."""

from __future__ import annotations

import logging
import time

import pytest
from slack_sdk.signature import SignatureVerifier

from bot.slack.outbox import Policy
from tests.bot.slack import signed

QUESTION = "can we run deepseek-flash at 300 tok/s?"
FAST = Policy(backoff_s=0.05, max_backoff_s=0.2, poll_s=0.1, deadline_s=30)


def verdicts(slack) -> list:
    return [c for c in slack.calls_to("chat.postMessage", ok=True) if c.params["blocks"][0]["type"] == "header"]


def test_our_signature_is_slacks():
    body = signed.event_body(signed.mention("hi"))
    assert signed.signature(signed.SECRET, 1700000000, body) == SignatureVerifier(signed.SECRET).generate_signature(
        timestamp="1700000000", body=body)


def test_a_retried_event_gets_no_second_reply(bot):
    event = signed.mention(QUESTION)
    assert bot.event(event, event_id="EvRETRY1").status == 200
    bot.slack.wait_for("chat.postMessage", 2)
    retry = bot.event(event, event_id="EvRETRY1", headers={"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"})
    assert retry.status == 200
    bot.settle()
    assert len(verdicts(bot.slack)) == 1
    assert len(bot.store.recent()) == 1


def test_a_retry_reaching_another_process_is_still_answered_once(make_bot, stand_in):
    first = make_bot(chart=False)
    event = signed.mention(QUESTION)
    first.event(event, event_id="EvRETRY2")
    stand_in.wait_for("chat.postMessage", 2)
    # A second worker (its own memory, the same log) gets Slack's retry: the log's event_id stops it.
    second = make_bot(store=first.store, chart=False)
    assert second.event(event, event_id="EvRETRY2", headers={"X-Slack-Retry-Num": "1"}).status == 200
    first.settle()
    second.settle()
    assert len(verdicts(stand_in)) == 1


def test_a_channel_mention_delivered_also_as_a_message_is_answered_once(bot):
    mention = signed.mention(QUESTION, ts="1699990000.000100")
    as_message = {"type": "message", "channel_type": "channel", "channel": mention["channel"], "user": "U0001",
                  "text": mention["text"], "ts": mention["ts"]}
    bot.event(mention)
    bot.event(as_message)
    bot.slack.wait_for("chat.postMessage", 2)
    bot.settle()
    assert len(verdicts(bot.slack)) == 1


@pytest.mark.parametrize("event", [
    signed.dm(QUESTION, bot_id="BOTHER01"),
    signed.dm(QUESTION, subtype="bot_message"),
    signed.dm(QUESTION, user="UBOT0001", bot_id="BBOT0001"),  # our own message
    signed.dm(QUESTION, subtype="message_changed"),
])
def test_messages_from_bots_and_edits_are_ignored(bot, event):
    assert bot.event(event).status == 200
    bot.settle()
    assert bot.slack.calls_to("chat.postMessage") == []
    assert bot.store.recent() == []


def test_a_dm_is_answered_with_the_details_threaded_under_the_verdict(bot):
    bot.event(signed.dm(QUESTION, channel="D0009"))
    verdict, details = bot.slack.wait_for("chat.postMessage", 2)
    assert verdict.params["channel"] == "D0009" and verdict.params.get("thread_ts") is None
    assert details.params["thread_ts"] == bot.slack.posted()[0]["ts"]  # under the verdict
    assert bot.store.recent()[0]["surface"] == "dm"


def test_unsigned_requests_get_401(bot):
    body = signed.event_body(signed.mention(QUESTION))
    assert signed.post(bot.url, body, "application/json", secret=None).status == 401
    assert signed.post(bot.url, body, "application/json", secret="not-the-secret").status == 401
    assert bot.slack.calls_to("chat.postMessage") == []


def test_a_request_signed_ten_minutes_ago_gets_401(bot):
    body = signed.event_body(signed.mention(QUESTION))
    old = signed.post(bot.url, body, "application/json", timestamp=int(time.time()) - 600)
    assert old.status == 401
    bot.settle()
    assert bot.slack.calls_to("chat.postMessage") == []


def test_the_url_check_and_health(bot):
    challenge = signed.post(bot.url, '{"type": "url_verification", "challenge": "abc123", "token": "x"}',
                            "application/json")
    assert challenge.status == 200 and "abc123" in challenge.body
    health = signed.post(bot.url.replace("/slack/events", "/healthz"), "", "text/plain", secret=None)
    assert health.status == 200


@pytest.mark.parametrize("retry_after", [0, 1])
def test_429_then_200_gives_exactly_one_reply(make_bot, stand_in, retry_after):
    bot = make_bot(chart=False)
    stand_in.fail("chat.postMessage", 429, retry_after=retry_after)
    bot.event(signed.mention(QUESTION))
    stand_in.wait_for("chat.postMessage", 3, timeout=10)  # the 429, the verdict, the details
    bot.settle()
    statuses = [c.status for c in stand_in.calls_to("chat.postMessage")]
    assert statuses == [429, 200, 200]
    assert len(verdicts(stand_in)) == 1
    waited = stand_in.calls_to("chat.postMessage")[1].at - stand_in.calls_to("chat.postMessage")[0].at
    assert waited >= retry_after


def test_500_twice_then_200_still_delivers_the_verdict_once(make_bot, stand_in):
    bot = make_bot(chart=False, policy=FAST)
    stand_in.fail("chat.postMessage", 500, 500)
    bot.event(signed.mention(QUESTION, ts="1699991111.000100"))
    stand_in.wait_for("chat.postMessage", 4)  # 500, 500, the verdict, the details
    bot.drain()
    assert [c.status for c in stand_in.calls_to("chat.postMessage")] == [500, 500, 200, 200]
    assert len(verdicts(stand_in)) == 1
    # Before each new try the bot looked in the thread for a verdict the 500 might have hidden.
    assert len(stand_in.calls_to("conversations.replies")) == 2
    row = bot.store.recent()[0]
    assert (row["text"], row["verdict"], row["delivery"], row["delivery_error"]) == (QUESTION, "api", "delivered", None)
    assert row["verdict_ts"] == stand_in.posted(thread_ts="1699991111.000100")[0]["ts"]
    assert row["attempts"] == 4


def test_an_engine_failure_is_logged_and_apologised_for_in_the_thread(make_bot, stand_in, caplog):
    def broken(text, overrides=None):
        raise RuntimeError("catalog on fire")

    bot = make_bot(ask=broken)
    with caplog.at_level(logging.ERROR, logger="llmcost.slack"):
        bot.event(signed.mention(QUESTION, ts="1699992222.000100"))
        apology = stand_in.wait_for("chat.postMessage")[0]
    assert apology.params["thread_ts"] == "1699992222.000100"
    assert "something went wrong" in apology.params["text"].lower()
    assert "catalog on fire" in caplog.text and "Traceback" in caplog.text
    row = bot.store.recent()[0]
    assert row["text"] == QUESTION and "catalog on fire" in row["error"]


def test_tokens_are_never_logged(make_bot, stand_in, caplog):
    bot = make_bot()
    with caplog.at_level(logging.DEBUG):
        bot.event(signed.mention(QUESTION))
        stand_in.wait_for("files.completeUploadExternal")
    assert caplog.records, "expected debug logs to check"
    assert signed.TOKEN not in caplog.text
    assert signed.SECRET not in caplog.text


def test_ack_does_not_wait_for_the_answer(make_bot, stand_in):
    gate = __import__("threading").Event()

    def slow(text, overrides=None):
        gate.wait(5)
        from bot.service import ask

        return ask(text, overrides)

    bot = make_bot(ask=slow, chart=False)
    response = bot.event(signed.mention(QUESTION))
    assert response.status == 200 and response.seconds < 1.0
    assert stand_in.calls_to("chat.postMessage") == []
    gate.set()
    stand_in.wait_for("chat.postMessage", 2)
