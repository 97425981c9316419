"""Templates, escaping, Block Kit limits and the chart, without HTTP."""

from __future__ import annotations

import json

import pytest

from bot.render import chart, views, words
from bot.render.formats import pct
from bot.service import ask

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
    image = chart.png(reply.answer)
    assert image[:8] == b"\x89PNG\r\n\x1a\n" and len(image) > 10_000
    # cost = $ per million output × tok/s × 3,600 × hours / 10^6: the worked example's off-peak month
    assert chart.api_month(1.20, 300, 730) == pytest.approx(946.08)


def test_no_chart_without_a_node(reply):
    assert chart.png(ask("can we run gpt-5 ourselves?").answer) is None


def test_without_a_tok_s_the_apis_show_their_price_per_million_not_a_zero_month():
    reply = ask("can we run deepseek-flash ourselves?")
    assert reply.answer.status == "ok" and reply.answer.scenario.slo_tok_s is None
    verdict = json.dumps(words.blocks("verdict.json.j2", **views.verdict(reply)), ensure_ascii=False)
    details = json.dumps(words.blocks("details.json.j2", **views.details(reply)), ensure_ascii=False)
    assert "$0.00" not in verdict + details
    assert "$1.02 per million output" in verdict  # Avian: 4 × $0.1275 + $0.51, the cheapest real-time host and "no tok/s given" in verdict


def test_the_chart_is_readable_in_slacks_preview(reply):
    """≥150 dpi, the legend outside the plot, each marker labelled with its value, log x when far apart."""
    import struct

    image = chart.png(reply.answer)
    width, height = struct.unpack(">II", image[16:24])  # the PNG's IHDR
    assert (width, height) == (1600, 832)
    fig = chart.figure(reply.answer)
    assert fig.dpi >= 150
    ax = fig.axes[0]
    legend = ax.get_legend()
    fig.canvas.draw()
    plot_box, legend_box = ax.get_window_extent(), legend.get_window_extent()
    assert legend_box.x0 >= plot_box.x1  # beside the plot, not over the lines
    labels = [t.get_text() for t in ax.texts]
    # The asked point sits on the cheapest same-model API's line: Avian at $1.02 per million output,
    # 300 tok/s × 3,600 × 730 h / 10^6 × 1.02 = $804.17/mo (cents below $1,000: bot/render/formats.py).
    assert "300 tok/s · $804.17/mo" in labels
    assert all(t.get_fontsize() >= 9 for t in ax.texts) and legend.get_texts()[0].get_fontsize() >= 9
    # 300 tok/s against the chosen node's break-even (7,625 tok/s in the pinned data): far apart, so log x.
    node = next(n for n in reply.answer.fit.nodes if n.id == reply.answer.fit.chosen_node)
    assert node.break_even_tok_s / 300 >= chart.LOG_WHEN and ax.get_xscale() == "log"


def test_a_per_user_chart_marks_the_aggregate_volume():
    reply = ask("can we run DeepSeek-V4.1-Flash at 100 tok/s per user, 40 users at once?")
    a = reply.answer
    assert a.scenario.slo_kind == "per_stream"
    aggregate = a.tokens.output_per_month / 3600 / a.hours_per_month
    assert aggregate == pytest.approx(100 * 40)
    labels = [t.get_text() for t in chart.figure(reply.answer).axes[0].texts]
    assert any(label.startswith(f"{aggregate:,.0f} tok/s") for label in labels)


def test_a_per_user_verdict_compares_aggregate_with_aggregate():
    reply = ask("can we run DeepSeek-V4.1-Flash at 1500 tok/s per user?")
    a = reply.answer
    node = next(n for n in a.fit.nodes if n.id == a.fit.chosen_node)
    users = a.tokens.output_per_month / 3600 / a.hours_per_month / 1500
    blocks = words.blocks("verdict.json.j2", **views.verdict(reply))
    # No API serves 1,500 tok/s to one user, so the node wins on speed while the API's month is cheaper:
    # the headline says which, rather than contradicting the fields below it.
    assert a.verdict == "node" and float(a.cheapest_api.usd_per_month) < float(node.usd_per_month_fleet)
    assert blocks[0]["text"]["text"].endswith("the node wins on speed, not on price")
    asked = next(b for b in blocks if "fields" in b)["fields"][3]["text"]
    aggregate = 1500 * users
    share = pct(aggregate / node.break_even_tok_s)  # a share below 1,000 % keeps one decimal
    assert f"1,500 tok/s per user × {users:,.0f} at once = {aggregate:,.0f} tok/s in all = {share}" in asked
