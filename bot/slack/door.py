"""The door: what every request must show before Bolt parses it or the bot acts on it.

A request is *verified* when its `X-Slack-Request-Timestamp` is an integer within five minutes of now and its
`X-Slack-Signature` is Slack's v0 HMAC of exactly the bytes received. It is *admitted* when its team and app
are on the optional allow-lists. It is *well formed* when it parses the way Bolt will parse it, into one of
the shapes Slack sends. Anything else is refused with 401, 403 or 400 before any work, post or log row.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from slack_bolt.request.internals import parse_body
from slack_sdk.signature import Clock

from bot.errors import UserError
from bot.slack.allow import AllowList, team_ids

MAX_AGE_S = 5 * 60  # Slack's own rule: older (or further in the future) is a replay
DEFAULT_MAX_BODY_BYTES = 1024 * 1024  # Slack's payloads are a few kB; a 20 kB question is large
ADMITTED_HEADER = "x-llmcost-admitted"
_TIMESTAMP = re.compile(r"[0-9]{1,12}")
_SIGNATURE = re.compile(r"v0=[0-9a-f]{64}")

# Slack's shapes and the fields the listeners rely on; a signed body without them is malformed (400).
_EVENT_FIELDS = ("event_id", "team_id", "api_app_id")
_COMMAND_FIELDS = ("command", "team_id", "user_id", "channel_id", "api_app_id", "response_url")


class Refused(Exception):
    """Why a request is not let in; `status` is the HTTP answer (400, 401, 403)."""

    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass
class Door:
    """What the HTTP front needs to know, built once with the app (see `bot.slack.app.create_app`).

    `ready_checks` are (name, check) pairs for `/readyz`: a check returns None when healthy, or a few
    words saying what is degraded (raising counts as degraded). Register more at app build time."""

    signing_secret: str | None  # None in Socket Mode: the socket itself is authenticated
    allow: AllowList = field(default_factory=AllowList)
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    ready_checks: list[tuple[str, Callable[[], str | None]]] = field(default_factory=list)
    clock: Clock = field(default_factory=Clock)
    # Put in the X-Llmcost-Admitted header of what the HTTP front lets in (overwriting what a client sent),
    # so the error handler can tell, minutes later, a request that came through the door.
    mark: str = field(default_factory=lambda: secrets.token_hex(16), repr=False)

    @classmethod
    def from_env(cls, env: Mapping[str, str], *, signing_secret: str | None) -> Door:
        raw = env.get("LLMCOST_MAX_BODY_BYTES", "").strip() or str(DEFAULT_MAX_BODY_BYTES)
        if not raw.isdigit() or int(raw) <= 0:
            raise UserError(f"LLMCOST_MAX_BODY_BYTES must be a number of bytes, not {raw!r}")
        max_body = int(raw)
        return cls(signing_secret=signing_secret, allow=AllowList.from_env(env), max_body_bytes=max_body)

    def ready_check(self, name: str, check: Callable[[], str | None]) -> None:
        self.ready_checks.append((name, check))

    def verify(self, raw: bytes, timestamp: str | None, signature: str | None) -> None:
        """Raise Refused(401) unless the request is signed by Slack within five minutes. The timestamp is
        checked to be an integer first: slack_sdk's `int(timestamp)` raises on `abc`, which Bolt turned
        into a 500 and a call to the error handler with the unverified body."""
        if not self.signing_secret:
            raise Refused(401, "no signing secret to check requests with")
        timestamp, signature = (timestamp or "").strip(), (signature or "").strip()
        if not _TIMESTAMP.fullmatch(timestamp):
            raise Refused(401, "missing or malformed timestamp")
        if abs(self.clock.now() - int(timestamp)) > MAX_AGE_S:
            raise Refused(401, "stale timestamp")
        if not _SIGNATURE.fullmatch(signature):
            raise Refused(401, "missing or malformed signature")
        if not hmac.compare_digest(signature, slack_signature(self.signing_secret, timestamp, raw)):
            raise Refused(401, "wrong signature")

    def admit(self, raw: bytes, content_type: str | None, timestamp: str | None, signature: str | None) -> dict:
        """The parsed body of a request that is verified, well formed and allowed; Refused otherwise."""
        self.verify(raw, timestamp, signature)
        body = parse(raw, content_type)
        if why := self.allow.refusal(body):
            raise Refused(403, why)
        return body

    def trusts(self, request: Any) -> bool:
        """For the error handler: was this Bolt request verified and admitted? (defence in depth)"""
        if getattr(request, "mode", None) == "socket_mode":
            body = getattr(request, "body", None) or {}
            return self.allow.refusal(body) is None
        headers = getattr(request, "headers", None) or {}
        first = lambda name: (headers.get(name) or [None])[0]  # noqa: E731
        if hmac.compare_digest((first(ADMITTED_HEADER) or "").encode(), self.mark.encode()):
            return True
        raw = getattr(request, "raw_body", "") or ""
        try:
            self.admit(raw.encode() if isinstance(raw, str) else raw, first("content-type"),
                       first("x-slack-request-timestamp"), first("x-slack-signature"))
        except Refused:
            return False
        return True

    def readiness(self) -> dict[str, str]:
        """What is degraded, by check name (empty: ready)."""
        degraded = {}
        for name, check in self.ready_checks:
            try:
                problem = check()
            except Exception as exc:  # a readiness probe reports, it never raises
                problem = f"{type(exc).__name__}: {exc}"
            if problem:
                degraded[name] = problem
        return degraded


def slack_signature(secret: str, timestamp: str, raw: bytes) -> str:
    """Slack's v0 signature over the bytes as received (slack_sdk's SignatureVerifier decodes them as UTF-8
    first, and raises on anything else)."""
    base = b"v0:" + timestamp.encode() + b":" + raw
    return "v0=" + hmac.new(secret.encode(), base, hashlib.sha256).hexdigest()


def parse(raw: bytes, content_type: str | None) -> dict:
    """The body as Bolt will see it (Bolt's own parser), checked against the shapes Slack sends."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(400, "the body is not UTF-8") from None
    try:
        body = parse_body(text, content_type)
    except ValueError:  # json.JSONDecodeError is one
        raise Refused(400, "the body is neither a form nor JSON Slack sends") from None
    if not isinstance(body, dict):
        raise Refused(400, "the body is not an object")
    missing = _missing(body)
    if missing:
        raise Refused(400, f"missing {', '.join(missing)}")
    return body


def _missing(body: dict) -> list[str]:
    kind = body.get("type")
    if kind == "url_verification":
        return [] if isinstance(body.get("challenge"), str) else ["challenge"]
    if body.get("ssl_check"):
        return []
    if kind == "event_callback":
        event = body.get("event")
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            return ["event"]
        return [f for f in _EVENT_FIELDS if not isinstance(body.get(f), str)]
    if "command" in body:
        return [f for f in _COMMAND_FIELDS if not isinstance(body.get(f), str)]
    if isinstance(kind, str) and kind:  # interactive payloads: block_actions, shortcut, view_submission…
        missing = [] if isinstance(body.get("api_app_id"), str) else ["api_app_id"]
        return missing + ([] if team_ids(body) or isinstance(body.get("enterprise"), dict) else ["team"])
    return ["type"]


def attach(app: Any, door: Door) -> None:
    """Keep the door with the Bolt app it guards, for the HTTP front and the error handler."""
    app._llmcost_door = door


def of(app: Any) -> Door:
    return app._llmcost_door

