"""A recompute in place redraws the chart: the new chart goes into the thread and the one it replaces is deleted,
so the thread holds one current chart, however often the button is clicked or the job retried."""

from __future__ import annotations

import logging

from bot.slack.outbox import Job
from bot.slack.reply import Delivery
from tests.bot.slack import signed
from tests.bot.slack.test_buttons import QUESTION, buttons

THREAD = "1699996666.000100"


def answered(bot) -> tuple:
    """A mention answered with its chart: (the verdict's postMessage call, its ts, the chart's file id)."""
    bot.event(signed.mention(QUESTION, ts=THREAD))
    verdict, _details = bot.slack.wait_for("chat.postMessage", 2)
    bot.slack.wait_for("files.completeUploadExternal")
    bot.drain()
    (chart,) = bot.slack.files.values()
    assert chart["thread_ts"] == THREAD
    return verdict, bot.slack.posted(thread_ts=THREAD)[0]["ts"], chart["id"]


def charts_in_thread(stand_in) -> list[str]:
    return [f["id"] for f in stand_in.files.values() if f["thread_ts"] == THREAD]


def test_a_click_uploads_one_new_chart_into_the_thread_and_deletes_the_old_one(make_bot, stand_in):
    bot = make_bot()
    verdict, verdict_ts, first = answered(bot)

    bot.click("llmcost_private", buttons(verdict.params)["llmcost_private"], message_ts=verdict_ts, thread_ts=THREAD)
    updated, _details = stand_in.wait_for("chat.update", 2)
    second = stand_in.wait_for("files.completeUploadExternal", 2)[1]
    (deleted,) = stand_in.wait_for("files.delete")
    bot.drain()
    assert second.params["channel_id"] == "C0001" and second.params["thread_ts"] == THREAD
    assert deleted.params["file"] == first
    assert len(charts_in_thread(stand_in)) == 1 and first not in stand_in.files
    context = updated.params["blocks"][-1]["elements"][0]["text"]
    assert "the chart below" in context and "first answer" not in context
    assert len(stand_in.calls_to("chat.postMessage")) == 2  # no new message: the chart is a file in the thread

    # A second button on the same verdict replaces the recomputed chart, not the first one again.
    current = charts_in_thread(stand_in)[0]
    bot.click("llmcost_business_hours", buttons(updated.params)["llmcost_business_hours"], message_ts=verdict_ts,
              thread_ts=THREAD)
    stand_in.wait_for("files.completeUploadExternal", 3)
    deletes = stand_in.wait_for("files.delete", 2)
    bot.drain()
    assert deletes[1].params["file"] == current
    assert len(charts_in_thread(stand_in)) == 1 and current not in stand_in.files


def test_a_double_click_still_uploads_one_new_chart(make_bot, stand_in):
    bot = make_bot()
    verdict, verdict_ts, first = answered(bot)
    value = buttons(verdict.params)["llmcost_per_user"]
    for _ in range(2):
        assert bot.click("llmcost_per_user", value, message_ts=verdict_ts, thread_ts=THREAD).status == 200
    stand_in.wait_for("files.delete")
    bot.drain()
    stand_in.quiet_for(0.3)
    assert len(stand_in.calls_to("files.completeUploadExternal")) == 2  # the first answer's, and one new
    assert [c.params["file"] for c in stand_in.calls_to("files.delete")] == [first]
    assert len(charts_in_thread(stand_in)) == 1


def test_a_retried_recompute_job_does_not_upload_a_second_chart(make_bot, stand_in):
    bot = make_bot()
    verdict, verdict_ts, _first = answered(bot)
    bot.click("llmcost_private", buttons(verdict.params)["llmcost_private"], message_ts=verdict_ts, thread_ts=THREAD)
    stand_in.wait_for("files.delete")
    bot.drain()
    row = bot.store.jobs()[-1]
    assert row["in_place"] == "chat" and row["chart_file"] == charts_in_thread(stand_in)[0]

    # The same job delivered again (as after a crash before it was marked finished): the verdict and details
    # are updated again (harmless), the chart is not uploaded again and nothing more is deleted.
    Delivery(bot.outbox, Job.from_row(row)).run()
    stand_in.quiet_for(0.3)
    assert len(stand_in.calls_to("chat.update")) == 4
    assert len(stand_in.calls_to("files.completeUploadExternal")) == 2
    assert len(stand_in.calls_to("files.delete")) == 1
    assert len(charts_in_thread(stand_in)) == 1


def test_a_failing_delete_keeps_the_new_chart_and_the_updated_verdict(make_bot, stand_in, caplog):
    bot = make_bot()
    verdict, verdict_ts, first = answered(bot)
    stand_in.fail("files.delete", "missing_scope")
    with caplog.at_level(logging.WARNING, logger="llmcost.slack"):
        bot.click("llmcost_private", buttons(verdict.params)["llmcost_private"], message_ts=verdict_ts,
                  thread_ts=THREAD)
        updated = stand_in.wait_for("chat.update", 2)[0]
        stand_in.wait_for("files.delete")
        bot.drain()
    assert updated.params["ts"] == verdict_ts and "the node wins" in updated.params["blocks"][0]["text"]["text"]
    charts = charts_in_thread(stand_in)
    assert len(charts) == 2 and first in charts  # the old one could not be deleted; the new one is there
    assert any(f"could not delete the replaced chart {first}" in r.getMessage() and "missing_scope" in r.getMessage()
               for r in caplog.records)
    recompute = bot.store.recent(limit=1)[0]
    assert recompute["surface"] == "button" and recompute["delivery"] == "delivered"


def test_a_chart_that_cannot_be_drawn_leaves_the_recompute_delivered_and_the_old_chart(make_bot, stand_in,
                                                                                        monkeypatch):
    from bot.render import chart

    bot = make_bot()
    verdict, verdict_ts, first = answered(bot)

    def broken(reply):
        raise ValueError("no figure today")

    monkeypatch.setattr(chart, "png", broken)
    bot.click("llmcost_private", buttons(verdict.params)["llmcost_private"], message_ts=verdict_ts, thread_ts=THREAD)
    stand_in.wait_for("chat.update", 2)
    bot.drain()
    stand_in.quiet_for(0.3)
    assert charts_in_thread(stand_in) == [first] and not stand_in.calls_to("files.delete")
    assert bot.store.recent(limit=1)[0]["delivery"] == "delivered"
