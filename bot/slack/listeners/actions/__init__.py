"""The buttons under a verdict: recompute it with one more override, in place (through the outbox; recorded by
a listener middleware that then acknowledges the click itself).

The recompute replaces the verdict it was clicked on (chat.update; an ephemeral verdict through the click's
response_url) and is logged as a recompute of that question, not as a new one. The same button clicked twice
on the same message is one recompute: its claim key is the message, the button and what it carries.
"""

from __future__ import annotations

import hashlib
import re

from slack_bolt import App, BoltResponse

from bot.slack import dedupe, views
from bot.slack.outbox import Job

ACTION = re.compile(r"^llmcost_(private|business_hours|per_user)$")


def on_button(body: dict, action: dict, context, next) -> BoltResponse:
    question, overrides = views.read_button_value(action.get("value", ""))
    kind = ACTION.match(action["action_id"]).group(1)
    overrides |= views.BUTTONS[kind]
    message = body.get("message") or {}
    container = body.get("container") or {}
    channel = (body.get("channel") or {}).get("id") or container.get("channel_id")
    message_ts = message.get("ts") or container.get("message_ts")
    ephemeral = bool(container.get("is_ephemeral"))
    keys = dedupe.action_keys(body)
    if message_ts:
        carried = hashlib.sha256((action.get("value") or "").encode()).hexdigest()[:16]
        keys += (f"recompute:{channel}:{message_ts}:{action['action_id']}:{carried}",)
    job = Job(
        kind="answer", surface="button", text=question, overrides=overrides, channel_id=channel,
        thread_ts=message.get("thread_ts") or container.get("thread_ts") or message_ts,
        user_id=(body.get("user") or {}).get("id"), team_id=(body.get("team") or {}).get("id"),
        response_url=body.get("response_url"), update_ts=message_ts,
        in_place=("respond" if ephemeral else "chat") if message_ts or ephemeral else None, keys=keys,
    )
    context["llmcost"].outbox.accept(job)
    return BoltResponse(status=200, body="")


def never_called() -> None:
    """Bolt wants a listener; the middleware above answers every click."""


def register(app: App) -> None:
    app.action(ACTION, middleware=[on_button])(never_called)
