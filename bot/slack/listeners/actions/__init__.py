"""The buttons under a verdict: recompute it with one more override, in the same thread."""

from __future__ import annotations

import re

from slack_bolt import Ack, App

from bot.slack import reply, views

ACTION = re.compile(r"^llmcost_(private|business_hours|per_user)$")


def on_button(ack: Ack, body: dict, action: dict, context, client) -> None:
    ack()
    question, overrides = views.read_button_value(action.get("value", ""))
    kind = ACTION.match(action["action_id"]).group(1)
    overrides |= views.BUTTONS[kind]
    message = body.get("message") or {}
    container = body.get("container") or {}
    channel = (body.get("channel") or {}).get("id") or container.get("channel_id")
    where = reply.Where(
        channel=channel,
        thread_ts=message.get("thread_ts") or container.get("thread_ts") or message.get("ts") or container.get("message_ts"),
        user_id=(body.get("user") or {}).get("id"),
        team_id=(body.get("team") or {}).get("id"),
    )
    reply.answer(context["llmcost"], client, surface="button", text=question, where=where, overrides=overrides)


def register(app: App) -> None:
    app.action(ACTION)(on_button)
