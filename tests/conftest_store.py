"""Helpers for the log, digest and logcli tests, imported explicitly (tests/conftest.py is shared).

`reply(...)` builds a stand-in for bot.service.Reply from plain data shaped like the answer contract, so
these tests do not depend on the engine's figures. `FakeSlack` is the Slack stand-in (tests/slack/standin.py)
with the view these tests read.
"""

from __future__ import annotations

from types import SimpleNamespace

from tests.slack.standin import StandIn


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


class FakeSlack(StandIn):
    """The one Slack stand-in (tests/slack/standin.py), seen the way these tests read it: `posts` (what
    chat.postMessage was sent), `requests` (every call: method, authorization, body), and `fail_with`, an
    error every call answers (ok=false). Use as a context manager; point SLACK_API_URL at `.api_url`."""

    def __init__(self, *, fail_with: str | None = None):
        super().__init__()
        self.fail_with = fail_with

    @property
    def requests(self) -> list[dict]:
        with self._changed:
            return [{"method": c.method, "authorization": c.headers.get("Authorization"), "body": c.params}
                    for c in self.calls]

    @property
    def posts(self) -> list[dict]:
        return [r["body"] for r in self.requests if r["method"] == "chat.postMessage"]

    def _answer(self, method: str, params: dict) -> dict:
        return {"ok": False, "error": self.fail_with} if self.fail_with else super()._answer(method, params)


def slack_env(monkeypatch, fake: FakeSlack) -> None:
    """Point the digest at `fake`, with a made-up token and no proxy between."""
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-test-not-a-token")
    monkeypatch.setenv("SLACK_API_URL", fake.api_url)
    for name in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"):
        monkeypatch.delenv(name, raising=False)
