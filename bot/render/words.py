"""Slack messages and views from `prompts/slack/*.j2`: every word the Slack bot says, rendered safely.

Block Kit templates (`*.json.j2`) write each value as `{{ value | j }}` (a JSON literal) and build
multi-line text inside `{% filter j %}...{% endfilter %}`; the environment (bot.render.env.slack) escapes
every value once on output. The results are cut to Slack's limits here (fit_limits).
"""

from __future__ import annotations

import json
from typing import Any

from bot.render import env
from bot.render.env import Verbatim, clean, slack_escape, slack_unescape

__all__ = ["Verbatim", "blocks", "clean", "data", "fallback", "fit_limits", "plain", "slack_escape",
           "slack_unescape", "text", "view"]

def text(name: str, **context: Any) -> str:
    """A mrkdwn/plain-text template, escaped for Slack."""
    return env.slack().get_template(name).render(**context).strip()


def blocks(name: str, **context: Any) -> list[dict]:
    """A Block Kit template: JSON out, checked, within Slack's limits."""
    return fit_limits(json.loads(env.slack().get_template(name).render(**context)))


def data(name: str, **context: Any) -> Any:
    """A JSON template of plain words (no Slack escaping): chart labels."""
    return json.loads(env.slack_plain().get_template(name).render(**context))


def plain(name: str, **context: Any) -> str:
    """A text template of plain words (no Slack escaping): a question the bot asks on a user's behalf."""
    return " ".join(env.slack_plain().get_template(name).render(**context).split())


def view(name: str, **context: Any) -> dict:
    """A view template (App Home, a modal): JSON out, its blocks within Slack's limits."""
    out = json.loads(env.slack().get_template(name).render(**context))
    out["blocks"] = fit_limits(out["blocks"])
    return out


# --- Block Kit limits -----------------------------------------------------------------------------

MAX_BLOCKS = 50
SECTION_TEXT = 3000
FIELD_TEXT = 2000
HEADER_TEXT = 150
CONTEXT_TEXT = 2000
FALLBACK_TEXT = 3000


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _split_lines(text: str, limit: int) -> list[str]:
    """Split mrkdwn at line ends into pieces of at most `limit` characters, keeping code fences whole."""
    pieces, current = [], ""
    for line in text.split("\n"):
        line = _cut(line, limit - 8)
        if current and len(current) + 1 + len(line) > limit - 4:
            fenced = current.count("```") % 2 == 1
            pieces.append(current + ("\n```" if fenced else ""))
            current = ("```\n" if fenced else "") + line
        else:
            current = f"{current}\n{line}" if current else line
    pieces.append(current)
    return pieces


def fit_limits(blocks: list[dict]) -> list[dict]:
    """Split long sections, cut long fields and headers, and keep at most 50 blocks."""
    out: list[dict] = []
    for block in blocks:
        kind = block.get("type")
        if kind == "section" and "text" in block and not block["text"]["text"].strip():
            continue
        if kind == "section" and "text" in block and len(block["text"]["text"]) > SECTION_TEXT:
            head, *rest = _split_lines(block["text"]["text"], SECTION_TEXT)
            out.append(block | {"text": block["text"] | {"text": head}})
            out.extend({"type": "section", "text": {"type": "mrkdwn", "text": piece}} for piece in rest)
            continue
        if kind == "section" and "fields" in block:
            block["fields"] = [f | {"text": _cut(f["text"], FIELD_TEXT)} for f in block["fields"][:10]]
        elif kind == "header":
            block["text"]["text"] = _cut(block["text"]["text"], HEADER_TEXT)
        elif kind == "context":
            block["elements"] = [e | {"text": _cut(e["text"], CONTEXT_TEXT)} for e in block["elements"][:10]]
        out.append(block)
    if len(out) > MAX_BLOCKS:
        out = out[: MAX_BLOCKS - 1] + [{"type": "context", "elements": [{"type": "mrkdwn", "text": text("truncated.txt.j2")}]}]
    return out


def fallback(name: str, **context: Any) -> str:
    """The notification text every message carries beside its blocks."""
    return _cut(text(name, **context), FALLBACK_TEXT)
