"""Finding our own messages by their Slack message metadata, to post each one once.

A post whose answer we never saw (a timeout, a 5xx, a crash between Slack accepting it and us recording it)
may or may not be in Slack. Every message the bot posts carries metadata naming what it is; before posting
again, the thread (conversations.replies) or the channel since the first try (conversations.history) is
searched for it. Needs the history scopes (channels:history, groups:history, im:history, mpim:history).
"""

from __future__ import annotations

from typing import Any

PAGES = 5  # 1,000 messages at most: a thread, or a channel's last minutes


def find_message(client: Any, channel: str, event_type: str, payload: dict[str, Any], *,
                 thread_ts: str | None = None, oldest: float | None = None) -> str | None:
    """The ts of a message in `channel` (in `thread_ts`'s thread, or top-level since `oldest`) whose metadata
    has `event_type` and every item of `payload`; None if there is none. Slack's errors are raised."""
    cursor = None
    for _ in range(PAGES):
        if thread_ts:
            page = client.conversations_replies(channel=channel, ts=thread_ts, include_all_metadata=True,
                                                limit=200, cursor=cursor)
        else:
            page = client.conversations_history(channel=channel, oldest=f"{oldest or 0:.6f}",
                                                include_all_metadata=True, limit=200, cursor=cursor)
        for message in page.get("messages") or []:
            metadata = message.get("metadata") or {}
            found = metadata.get("event_payload") or {}
            if metadata.get("event_type") == event_type and all(found.get(k) == v for k, v in payload.items()):
                return message.get("ts")
        cursor = (page.get("response_metadata") or {}).get("next_cursor")
        if not cursor:
            return None
    return None
