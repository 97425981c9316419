"""`app_mention` in channels and `message` in DMs: answered in the thread."""

from __future__ import annotations

from slack_bolt import App

from bot.slack import reply


def _from_a_bot(event: dict) -> bool:
    return bool(event.get("bot_id")) or event.get("subtype") == "bot_message"


def on_mention(body: dict, event: dict, context, client) -> None:
    if _from_a_bot(event):
        return
    where = reply.Where(
        channel=event["channel"],
        thread_ts=event.get("thread_ts") or event["ts"],
        user_id=event.get("user"),
        team_id=body.get("team_id"),
    )
    reply.answer(
        context["llmcost"], client, surface="mention", text=reply.question_from(event.get("text")), where=where,
        event_id=body.get("event_id"), retried=bool(context.get("retry_num")),
    )


def on_message(body: dict, event: dict, context, client) -> None:
    # Only plain messages a person wrote in a DM; a channel message that mentions the bot is app_mention's.
    if event.get("channel_type") != "im" or event.get("subtype") or _from_a_bot(event):
        return
    text = reply.question_from(event.get("text"))
    if not text:
        return
    where = reply.Where(
        channel=event["channel"], thread_ts=event.get("thread_ts"), user_id=event.get("user"),
        team_id=body.get("team_id"),
    )
    reply.answer(
        context["llmcost"], client, surface="dm", text=text, where=where,
        event_id=body.get("event_id"), retried=bool(context.get("retry_num")),
    )


def register(app: App) -> None:
    app.event("app_mention")(on_mention)
    app.event("message")(on_message)
