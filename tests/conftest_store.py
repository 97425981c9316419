"""Helpers for the log, digest and logcli tests, imported explicitly (tests/conftest.py is shared).

`reply(...)` answers a question through bot.service.ask at a fixed clock (SEPT_2026) on the pinned
genai-prices fixture (LLMCOST_PRICES_FILE), so the log stores what a real reply carries; it checks that
the engine gave the verdict or status the test relies on. `FakeSlack` is the Slack stand-in
(tests/bot/slack/standin.py) with the view these tests read.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.service import Reply, ask
from tests import runtime
from tests.bot.slack.standin import StandIn
from tests.pins import SEPT_2026

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


class FakeSlack(StandIn):
    """The one Slack stand-in (tests/bot/slack/standin.py), seen the way these tests read it: `posts` (what
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
