"""One retry policy for every call to Slack (chat.postMessage, chat.update, a response_url), and what a bug
does to a job: a few tries, then the row says why, never half an hour of hammering. Also the order
verdicts go out in when questions queue up: every waiting verdict before any details."""

from __future__ import annotations

import threading
import time

from bot.render import views
from bot.slack.outbox import Policy
from tests.bot.slack import signed
from tests.bot.slack.test_buttons import asked, buttons

QUESTION = "can we run deepseek-flash at 300 tok/s?"
FAST = Policy(backoff_s=0.05, max_backoff_s=0.2, poll_s=0.1, deadline_s=30, lease_s=5)


def parts(slack, method: str = "chat.postMessage") -> list[str]:
    return [(c.params.get("metadata") or {}).get("event_payload", {}).get("part") for c in slack.calls_to(method, ok=True)]


def test_a_response_url_answering_429_then_503_twice_still_gets_the_answer_once(make_bot, stand_in):
    bot = make_bot(chart=False, policy=FAST)
    stand_in.fail("respond", 429, 503, 503, retry_after=0)
    assert bot.command(QUESTION).status == 200
    bot.drain()
    ok = stand_in.calls_to("respond", ok=True)
    assert [c.params["blocks"][0]["type"] for c in ok] == ["header", "section"]  # the verdict once, then details
    assert len(stand_in.calls_to("respond", ok=False)) == 3
    row = bot.store.recent()[0]
    assert (row["delivery"], row["delivery_error"]) == ("delivered", None)
    assert bot.store.jobs()[0]["attempts"] == 5  # 3 refused + the verdict + the details


def test_a_response_url_that_is_gone_is_recorded_not_retried(make_bot, stand_in):
    bot = make_bot(chart=False, policy=FAST)
    stand_in.fail("respond", 404)
    bot.command(QUESTION)
    bot.drain()
    assert len(stand_in.calls_to("respond")) == 1
    row = bot.store.recent()[0]
    assert row["delivery"] == "failed" and row["delivery_error"].startswith("response_url: 404")


def test_a_recompute_whose_update_meets_503_and_429_is_updated_once(make_bot, stand_in):
    bot = make_bot(chart=False, policy=FAST)
    verdict, verdict_ts, details_ts = asked(bot, "1699995555.000100")
    stand_in.fail("chat.update", 503, 429, retry_after=0)
    value = buttons(verdict.params)["llmcost_business_hours"]
    bot.click("llmcost_business_hours", value, message_ts=verdict_ts, thread_ts="1699995555.000100")
    bot.drain()
    accepted = stand_in.calls_to("chat.update", ok=True)
    assert [c.params["ts"] for c in accepted] == [verdict_ts, details_ts]
    assert len(stand_in.calls_to("chat.update", ok=False)) == 2
    assert bot.store.recent()[0]["delivery"] == "delivered"


def test_a_bug_before_the_verdict_fails_the_job_after_a_few_tries_and_tells_the_asker(make_bot, stand_in,
                                                                                     monkeypatch):
    calls = []

    def broken(*args, **kwargs):
        calls.append(1)
        raise KeyError("no_such_field")

    monkeypatch.setattr(views, "verdict", broken)
    bot = make_bot(chart=False, policy=Policy(backoff_s=0.05, poll_s=0.1, deadline_s=1800, bug_tries=3))
    started = time.monotonic()
    bot.event(signed.mention(QUESTION, ts="1699996666.000100"))
    bot.drain()
    assert time.monotonic() - started < 5  # not the 30-minute deadline
    assert len(calls) == 3
    row = bot.store.recent()[0]
    assert row["delivery"] == "failed"
    assert row["delivery_error"] == "bug: KeyError: 'no_such_field' (gave up after 3 tries)"
    assert parts(stand_in) == ["apology"]  # no verdict, one "something went wrong"
    assert bot.store.jobs()[0]["state"] == "failed"
    bot.settle()  # and nothing retries it later: no job is pending
    assert parts(stand_in) == ["apology"]


def test_a_bug_after_the_verdict_fails_the_job_without_a_second_message(make_bot, stand_in, monkeypatch):
    def broken(reply):
        raise TypeError("details broke")

    monkeypatch.setattr(views, "details", broken)
    bot = make_bot(chart=False, policy=Policy(backoff_s=0.05, poll_s=0.1, bug_tries=2))
    bot.event(signed.mention(QUESTION, ts="1699997777.000100"))
    bot.drain()
    assert parts(stand_in) == ["verdict"]  # the asker has the verdict: no apology after it
    row = bot.store.recent()[0]
    assert row["delivery"] == "failed" and row["delivery_error"].startswith("bug: TypeError: details broke")
    assert row["verdict_ts"] == stand_in.posted()[0]["ts"]


def test_queued_questions_get_all_their_verdicts_before_any_details(make_bot, stand_in):
    gate, first = threading.Event(), threading.Event()

    def ask(text, overrides=None):
        from bot.service import ask as real

        if not first.is_set():  # the first question holds the only worker until the others are queued
            first.set()
            gate.wait(10)
        return real(text, overrides)

    bot = make_bot(chart=False, ask=ask, policy=Policy(workers=1, poll_s=0.1))
    threads = [f"169999888{n}.000100" for n in range(3)]
    bot.event(signed.mention(QUESTION, ts=threads[0]))
    assert first.wait(10)
    for ts in threads[1:]:
        bot.event(signed.mention(QUESTION, ts=ts))
    gate.set()
    bot.drain()
    posts = [(p, c.params["thread_ts"]) for p, c in zip(parts(stand_in), stand_in.calls_to("chat.postMessage"),
                                                          strict=True)]
    assert posts == [("verdict", t) for t in threads] + [("details", t) for t in threads]
    assert [(j["state"], bool(j["verdict_ts"]), bool(j["details_ts"])) for j in bot.store.jobs()] == [
        ("delivered", True, True)] * 3
