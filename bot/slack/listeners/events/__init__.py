"""`app_mention` in channels and `message` in DMs: answered in the thread, through the outbox.

"help", "models", "prices [model]" and "history" run the subcommand, as after /llmcost; an empty mention gets
the help. Anything else is a question, and in a thread that has an answer it is a follow-up of that answer
(bot/slack/reply.py applies what it says to the thread's last scenario).

The question is recorded by a listener middleware, which then answers Slack's request itself: the 200
goes out only once the question is in the log, and never waits for Bolt's listener threads.
"""

from __future__ import annotations

from slack_bolt import App, BoltResponse

from bot.slack import dedupe, reply
from bot.slack.listeners.commands import SUBCOMMANDS
from bot.slack.outbox import Job


def _from_a_bot(event: dict) -> bool:
    return bool(event.get("bot_id")) or event.get("subtype") == "bot_message"


def _accept(body: dict, event: dict, context, *, surface: str, thread_ts: str | None, text: str) -> BoltResponse:
    question = text.partition(" ")[0].lower() not in SUBCOMMANDS
    job = Job(kind="answer" if question else "command", surface=surface, text=text, channel_id=event["channel"],
              thread_ts=thread_ts, user_id=event.get("user"), team_id=body.get("team_id"),
              event_id=body.get("event_id") if question else None, keys=dedupe.event_keys(body),
              overrides={} if question else {"command": "@llmcost" if surface == "mention" else ""})
    context["llmcost"].outbox.accept(job, retry=context.get("retry_num"))
    return BoltResponse(status=200, body="")  # the ack, once the question is recorded


def on_mention(body: dict, event: dict, context, next) -> BoltResponse | None:
    if _from_a_bot(event):
        return next()
    return _accept(body, event, context, surface="mention", thread_ts=event.get("thread_ts") or event["ts"],
                   text=reply.question_from(event.get("text")))


def on_message(body: dict, event: dict, context, next) -> BoltResponse | None:
    # Only plain messages a person wrote in a DM; a channel message that mentions the bot is app_mention's.
    if event.get("channel_type") != "im" or event.get("subtype") or _from_a_bot(event):
        return next()
    text = reply.question_from(event.get("text"))
    if not text:
        return next()
    return _accept(body, event, context, surface="dm", thread_ts=event.get("thread_ts"), text=text)


def ignored() -> None:
    """What the middlewares above pass on (bots, edits, channel messages): acknowledged, not answered."""


def register(app: App) -> None:
    app.event("app_mention", middleware=[on_mention])(ignored)
    app.event("message", middleware=[on_message])(ignored)
