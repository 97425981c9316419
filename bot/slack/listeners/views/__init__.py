"""The "New estimate" form: its typeahead menus and its submission, answered in a direct message."""

from __future__ import annotations

from slack_bolt import Ack, App

from bot.slack import reply
from bot.slack.listeners.views import form


def on_model_options(ack: Ack, payload: dict, context) -> None:
    ack(options=form.model_options(payload.get("value", ""), context["llmcost"].context.catalogs))


def on_tz_options(ack: Ack, payload: dict) -> None:
    ack(options=form.tz_options(payload.get("value", "")))


def on_submit(ack: Ack, body: dict, view: dict, context, client) -> None:
    catalogs = context["llmcost"].context.catalogs
    question, overrides, errors = form.read((view.get("state") or {}).get("values") or {}, catalogs)
    if errors:
        ack(response_action="errors", errors=errors)
        return
    ack()
    user = body["user"]["id"]
    # The DM's channel id, not the user id: the chart's upload needs a real conversation to share into.
    dm = client.conversations_open(users=user)["channel"]["id"]
    where = reply.Where(channel=dm, thread_ts=None, user_id=user, team_id=(body.get("team") or {}).get("id"))
    reply.answer(context["llmcost"], client, surface="form", text=question, where=where, overrides=overrides)


def register(app: App) -> None:
    app.options(form.MODEL_ACTION)(on_model_options)
    app.options(form.TZ_ACTION)(on_tz_options)
    app.view(form.CALLBACK_ID)(on_submit)
