"""Templates, escaping, Block Kit limits and the chart, without HTTP."""

from __future__ import annotations

import json

import pytest

from bot.service import ask
from bot.slack import chart, views, words

QUESTION = "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s?"


@pytest.fixture(scope="module")
def reply():
    return ask(QUESTION)


def test_escaping_and_control_characters():
    assert words.slack_escape("<!channel> & <@U1>") == "&lt;!channel&gt; &amp; &lt;@U1&gt;"
    assert words.slack_escape("a\x00b\x1bc\u202ed\tе\n") == "abcd\tе\n"
    assert words.slack_unescape("&lt;b&gt; &amp;lt;") == "<b> &lt;"


def test_every_template_variable_is_required(reply):
    context = views.verdict(reply)
    del context["node"]
    with pytest.raises(Exception, match="node"):
        words.blocks("verdict.json.j2", **context)


@pytest.mark.parametrize("question", [
    QUESTION,
    "can we run deepseek-flash at 300 tok/s in euros, text may not leave, business hours?",
    "can we run gpt-5 ourselves?",
    "can we run frobnicator-9000 at 5 tok/s?",
    "how much for 300 tok/s?",
    "can we run kimi-k2 at 2000 tok/s per user?",
])
def test_every_status_renders_valid_blocks_with_fallback_text(question):
    reply = ask(question)
    verdict = views.verdict(reply, user_id="U0001")
    blocks = words.blocks("verdict.json.j2", **verdict)
    assert blocks[0]["type"] == "header" and blocks[0]["text"]["text"]
    assert words.fallback("verdict.txt.j2", **verdict)
    if reply.answer.status == "ok":
        details = views.details(reply)
        assert words.blocks("details.json.j2", **details)
        assert words.fallback("details.txt.j2", **details)


def test_euros_when_asked():
    reply = ask("can we run deepseek-flash at 300 tok/s on coreweave-8xh200, in EUR?")
    fields = next(b for b in words.blocks("verdict.json.j2", **views.verdict(reply)) if "fields" in b)["fields"]
    assert "€33,876" in fields[0]["text"] and "$36,821" in fields[0]["text"]


def test_long_sections_are_split_and_blocks_capped():
    long_text = "\n".join(f"line {i} " + "x" * 90 for i in range(100))
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": long_text}}] + [
        {"type": "divider"} for _ in range(70)]
    fitted = words.fit_limits(blocks)
    assert len(fitted) == 50
    sections = [b for b in fitted if b["type"] == "section"]
    assert len(sections) >= 4 and all(len(b["text"]["text"]) <= 3000 for b in sections)
    assert "".join(b["text"]["text"] for b in sections).count("line ") == 100
    assert "cut here" in fitted[-1]["elements"][0]["text"]


def test_a_split_code_block_stays_fenced():
    command = "```\n" + "\n".join(f"--flag-{i} " + "v" * 60 for i in range(80)) + "\n```"
    pieces = words.fit_limits([{"type": "section", "text": {"type": "mrkdwn", "text": command}}])
    assert len(pieces) > 1
    assert all(p["text"]["text"].count("```") % 2 == 0 for p in pieces)


def test_empty_sections_are_dropped():
    assert words.fit_limits([{"type": "section", "text": {"type": "mrkdwn", "text": "  "}}]) == []


def test_button_values_carry_the_question_and_overrides():
    value = views.button_value("q <&> " + "é" * 5000, {"calendar": "business_hours"})
    assert len(value) <= 2000
    question, overrides = views.read_button_value(value)
    assert question.startswith("q <&> éé") and overrides == {"calendar": "business_hours"}
    assert views.read_button_value("not json") == ("", {})
    assert views.read_button_value(json.dumps({"q": "x", "o": {"node": "evil"}})) == ("x", {})


def test_the_chart_is_a_png_with_the_api_arithmetic(reply):
    image = chart.png(reply)
    assert image[:8] == b"\x89PNG\r\n\x1a\n" and len(image) > 10_000
    # cost = $ per million output × tok/s × 3,600 × hours / 10^6: the worked example's off-peak month
    assert chart.api_month(1.20, 300, 730) == pytest.approx(946.08)


def test_no_chart_without_a_node(reply):
    assert chart.png(ask("can we run gpt-5 ourselves?")) is None


def test_without_a_tok_s_the_apis_show_their_price_per_million_not_a_zero_month():
    reply = ask("can we run deepseek-flash ourselves?")
    assert reply.answer.status == "ok" and reply.answer.scenario.slo_tok_s is None
    verdict = json.dumps(words.blocks("verdict.json.j2", **views.verdict(reply)), ensure_ascii=False)
    details = json.dumps(words.blocks("details.json.j2", **views.details(reply)), ensure_ascii=False)
    assert "$0.00" not in verdict + details
    assert "$1.02 per million output" in verdict  # Avian: 4 × $0.1275 + $0.51, the cheapest real-time host and "no tok/s given" in verdict
