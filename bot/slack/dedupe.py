"""One reply per delivery, whatever Slack re-sends or someone replays.

Slack re-delivers an event (same `event_id`, with X-Slack-Retry-Num) when it did not see our 200 in time;
a message that mentions the bot can arrive as `app_mention` and as `message` (different event ids, same
channel and ts); a captured signed request can be replayed within the 5 minutes its signature is valid.
Each delivery has claim keys (below); the outbox claims them in the log before any work, so a repeat is
acknowledged and ignored across processes and restarts. `Seen` is the cheap first filter in memory.
"""

from __future__ import annotations

import hashlib
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
            self._expire(now)
            fresh = not any(key in self._keys for key in keys)
            for key in keys:
                self._keys[key] = now
            return fresh

    def taken(self, *keys: str) -> bool:
        """Was any of `keys` recorded (and not expired)? Records nothing."""
        with self._lock:
            self._expire(time.monotonic())
            return any(key in self._keys for key in keys)

    def _expire(self, now: float) -> None:
        while self._keys and (len(self._keys) > self.max_keys or next(iter(self._keys.values())) < now - self.ttl_s):
            self._keys.popitem(last=False)


def event_keys(body: dict) -> tuple[str, ...]:
    """An event's id, and for a message its channel and ts (the same message as app_mention and message)."""
    if body.get("type") != "event_callback":
        return ()
    keys = [f"event:{body['event_id']}"] if body.get("event_id") else []
    event = body.get("event") or {}
    if event.get("type") in ("app_mention", "message") and event.get("channel") and event.get("ts"):
        keys.append(f"message:{event['channel']}:{event['ts']}")
    return tuple(keys)


def command_keys(command: dict) -> tuple[str, ...]:
    """A slash command: its trigger id (one per invocation), else a digest of what was signed."""
    if trigger := command.get("trigger_id"):
        return (f"command:{trigger}",)
    return ("command:" + _digest(command, "team_id", "channel_id", "user_id", "command", "text", "response_url"),)


def action_keys(body: dict) -> tuple[str, ...]:
    """A button click: its trigger id, else a digest of who clicked what when."""
    if trigger := body.get("trigger_id"):
        return (f"action:{trigger}",)
    action = (body.get("actions") or [{}])[0]
    return ("action:" + _digest({"user": (body.get("user") or {}).get("id"), **action},
                                "user", "action_id", "action_ts", "value"),)


def _digest(fields: dict, *names: str) -> str:
    return hashlib.sha256("\x1f".join(str(fields.get(n, "")) for n in names).encode()).hexdigest()[:32]


def middleware(seen: Seen):
    """Drops a repeat of an event this process already took in, before any listener; notes Slack's retry
    number. It only reads `seen`: a delivery counts as taken in once the outbox accepted it (a channel
    message ignored as `message` must not hide the same message's `app_mention`)."""

    def drop_repeats(body: dict, request: Any, context: Any, next: Any, logger: Any) -> BoltResponse | None:
        retry = (request.headers.get("x-slack-retry-num") or [None])[0]
        context["retry_num"] = retry
        keys = event_keys(body)
        if keys and seen.taken(*keys):
            logger.info("dropping a repeat of %s (retry %s)", keys[0], retry)
            return BoltResponse(status=200, body="")
        return next()

    return drop_repeats
