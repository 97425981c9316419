"""Requests into the bot, signed exactly as Slack signs them, and the payloads Slack sends."""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from urllib.parse import urlencode

SECRET = "8f742231b10e8888abcd99yyyzzz85a5"  # test signing secret (not a real one)
TOKEN = "xoxb-0000000000-stand-in-token"
_ids = itertools.count(1)


def signature(secret: str, timestamp: int | str, body: str) -> str:
    """Slack's v0 signature: HMAC-SHA256 over `v0:{timestamp}:{body}`, hex, prefixed with `v0=`."""
    base = f"v0:{timestamp}:{body}".encode()
    return "v0=" + hmac.new(secret.encode(), base, hashlib.sha256).hexdigest()


@dataclass
class Response:
    status: int
    body: str
    seconds: float


def post(url: str, body: str, content_type: str, *, secret: str | None = SECRET, timestamp: int | None = None,
         headers: dict[str, str] | None = None) -> Response:
    ts = int(time.time()) if timestamp is None else timestamp
    sent = {"Content-Type": content_type, **(headers or {})}
    if secret is not None:
        sent |= {"X-Slack-Request-Timestamp": str(ts), "X-Slack-Signature": signature(secret, ts, body)}
    request = urllib.request.Request(url, data=body.encode(), headers=sent, method="POST")
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=10) as resp:
            return Response(resp.status, resp.read().decode(), time.perf_counter() - started)
    except urllib.error.HTTPError as exc:
        with exc:
            return Response(exc.code, exc.read().decode(), time.perf_counter() - started)


def event_body(event: dict, *, event_id: str | None = None) -> str:
    return json.dumps({
        "token": "legacy-verification-token", "team_id": "T0001", "api_app_id": "A0001", "type": "event_callback",
        "event": event, "event_id": event_id or f"Ev{next(_ids):08d}", "event_time": int(time.time()),
        "authorizations": [{"team_id": "T0001", "user_id": "UBOT0001", "is_bot": True}],
    })


def mention(text: str, *, channel: str = "C0001", user: str = "U0001", ts: str | None = None,
            thread_ts: str | None = None) -> dict:
    event = {"type": "app_mention", "user": user, "text": f"<@UBOT0001> {text}", "channel": channel,
             "ts": ts or f"1699999{next(_ids):03d}.000200", "event_ts": ts or "1699999000.000200"}
    if thread_ts:
        event["thread_ts"] = thread_ts
    return event


def dm(text: str, *, channel: str = "D0001", user: str = "U0001", ts: str | None = None, **extra: object) -> dict:
    return {"type": "message", "channel_type": "im", "user": user, "text": text, "channel": channel,
            "ts": ts or f"1699998{next(_ids):03d}.000300", **extra}


def command_body(text: str, response_url: str, *, channel: str = "C0001", user: str = "U0001") -> str:
    return urlencode({
        "token": "legacy", "team_id": "T0001", "team_domain": "standin", "channel_id": channel,
        "channel_name": "general", "user_id": user, "user_name": "asker", "command": "/llmcost", "text": text,
        "api_app_id": "A0001", "response_url": response_url, "trigger_id": f"{next(_ids)}.trigger",
    })


def action_body(action_id: str, value: str, *, response_url: str, channel: str = "C0001", message_ts: str,
                thread_ts: str | None = None, user: str = "U0002", ephemeral: bool = False) -> str:
    message = {"type": "message", "ts": message_ts, "text": "verdict", "user": "UBOT0001", "bot_id": "BBOT0001"}
    if thread_ts:
        message["thread_ts"] = thread_ts
    payload = {
        "type": "block_actions", "team": {"id": "T0001", "domain": "standin"},
        "user": {"id": user, "username": "clicker", "team_id": "T0001"}, "api_app_id": "A0001",
        "token": "legacy", "trigger_id": f"{next(_ids)}.trigger", "response_url": response_url,
        "container": {"type": "message", "message_ts": message_ts, "channel_id": channel, "is_ephemeral": ephemeral,
                      **({"thread_ts": thread_ts} if thread_ts else {})},
        "channel": {"id": channel, "name": "general"}, "message": message,
        "actions": [{"type": "button", "action_id": action_id, "block_id": "llmcost_recompute", "value": value,
                     "action_ts": f"{time.time():.6f}", "text": {"type": "plain_text", "text": "x"}}],
    }
    return urlencode({"payload": json.dumps(payload)})
