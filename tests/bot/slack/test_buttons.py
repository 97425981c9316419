"""The buttons under a verdict recompute it in place: one chat.update of the verdict (and of its details), no new
message, logged as a recompute of the question asked, once however often it is clicked."""

from __future__ import annotations

import datetime as dt

from tests.bot.slack import signed

QUESTION = "can we run DeepSeek-V4.1-Flash at 300 tok/s?"


def buttons(params: dict) -> dict[str, str]:
    return {e["action_id"]: e["value"] for b in params["blocks"] if b["type"] == "actions" for e in b["elements"]}


def asked(bot, thread_ts: str) -> tuple:
    """A mention answered: (the verdict's postMessage call, its ts, the details' ts)."""
    bot.event(signed.mention(QUESTION, ts=thread_ts))
    verdict, _details = bot.slack.wait_for("chat.postMessage", 2)
    bot.drain()
    posted = bot.slack.posted(thread_ts=thread_ts)
    return verdict, posted[0]["ts"], posted[1]["ts"]


def test_a_click_updates_the_verdict_and_details_in_place_and_keeps_the_asker(make_bot, stand_in):
    bot = make_bot(chart=False)
    verdict, verdict_ts, details_ts = asked(bot, "1699993333.000100")
    assert "the API wins" in verdict.params["blocks"][0]["text"]["text"]

    value = buttons(verdict.params)["llmcost_private"]
    assert bot.click("llmcost_private", value, message_ts=verdict_ts, thread_ts="1699993333.000100").status == 200
    updated, details = stand_in.wait_for("chat.update", 2)
    bot.drain()
    assert [updated.params["ts"], details.params["ts"]] == [verdict_ts, details_ts]
    assert "the node wins" in updated.params["blocks"][0]["text"]["text"]
    context = updated.params["blocks"][-1]["elements"][0]["text"]
    assert "<@U0001> asked" in context and "recomputed by <@U0002>" in context and "Text may not leave" in context
    assert len(stand_in.calls_to("chat.postMessage")) == 2  # nothing new in the thread
    # The applied override is not offered again; the others carry it forward, and say what they do.
    remaining = buttons(updated.params)
    assert set(remaining) == {"llmcost_business_hours", "llmcost_per_user"}
    assert '"data_may_leave":false' in remaining["llmcost_business_hours"]
    labels = [e["text"]["text"] for b in updated.params["blocks"] if b["type"] == "actions" for e in b["elements"]]
    assert all(label.startswith("Recompute: ") for label in labels)

    recompute, question = bot.store.recent(limit=2)
    assert (recompute["surface"], recompute["recompute_of"], recompute["user_id"]) == ("button", question["id"], "U0002")
    assert recompute["verdict"] == "node" and recompute["text"] == QUESTION and recompute["delivery"] == "delivered"
    week = bot.store.between(dt.datetime(2000, 1, 1, tzinfo=dt.UTC), dt.datetime(2100, 1, 1, tzinfo=dt.UTC))
    assert [r["id"] for r in week] == [question["id"]]  # the digest counts the question, not its recompute


def test_a_button_clicked_twice_recomputes_once(make_bot, stand_in):
    bot = make_bot(chart=False)
    verdict, verdict_ts, _ = asked(bot, "1699994444.000100")
    value = buttons(verdict.params)["llmcost_business_hours"]
    for _ in range(2):
        assert bot.click("llmcost_business_hours", value, message_ts=verdict_ts,
                         thread_ts="1699994444.000100").status == 200
    stand_in.wait_for("chat.update", 2)
    bot.settle()
    assert len(stand_in.calls_to("chat.update")) == 2  # the verdict and the details, once
    assert "Business hours" in stand_in.calls_to("chat.update")[0].params["blocks"][-1]["elements"][0]["text"]
    assert [r["surface"] for r in bot.store.recent()] == ["button", "mention"]


def test_per_user_then_another_button_stacks_on_the_same_message(make_bot, stand_in):
    bot = make_bot(chart=False)
    verdict, verdict_ts, _ = asked(bot, "1699995555.000100")
    bot.click("llmcost_per_user", buttons(verdict.params)["llmcost_per_user"], message_ts=verdict_ts)
    per_user = stand_in.wait_for("chat.update", 2)[0]
    bot.drain()
    fields = next(b for b in per_user.params["blocks"] if "fields" in b)["fields"]
    assert "per user" in fields[3]["text"]
    bot.click("llmcost_private", buttons(per_user.params)["llmcost_private"], message_ts=verdict_ts)
    both = stand_in.wait_for("chat.update", 4)[2]
    bot.drain()
    assert both.params["ts"] == verdict_ts
    assert "Per user" in both.params["blocks"][-1]["elements"][0]["text"]
    first = bot.store.recent()[-1]
    assert [r["recompute_of"] for r in bot.store.recent()] == [first["id"], first["id"], None]


def test_a_click_on_an_ephemeral_verdict_answers_through_response_url(make_bot, stand_in):
    bot = make_bot(chart=False)
    value = '{"q":"can we run DeepSeek-V4.1-Flash at 300 tok/s?","o":{}}'
    bot.click("llmcost_private", value, message_ts="1700000099.000100", ephemeral=True)
    call = stand_in.wait_for("respond")[0]
    bot.drain()
    assert call.params["replace_original"] is True
    assert "the node wins" in call.params["blocks"][0]["text"]["text"]
    assert not stand_in.calls_to("chat.update") and not stand_in.calls_to("chat.postMessage")


def test_a_forged_button_value_cannot_set_other_fields(make_bot, stand_in):
    bot = make_bot(chart=False)
    value = '{"q":"can we run kimi-k2 at 10 tok/s?","o":{"node":"evil","currency":"EUR"}}'
    bot.click("llmcost_per_user", value, message_ts="1700000000.000100")
    verdict = stand_in.wait_for("chat.update")[0]
    assert "€" not in str(verdict.params["blocks"])


def test_a_recompute_of_a_private_answer_replaces_it_and_is_logged_against_it(make_bot, stand_in):
    bot = make_bot(chart=False)
    bot.command(QUESTION, channel="C0042")
    verdict = stand_in.wait_for("respond", 2)[0]
    bot.drain()
    bot.click("llmcost_private", buttons(verdict.params)["llmcost_private"], message_ts="1700000099.000100",
              channel="C0042", user="U0001", ephemeral=True)
    again = stand_in.wait_for("respond", 3)[2]
    bot.drain()
    assert again.params["replace_original"] is True and "the node wins" in again.params["blocks"][0]["text"]["text"]
    assert "llmcost_share" in buttons(again.params)  # still private, still shareable
    recompute, question = bot.store.recent(limit=2)
    assert (recompute["surface"], recompute["recompute_of"]) == ("button", question["id"])
