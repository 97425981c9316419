"""Posting the digest (once per ISO week and channel) and the Monday 09:00 clock, against a stand-in Slack."""

from __future__ import annotations

import datetime as dt
import threading
from zoneinfo import ZoneInfo

import pytest
from freezegun import freeze_time
from slack_sdk.errors import SlackApiError

from bot import digest
from bot.errors import UserError
from bot.logcli import clock_job
from bot.store import LogStore
from tests.conftest_store import FakeSlack, reply, slack_env, unknown

MADRID = ZoneInfo("Europe/Madrid")


@pytest.fixture
def slack(monkeypatch):
    with FakeSlack() as fake:
        slack_env(monkeypatch, fake)
        yield fake


@pytest.fixture
def store(tmp_path):
    with LogStore.open(tmp_path / "log.db") as s:
        yield s


def summary_for(store: LogStore, now: str) -> dict:
    return digest.summarise(
        store, digest.window(dt.datetime.fromisoformat(now).replace(tzinfo=MADRID), MADRID)
    )


def test_a_post_sends_blocks_and_fallback_text_with_the_bot_token(store, slack):
    with freeze_time("2025-01-08 10:00"):
        store.log(surface="mention", text="q", reply=unknown("Llama-9"), channel_id="C1")
    summary = summary_for(store, "2025-01-13T09:00")

    outcome = digest.post(store, summary, "C0DIGEST")

    assert outcome == {"posted": True, "week": "2025-W02", "channel": "C0DIGEST", "ts": "1700000000.000001"}
    (request,) = slack.requests
    assert request["method"] == "chat.postMessage"
    assert request["authorization"] == "Bearer xoxb-test-not-a-token"
    body = request["body"]
    assert body["channel"] == "C0DIGEST"
    assert body["text"] == digest.render_text(summary)
    assert body["blocks"] == digest.render_blocks(summary)
    assert "Llama-9" in body["text"]
    assert store.digest_posts() == [
        {
            "week": "2025-W02",
            "channel": "C0DIGEST",
            "posted_at": store.digest_posts()[0]["posted_at"],
            "ts": "1700000000.000001",
        }
    ]


def test_the_same_week_posts_once_per_channel_unless_forced(store, slack):
    w02 = summary_for(store, "2025-01-13T09:00")
    assert digest.post(store, w02, "C1")["posted"]
    assert digest.post(store, w02, "C1") == {
        "posted": False,
        "week": "2025-W02",
        "channel": "C1",
        "reason": "already posted",
    }
    assert (
        digest.post(store, summary_for(store, "2025-01-15T18:00"), "C1")["posted"] is False
    )  # mid-week re-run
    assert len(slack.posts) == 1

    assert digest.post(store, w02, "C2")["posted"]  # another channel has its own week
    assert digest.post(store, w02, "C1", force=True)["posted"]  # --force posts again
    assert digest.post(store, summary_for(store, "2025-01-20T09:00"), "C1")["posted"]  # next week
    assert [p["channel"] for p in slack.posts] == ["C1", "C2", "C1", "C1"]
    assert [(p["week"], p["channel"]) for p in store.digest_posts()] == [
        ("2025-W02", "C1"),
        ("2025-W02", "C2"),
        ("2025-W03", "C1"),
    ]


def test_a_double_trigger_at_the_same_moment_posts_once(tmp_path, slack):
    path = tmp_path / "log.db"
    LogStore.open(path).close()
    stores = [LogStore.open(path) for _ in range(6)]  # six processes: clock, cron, a human...
    summary = summary_for(stores[0], "2025-01-13T09:00")
    start = threading.Barrier(len(stores))
    outcomes = []

    def trigger(s: LogStore) -> None:
        start.wait()
        outcomes.append(digest.post(s, summary, "C1")["posted"])

    threads = [threading.Thread(target=trigger, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for s in stores:
        s.close()
    assert sorted(outcomes) == [False] * 5 + [True]
    assert len(slack.posts) == 1


def test_a_failed_post_can_be_retried(store, monkeypatch):
    summary = summary_for(store, "2025-01-13T09:00")
    with FakeSlack(fail_with="channel_not_found") as broken:
        slack_env(monkeypatch, broken)
        with pytest.raises(SlackApiError):
            digest.post(store, summary, "C1")
    assert store.digest_posts() == []  # the claim was given back
    with FakeSlack() as working:
        slack_env(monkeypatch, working)
        assert digest.post(store, summary, "C1")["posted"]
        assert len(working.posts) == 1


def test_posting_without_a_token_says_what_to_set(store, monkeypatch):
    monkeypatch.delenv("SLACK_BOT_TOKEN", raising=False)
    with pytest.raises(UserError, match="SLACK_BOT_TOKEN"):
        digest.post(store, summary_for(store, "2025-01-13T09:00"), "C1")
    assert store.digest_posts() == []


# -- the clock -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("now_utc", "due_utc"),
    [
        ("2025-01-12T12:00", "2025-01-13T08:00"),  # Sunday: tomorrow 09:00 CET
        ("2025-01-13T07:59", "2025-01-13T08:00"),  # Monday 08:59 in Madrid: in a minute
        ("2025-01-13T08:00", "2025-01-20T08:00"),  # Monday 09:00 sharp: next week
        ("2025-01-12T23:30", "2025-01-13T08:00"),  # Monday 00:30 in Madrid, Sunday in UTC
        ("2025-03-29T12:00", "2025-03-31T07:00"),  # summer time from 30 March: 09:00 CEST is 07:00 UTC
        ("2025-12-29T09:00", "2026-01-05T08:00"),  # across the year
    ],
)
def test_the_next_post_is_monday_0900_in_the_team_time_zone(now_utc, due_utc):
    now = dt.datetime.fromisoformat(now_utc).replace(tzinfo=dt.UTC)
    due = digest.next_post_time(now, MADRID)
    assert due.astimezone(dt.UTC) == dt.datetime.fromisoformat(due_utc).replace(tzinfo=dt.UTC)
    assert (due.weekday(), due.hour, due.minute) == (0, 9, 0)


def run_clock_until(job_calls: list, stop_after: int, frozen, tz=MADRID, job=None) -> None:
    def record(now: dt.datetime) -> None:
        job_calls.append(now.astimezone(dt.UTC).replace(tzinfo=None).isoformat(timespec="minutes"))
        if job:
            job(now)

    digest.run_clock(
        record,
        tz,
        sleep=lambda seconds: frozen.tick(dt.timedelta(seconds=seconds)),
        keep_going=lambda: len(job_calls) < stop_after,
    )


def test_the_clock_fires_every_monday_at_0900_madrid_across_summer_time():
    calls: list[str] = []
    with freeze_time("2025-03-20 12:00") as frozen:
        run_clock_until(calls, 3, frozen)
    assert calls == ["2025-03-24T08:00", "2025-03-31T07:00", "2025-04-07T07:00"]


def test_a_clock_restarted_on_monday_morning_posts_at_once():
    calls: list[str] = []
    with freeze_time("2025-01-13 09:30") as frozen:  # 10:30 in Madrid
        run_clock_until(calls, 2, frozen)
    assert calls == ["2025-01-13T09:30", "2025-01-20T08:00"]


def test_a_failed_post_is_retried_every_15_minutes_that_monday(caplog):
    calls: list[str] = []

    def flaky(now: dt.datetime) -> None:
        if len(calls) <= 3:  # the first three tries fail
            raise ConnectionError("slack is down")

    with freeze_time("2025-01-12 12:00") as frozen:
        run_clock_until(calls, 4, frozen, job=flaky)
    assert calls == ["2025-01-13T08:00", "2025-01-13T08:15", "2025-01-13T08:30", "2025-01-13T08:45"]
    assert "posting the weekly digest failed" in caplog.text


def test_the_clock_job_posts_last_weeks_digest_once_even_if_restarted(tmp_path, monkeypatch, slack):
    monkeypatch.setenv("LLMCOST_DB", str(tmp_path / "clock.db"))
    with freeze_time("2025-01-08 10:00"), LogStore.open() as s:
        s.log(surface="mention", text="q", reply=reply(), channel_id="C1")
    job = clock_job("C0DIGEST", MADRID)
    for _ in range(2):  # the clock process restarts within the same Monday
        calls: list[str] = []
        with freeze_time("2025-01-13 08:30") as frozen:
            run_clock_until(calls, 1, frozen, job=job)
    (post,) = slack.posts
    assert post["channel"] == "C0DIGEST"
    assert post["text"].startswith("llmcost weekly digest · 2025-W02")
    assert "1 question this week" in post["text"]
