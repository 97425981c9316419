"""HTTP mode: the door (bot.slack.door) in front of Bolt's WSGI adapter at /slack/events, plus /healthz and
/readyz, served by cheroot for `llmcost serve --http` and the tests (gunicorn can run `bot.slack.wsgi`)."""

from __future__ import annotations

import contextlib
import io
import json
import logging
import signal
import socket
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cheroot import wsgi as cheroot_wsgi
from cheroot.server import HTTPConnection
from slack_bolt import App
from slack_bolt.adapter.wsgi import SlackRequestHandler

from bot.slack import door as door_mod
from bot.slack.door import Door, Refused

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
        if path == EVENTS_PATH:
            return events(environ, start_response)
        if path == "/healthz":
            return _answer(start_response, 200, "ok")
        if path == "/readyz":
            degraded = door.readiness()
            return _answer(start_response, 503 if degraded else 200, {"ready": not degraded, "degraded": degraded})
        return _answer(start_response, 404, {"ok": False, "error": "not found"})

    return application


@dataclass(frozen=True)
class ServerSettings:
    """cheroot's knobs, named for what they protect against."""

    threads: int = 16  # requests handled at once; Bolt acks in milliseconds
    backlog: int = 256  # connections the kernel queues before refusing (the stdlib server had 5)
    read_timeout_s: float = 10.0  # a client silent this long mid-request (or idle between) is dropped
    drain_s: float = 10.0  # on stop, how long in-flight requests (and answers under way) may take
    # A client trickling a byte now and then never trips the read timeout; past this, reading is cut off
    # (headers or body) and the thread goes back to work. Slack sends a request in milliseconds.
    request_deadline_s: float = 30.0


class DeadlineConnection(HTTPConnection):
    """cheroot's connection, with a deadline on each request: when it passes, the socket's reading side is
    shut down, so a blocked read returns at once and the request ends (408/400) instead of holding a
    worker thread for as long as the client likes. Writing the answer is unaffected."""

    deadline_s = 30.0

    def communicate(self) -> bool:
        timer = threading.Timer(self.deadline_s, self._stop_reading)
        timer.daemon = True
        timer.start()
        try:
            return super().communicate()
        finally:
            timer.cancel()

    def _stop_reading(self) -> None:
        with contextlib.suppress(OSError):
            self.socket.shutdown(socket.SHUT_RD)


class Server:
    """cheroot's WSGI server, bound on construction (port 0 picks a free one: `server_port`), with the
    socketserver-like calls the tests use: serve_forever(), shutdown(), server_close()."""

    def __init__(self, application: Any, host: str, port: int, *, max_body_bytes: int,
                 settings: ServerSettings = ServerSettings()):
        self.settings = settings
        self.cheroot = cheroot_wsgi.Server(
            (host, port), application, numthreads=settings.threads, request_queue_size=settings.backlog,
            timeout=settings.read_timeout_s, shutdown_timeout=settings.drain_s, server_name="llmcost")
        self.cheroot.max_request_body_size = max_body_bytes  # 413 from the headers, before the body is read
        self.cheroot.ConnectionClass = type("Connection", (DeadlineConnection,), {"deadline_s": settings.request_deadline_s})
        self.cheroot.error_log = self._error_log
        self.cheroot.prepare()
        self._stopping = threading.Lock()
        self._stopped = False

    @property
    def server_port(self) -> int:
        return self.cheroot.bind_addr[1]

    def serve_forever(self, poll_interval: float | None = None) -> None:
        if poll_interval:
            self.cheroot.expiration_interval = poll_interval
        self.cheroot.serve()

    def shutdown(self) -> None:
        """Stop accepting, let in-flight requests finish (up to `drain_s`), then close. A second caller
        returns when the first one's drain is over."""
        with self._stopping:
            if not self._stopped:
                self.cheroot.stop()
                self._stopped = True

    def server_close(self) -> None:
        self.shutdown()

    @staticmethod
    def _error_log(msg: str = "", level: int = logging.INFO, traceback: bool = False) -> None:
        log.log(level, "%s", msg, exc_info=traceback)


def server(app: App, host: str = "127.0.0.1", port: int = 3000, settings: ServerSettings = ServerSettings()) -> Server:
    door = door_mod.of(app)
    return Server(wsgi_app(app, door), host, port, max_body_bytes=door.max_body_bytes, settings=settings)


def serve_until_stopped(app: App, httpd: Server) -> int:
    """Serve until SIGTERM or SIGINT; then stop accepting, drain in-flight requests and the answers Bolt is
    still working on, within `drain_s` in all, and return 0."""
    def stop(signum: int, frame: Any) -> None:
        log.info("%s: no new requests; draining for up to %.0f s", signal.Signals(signum).name, httpd.settings.drain_s)
        threading.Thread(target=httpd.shutdown, name="llmcost-stop").start()

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        httpd.serve_forever()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    started = time.monotonic()
    httpd.shutdown()  # returns once the in-flight requests are done (or drain_s passed)
    _drain(app, httpd.settings.drain_s - (time.monotonic() - started))
    return 0


def _drain(app: App, seconds: float) -> None:
    """Let the answers Bolt runs after its acks finish, within `seconds`."""
    executor = getattr(getattr(app, "listener_runner", None), "listener_executor", None)
    if executor is None:
        return
    waiter = threading.Thread(target=executor.shutdown, kwargs={"wait": True}, name="llmcost-drain", daemon=True)
    waiter.start()
    waiter.join(max(seconds, 0.1))
    if waiter.is_alive():
        log.warning("stopped with answers still under way after the %.0f s drain", seconds)
