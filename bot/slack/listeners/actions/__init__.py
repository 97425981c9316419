"""The buttons under a verdict: recompute it with one more override, in the same thread (through the outbox;
recorded by a listener middleware that then acknowledges the click itself)."""

from __future__ import annotations

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
    job = Job(
        kind="answer", surface="button", text=question, overrides=overrides,
        channel_id=(body.get("channel") or {}).get("id") or container.get("channel_id"),
        thread_ts=message.get("thread_ts") or container.get("thread_ts") or message.get("ts")
        or container.get("message_ts"),
        user_id=(body.get("user") or {}).get("id"), team_id=(body.get("team") or {}).get("id"),
        keys=dedupe.action_keys(body),
    )
    context["llmcost"].outbox.accept(job)
    return BoltResponse(status=200, body="")


def never_called() -> None:
    """Bolt wants a listener; the middleware above answers every click."""


def register(app: App) -> None:
    app.action(ACTION, middleware=[on_button])(never_called)
