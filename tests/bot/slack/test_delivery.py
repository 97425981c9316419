"""What the bot promises: every acknowledged question is answered exactly once, or its row says why not.

Real signed HTTP into the app, the stand-in Slack Web API on 127.0.0.1, logs on disk where restarts and
second processes matter.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time

import pytest
from slack_sdk import WebClient

from bot.slack.outbox import Job, Policy
from bot.store import LogStore, StoreUnavailable
from tests.bot.slack import signed
from tests.bot.slack.standin import STALL

QUESTION = "can we run deepseek-flash at 300 tok/s?"
JSON, FORM = "application/json", "application/x-www-form-urlencoded"
FAST = Policy(backoff_s=0.05, max_backoff_s=0.2, poll_s=0.1, deadline_s=30, lease_s=5)


def verdicts(slack, **match) -> list[dict]:
    return [m for m in slack.posted(**match) if (m["metadata"] or {}).get("event_payload", {}).get("part") == "verdict"]


@pytest.fixture
def on_disk(tmp_path, make_bot):  # after make_bot, so its bots stop before these stores close
    """Stores on one log file, as separate processes would open it; closed at teardown."""
    opened = []

    def open_store() -> LogStore:
        store = LogStore.open_resilient(tmp_path / "log.db")
        opened.append(store)
        return store

    yield open_store
    for store in opened:
        store.close()


def test_a_signed_slash_command_replayed_within_five_minutes_is_answered_once(make_bot, stand_in):
    bot = make_bot(chart=False, policy=FAST)
    body = signed.command_body(QUESTION, stand_in.response_url(), channel="C0042")
    stamp = int(time.time())
    assert signed.post(bot.url, body, FORM, timestamp=stamp).status == 200
    assert signed.post(bot.url, body, FORM, timestamp=stamp).status == 200  # the same bytes, the same signature
    bot.settle()
    assert len(stand_in.calls_to("respond")) == 2  # the private verdict and its details, once
    assert len(bot.store.recent()) == 1


def test_an_event_replayed_after_a_restart_gets_no_second_reply(make_bot, stand_in, on_disk):
    body = signed.event_body(signed.mention(QUESTION, ts="1699996000.000100"), event_id="EvRESTART1")
    first = make_bot(store=on_disk(), chart=False, policy=FAST)
    assert signed.post(first.url, body, JSON).status == 200
    first.drain()
    first.stop()
    second = make_bot(store=on_disk(), chart=False, policy=FAST)  # a new process: empty memory, same log
    assert signed.post(second.url, body, JSON, headers={"X-Slack-Retry-Num": "1"}).status == 200
    second.settle()
    assert len(verdicts(stand_in, thread_ts="1699996000.000100")) == 1
    assert [r["delivery"] for r in second.store.recent()] == ["delivered"]


def test_an_original_and_its_retry_reaching_two_apps_at_once_are_answered_once(make_bot, stand_in, on_disk):
    apps = [make_bot(store=on_disk(), chart=False, policy=FAST) for _ in range(2)]
    statuses = []
    for n in range(30):
        body = signed.event_body(signed.mention(QUESTION, ts=f"1699{n:06d}.000100"), event_id=f"EvTWIN{n:04d}")
        start = threading.Barrier(2)

        def deliver(bot, headers, body=body, start=start):
            start.wait()
            statuses.append(signed.post(bot.url, body, JSON, headers=headers).status)

        threads = [threading.Thread(target=deliver, args=(apps[0], None)),
                   threading.Thread(target=deliver, args=(apps[1], {"X-Slack-Retry-Num": "1"}))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    for bot in apps:
        bot.settle()
    assert statuses == [200] * 60
    answered = [m["thread_ts"] for m in verdicts(stand_in)]
    assert sorted(answered) == sorted({f"1699{n:06d}.000100" for n in range(30)})  # each once, none missing
    rows = apps[0].store.recent(limit=100)
    assert len(rows) == 30 and {r["delivery"] for r in rows} == {"delivered"}


def test_a_post_slack_accepted_after_the_client_gave_up_is_not_sent_again(make_bot, stand_in):
    bot = make_bot(chart=False, policy=Policy(http_timeout_s=0.3, backoff_s=0.05, poll_s=0.1))
    stand_in.stall_s = 1.0
    stand_in.fail("chat.postMessage", STALL)
    bot.event(signed.mention(QUESTION, ts="1699997000.000100"))
    stand_in.wait_for("chat.postMessage", 2, timeout=10)  # the stalled verdict, then the details
    bot.settle()
    (verdict,) = verdicts(stand_in, thread_ts="1699997000.000100")
    assert stand_in.calls_to("conversations.replies")  # it looked before posting again, and found it
    row = bot.store.recent()[0]
    assert (row["delivery"], row["verdict_ts"]) == ("delivered", verdict["ts"])


def test_a_top_level_post_is_looked_for_in_the_channel_history(make_bot, stand_in):
    bot = make_bot(chart=False, policy=Policy(http_timeout_s=0.3, backoff_s=0.05, poll_s=0.1))
    stand_in.stall_s = 1.0
    stand_in.fail("chat.postMessage", STALL)
    value = '{"q":"can we run DeepSeek-V4.1-Flash at 300 tok/s?","o":{}}'
    bot.click("llmcost_share", value, message_ts="1700000099.000100", channel="C0077")  # a top-level post
    stand_in.wait_for("chat.postMessage", 2, timeout=10)
    bot.settle()
    assert len(verdicts(stand_in, channel="C0077")) == 1
    history = stand_in.calls_to("conversations.history")[0].params
    assert history["channel"] == "C0077" and history["include_all_metadata"] in ("1", "true", "True", True)


def test_a_429_is_waited_out_and_recorded(make_bot, stand_in):
    bot = make_bot(chart=False, policy=FAST)
    stand_in.fail("chat.postMessage", 429, 429, retry_after=1)
    bot.event(signed.mention(QUESTION, ts="1699997500.000100"))
    stand_in.wait_for("chat.postMessage", 4, timeout=10)
    bot.drain()
    calls = stand_in.calls_to("chat.postMessage")
    assert [c.status for c in calls] == [429, 429, 200, 200]
    assert calls[1].at - calls[0].at >= 1 and calls[2].at - calls[1].at >= 1
    assert not stand_in.calls_to("conversations.replies")  # a 429 is a refusal: nothing to look for
    row = bot.store.recent()[0]
    assert (row["delivery"], row["attempts"]) == ("delivered", 4)


def test_a_refused_post_is_recorded_as_failed_with_slacks_reason(make_bot, stand_in):
    bot = make_bot(chart=False, policy=FAST)
    stand_in.fail("chat.postMessage", "channel_not_found")
    bot.event(signed.mention(QUESTION))
    bot.drain()
    row = bot.store.recent()[0]
    assert (row["delivery"], row["delivery_error"], row["verdict"]) == ("failed", "slack: channel_not_found", "api")


def test_slack_down_past_the_deadline_is_recorded_as_given_up(make_bot, stand_in):
    bot = make_bot(chart=False, policy=Policy(backoff_s=0.05, max_backoff_s=0.1, deadline_s=0.6, poll_s=0.1))
    stand_in.fail("chat.postMessage", *[503] * 50)
    bot.event(signed.mention(QUESTION))
    bot.drain()
    row = bot.store.recent()[0]
    assert row["delivery"] == "failed"
    assert row["delivery_error"].startswith("gave up after ") and "slack: 503" in row["delivery_error"]
    assert verdicts(stand_in) == []


def test_an_engine_failure_is_recorded_on_the_row(make_bot, stand_in):
    def broken(text, overrides=None):
        raise RuntimeError("catalog on fire")

    bot = make_bot(ask=broken, policy=FAST)
    bot.event(signed.mention(QUESTION))
    bot.drain()
    row = bot.store.recent()[0]
    assert row["delivery"] == "failed" and "catalog on fire" in row["delivery_error"]
    assert "something went wrong" in stand_in.calls_to("chat.postMessage")[0].params["text"].lower()


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_unfinished_jobs_resume_at_start_without_posting_twice(make_bot, stand_in, on_disk):
    """A process died after Slack took job A's verdict (before the job was marked) and before job B's."""
    store = on_disk()
    owner = f"{socket.gethostname()}:{_dead_pid()}:dead"
    jobs = {}
    for name, ts in (("A", "1699998000.000100"), ("B", "1699998001.000100")):
        job = Job(kind="answer", surface="mention", text=QUESTION, channel_id="C0001", thread_ts=ts,
                  user_id="U0001", team_id="T0001", event_id=f"EvRESUME{name}", keys=(f"event:EvRESUME{name}",))
        job.id, job.question_id = store.accept(job.row(), job.keys, timeout_s=1)
        assert store.lease(job.id, owner, 3600)  # held by the dead process for an hour
        jobs[name] = job
    store.update_job(jobs["A"].id, maybe_sent="verdict")
    WebClient(token=signed.TOKEN, base_url=stand_in.api_url).chat_postMessage(
        channel="C0001", thread_ts="1699998000.000100", text="the verdict Slack took",
        metadata={"event_type": "llmcost_answer", "event_payload": {"job_id": jobs["A"].uid, "part": "verdict"}})

    bot = make_bot(store=store, chart=False, policy=FAST)
    stand_in.wait_for("chat.postMessage", 4, timeout=10)  # A's details; B's verdict and details
    bot.settle()
    assert len(verdicts(stand_in, thread_ts="1699998000.000100")) == 1
    assert len(verdicts(stand_in, thread_ts="1699998001.000100")) == 1
    rows = {r["event_id"]: r for r in store.recent()}
    assert rows["EvRESUMEA"]["verdict_ts"] == verdicts(stand_in, thread_ts="1699998000.000100")[0]["ts"]
    assert {r["delivery"] for r in rows.values()} == {"delivered"}


def test_a_long_question_is_stored_capped_and_the_reply_says_it_read_the_start(make_bot, stand_in):
    bot = make_bot(chart=False, policy=FAST)
    text = QUESTION + " padding" * 6_250  # ~50,000 characters
    bot.event(signed.mention(text))
    bot.drain()
    row = bot.store.recent()[0]
    assert len(row["text"]) == 40_000 and row["text_chars"] == len(text) > 40_000
    verdict = stand_in.calls_to("chat.postMessage")[0].params
    assert f"first 4,000 of {len(text):,} characters" in verdict["text"]
    assert f"first 4,000 of {len(text):,} characters" in json.dumps(verdict["blocks"], ensure_ascii=False)


def test_an_answer_whose_end_the_log_missed_is_recorded_later_not_sent_again(make_bot, stand_in, on_disk):
    store = on_disk()
    record = store.finish
    tries = []

    def fails_once(**end):
        tries.append(end)
        if len(tries) == 1:
            raise StoreUnavailable("disk full, for a moment")
        record(**end)

    def no_progress(job_id, **fields):
        raise StoreUnavailable("disk full")

    store.finish = fails_once
    store.update_job = no_progress  # nor could it record the verdict's ts on the way
    bot = make_bot(store=store, chart=False, policy=Policy(backoff_s=0.05, poll_s=0.1, lease_s=0.5))
    bot.event(signed.mention(QUESTION, ts="1699998500.000100"))
    bot.settle()  # until the poller has recorded the end: the job is then no longer anyone's to send
    assert len(tries) == 2 and store.recent()[0]["delivery"] == "delivered"
    assert len(verdicts(stand_in, thread_ts="1699998500.000100")) == 1


def test_acks_never_wait_for_a_slow_slack(make_bot, stand_in):
    stand_in.slow("chat.postMessage", 1.5)  # every answer takes Slack 1.5 s
    stand_in.slow("respond", 1.5)
    bot = make_bot(chart=False, policy=FAST)
    responses = [
        bot.event(signed.mention(QUESTION)),
        bot.event(signed.dm(QUESTION)),
        bot.command(QUESTION),
        bot.command("help"),
        bot.click("llmcost_private", '{"q":"can we run kimi-k2 at 10 tok/s?","o":{}}', message_ts="1699999000.000100"),
    ]
    assert [r.status for r in responses] == [200] * 5
    assert max(r.seconds for r in responses) < 1.0, [r.seconds for r in responses]
    stand_in.wait_for("respond", 1, timeout=10)  # and the answers still come: the private ones, and both
    stand_in.wait_for("chat.postMessage", 2, timeout=10)  # verdicts (their details follow, as slowly)
    assert {c.params["blocks"][0]["type"] for c in stand_in.calls_to("chat.postMessage")[:2]} == {"header"}


def test_a_question_the_log_could_not_take_is_answered_and_recorded_when_it_can(make_bot, stand_in, caplog):
    bot = make_bot(chart=False, policy=FAST)
    accept = bot.store.accept

    def refuses_once(*args, **kwargs):
        bot.store.accept = accept
        raise StoreUnavailable("database is locked")

    bot.store.accept = refuses_once
    response = bot.event(signed.mention(QUESTION, ts="1699998700.000100"))
    assert response.status == 200
    bot.drain()
    assert len(verdicts(stand_in, thread_ts="1699998700.000100")) == 1
    assert "answering from memory" in caplog.text
    row = bot.store.recent()[0]
    assert row["delivery"] == "delivered" and "answered from memory" in row["delivery_error"]
    assert bot.outbox.health()["answered_from_memory"] == 1
    assert bot.store.jobs() == []  # it never was in the outbox


def test_a_finished_job_forgets_its_response_url(make_bot, stand_in):
    bot = make_bot(chart=False, policy=FAST)
    bot.command("help")
    bot.drain()
    (job,) = bot.store.jobs()
    assert job["state"] == "delivered" and job["response_url"] is None


def test_delivery_settings_come_from_the_environment_and_are_checked():
    from bot.errors import UserError

    policy = Policy.from_env({"LLMCOST_DELIVERY_DEADLINE_S": "60", "LLMCOST_DELIVERY_WORKERS": "2"})
    assert (policy.deadline_s, policy.workers, policy.backoff_s) == (60.0, 2, Policy().backoff_s)
    with pytest.raises(UserError, match="LLMCOST_DELIVERY_BACKOFF_S must be a number of seconds"):
        Policy.from_env({"LLMCOST_DELIVERY_BACKOFF_S": "soon"})
    with pytest.raises(UserError, match="LLMCOST_DELIVERY_WORKERS must be more than 0"):
        Policy.from_env({"LLMCOST_DELIVERY_WORKERS": "0"})


def test_a_listener_that_acked_first_hands_its_question_to_the_outbox(make_bot, stand_in):
    """The entry point kept for listeners that answer after their ack (a shortcut, a form)."""
    from bot.slack import reply

    bot = make_bot(chart=False, policy=FAST)
    where = reply.Where(channel="C0055", thread_ts="1699998800.000100", user_id="U0001", team_id="T0001")
    assert reply.answer(bot.app.llmcost, surface="button", text=QUESTION, where=where) == "queued"
    bot.drain()
    assert len(verdicts(stand_in, thread_ts="1699998800.000100")) == 1
    assert bot.store.recent()[0]["delivery"] == "delivered"
