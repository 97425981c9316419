"""The weekly digest: which week, what it says, and how it reads in Slack."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from freezegun import freeze_time

from bot import digest
from bot.render.env import slack_escape
from bot.store import LogStore
from tests import runtime
from tests.conftest_store import answered, closed, reply, unknown

UTC = ZoneInfo("UTC")
MADRID = ZoneInfo("Europe/Madrid")
NEW_YORK = ZoneInfo("America/New_York")
TOKYO = ZoneInfo("Asia/Tokyo")


@pytest.fixture
def store():
    with LogStore.memory() as s:
        yield s


def at(text: str, tz: ZoneInfo = UTC) -> dt.datetime:
    return dt.datetime.fromisoformat(text).replace(tzinfo=tz)


@pytest.mark.parametrize(
    ("now", "tz", "week", "start", "end"),
    [
        # Monday 09:00 in Madrid: the week that just ended.
        ("2025-01-13T09:00", MADRID, "2025-W02", "2025-01-06T00:00:00+01:00", "2025-01-13T00:00:00+01:00"),
        # Mid-week: still the last full week.
        ("2025-01-15T18:00", MADRID, "2025-W02", "2025-01-06T00:00:00+01:00", "2025-01-13T00:00:00+01:00"),
        # Across a month: Monday 24 February to Sunday 2 March.
        ("2025-03-03T09:00", MADRID, "2025-W09", "2025-02-24T00:00:00+01:00", "2025-03-03T00:00:00+01:00"),
        # Across a year: ISO week 1 of 2025 starts on Monday 30 December 2024.
        ("2025-01-06T09:00", MADRID, "2025-W01", "2024-12-30T00:00:00+01:00", "2025-01-06T00:00:00+01:00"),
        # A 53-week year: the week before Monday 4 January 2021 is 2020-W53.
        ("2021-01-04T09:00", UTC, "2020-W53", "2020-12-28T00:00:00+00:00", "2021-01-04T00:00:00+00:00"),
        # Summer time begins on Sunday 30 March 2025 in Madrid: the week is an hour short, midnights stay.
        ("2025-03-31T09:00", MADRID, "2025-W13", "2025-03-24T00:00:00+01:00", "2025-03-31T00:00:00+02:00"),
        ("2025-11-03T09:00", NEW_YORK, "2025-W44", "2025-10-27T00:00:00-04:00", "2025-11-03T00:00:00-05:00"),
        ("2025-01-13T09:00", TOKYO, "2025-W02", "2025-01-06T00:00:00+09:00", "2025-01-13T00:00:00+09:00"),
    ],
)
def test_the_digest_reports_the_last_full_local_week(now, tz, week, start, end):
    win = digest.window(at(now, tz), tz)
    assert (win.week, win.start.isoformat(), win.end.isoformat()) == (week, start, end)
    assert win.end.date() - win.start.date() == dt.timedelta(days=7)
    assert win.start.date() - win.previous_start.date() == dt.timedelta(days=7)


def test_monday_0030_in_madrid_is_a_new_week_there_but_still_sunday_in_utc():
    now = at("2025-01-12T23:30")  # Sunday 23:30 UTC = Monday 00:30 in Madrid
    assert digest.window(now, MADRID).week == "2025-W02"  # W03 has begun in Madrid: report W02
    assert digest.window(now, UTC).week == "2025-W01"  # in UTC, W02 is not over yet


def test_a_question_at_monday_0030_madrid_counts_in_the_new_madrid_week(store):
    with freeze_time("2025-01-12 22:30:00"):  # Sunday 23:30 in Madrid: the last hour of W02
        store.log(surface="mention", text="late sunday", reply=reply(), channel_id="C1")
    with freeze_time("2025-01-12 23:30:00"):  # Monday 00:30 in Madrid: W03 there, Sunday in UTC
        store.log(surface="mention", text="early monday", reply=reply(), channel_id="C1")
    monday_9 = at("2025-01-13T09:00", MADRID)

    assert digest.summarise(store, digest.window(monday_9, MADRID))["questions"] == 1
    assert digest.summarise(store, digest.window(monday_9, UTC))["questions"] == 2


def test_days_widens_the_window_ending_at_the_same_monday():
    win = digest.window(at("2025-01-15T12:00", MADRID), MADRID, days=14)
    assert (win.start.date(), win.end.date(), win.previous_start.date()) == (
        dt.date(2024, 12, 30),
        dt.date(2025, 1, 13),
        dt.date(2024, 12, 16),
    )
    assert win.week == "2025-W02"


def fill_two_weeks(store: LogStore) -> digest.Window:
    """A week before (W01) and the reported week (W02), both in Madrid."""
    with freeze_time("2025-01-02 10:00"):  # W01
        store.log(surface="mention", text="a", reply=reply(model="qwen3-235b", tok_s=50), channel_id="C9")
        store.log(surface="mention", text="b", reply=reply(tok_s=80), channel_id="C9")
    with freeze_time("2025-01-08 10:00") as clock:  # W02
        for tok_s, verdict, channel in [(300, "node", "C1"), (1_000, "api", "C1"), (2_000, "api", "C2")]:
            store.log(
                surface="mention", text="q", reply=reply(tok_s=tok_s, verdict=verdict), channel_id=channel
            )
            clock.tick(60)
        store.log(
            surface="slash",
            text="q",
            reply=reply(model="kimi-k2", verdict="gateway", tok_s=None),
            channel_id="C1",
        )
        store.log(surface="dm", text="q", reply=unknown("Llama-9"), channel_id="D1")
        store.log(surface="dm", text="q", reply=unknown("Llama-9"), channel_id="D1")
        store.log(surface="cli", text="q", reply=closed("gpt-5"))
        store.log(surface="button", text="q", reply=None, channel_id="C2", error="TimeoutError")
    return digest.window(at("2025-01-13T09:00", MADRID), MADRID)


def test_the_summary_counts_models_verdicts_speeds_channels_and_gaps(store):
    summary = digest.summarise(store, fill_two_weeks(store))
    assert summary["week"] == "2025-W02"
    assert (summary["questions"], summary["previous_questions"]) == (8, 2)
    assert summary["models"] == [
        {"model": "deepseek-v4.1-flash", "name": "DeepSeek-V4.1-Flash", "count": 3, "previous": 1},
        {"model": "kimi-k2", "name": "Kimi-K2", "count": 1, "previous": 0},
    ]
    assert summary["new_models"] == ["kimi-k2"]
    assert summary["verdicts"] == {"node": 1, "api": 2, "gateway": 1, "none": 4}
    assert summary["tok_s"] == {"asked": 3, "median": 1_000, "max": 2_000}
    assert summary["channels"] == [{"channel_id": "C1", "count": 3}, {"channel_id": "C2", "count": 2}]
    assert (summary["direct_messages"], summary["cli"], summary["errors"]) == (2, 1, 1)
    assert summary["unknown_models"] == [{"model": "Llama-9", "count": 2}]
    assert summary["closed_models"] == [{"model": "gpt-5", "count": 1}]


def test_unknown_and_closed_models_surface_in_the_slack_message(store):
    summary = digest.summarise(store, fill_two_weeks(store))
    text = digest.render_text(summary)
    blocks = digest.render_blocks(summary)
    body = "\n".join(b["text"]["text"] for b in blocks if b["type"] == "section")
    for words in (text, body):
        assert "*Catalog gaps*" in words and "`Llama-9` × 2" in words
        assert "*Closed models*" in words and "`gpt-5` × 1" in words
        assert "8 questions this week, up from 2 the week before." in words
        assert "• Kimi-K2 × 1 (new this week)" in words  # the catalog's names, not ids
        assert "• DeepSeek-V4.1-Flash × 3 (1 the week before)" in words
        assert "models.yaml" not in words and "costcore" not in words  # nobody in the channel edits files
        assert "median 1,000 tok/s, max 2,000 tok/s" in words
        assert "<#C1> 3 · <#C2> 2 · direct messages 2 · terminal 1" in words
    assert blocks[0] == {
        "type": "header",
        "text": {
            "type": "plain_text",
            "text": "llmcost weekly digest · 2025-W02 (Mon 6 Jan 2025 – Sun 12 Jan 2025)",
            "emoji": True,
        },
    }


def test_the_terminal_text_has_no_slack_markup(store):
    text = digest.render_text(digest.summarise(store, fill_two_weeks(store)), slack=False)
    assert "Catalog gaps (models we do not know yet): Llama-9 × 2" in text
    assert "#C1 3 · #C2 2" in text
    assert "*" not in text and "<#" not in text


def test_an_empty_week_says_so(store):
    with freeze_time("2024-12-20 10:00"):  # 2024-W51
        store.log(surface="mention", text="before Christmas", reply=reply(), channel_id="C1")
    summary = digest.summarise(store, digest.window(at("2025-01-13T09:00", MADRID), MADRID))
    assert summary["questions"] == 0
    assert summary["models"] == summary["unknown_models"] == summary["closed_models"] == []
    assert summary["tok_s"] == {"asked": 0, "median": None, "max": None}
    assert not digest.worth_posting(summary)  # two quiet weeks in a row: nothing to post

    after_w51 = digest.summarise(store, digest.window(at("2024-12-30T09:00", MADRID), MADRID))
    assert after_w51["week"] == "2024-W52" and digest.worth_posting(after_w51)  # said once, in a line
    line = ("No questions for llmcost in 2024-W52 (Mon 23 Dec 2024 – Sun 29 Dec 2024), after 1 the week before. "
            "The digest stays quiet until a week with questions.")
    assert digest.render_text(after_w51) == line
    assert digest.render_blocks(after_w51) == [{"type": "section", "text": {"type": "mrkdwn", "text": line}}]


@pytest.mark.parametrize(
    "name",
    ['<!channel> & "friends"', "back\\slash\nnew line", "<https://evil.example|click>", "`tick`*bold*"],
)
def test_whatever_people_typed_cannot_break_or_ping_through_the_blocks(store, name):
    store.log(surface="mention", text="q", reply=unknown(name), channel_id="C1")
    summary = digest.summarise(store, digest.window(dt.datetime.now(dt.UTC) + dt.timedelta(days=7), UTC))
    blocks = digest.render_blocks(summary)  # parses as JSON
    gaps = next(b["text"]["text"] for b in blocks if "Catalog gaps" in b.get("text", {}).get("text", ""))
    assert "<!channel>" not in gaps and "<https" not in gaps
    assert slack_escape(name).replace("`", "'") in gaps
    assert "<" not in gaps.replace("&lt;", "") and ">" not in gaps.replace("&gt;", "")


def test_long_lists_are_cut_to_fit_a_slack_section(store):
    catalog = sorted(runtime.catalogs().models)
    for model in catalog:  # every catalog model once: more than a list shows
        store.log(surface="mention", text="q", reply=answered(f"can we run {model}?", {"model": model}),
                  channel_id="C1")
    for i in range(40):  # and 40 long names nobody knows
        store.log(surface="mention", text="q", reply=unknown(f"model-{i:02d}-" + "x" * 60), channel_id="C1")
    summary = digest.summarise(store, digest.window(dt.datetime.now(dt.UTC) + dt.timedelta(days=7), UTC))
    more = len(catalog) - digest.TOP
    assert len(summary["models"]) == len(summary["unknown_models"]) == digest.TOP and summary["more_models"] == more
    blocks = digest.render_blocks(summary)
    assert all(len(b["text"]["text"]) <= 3_000 for b in blocks if b["type"] == "section")
    assert any(f"…and {more} more" in b["text"]["text"] for b in blocks if b["type"] == "section")

