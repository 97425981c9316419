"""Helpers for the log, digest and logcli tests, imported explicitly (tests/conftest.py is shared).

`reply(...)` answers a question through bot.service.ask at a fixed clock (SEPT_2026) on the pinned
genai-prices fixture (LLMCOST_PRICES_FILE), so the log stores what a real reply carries; it checks that
the engine gave the verdict or status the test relies on. `FakeSlack` is a tiny Slack Web API on
127.0.0.1 that records what it was sent and answers `{"ok": true, ...}`.
"""

from __future__ import annotations

import json
import threading
from functools import cache
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

from bot import runtime
from bot.service import Reply, ask
from tests.conftest import SEPT_2026

# How a test asks for a verdict: the scenario overrides that lead the engine to it (rules 1-3 of the brief).
_FOR_VERDICT: dict[str | None, dict[str, Any]] = {
    "node": {"data_may_leave": False},  # the text may not leave: rule 1
    "gateway": {"gateway_pain": True},  # the gateway is the pain and the text may leave: rule 2
    "api": {},  # money at the asked volume: the API wins on these catalogs
    None: {},
}


# Loaded now, before any test freezes the clock: freezegun's dates would not validate as catalog dates.
runtime.catalogs()


@cache
def _answered(question: str, overrides: tuple[tuple[str, Any], ...]) -> Reply:
    return ask(question, dict(overrides), now=SEPT_2026)


def answered(question: str, overrides: dict[str, Any] | None = None, *, latency_ms: float = 42.0) -> Reply:
    """A real reply to `question` at SEPT_2026 (cached: the engine is deterministic at a fixed clock)."""
    reply = _answered(question, tuple(sorted((overrides or {}).items())))
    return reply.model_copy(update={"latency_ms": latency_ms})


def reply(
    *,
    model: str = "deepseek-v4.1-flash",
    tok_s: float | None = 300.0,
    verdict: str | None = "node",
    status: str = "ok",
    latency_ms: float = 42.0,
) -> Reply:
    """A real answer about `model` at `tok_s` with the `verdict` (or `status`) a test needs."""
    overrides = {"model": model, "slo_tok_s": tok_s} | _FOR_VERDICT[verdict]
    question = f"can we run {model}" + (f" at {tok_s:g} tok/s?" if tok_s else "?")
    out = answered(question, {k: v for k, v in overrides.items() if v is not None}, latency_ms=latency_ms)
    assert (out.answer.status, out.answer.verdict) == (status, verdict), (question, out.answer.reasons)
    return out


def unknown(name: str, tok_s: float | None = None) -> Reply:
    return reply(status="unknown_model", verdict=None, model=name, tok_s=tok_s)


def closed(name: str, tok_s: float | None = None) -> Reply:
    return reply(status="not_self_hostable", verdict=None, model=name, tok_s=tok_s)


class FakeSlack:
    """A stand-in Slack Web API. Use as a context manager; point SLACK_API_URL at `.url`."""

    def __init__(self, *, fail_with: str | None = None):
        self.fail_with = fail_with
        self.requests: list[dict] = []
        self._lock = threading.Lock()

    @property
    def posts(self) -> list[dict]:
        return [r["body"] for r in self.requests if r["method"] == "chat.postMessage"]

    def __enter__(self) -> FakeSlack:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server's name)
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode()
                if "json" in (self.headers.get("Content-Type") or ""):
                    body = json.loads(raw or "{}")
                else:
                    body = {k: v[0] for k, v in parse_qs(raw).items()}
                with fake._lock:
                    fake.requests.append(
                        {
                            "method": self.path.rsplit("/", 1)[-1],
                            "authorization": self.headers.get("Authorization"),
                            "body": body,
                        }
                    )
                    n = len(fake.requests)
                answer = (
                    {"ok": False, "error": fake.fail_with}
                    if fake.fail_with
                    else {"ok": True, "channel": body.get("channel"), "ts": f"1700000000.{n:06d}"}
                )
                data = json.dumps(answer).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):  # keep test output quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/"
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


def slack_env(monkeypatch, fake: FakeSlack) -> None:
    """Point the digest at `fake`, with a made-up token and no proxy between."""
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-test-not-a-token")
    monkeypatch.setenv("SLACK_API_URL", fake.url)
    for name in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"):
        monkeypatch.delenv(name, raising=False)
