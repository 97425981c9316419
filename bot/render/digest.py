"""The weekly digest's words: prompts/digest.j2 (Block Kit) and prompts/digest_text.j2 (the fallback text,
and `llmcost digest` in the terminal), from the summary bot.digest sums from the log."""

from __future__ import annotations

import datetime as dt
import json
import re
from functools import cache
from typing import Any

import jinja2

from bot.render.env import make_environment, slack_escape
from bot.render.formats import FILTERS


def _day(iso: str) -> str:
    day = dt.date.fromisoformat(iso)
    return f"{day:%a} {day.day} {day:%b %Y}"


def _channel_mention(channel_id: str) -> str:
    return f"<#{channel_id}>" if re.fullmatch(r"[CG][A-Z0-9]+", channel_id) else slack_escape(channel_id)


def _channel_name(channel_id: str) -> str:
    return f"#{channel_id}"


def _strong(text: str) -> str:
    return f"*{text}*"


def _code(text: Any) -> str:
    return "`" + str(text).replace("`", "'") + "`"


SLACK = {"esc": slack_escape, "channel": _channel_mention, "strong": _strong, "code": _code}
TERMINAL = {"esc": str, "channel": _channel_name, "strong": str, "code": str}


@cache
def _env(slack: bool) -> jinja2.Environment:
    return make_environment(filters=FILTERS | {"day": _day} | (SLACK if slack else TERMINAL))


def render_blocks(summary: dict[str, Any]) -> list[dict]:
    return json.loads(_env(True).get_template("digest.j2").render(**summary))


def render_text(summary: dict[str, Any], *, slack: bool = True) -> str:
    return _env(slack).get_template("digest_text.j2").render(**summary).strip()
