"""The buttons under a verdict recompute it in the same thread."""

from __future__ import annotations

from tests.slack import signed

QUESTION = "can we run DeepSeek-V4.1-Flash at 300 tok/s?"


def buttons(call) -> dict[str, str]:
    return {e["action_id"]: e["value"] for b in call.params["blocks"] if b["type"] == "actions" for e in b["elements"]}


def test_text_may_not_leave_recomputes_the_verdict_in_the_thread(make_bot, stand_in):
    bot = make_bot(chart=False)
    bot.event(signed.mention(QUESTION, ts="1699993333.000100"))
    verdict = stand_in.wait_for("chat.postMessage", 2)[0]
    assert "the API wins" in verdict.params["blocks"][0]["text"]["text"]

    value = buttons(verdict)["llmcost_private"]
    assert bot.click("llmcost_private", value, message_ts="1700000001.000100", thread_ts="1699993333.000100").status == 200
    again = stand_in.wait_for("chat.postMessage", 4)[2]
    assert again.params["thread_ts"] == "1699993333.000100"
    assert "the node wins" in again.params["blocks"][0]["text"]["text"]
    context = again.params["blocks"][-1]["elements"][0]["text"]
    assert "<@U0002>" in context and "Text may not leave" in context
    # The applied override is not offered again; the others carry it forward.
    remaining = buttons(again)
    assert set(remaining) == {"llmcost_business_hours", "llmcost_per_user"}
    assert '"data_may_leave":false' in remaining["llmcost_business_hours"]

    rows = bot.store.recent()
    assert [r["surface"] for r in rows] == ["button", "mention"]
    assert rows[0]["verdict"] == "node" and rows[0]["text"] == QUESTION


def test_business_hours_and_per_user_buttons_recompute(make_bot, stand_in):
    bot = make_bot(chart=False)
    bot.event(signed.mention(QUESTION, ts="1699994444.000100"))
    verdict = stand_in.wait_for("chat.postMessage", 2)[0]
    values = buttons(verdict)
    bot.click("llmcost_business_hours", values["llmcost_business_hours"], message_ts="1700000001.000100",
              thread_ts="1699994444.000100")
    business = stand_in.wait_for("chat.postMessage", 4)[2]
    assert "Business hours" in business.params["blocks"][-1]["elements"][0]["text"]
    bot.click("llmcost_per_user", values["llmcost_per_user"], message_ts="1700000001.000100")
    per_user = stand_in.wait_for("chat.postMessage", 6)[4]
    # A click on a top-level verdict answers in that verdict's thread.
    assert per_user.params["thread_ts"] == "1700000001.000100"
    fields = next(b for b in per_user.params["blocks"] if "fields" in b)["fields"]
    assert "per user" in fields[3]["text"]
    assert [r["scenario"] for r in bot.store.recent(limit=2)]  # both recomputations logged


def test_a_forged_button_value_cannot_set_other_fields(make_bot, stand_in):
    bot = make_bot(chart=False)
    value = '{"q":"can we run kimi-k2 at 10 tok/s?","o":{"node":"evil","currency":"EUR"}}'
    bot.click("llmcost_per_user", value, message_ts="1700000000.000100")
    verdict = stand_in.wait_for("chat.postMessage")[0]
    assert "€" not in str(verdict.params["blocks"])
