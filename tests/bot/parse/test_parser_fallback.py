"""The second reader's client (bot/parse/fallback.py) against a stand-in OpenAI-compatible server on 127.0.0.1:
its settings, the strict schema it asks for, and every way a reply can be unusable."""

from __future__ import annotations

import json
import logging
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from bot.parse.fallback import SCHEMA, Failure, ReaderSettings, Reading, read

KEY = "sk-test-never-logged-4242"


class StandIn:
    """An OpenAI-compatible /chat/completions that answers what the test sets: `reply` (an object sent as
    JSON content, or a string sent as is), `refusal`, `status`, `raw` (the whole body) and `delay`."""

    def __init__(self) -> None:
        self.requests: list[dict] = []
        self.headers: list[dict] = []
        self.reply: object = {}
        self.refusal: str | None = None
        self.status = 200
        self.raw: bytes | None = None
        self.delay = 0.0
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                owner.requests.append({"path": self.path, **json.loads(body)})
                owner.headers.append(dict(self.headers))
                time.sleep(owner.delay)
                content = owner.reply if isinstance(owner.reply, str) else json.dumps(owner.reply)
                message = {"role": "assistant", "content": None if owner.refusal else content}
                if owner.refusal:
                    message["refusal"] = owner.refusal
                data = owner.raw or json.dumps({"choices": [{"message": message}]}).encode()
                try:
                    self.send_response(owner.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:  # the client gave up (the time budget): nothing to answer
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True
        )

    def __enter__(self) -> StandIn:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def settings(self, **changes: object) -> ReaderSettings:
        return ReaderSettings(**{"url": self.url, "model": "gateway-small", "key": KEY} | changes)


@pytest.fixture
def stand_in():
    with StandIn() as server:
        yield server


def test_settings_come_from_the_environment_given_and_are_off_by_default():
    assert not ReaderSettings.from_env({}).enabled
    reader = ReaderSettings.from_env({
        "LLMCOST_READER_URL": " https://llm-gateway.internal/v1/ ", "LLMCOST_READER_MODEL": "qwen3-30b",
        "LLMCOST_READER_KEY": KEY, "LLMCOST_READER_INTERNAL": "1", "LLMCOST_READER_TIMEOUT_S": "1.5",
    })  # fmt: skip
    assert reader == ReaderSettings("https://llm-gateway.internal/v1", "qwen3-30b", KEY, True, 1.5)
    assert reader.enabled and KEY not in repr(reader)


@pytest.mark.parametrize("raw", ["soon", "0", "-2", "nan", "3600"])
def test_a_timeout_that_is_not_a_short_number_of_seconds_is_the_default(raw, caplog):
    reader = ReaderSettings.from_env({"LLMCOST_READER_URL": "http://x/v1", "LLMCOST_READER_TIMEOUT_S": raw})
    assert reader.timeout_s == ReaderSettings().timeout_s == 3.0
    assert "LLMCOST_READER_TIMEOUT_S" in caplog.text


def test_the_schema_is_strict_and_mirrors_the_validating_model():
    assert SCHEMA["additionalProperties"] is False
    assert SCHEMA["required"] == list(SCHEMA["properties"]) == list(Reading.model_fields)
    assert all("null" in p["type"] for p in SCHEMA["properties"].values())  # null is "not said"
    assert SCHEMA["properties"]["calendar"]["enum"] == ["business_hours", "24x7", None]


def test_the_request_asks_for_the_strict_schema_with_the_key(catalogs, stand_in):
    stand_in.reply = {"model": "deepseek-v4.1-flash", "slo_tok_s": 300, "calendar": None}
    reading = read("deepseek flash at 300 tok/s", catalogs, stand_in.settings())
    assert reading == Reading(model="deepseek-v4.1-flash", slo_tok_s=300)
    assert reading.said() == {"model": "deepseek-v4.1-flash", "slo_tok_s": 300}
    (request,) = stand_in.requests
    assert request["path"] == "/v1/chat/completions" and request["model"] == "gateway-small"
    fmt = request["response_format"]
    assert fmt["type"] == "json_schema" and fmt["json_schema"]["strict"] is True
    assert fmt["json_schema"]["schema"] == SCHEMA
    assert request["messages"][1]["content"] == "deepseek flash at 300 tok/s"
    assert "deepseek-v4.1-flash" in request["messages"][0]["content"]  # the catalog's ids, to name one
    assert stand_in.headers[0]["Authorization"] == f"Bearer {KEY}"


def test_no_key_no_authorization_header(catalogs, stand_in):
    read("deepseek flash", catalogs, stand_in.settings(key=None))
    assert "Authorization" not in stand_in.headers[0]


@pytest.mark.parametrize(
    ("setup", "reason"),
    [
        ({"reply": "not json at all"}, "not_json"),
        ({"raw": b"<html>502 Bad Gateway</html>"}, "not_json"),
        ({"raw": b'{"error": "no choices"}'}, "invalid"),
        ({"reply": {"slo_tok_s": -5}}, "invalid"),  # the Scenario's range: tok/s above 0
        ({"reply": {"calendar": "weekends"}}, "invalid"),  # outside the schema's enum
        ({"reply": {"favourite_colour": "blue"}}, "invalid"),  # extra keys are refused
        ({"reply": ["a", "list"]}, "invalid"),
        ({"refusal": "I can't help with that."}, "refused"),
        ({"status": 401}, "error"),
        ({"status": 500}, "error"),
    ],
)
def test_every_unusable_reply_is_a_reason_and_the_key_is_never_logged(catalogs, stand_in, caplog, setup, reason):
    for name, value in setup.items():
        setattr(stand_in, name, value)
    with caplog.at_level(logging.DEBUG):
        assert read("deepseek flash at 300 tok/s", catalogs, stand_in.settings()) == Failure(reason)
    assert caplog.records and KEY not in caplog.text


def test_an_unreachable_endpoint_is_an_error(catalogs):
    reader = ReaderSettings(url="http://127.0.0.1:9/v1", key=KEY)  # discard port: nothing listens
    assert read("deepseek flash", catalogs, reader) == Failure("error")


def test_a_slow_endpoint_is_cut_at_the_time_budget(catalogs, stand_in):
    stand_in.delay, stand_in.reply = 2.0, {"slo_tok_s": 300}
    started = time.perf_counter()
    assert read("deepseek flash", catalogs, stand_in.settings(timeout_s=0.3)) == Failure("timeout")
    assert time.perf_counter() - started < 1.0  # the budget, not the endpoint, decides


def test_a_send_that_never_returns_is_cut_at_the_budget(catalogs):
    gate = threading.Event()

    def stuck(reader, body):  # a socket timeout that never fires (a slow drip of bytes, say)
        gate.wait(5)
        return {}

    started = time.perf_counter()
    assert read("x", catalogs, ReaderSettings(url="http://x/v1", timeout_s=0.2), send=stuck) == Failure("timeout")
    assert time.perf_counter() - started < 1.0
    gate.set()
