"""Helpers for the log, digest and logcli tests, imported explicitly (tests/conftest.py is shared).

`reply(...)` builds a stand-in for bot.service.Reply from plain data shaped like the answer contract, so
these tests do not depend on the engine's figures. `FakeSlack` is a tiny Slack Web API on 127.0.0.1 that
records what it was sent and answers `{"ok": true, ...}`.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace
from urllib.parse import parse_qs


def reply(
    *,
    status: str = "ok",
    verdict: str | None = "node",
    model: str | None = "deepseek-v4.1-flash",
    tok_s: float | None = 300.0,
    node: str | None = "coreweave-8xh200",
    node_usd: float = 36_821.2,
    break_even: float | None = 9_662.8,
    apis: tuple[tuple[str, float], ...] = (("deepseek", 1_143.18), ("openrouter", 1_500.0)),
    latency_ms: float = 42.0,
) -> SimpleNamespace:
    fit = None
    if node:
        fit = {
            "chosen_node": node,
            "nodes": [
                {
                    "id": "other-node",
                    "usd_per_month": 99_999.0,
                    "break_even_tok_s": 1.0,
                    "price_as_of": "2026-01-01",
                },
                {
                    "id": node,
                    "usd_per_month": node_usd,
                    "break_even_tok_s": break_even,
                    "price_as_of": "2026-09-01",
                },
            ],
        }
    contract = {
        "status": status,
        "question": "q",
        "scenario": {"model": model, "slo_tok_s": tok_s, "slo_kind": "aggregate"},
        "verdict": verdict,
        "apis": [{"provider": p, "model": model, "usd_per_month": usd} for p, usd in apis],
        "catalog_as_of": "2026-10-17",
        "fx_as_of": "2026-09-01",
    }
    if fit:
        contract["fit"] = fit
    parsed = SimpleNamespace(scenario={"model": model, "slo_tok_s": tok_s})
    return SimpleNamespace(question="q", parsed=parsed, answer=None, contract=contract, latency_ms=latency_ms)


def unknown(name: str, tok_s: float | None = None) -> SimpleNamespace:
    return reply(status="unknown_model", verdict=None, model=name, tok_s=tok_s, node=None, apis=())


def closed(name: str, tok_s: float | None = None) -> SimpleNamespace:
    return reply(status="not_self_hostable", verdict=None, model=name, tok_s=tok_s, node=None)


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
