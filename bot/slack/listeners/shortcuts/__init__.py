"""Shortcuts: the global one opens the "New estimate" form; "Cost this" on a message answers it in its thread."""

from __future__ import annotations

from slack_bolt import Ack, App, Respond

from bot.render import words
from bot.slack import reply
from bot.slack.listeners.views import form

NEW_ESTIMATE = "llmcost_new_estimate"  # manifest.yml: features.shortcuts, type global
COST_THIS = "llmcost_cost_this"  # manifest.yml: features.shortcuts, type message


def on_new_estimate(ack: Ack, shortcut: dict, client) -> None:
    ack()
    form.open_form(client, shortcut["trigger_id"])


def on_cost_this(ack: Ack, shortcut: dict, context, client, respond: Respond) -> None:
    ack()
    message = shortcut.get("message") or {}
    text = reply.question_from(message.get("text"))
    if not text:
        respond(response_type="ephemeral", text=words.text("shortcut_empty.txt.j2"))
        return
    where = reply.Where(
        channel=shortcut["channel"]["id"],
        thread_ts=message.get("thread_ts") or message.get("ts"),
        user_id=(shortcut.get("user") or {}).get("id"),
        team_id=(shortcut.get("team") or {}).get("id"),
    )
    reply.answer(context["llmcost"], client, surface="shortcut", text=text, where=where, respond=respond)


def register(app: App) -> None:
    app.shortcut(NEW_ESTIMATE)(on_new_estimate)
    app.shortcut(COST_THIS)(on_cost_this)
