"""The digest's quiet weeks, the week-so-far preview (`llmcost digest --this-week`) and who counts where."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from freezegun import freeze_time

from bot import digest, logcli
from bot.errors import UserError
from bot.store import LogStore
from tests.bot.store.test_logcli import run
from tests.conftest_store import FakeSlack, reply, slack_env

MADRID = ZoneInfo("Europe/Madrid")


@pytest.fixture(autouse=True)
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("LLMCOST_DB", str(tmp_path / "week.db"))
    monkeypatch.setenv("LLMCOST_TZ", "Europe/Madrid")
    monkeypatch.delenv("SLACK_BOT_TOKEN", raising=False)


def test_this_week_runs_from_monday_midnight_to_now_against_the_same_stretch_last_week():
    now = dt.datetime(2025, 1, 15, 17, 0, tzinfo=dt.UTC)  # Wednesday 18:00 in Madrid
    win = digest.this_week(now, MADRID)
    assert (win.week, win.start.isoformat(), win.end, win.so_far) == ("2025-W03", "2025-01-13T00:00:00+01:00", now, True)
    assert win.previous_start.isoformat() == "2025-01-06T00:00:00+01:00"
    assert win.previous_end == now - dt.timedelta(days=7)


def test_digest_this_week_previews_the_week_so_far(capsys):
    with LogStore.open() as s:
        with freeze_time("2025-01-07 10:00"):  # last Tuesday: counts as "by this time last week"
            s.log(surface="mention", text="q", reply=reply(), channel_id="C1")
        with freeze_time("2025-01-10 10:00"):  # last Friday: later than "now" last week, not counted
            s.log(surface="mention", text="q", reply=reply(), channel_id="C1")
        with freeze_time("2025-01-14 10:00"):
            s.log(surface="mention", text="q", reply=reply(model="kimi-k2"), channel_id="C1")
            s.log(surface="form", text="q", reply=reply(model="kimi-k2"), channel_id="D0001", user_id="U1")
    with freeze_time("2025-01-15 17:00"):
        assert run("digest", "--this-week") == 0
    text = capsys.readouterr().out
    assert text.startswith("llmcost digest · 2025-W03 so far (Mon 13 Jan 2025 – Wed 15 Jan 2025)\n")
    assert "2 questions so far this week, up from 1 by this time last week." in text
    assert "Kimi-K2 × 2 (new this week)" in text
    assert "#C1 1 · direct messages 1" in text  # the form's answer went to a DM, not a channel
    with pytest.raises(UserError, match="preview"):
        run("digest", "--this-week", "--post", "C0DIGEST")


def test_the_clock_posts_a_quiet_week_once_in_a_line_then_stays_quiet(monkeypatch):
    with LogStore.open() as s, freeze_time("2025-01-08 10:00"):  # 2025-W02
        s.log(surface="mention", text="q", reply=reply(), channel_id="C1")
    job = logcli.clock_job("C0DIGEST", MADRID)
    with FakeSlack() as slack:
        slack_env(monkeypatch, slack)
        with freeze_time("2025-01-13 09:00"):
            assert job(dt.datetime.now(dt.UTC))["posted"]  # W02: one question
        with freeze_time("2025-01-20 09:00"):
            assert job(dt.datetime.now(dt.UTC))["posted"]  # W03: quiet, after a busy week: said once
        with freeze_time("2025-01-27 09:00"):
            outcome = job(dt.datetime.now(dt.UTC))  # W04: quiet again: nothing
    assert outcome == {"posted": False, "week": "2025-W04", "channel": "C0DIGEST", "reason": "quiet week"}
    busy, quiet = slack.posts
    assert busy["text"].startswith("llmcost weekly digest · 2025-W02")
    assert quiet["text"].startswith("No questions for llmcost in 2025-W03") and "\n" not in quiet["text"]
    assert len(quiet["blocks"]) == 1
