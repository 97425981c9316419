"""HTTP mode: the door (bot.slack.door) in front of Bolt's WSGI adapter at /slack/events, plus /healthz and
/readyz; served by cheroot (bot.slack.serving) for `llmcost serve --http` and the tests, or by gunicorn
(`bot.slack.wsgi`)."""

from __future__ import annotations

import io
import json
import logging
import time
from collections.abc import Iterable
from typing import Any

from slack_bolt import App
from slack_bolt.adapter.wsgi import SlackRequestHandler

from bot.slack import door as door_mod
from bot.slack.door import Door, Refused
from bot.slack.serving import Server, ServerSettings

log = logging.getLogger("llmcost.slack.http")
EVENTS_PATH = "/slack/events"
_REASONS = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 411: "Length Required",
            413: "Content Too Large", 503: "Service Unavailable"}
# What a refused request is told: nothing a forger could learn from (the log has the reason).
_TOLD = {401: "invalid request", 403: "not allowed here"}
_ADMITTED_ENVIRON = "HTTP_" + door_mod.ADMITTED_HEADER.upper().replace("-", "_")


def _answer(start_response: Any, status: int, payload: dict | str, extra: list | None = None) -> list[bytes]:
    if isinstance(payload, str):
        body, ctype = payload.encode(), "text/plain; charset=utf-8"
    else:
        body, ctype = json.dumps(payload).encode(), "application/json"
    headers = [("Content-Type", ctype), ("Content-Length", str(len(body))), *(extra or [])]
    start_response(f"{status} {_REASONS[status]}", headers)
    return [body]


def _read_body(environ: dict, length: int) -> bytes:
    """Exactly `length` bytes, or Refused(400) if the client stops early. A client that stalls is the
    server's to drop: cheroot's read timeout raises here and it answers 408 and closes."""
    stream, chunks, left = environ["wsgi.input"], [], length
    while left > 0:
        chunk = stream.read(min(left, 64 * 1024))
        if not chunk:
            raise Refused(400, "the body ended before Content-Length")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def wsgi_app(app: App, door: Door | None = None) -> Any:
    """The WSGI application: nothing reaches Bolt unless the door lets it in."""
    door = door or door_mod.of(app)
    slack = SlackRequestHandler(app, path=EVENTS_PATH)

    def events(environ: dict, start_response: Any) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") != "POST":
            return _answer(start_response, 405, {"ok": False, "error": "POST only"}, [("Allow", "POST")])
        declared = (environ.get("CONTENT_LENGTH") or "").strip()
        if not declared:
            return _answer(start_response, 411, {"ok": False, "error": "Content-Length required"})
        if not declared.isdigit():
            return _answer(start_response, 400, {"ok": False, "error": "malformed Content-Length"})
        if int(declared) > door.max_body_bytes:  # refused before a byte of the body is read
            log.warning("refused a %s-byte body (limit %s)", declared, door.max_body_bytes)
            return _answer(start_response, 413, {"ok": False, "error": f"body over {door.max_body_bytes} bytes"})
        try:
            raw = _read_body(environ, int(declared))
            door.admit(raw, environ.get("CONTENT_TYPE"), environ.get("HTTP_X_SLACK_REQUEST_TIMESTAMP"),
                       environ.get("HTTP_X_SLACK_SIGNATURE"))
        except Refused as refused:
            log.warning("refused a request from %s: %s (%s)", environ.get("REMOTE_ADDR"), refused.status, refused.reason)
            return _answer(start_response, refused.status,
                           {"ok": False, "error": _TOLD.get(refused.status, refused.reason)})
        admitted = {"wsgi.input": io.BytesIO(raw), "CONTENT_LENGTH": str(len(raw)), _ADMITTED_ENVIRON: door.mark}
        return slack(environ | admitted, start_response)

    def application(environ: dict, start_response: Any) -> Iterable[bytes]:
        path = environ.get("PATH_INFO")
        if log.isEnabledFor(logging.DEBUG):  # `llmcost serve -v`: one line a request
            start_response = _logged(start_response, environ)
        if path == EVENTS_PATH:
            return events(environ, start_response)
        if path == "/healthz":
            return _answer(start_response, 200, "ok")
        if path == "/readyz":
            degraded = door.readiness()
            return _answer(start_response, 503 if degraded else 200, {"ready": not degraded, "degraded": degraded})
        return _answer(start_response, 404, {"ok": False, "error": "not found"})

    return application


def _logged(start_response: Any, environ: dict) -> Any:
    started = time.perf_counter()

    def logging_start_response(status: str, headers: list, *exc_info: Any) -> Any:
        log.debug("%s %s %s %s %.1f ms", environ.get("REMOTE_ADDR"), environ.get("REQUEST_METHOD"),
                  environ.get("PATH_INFO"), status.split(" ", 1)[0], (time.perf_counter() - started) * 1000)
        return start_response(status, headers, *exc_info)

    return logging_start_response


def server(app: App, host: str = "127.0.0.1", port: int = 3000, settings: ServerSettings | None = None,
           listen_fd: int | None = None) -> Server:
    """The app behind its door on cheroot, bound (port 0 picks a free one: `server_port`), or accepting from
    the listening socket `listen_fd` it shares with other processes; serve_forever()."""
    door = door_mod.of(app)
    return Server(wsgi_app(app, door), host, port, max_body_bytes=door.max_body_bytes,
                  settings=settings or ServerSettings(), listen_fd=listen_fd)
