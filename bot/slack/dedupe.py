"""One reply per question, whatever Slack re-sends.

Slack re-delivers an event (same `event_id`, with X-Slack-Retry-Num) when it did not see our 200 in
time, and a message that mentions the bot in a channel can arrive twice: as `app_mention` and, where
`message.*` is subscribed, as `message` (different event ids, same channel and ts). Both are dropped
here, before any listener runs. The log's unique event_id is the second line of defence across
processes (see `reply.answer`).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from typing import Any

from slack_bolt import BoltResponse


class Seen:
    """Keys seen in the last `ttl_s` seconds (bounded); thread-safe."""

    def __init__(self, ttl_s: float = 3600.0, max_keys: int = 50_000):
        self.ttl_s = ttl_s
        self.max_keys = max_keys
        self._keys: OrderedDict[str, float] = OrderedDict()
        self._lock = threading.Lock()

    def first(self, *keys: str) -> bool:
        """Record `keys`; True unless any of them was seen before."""
        now = time.monotonic()
        with self._lock:
            while self._keys and (len(self._keys) > self.max_keys or next(iter(self._keys.values())) < now - self.ttl_s):
                self._keys.popitem(last=False)
            fresh = not any(key in self._keys for key in keys)
            for key in keys:
                self._keys[key] = now
            return fresh


def event_keys(body: dict) -> list[str]:
    if body.get("type") != "event_callback":
        return []
    keys = [f"event:{body['event_id']}"] if body.get("event_id") else []
    event = body.get("event") or {}
    if event.get("type") in ("app_mention", "message") and event.get("channel") and event.get("ts"):
        keys.append(f"message:{event['channel']}:{event['ts']}")
    return keys


def middleware(seen: Seen):
    def drop_repeats(body: dict, request: Any, context: Any, next: Any, logger: Any) -> BoltResponse | None:
        retry = (request.headers.get("x-slack-retry-num") or [None])[0]
        context["retry_num"] = retry
        keys = event_keys(body)
        if keys and not seen.first(*keys):
            logger.info("dropping a repeat of %s (retry %s)", keys[0], retry)
            return BoltResponse(status=200, body="")
        return next()

    return drop_repeats
