"""The one @app.error handler: tell the asker something went wrong, in the thread; log the trace.

It acts only on a request the door (bot.slack.door) verifies and admits: an error raised while checking a
forged request must never make the bot post where the forged body says, or call its response_url.
"""

from __future__ import annotations

import logging
from typing import Any

from slack_sdk.errors import SlackClientError

from bot.render import words
from bot.slack.door import Door

log = logging.getLogger("llmcost.slack")


def where_from(body: dict) -> tuple[str | None, str | None]:
    """(channel, thread) the failed request came from."""
    if event := body.get("event"):
        return event.get("channel"), event.get("thread_ts") or event.get("ts")
    if body.get("type") == "block_actions":
        message, container = body.get("message") or {}, body.get("container") or {}
        channel = (body.get("channel") or {}).get("id") or container.get("channel_id")
        return channel, message.get("thread_ts") or message.get("ts") or container.get("message_ts")
    return None, None


def handler(door: Door) -> Any:
    def on_error(error: Exception, body: dict, request: Any, client: Any, respond: Any) -> None:
        if not door.trusts(request):
            log.warning("an unverified or refused request failed (%s); not answering it", type(error).__name__)
            return
        log.error("could not answer a Slack request (%s)", body.get("type") or body.get("command"), exc_info=error)
        text = words.text("error.txt.j2")
        channel, thread = where_from(body)
        try:
            if channel:
                client.chat_postMessage(channel=channel, thread_ts=thread, text=text)
            elif body.get("response_url"):
                respond(response_type="ephemeral", text=text)
        except (SlackClientError, OSError) as exc:  # Slack itself is failing; the trace above is what is left
            log.warning("could not tell the asker either: %s", exc)

    return on_error
