"""`/llmcost <question> | help | models | prices [model] | history`."""

from __future__ import annotations

from slack_bolt import Ack, App, Respond

from bot.slack import catalog_views, reply, words


def _ephemeral(respond: Respond, template: str, **context) -> None:
    respond(
        response_type="ephemeral",
        text=words.fallback(template.replace(".json.j2", ".txt.j2"), **context),
        blocks=words.blocks(template, **context),
    )


def on_command(ack: Ack, command: dict, context, client, respond: Respond) -> None:
    ack()
    text = reply.question_from(command.get("text"))
    word, _, rest = text.partition(" ")
    word = word.lower()
    deps = context["llmcost"]
    user = command.get("user_id")
    if word in ("", "help"):
        _ephemeral(respond, "help.json.j2", command=command.get("command") or "/llmcost")
    elif word == "models":
        _ephemeral(respond, "models.json.j2", models=catalog_views.models(deps.ask))
    elif word == "prices":
        _ephemeral(respond, "prices.json.j2", **catalog_views.prices(rest.strip() or None))
    elif word == "history":
        _ephemeral(respond, "history.json.j2", rows=deps.store.recent(user_id=user, limit=10))
    else:
        where = reply.Where(channel=command["channel_id"], thread_ts=None, user_id=user, team_id=command.get("team_id"))
        reply.answer(deps, client, surface="slash", text=text, where=where, respond=respond)


def register(app: App) -> None:
    app.command("/llmcost")(on_command)
