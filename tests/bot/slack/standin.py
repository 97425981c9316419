"""A stand-in for Slack's Web API on 127.0.0.1: answers like Slack, records every call, fails on cue.

Like bolt-python's tests/mock_web_api_server, but scriptable per method: `fail("chat.postMessage", 429)`
makes the next call answer 429 (then back to normal), `fail(m, 500, 500)` the next two 500, and
`fail(m, "not_in_channel")` a 200 with ok=false. `fail(m, STALL)` accepts the call (a message is posted)
but answers only after `stall_s` seconds, as when Slack answers after the client gave up; `slow(m, s)`
makes every call to `m` take `s` seconds, the message being posted when the call arrives.

Uploaded files are kept (`files`, until files.delete removes them: deleting an unknown id answers
file_not_found). Posted messages are kept (`messages`), with their metadata, and conversations.replies and
conversations.history answer from them (metadata only with include_all_metadata), as Slack does.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import threading
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

STALL = "stall"


@dataclass
class Call:
    method: str  # "chat.postMessage", "upload", "respond"
    path: str
    params: dict[str, Any]
    headers: dict[str, str]
    status: int
    at: float = field(default_factory=time.perf_counter)
    body_length: int = 0


class StandIn:
    def __init__(self) -> None:
        self.calls: list[Call] = []
        self._script: dict[str, deque] = defaultdict(deque)
        self._changed = threading.Condition()
        self._ts = itertools.count(1)
        self._files = itertools.count(1)
        self.messages: list[dict[str, Any]] = []  # what chat.postMessage accepted
        self.files: dict[str, dict[str, Any]] = {}  # uploaded and not deleted: id -> channel, thread_ts, title
        self.stall_s = 3.0
        self._slow: dict[str, float] = {}
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/"
        self.api_url = self.url + "api/"
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="slack-stand-in", daemon=True)

    def __enter__(self) -> StandIn:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self._thread.join(timeout=5)

    # -- scripting and reading ---------------------------------------------------------------------

    def fail(self, method: str, *answers: int | str, retry_after: int = 0) -> None:
        for answer in answers:
            self._script[method].append((answer, retry_after))

    def slow(self, method: str, seconds: float) -> None:
        self._slow[method] = seconds

    def posted(self, **match: Any) -> list[dict[str, Any]]:
        """Accepted messages whose fields include `match` (e.g. thread_ts=...)."""
        with self._changed:
            return [m for m in self.messages if all(m.get(k) == v for k, v in match.items())]

    def response_url(self, name: str = "r1") -> str:
        return f"{self.url}respond/{name}"

    def calls_to(self, method: str, *, ok: bool | None = None) -> list[Call]:
        with self._changed:
            return [c for c in self.calls if c.method == method and (ok is None or (c.status == 200) == ok)]

    def wait_for(self, method: str, count: int = 1, timeout: float = 10.0, **match: Any) -> list[Call]:
        """The first `count` calls to `method` (whose params include `match`), waiting up to `timeout` s."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = [c for c in self.calls if c.method == method and all(c.params.get(k) == v for k, v in match.items())]
                if len(found) >= count:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    seen = [c.method for c in self.calls]
                    raise AssertionError(f"waited {timeout}s for {count} × {method} {match or ''}; saw {seen}")
                self._changed.wait(left)

    def quiet_for(self, seconds: float) -> None:
        """Wait until no call has arrived for `seconds` (the way to check that nothing more comes)."""
        with self._changed:
            while True:
                last = len(self.calls)
                self._changed.wait(seconds)
                if len(self.calls) == last:
                    return

    # -- the HTTP side -----------------------------------------------------------------------------

    def _record(self, call: Call) -> None:
        with self._changed:
            self.calls.append(call)
            self._changed.notify_all()

    def _answer(self, method: str, params: dict) -> dict:
        if method == "auth.test":
            return {"ok": True, "url": self.url, "team": "Stand-in", "user": "llmcost", "team_id": "T0001",
                    "user_id": "UBOT0001", "bot_id": "BBOT0001", "is_enterprise_install": False}
        if method == "chat.postMessage":
            ts = f"1700000000.{next(self._ts):06d}"
            metadata = params.get("metadata")
            if isinstance(metadata, str):
                metadata = json.loads(metadata)
            # `at` is when it was posted: Slack's ts *is* that time, the stand-in's ts are short fakes.
            message = {"channel": params.get("channel"), "text": params.get("text"), "ts": ts,
                       "thread_ts": params.get("thread_ts"), "metadata": metadata, "at": time.time()}
            with self._changed:
                self.messages.append(message)
            return {"ok": True, "channel": params.get("channel"), "ts": ts,
                    "message": {"text": params.get("text"), "ts": ts, "thread_ts": params.get("thread_ts")}}
        if method in ("conversations.replies", "conversations.history"):
            return {"ok": True, "messages": self._conversation(method, params), "has_more": False}
        if method == "files.getUploadURLExternal":
            file_id = f"F{next(self._files):06d}"
            return {"ok": True, "upload_url": f"{self.url}upload/{file_id}", "file_id": file_id}
        if method == "files.completeUploadExternal":
            files = json.loads(params.get("files") or "[]")
            with self._changed:
                self.files.update({f["id"]: {"id": f["id"], "channel": params.get("channel_id"),
                                             "thread_ts": params.get("thread_ts"), "title": f.get("title")}
                                   for f in files})
            return {"ok": True, "files": [{"id": f["id"], "title": f.get("title")} for f in files]}
        if method == "files.delete":
            with self._changed:
                gone = self.files.pop(params.get("file"), None)
            return {"ok": True} if gone else {"ok": False, "error": "file_not_found"}
        if method in ("views.open", "views.publish"):
            return {"ok": True, "view": {"id": f"V{next(self._files):06d}", **(params.get("view") or {})}}
        if method == "conversations.open":  # a DM's channel id derived from the user id, so tests can name it
            return {"ok": True, "channel": {"id": "D" + str(params.get("users", "")).split(",")[0][1:]}}
        return {"ok": True}

    def _conversation(self, method: str, params: dict) -> list[dict]:
        channel, with_metadata = params.get("channel"), str(params.get("include_all_metadata")).lower() in ("1", "true")
        with self._changed:
            mine = [m for m in self.messages if m["channel"] == channel]
        if method == "conversations.replies":
            parent = params.get("ts")
            found = [m for m in mine if m["ts"] == parent or m["thread_ts"] == parent]
        else:  # the channel's top-level messages since `oldest`, newest first
            oldest = float(params.get("oldest") or 0)
            found = [m for m in reversed(mine) if not m["thread_ts"] and m["at"] >= oldest]
        out = []
        for m in found:
            shown = {"type": "message", "ts": m["ts"], "text": m["text"], "bot_id": "BBOT0001"}
            if m["thread_ts"]:
                shown["thread_ts"] = m["thread_ts"]
            if with_metadata and m["metadata"]:
                shown["metadata"] = m["metadata"]
            out.append(shown)
        return out

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

            def _reply(self, status: int, body: bytes, content_type: str, extra: dict | None = None) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                for k, v in (extra or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:  # noqa: N802 (slack_sdk reads conversations.* with GET)
                self.do_POST()

            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                url = urlparse(self.path)
                path = url.path
                kind = self.headers.get("Content-Type", "")
                if path.startswith("/api/"):
                    method = path.removeprefix("/api/")
                elif path.startswith("/upload/"):
                    method = "upload"
                elif path.startswith("/respond/"):
                    method = "respond"
                else:
                    method = path
                params: dict[str, Any] = {k: v[-1] for k, v in parse_qs(url.query).items()}
                if method != "upload" and raw:
                    if "json" in kind:
                        params |= json.loads(raw)
                    else:
                        params |= {k: v[-1] for k, v in parse_qs(raw.decode()).items()}
                scripted = stand_in._script[method].popleft() if stand_in._script[method] else None
                status, payload, extra = 200, None, {}
                delay = stand_in._slow.get(method, 0.0)
                if scripted is not None and scripted[0] == STALL:
                    scripted, delay = None, stand_in.stall_s
                if scripted is not None:
                    answer, retry_after = scripted
                    if answer == 429:
                        status, payload, extra = 429, {"ok": False, "error": "ratelimited"}, {"Retry-After": str(retry_after)}
                    elif isinstance(answer, int):
                        status, payload = answer, {"ok": False, "error": "fatal_error"}
                    else:
                        payload = {"ok": False, "error": answer}
                if payload is None:
                    if method == "upload":
                        body, ctype = f"OK - {len(raw)}".encode(), "text/plain"
                    elif method == "respond":
                        body, ctype = b"ok", "text/plain"
                    else:
                        body, ctype = json.dumps(stand_in._answer(method, params)).encode(), "application/json"
                else:
                    body, ctype = json.dumps(payload).encode(), "application/json"
                if delay:
                    time.sleep(delay)
                stand_in._record(Call(method, path, params, dict(self.headers), status, body_length=len(raw)))
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client gave up (STALL)
                    self._reply(status, body, ctype, extra)

        return Handler
