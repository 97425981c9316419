"""The optional language-model fallback, against a stand-in OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from bot import render
from bot.parser import parse

VAGUE = "can we run the big chinese flash model at 300 tok/s?"  # no name the rules can place


class StandIn:
    def __init__(self) -> None:
        self.requests: list[dict] = []
        self.headers: list[dict] = []
        self.reply: object = {}
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                owner.requests.append({"path": self.path, **json.loads(body)})
                owner.headers.append(dict(self.headers))
                content = owner.reply if isinstance(owner.reply, str) else json.dumps(owner.reply)
                data = json.dumps(
                    {"choices": [{"message": {"role": "assistant", "content": content}}]}
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"


@pytest.fixture
def stand_in(monkeypatch):
    server = StandIn()
    server.thread.start()
    monkeypatch.setenv("LLMCOST_PARSER_URL", server.url)
    monkeypatch.setenv("LLMCOST_PARSER_MODEL", "gateway-small")
    monkeypatch.setenv("LLMCOST_PARSER_KEY", "test-key")
    yield server
    server.server.shutdown()
    server.server.server_close()
    server.thread.join()


def test_off_by_default(catalogs, monkeypatch):
    monkeypatch.delenv("LLMCOST_PARSER_URL", raising=False)
    result = parse(VAGUE, catalogs)
    assert result.clarification is not None and result.clarification.code == "missing_model"


def test_fills_in_the_model_when_the_rules_find_none(catalogs, stand_in):
    stand_in.reply = {"model": "DeepSeek-V4.1-Flash", "slo_tok_s": 999, "calendar": "business_hours"}
    result = parse(VAGUE, catalogs)
    assert result.clarification is None
    assert result.scenario.model == "deepseek-v4.1-flash"
    said = result.scenario.model_dump(exclude_unset=True)
    assert said == {
        "model": "deepseek-v4.1-flash",
        "slo_tok_s": 300,
        "calendar": "business_hours",
    }  # rules win
    assert [n.code for n in result.notes] == ["read_by_fallback"]
    assert render.finding(result.notes[0]).endswith("deepseek-v4.1-flash.")
    (request,) = stand_in.requests
    assert request["path"] == "/v1/chat/completions" and request["model"] == "gateway-small"
    assert request["messages"][1]["content"] == VAGUE
    assert "deepseek-v4.1-flash" in request["messages"][0]["content"]
    assert stand_in.headers[0]["Authorization"] == "Bearer test-key"


def test_not_asked_when_the_rules_know_the_model(catalogs, stand_in):
    assert parse("deepseek flash at 300 tok/s", catalogs).scenario.model == "deepseek-v4.1-flash"
    assert stand_in.requests == []


@pytest.mark.parametrize(
    "reply",
    [
        "not json at all",
        {"model": "gpt-7-imaginary"},  # a model the catalog does not know is never taken from the fallback
        {"model": "deepseek-v4.1-flash", "slo_tok_s": -5},  # fails Scenario validation
        {"model": "deepseek-v4.1-flash", "favourite_colour": "blue"},  # extra keys are refused
        {},
    ],
)
def test_an_unusable_reply_leaves_the_question(catalogs, stand_in, reply):
    stand_in.reply = reply
    result = parse(VAGUE, catalogs)
    assert result.clarification is not None and result.clarification.code == "missing_model"
    assert result.scenario.model is None


def test_an_unreachable_endpoint_leaves_the_question(catalogs, monkeypatch):
    monkeypatch.setenv("LLMCOST_PARSER_URL", "http://127.0.0.1:9/v1")  # discard port: nothing listens
    result = parse(VAGUE, catalogs)
    assert result.clarification is not None and result.clarification.code == "missing_model"
