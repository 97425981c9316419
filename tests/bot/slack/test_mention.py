"""A mention gets a threaded verdict, the details and the chart, through real signed HTTP."""

from __future__ import annotations

import json

from tests.bot.slack import signed

QUESTION = "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s on coreweave-8xh200?"  # the brief's node


def test_mention_gets_a_threaded_verdict_details_and_chart(bot):
    event = signed.mention(QUESTION, ts="1699999999.000100")
    response = bot.event(event)
    assert response.status == 200

    slack = bot.slack
    complete = slack.wait_for("files.completeUploadExternal")[0]
    verdict, details = slack.wait_for("chat.postMessage", 2)
    assert verdict.params["channel"] == "C0001"
    assert verdict.params["thread_ts"] == "1699999999.000100"
    blocks = verdict.params["blocks"]
    assert blocks[0]["type"] == "header"
    assert "the API wins" in blocks[0]["text"]["text"]
    fields = next(b for b in blocks if "fields" in b)["fields"]
    assert "$36,821" in fields[0]["text"]
    # Against the cheapest real-time host in the pinned data, Avian at $1.02 per million output (4 × 0.1275 + 0.51):
    # 36,821.20 / 1.02 / (730 × 3,600) × 10^6 = 13,736 tok/s, and 300 tok/s is 2.2 % of it.
    assert "13,736 tok/s" in fields[2]["text"]
    assert "2.2 %" in fields[3]["text"]
    assert [e["action_id"] for b in blocks if b["type"] == "actions" for e in b["elements"]] == [
        "llmcost_private", "llmcost_business_hours", "llmcost_per_user"]
    assert verdict.params["text"].startswith("☁️ DeepSeek-V4.1-Flash: the API wins")

    assert details.params["thread_ts"] == "1699999999.000100"
    text = "\n".join(b["text"]["text"] for b in details.params["blocks"] if b["type"] == "section")
    assert "CoreWeave HGX H200" in text and "vllm serve" in text and "Deepseek" in text

    # files_upload_v2: URL, then the bytes to that URL, then completion into the thread.
    order = [c.method for c in slack.calls if c.method in ("files.getUploadURLExternal", "upload",
                                                               "files.completeUploadExternal")]
    assert order == ["files.getUploadURLExternal", "upload", "files.completeUploadExternal"]
    upload = slack.calls_to("upload")[0]
    assert upload.body_length == int(slack.calls_to("files.getUploadURLExternal")[0].params["length"])
    assert complete.params["channel_id"] == "C0001"
    assert complete.params["thread_ts"] == "1699999999.000100"
    assert json.loads(complete.params["files"])[0]["title"]

    # Every Web API call carried the bot token from the app, and nothing else went anywhere.
    assert all(c.headers.get("Authorization") == f"Bearer {signed.TOKEN}" for c in slack.calls if c.path.startswith("/api/"))
    rows = bot.store.recent()
    assert len(rows) == 1
    assert rows[0]["surface"] == "mention" and rows[0]["text"] == QUESTION and rows[0]["verdict"] == "api"
