"""`/llmcost models`: one catalog entry per line, with bold that Slack's mrkdwn really renders as bold."""

from __future__ import annotations

import re

from tests import runtime

# A mrkdwn `*bold*` opens after the start of a line or a space and closes before the end, a space or
# punctuation; an asterisk anywhere else (glued to the previous entry's "tok/s*") shows up literally.
BOLD = re.compile(r"(?:^|(?<=\s))\*[^*\s][^*]*?(?<=\S)\*(?=$|[\s.,:;!?)·])")


def stray_asterisks(line: str) -> str:
    return BOLD.sub("", line).count("*") and line or ""


def test_models_renders_one_entry_per_line(bot):
    assert bot.command("models").status == 200
    call = bot.slack.wait_for("respond")[0]
    sections = [b["text"]["text"] for b in call.params["blocks"] if b["type"] == "section"]
    lines = [line for text in sections for line in text.split("\n")]
    catalog = runtime.catalogs().models.values()
    assert len(lines) == len(catalog)
    for model, line in zip(catalog, lines, strict=True):
        assert line.startswith(f"• *{model.name}* · "), line
        assert not stray_asterisks(line), line
    assert sum(line.count("fits ") for line in lines) >= 1


def test_the_bold_check_catches_a_glued_entry():
    glued = "• *Kimi-K2* · needs 1,288 GB, break-even 6,118 tok/s*Llama-3.1-8B* · 8.0 B"
    assert stray_asterisks(glued)
    assert not stray_asterisks("• *Kimi-K2* · needs 1,288 GB")
