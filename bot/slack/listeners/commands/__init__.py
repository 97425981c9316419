"""`/llmcost <question> | help | models | prices [model] | history`: recorded, acknowledged, answered by the
outbox (ephemeral answers through the response_url, questions in the channel)."""

from __future__ import annotations

from slack_bolt import Ack, App

from bot.slack import dedupe, reply
from bot.slack.outbox import Job

SUBCOMMANDS = frozenset({"", "help", "models", "prices", "history"})


def on_command(ack: Ack, command: dict, context) -> None:
    text = reply.question_from(command.get("text"))
    question = text.partition(" ")[0].lower() not in SUBCOMMANDS
    job = Job(kind="answer" if question else "command", surface="slash", text=text,
              channel_id=command.get("channel_id"), user_id=command.get("user_id"), team_id=command.get("team_id"),
              response_url=command.get("response_url"), keys=dedupe.command_keys(command),
              overrides={} if question else {"command": command.get("command") or "/llmcost"})
    context["llmcost"].outbox.accept(job)
    ack()  # the app processes before responding: this 200 goes out once the job is recorded


def register(app: App) -> None:
    app.command("/llmcost")(on_command)
