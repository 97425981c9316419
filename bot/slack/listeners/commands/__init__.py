"""`/llmcost <question> | help | models | prices [model] | history`: recorded, acknowledged, answered by the
outbox (ephemeral answers through the response_url, questions in the channel).

The job is recorded by a listener middleware, which then answers Slack's request itself (an empty 200):
the ack waits for the log (a second at most), never for Bolt's listener threads or for Slack.
"""

from __future__ import annotations

from slack_bolt import App, BoltResponse

from bot.slack import dedupe, reply
from bot.slack.outbox import Job

# Each subcommand, and its Spanish name.
SUBCOMMANDS = {"": "help", "help": "help", "models": "models", "prices": "prices", "history": "history",
               "ayuda": "help", "modelos": "models", "precios": "prices", "historial": "history"}


def on_command(command: dict, context, next) -> BoltResponse:
    text = reply.question_from(command.get("text"))
    question = text.partition(" ")[0].lower() not in SUBCOMMANDS
    job = Job(kind="answer" if question else "command", surface="slash", text=text,
              channel_id=command.get("channel_id"), user_id=command.get("user_id"), team_id=command.get("team_id"),
              response_url=command.get("response_url"), keys=dedupe.command_keys(command),
              overrides={} if question else {"command": command.get("command") or "/llmcost"})
    context["llmcost"].outbox.accept(job)
    return BoltResponse(status=200, body="")


def never_called() -> None:
    """Bolt wants a listener; the middleware above answers every /llmcost request."""


def register(app: App) -> None:
    app.command("/llmcost", middleware=[on_command])(never_called)
