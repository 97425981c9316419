"""The buttons under a verdict, through the outbox (recorded by a listener middleware that then acknowledges
the click itself).

A recompute button replaces the verdict it was clicked on (chat.update; an ephemeral verdict through the
click's response_url) and is logged as a recompute of that question, not as a new one. "Share in channel"
posts a private (slash) answer to the channel, logged as a share of it. The same button clicked twice on the
same message is done once: its claim key is the message, the button and what it carries.
"""

from __future__ import annotations

import hashlib
import re

from slack_bolt import App, BoltResponse

from bot.render import views
from bot.slack import dedupe
from bot.slack.outbox import Job

ACTION = re.compile(r"^llmcost_(private|business_hours|per_user)$")
SHARE = "llmcost_share"


def _keys(body: dict, action: dict, channel: str | None, message_ts: str | None) -> tuple[str, ...]:
    keys = dedupe.action_keys(body)
    if message_ts:
        carried = hashlib.sha256((action.get("value") or "").encode()).hexdigest()[:16]
        keys += (f"click:{channel}:{message_ts}:{action['action_id']}:{carried}",)
    return keys


def _where(body: dict) -> tuple[str | None, str | None, bool]:
    """(channel, the clicked message's ts, whether that message is ephemeral)."""
    message = body.get("message") or {}
    container = body.get("container") or {}
    channel = (body.get("channel") or {}).get("id") or container.get("channel_id")
    return channel, message.get("ts") or container.get("message_ts"), bool(container.get("is_ephemeral"))


def on_button(body: dict, action: dict, context, next) -> BoltResponse:
    question, overrides = views.read_button_value(action.get("value", ""))
    kind = ACTION.match(action["action_id"]).group(1)
    overrides |= views.BUTTONS[kind]
    message, container = body.get("message") or {}, body.get("container") or {}
    channel, message_ts, ephemeral = _where(body)
    job = Job(
        kind="answer", surface="button", text=question, overrides=overrides, channel_id=channel,
        thread_ts=message.get("thread_ts") or container.get("thread_ts") or message_ts,
        user_id=(body.get("user") or {}).get("id"), team_id=(body.get("team") or {}).get("id"),
        response_url=body.get("response_url"), update_ts=message_ts,
        in_place=("respond" if ephemeral else "chat") if message_ts or ephemeral else None,
        recompute_of=views.button_origin(action.get("value", "")) if ephemeral else None,
        keys=_keys(body, action, channel, message_ts),
    )
    context["llmcost"].outbox.accept(job)
    return BoltResponse(status=200, body="")


def on_share(body: dict, action: dict, context, next) -> BoltResponse:
    question, overrides = views.read_button_value(action.get("value", ""))
    channel, message_ts, _ = _where(body)
    job = Job(
        kind="answer", surface="share", text=question, overrides=overrides, channel_id=channel,
        user_id=(body.get("user") or {}).get("id"), team_id=(body.get("team") or {}).get("id"),
        response_url=body.get("response_url"), recompute_of=views.button_origin(action.get("value", "")),
        keys=_keys(body, action, channel, message_ts),
    )
    context["llmcost"].outbox.accept(job)
    return BoltResponse(status=200, body="")


def never_called() -> None:
    """Bolt wants a listener; the middlewares above answer every click."""


def register(app: App) -> None:
    app.action(ACTION, middleware=[on_button])(never_called)
    app.action(SHARE, middleware=[on_share])(never_called)
