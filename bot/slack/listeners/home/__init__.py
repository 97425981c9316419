"""The App Home tab: how to ask, the user's recent questions with their verdicts, a "New estimate" button."""

from __future__ import annotations

from slack_bolt import Ack, App

from bot.render import words
from bot.slack.listeners.views import form

NEW_ESTIMATE = "llmcost_open_form"
RECENT = 10


def on_home_opened(event: dict, context, client) -> None:
    if event.get("tab") != "home" or not event.get("user"):
        return
    rows = context["llmcost"].store.recent(user_id=event["user"], limit=RECENT, questions_only=True)
    client.views_publish(user_id=event["user"], view=words.view("home.json.j2", rows=rows, new_action=NEW_ESTIMATE))


def on_new_estimate(ack: Ack, body: dict, client) -> None:
    ack()
    form.open_form(client, body["trigger_id"])


def register(app: App) -> None:
    app.event("app_home_opened")(on_home_opened)
    app.action(NEW_ESTIMATE)(on_new_estimate)
