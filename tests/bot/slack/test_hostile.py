"""Whatever people paste: nothing they typed becomes a live mention, link or template, and Slack's limits hold."""

from __future__ import annotations

import json
import re

import pytest

from tests.bot.slack import signed

HOSTILE = [
    # Slack delivers these forms in event text: its own syntax for @channel and links, and &lt; for a typed <.
    "<!channel> <!here|here> <https://evil.example/login|click to claim> can we run deepseek-flash at 300 tok/s?",
    "&lt;!channel&gt; &lt;https://evil.example|x&gt; deepseek-flash 300 tok/s",
    "{{ 7*7 }} {% for x in range(3) %}boom{% endfor %} {#- c -#} deepseek-flash at 300 tok/s",
    "deepseek-flash at 300 tok/s \x00\x07\x1b[31m\u202eevil\u202c\u200b\x7f end",
    "deepseek-flash at 300 tok/s " + "A&B<C>D " * 2560,  # ~20 kB
    "kimi-k2 \"quotes\" \\backslash\\ `code` ```fence``` *bold* _it_ ~strike~ at 50 tok/s",
]


def all_text(call) -> str:
    return call.params["text"] + "\n" + json.dumps(call.params["blocks"], ensure_ascii=False)


def slack_visible_strings(blocks) -> list[str]:
    out = []

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("text",) and isinstance(value, str):
                    out.append(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(blocks)
    return out


@pytest.mark.parametrize("text", HOSTILE, ids=["slack-syntax", "escaped", "template", "control", "20kB", "mrkdwn"])
def test_hostile_text_gets_a_safe_reply(make_bot, stand_in, text):
    bot = make_bot(chart=False)
    response = bot.event(signed.mention(text))
    assert response.status == 200
    verdict = stand_in.wait_for("chat.postMessage")[0]
    bot.settle()
    for call in stand_in.calls_to("chat.postMessage"):
        blocks = call.params["blocks"]
        assert 0 < len(blocks) <= 50
        assert call.params["text"]
        visible = slack_visible_strings(blocks) + [call.params["text"]]
        for string in visible:
            # No live special mention or link made from the question; our own <@U…> mention is the only markup.
            assert not re.search(r"<(?!@U[A-Z0-9]+>)", string), string
            assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f\u202e\u200b]", string)
        for b in blocks:
            if b["type"] == "section" and "text" in b:
                assert len(b["text"]["text"]) <= 3000
            if b["type"] == "header":
                assert len(b["text"]["text"]) <= 150
            for e in b.get("elements", []):
                assert len(e.get("value", "")) <= 2000
                assert len(e.get("text", "")) <= 3000 if isinstance(e.get("text"), str) else True
    body = all_text(verdict)
    if "{{" in text:  # shown as typed, never evaluated
        assert "{{ 7*7 }}" in body and "{% for x in range(3) %}" in body and "boomboom" not in body
    if "<!channel>" in text or "&lt;!channel&gt;" in text:
        assert "&lt;!channel&gt;" in body
    row = bot.store.recent()[0]
    assert "\x00" not in row["text"] and "\u202e" not in row["text"]


def test_a_button_value_round_trips_within_2000_characters(make_bot, stand_in):
    bot = make_bot(chart=False)
    text = "deepseek-flash at 300 tok/s <&> " + "é&<>" * 3000
    bot.event(signed.mention(text))
    verdict = stand_in.wait_for("chat.postMessage")[0]
    value = next(e["value"] for b in verdict.params["blocks"] if b["type"] == "actions" for e in b["elements"])
    assert len(value) <= 2000
    bot.click("llmcost_private", value, message_ts="1700000001.000100")
    stand_in.wait_for("chat.update")  # the recompute replaces the verdict
    bot.drain()
    clicked = bot.store.recent()[0]
    assert clicked["surface"] == "button"
    assert clicked["text"].startswith("deepseek-flash at 300 tok/s <&> é&<>")
