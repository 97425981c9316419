"""The door, driven over real HTTP (cheroot on 127.0.0.1): forged requests get 401 and nothing else, teams and
apps off the allow-lists 403, oversized, stalled and malformed requests are refused cleanly."""

from __future__ import annotations

import hashlib
import hmac
import importlib
import io
import json
import logging
import socket
import sqlite3
import sys
import threading
import time
import wsgiref.util
from urllib.parse import parse_qs, urlencode

import pytest
from slack_bolt.request import BoltRequest
from slack_sdk.signature import SignatureVerifier

from bot.errors import UserError
from bot.slack import door
from bot.slack.app import create_app
from bot.slack.http import server, wsgi_app
from bot.slack.serving import ServerSettings
from bot.store import LogStore
from tests.bot.slack import signed
from tests.bot.slack.conftest import Bot

QUESTION = "can we run deepseek-flash at 300 tok/s?"
FAST = ServerSettings(threads=4, backlog=64, read_timeout_s=0.5, drain_s=2.0, request_deadline_s=1.5)


@pytest.fixture
def front(stand_in):
    """Start the bot with short server timeouts; yields a function returning the running Bot."""
    running, stores = [], []

    def start(settings: ServerSettings = FAST, store=None, **options) -> Bot:
        store = store or LogStore.memory()
        stores.append(store)
        app = create_app(token=signed.TOKEN, signing_secret=signed.SECRET, store=store, chart=False, **options)
        httpd = server(app, "127.0.0.1", 0, settings)
        thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="llmcost-http",
                                  daemon=True)
        thread.start()
        running.append((httpd, thread))
        bot = Bot(url=f"http://127.0.0.1:{httpd.server_port}/slack/events", store=store, slack=stand_in)
        bot.app, bot.port = app, httpd.server_port
        return bot

    yield start
    for httpd, thread in running:
        httpd.shutdown()
        thread.join(timeout=5)
    for store in stores:
        store.close()


def nothing_happened(bot: Bot) -> None:
    """No call reached the stand-in Slack after start-up (auth.test), no response_url, no log row. Called once
    every request was answered: what a request sets off is in the app's outbox before its answer, so once
    the outbox and the chart drawer are idle (Bot.settle) nothing more can come, without waiting a while."""
    bot.settle()
    assert {c.method for c in bot.slack.calls} == {"auth.test"}  # each app's token check at start-up
    assert bot.store.recent() == []


def raw_http(port: int, head: str, body: bytes = b"", *, timeout: float = 5.0) -> tuple[int, bytes, float]:
    """Send exactly these bytes; return the status, the whole answer and the seconds it took."""
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(head.encode() + b"\r\n" + body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
            if b"\r\n\r\n" in answer and _complete(answer):
                break
    return int(answer.split(b" ", 2)[1]), answer, time.perf_counter() - started


def _complete(answer: bytes) -> bool:
    head, _, body = answer.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return len(body) >= int(line.split(b":")[1])
    return False


def bodies(slack) -> dict[str, tuple[str, str]]:
    """A mention, a slash command and a button click, each naming a channel and a response_url."""
    return {
        "mention": (signed.event_body(signed.mention(QUESTION, channel="CVICTIM")), "application/json"),
        "command": (signed.command_body(QUESTION, slack.response_url("forged"), channel="CVICTIM"),
                    "application/x-www-form-urlencoded"),
        "click": (signed.action_body("llmcost_private", QUESTION, response_url=slack.response_url("forged"),
                                     channel="CVICTIM", message_ts="1700000001.000100"),
                  "application/x-www-form-urlencoded"),
    }


def forged_headers(kind: str, body: str) -> dict[str, str]:
    now = int(time.time())
    if kind == "timestamp abc":
        return {"X-Slack-Request-Timestamp": "abc"}
    if kind == "timestamp empty":
        return {"X-Slack-Request-Timestamp": ""}
    if kind == "timestamp abc, signed":
        return {"X-Slack-Request-Timestamp": "abc", "X-Slack-Signature": signed.signature(signed.SECRET, "abc", body)}
    if kind == "stale":
        return {"X-Slack-Request-Timestamp": str(now - 301), "X-Slack-Signature": signed.signature(signed.SECRET, now - 301, body)}
    if kind == "from the future":
        return {"X-Slack-Request-Timestamp": str(now + 400), "X-Slack-Signature": signed.signature(signed.SECRET, now + 400, body)}
    if kind == "no signature":
        return {"X-Slack-Request-Timestamp": str(now)}
    if kind == "wrong secret":
        return {"X-Slack-Request-Timestamp": str(now), "X-Slack-Signature": signed.signature("not-the-secret", now, body)}
    if kind == "another body's signature":
        other = signed.event_body(signed.mention("hello"))
        return {"X-Slack-Request-Timestamp": str(now), "X-Slack-Signature": signed.signature(signed.SECRET, now, other)}
    raise AssertionError(kind)


FORGERIES = ["timestamp abc", "timestamp empty", "timestamp abc, signed", "stale", "from the future", "no signature",
             "wrong secret", "another body's signature"]


@pytest.mark.parametrize("kind", FORGERIES)
def test_a_forged_request_gets_401_and_nothing_else(front, stand_in, kind):
    bot = front()
    for name, (body, ctype) in bodies(stand_in).items():
        response = signed.post(bot.url, body, ctype, secret=None, headers=forged_headers(kind, body))
        assert response.status == 401, (name, response)
        assert json.loads(response.body) == {"ok": False, "error": "invalid request"}
    nothing_happened(bot)


def test_the_error_handler_never_acts_on_an_unverified_body(stand_in):
    """Defence in depth: a forged request reaching Bolt without the door (here: dispatched directly) makes
    Bolt's own check raise (int('abc')), and the error handler must not post where the body says."""
    store = LogStore.memory()
    app = create_app(token=signed.TOKEN, signing_secret=signed.SECRET, store=store, chart=False)
    for name, (body, ctype) in bodies(stand_in).items():
        response = app.dispatch(BoltRequest(body=body, headers={"content-type": ctype, "x-slack-request-timestamp": "abc"}))
        assert response.status in (401, 500), name  # Bolt's answer; what matters is what follows
    nothing_happened(Bot(url="", store=store, slack=stand_in, app=app))


def test_a_team_or_app_off_the_allow_lists_gets_403_and_no_work(front, stand_in, monkeypatch):
    monkeypatch.setenv("LLMCOST_ALLOWED_TEAMS", "T0009, T0010")
    bot = front()
    for name, (body, ctype) in bodies(stand_in).items():  # all from T0001
        assert signed.post(bot.url, body, ctype).status == 403, name
    nothing_happened(bot)

    monkeypatch.setenv("LLMCOST_ALLOWED_TEAMS", "T0001")
    monkeypatch.setenv("LLMCOST_ALLOWED_APP_ID", "A0999")
    other_app = front()
    for name, (body, ctype) in bodies(stand_in).items():  # the right team, another app
        assert signed.post(other_app.url, body, ctype).status == 403, name
    nothing_happened(other_app)


def test_an_interactive_payload_is_judged_by_its_team(front, stand_in, monkeypatch):
    monkeypatch.setenv("LLMCOST_ALLOWED_TEAMS", "T0001")
    bot = front()
    body = signed.action_body("llmcost_private", QUESTION, response_url=stand_in.response_url(), message_ts="1.2")
    payload = json.loads(parse_qs(body)["payload"][0])
    payload["team"]["id"] = "T0666"  # the top-level team of the click, user.team_id still T0001
    forged = urlencode({"payload": json.dumps(payload)})
    assert signed.post(bot.url, forged, "application/x-www-form-urlencoded").status == 403
    nothing_happened(bot)


def test_allowed_teams_and_app_are_answered(front, stand_in, monkeypatch):
    monkeypatch.setenv("LLMCOST_ALLOWED_TEAMS", "T0001")
    monkeypatch.setenv("LLMCOST_ALLOWED_APP_ID", "A0001")
    bot = front()
    assert bot.event(signed.mention(QUESTION)).status == 200
    assert stand_in.wait_for("chat.postMessage")
    handshake = signed.post(bot.url, json.dumps({"token": "x", "challenge": "c-123", "type": "url_verification"}),
                            "application/json")  # Slack's handshake names no team, and does no work
    assert json.loads(handshake.body) == {"challenge": "c-123"}


MALFORMED = {
    "not JSON": ("{not json", "application/json"),
    "a JSON list": ("[1, 2]", "application/json"),
    "payload not JSON": ("payload=%7Bnope", "application/x-www-form-urlencoded"),
    "payload a string": ("payload=%22x%22", "application/x-www-form-urlencoded"),
    "event without event": (json.dumps({"type": "event_callback", "team_id": "T0001", "api_app_id": "A0001",
                                        "event_id": "Ev1"}), "application/json"),
    "event without id": (json.dumps({"type": "event_callback", "team_id": "T0001", "api_app_id": "A0001",
                                     "event": {"type": "app_mention", "channel": "C1", "ts": "1.1"}}), "application/json"),
    "command without response_url": (urlencode({"command": "/llmcost", "text": "hi", "team_id": "T0001",
                                                "user_id": "U1", "channel_id": "C1", "api_app_id": "A0001"}),
                                     "application/x-www-form-urlencoded"),
    "a form of nothing known": ("a=1&b=2", "application/x-www-form-urlencoded"),
    "empty": ("", "application/json"),
}


@pytest.mark.parametrize("name", MALFORMED)
def test_a_malformed_signed_body_gets_400_without_a_traceback(front, stand_in, name):
    bot = front()
    body, ctype = MALFORMED[name]
    response = signed.post(bot.url, body, ctype)
    assert response.status == 400, response
    assert "Traceback" not in response.body and "File \"" not in response.body
    assert json.loads(response.body)["ok"] is False
    nothing_happened(bot)


def test_the_doors_signature_is_slacks():
    body = signed.event_body(signed.mention("héllo"))
    assert door.slack_signature(signed.SECRET, "1700000000", body.encode()) == SignatureVerifier(
        signed.SECRET).generate_signature(timestamp="1700000000", body=body)


def test_a_body_that_is_not_utf8_gets_400(front, stand_in):
    bot = front()
    raw = b'{"type": "event_callback", "x": "\xff\xfe"}'
    now = int(time.time())
    sig = "v0=" + hmac.new(signed.SECRET.encode(), f"v0:{now}:".encode() + raw, hashlib.sha256).hexdigest()
    head = (f"POST /slack/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {len(raw)}\r\n"
            f"X-Slack-Request-Timestamp: {now}\r\nX-Slack-Signature: {sig}\r\nConnection: close\r\n")
    status, answer, _ = raw_http(bot.port, head, raw)
    assert status == 400 and b"UTF-8" in answer
    nothing_happened(bot)


def test_an_8_mb_body_gets_413_before_it_is_sent(front, stand_in):
    bot = front()
    head = ("POST /slack/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 8000000\r\n"
            "X-Slack-Request-Timestamp: 1\r\nX-Slack-Signature: v0=00\r\n")
    status, _, _ = raw_http(bot.port, head)  # the body is never sent: waiting for it would end in a 408
    assert status == 413
    nothing_happened(bot)


def test_oversized_headers_get_413(front, stand_in):
    bot = front()
    head = "POST /slack/events HTTP/1.1\r\nHost: x\r\n" + "".join(f"X-Pad-{i}: {'a' * 1000}\r\n" for i in range(100))
    assert raw_http(bot.port, head)[0] == 413  # 100 kB of headers, over the 64 kB limit
    nothing_happened(bot)


def test_the_wsgi_app_refuses_an_oversized_body_without_reading_it(stand_in):
    """Under gunicorn there is no cheroot limit: the WSGI application itself answers 413 from Content-Length."""
    app = create_app(token=signed.TOKEN, signing_secret=signed.SECRET, store=LogStore.memory(), chart=False)

    class Unreadable:
        def read(self, *args):
            raise AssertionError("the body was read")

    statuses = []
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/slack/events", "CONTENT_LENGTH": str(8 * 1024 * 1024),
               "CONTENT_TYPE": "application/json", "wsgi.input": Unreadable(), "SERVER_PROTOCOL": "HTTP/1.1"}
    wsgi_app(app)(environ, lambda status, headers: statuses.append(status))
    assert statuses == ["413 Content Too Large"]


def test_a_post_without_content_length_gets_411(front, stand_in):
    bot = front()
    status, _, _ = raw_http(bot.port, "POST /slack/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                                      "Connection: close\r\n")
    assert status == 411
    nothing_happened(bot)


def test_a_stalled_request_is_dropped_while_others_are_served(front, stand_in):
    bot = front()
    stalled = socket.create_connection(("127.0.0.1", bot.port), timeout=10)
    stalled.sendall(b"POST /slack/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Content-Length: 500\r\n\r\n{\"type\":")  # then nothing
    assert bot.event(signed.mention(QUESTION)).status == 200  # served meanwhile
    stand_in.wait_for("chat.postMessage")
    answer = b""
    while chunk := stalled.recv(4096):  # the server answers 408 and closes: recv returns b""
        answer += chunk
    stalled.close()
    assert answer.startswith(b"HTTP/1.1 408")  # (had it never been closed, recv would have timed out)


def test_a_client_trickling_its_request_is_cut_off_at_the_deadline(front, stand_in):
    """One byte every 0.2 s never trips the 0.5 s read timeout; the 1.5 s request deadline ends it."""
    bot = front()
    trickler = socket.create_connection(("127.0.0.1", bot.port), timeout=10)
    trickler.setblocking(False)  # (a recv with a timeout would wait, and stop the trickle)
    request = b"POST /slack/events HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"a" * 200
    ended = False
    for byte in request:
        try:
            trickler.sendall(bytes([byte]))
            time.sleep(0.2)
            trickler.recv(4096)  # an answer (408/400) or b"" (closed): it is over
            ended = True
            break
        except BlockingIOError:  # nothing yet: still being read
            continue
        except OSError:  # reset: the server gave up on us
            ended = True
            break
    trickler.close()
    assert ended, "the server read a trickling request for 40 s"
    assert bot.event(signed.mention(QUESTION)).status == 200  # and the thread went back to work


def test_health_and_readiness(front, stand_in, tmp_path):
    store = LogStore.open(tmp_path / "log.db")
    bot = front(store=store)
    assert (raw_http(bot.port, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n")[0]) == 200
    status, answer, _ = raw_http(bot.port, "GET /readyz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n")
    assert status == 200 and json.loads(answer.partition(b"\r\n\r\n")[2]) == {"ready": True, "degraded": {}}

    holder = sqlite3.connect(str(tmp_path / "log.db"))  # another process holds the write lock
    holder.execute("BEGIN IMMEDIATE")
    try:
        status, answer, _ = raw_http(bot.port, "GET /readyz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n")
    finally:
        holder.rollback()
        holder.close()
    report = json.loads(answer.partition(b"\r\n\r\n")[2])
    assert status == 503 and report["ready"] is False and "locked" in report["degraded"]["log"]


def test_readiness_checks_registered_at_build_time_are_reported(front, stand_in):
    bot = front()
    def outbox() -> str | None:
        raise RuntimeError("outbox stuck for 40 s")

    door.of(bot.app).ready_check("outbox", outbox)
    door.of(bot.app).ready_check("fine", lambda: None)
    status, answer, _ = raw_http(bot.port, "GET /readyz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n")
    assert status == 503
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["degraded"] == {"outbox": "RuntimeError: outbox stuck for 40 s"}


def test_socket_mode_checks_the_allow_lists_too(stand_in, monkeypatch):
    """No HTTP front in Socket Mode: the same allow-lists run as a Bolt middleware."""
    monkeypatch.setenv("LLMCOST_ALLOWED_TEAMS", "T0009")
    store = LogStore.memory()
    app = create_app(token=signed.TOKEN, socket_mode=True, store=store, chart=False)
    body, ctype = bodies(stand_in)["mention"]
    assert app.dispatch(BoltRequest(body=body, headers={"content-type": ctype}, mode="socket_mode")).status == 403
    nothing_happened(Bot(url="", store=store, slack=stand_in, app=app))


def test_the_body_limit_comes_from_the_environment(front, stand_in, monkeypatch):
    monkeypatch.setenv("LLMCOST_MAX_BODY_BYTES", "200")
    bot = front()
    assert bot.event(signed.mention(QUESTION)).status == 413  # a mention is ~500 bytes
    nothing_happened(bot)
    monkeypatch.setenv("LLMCOST_MAX_BODY_BYTES", "lots")
    with pytest.raises(UserError, match="LLMCOST_MAX_BODY_BYTES"):
        create_app(token=signed.TOKEN, signing_secret=signed.SECRET, store=LogStore.memory(), chart=False)


def test_only_post_reaches_slack_events(front, stand_in):
    bot = front()
    status, _, _ = raw_http(bot.port, "GET /slack/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n")
    assert status == 405
    status, _, _ = raw_http(bot.port, "GET /admin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n")
    assert status == 404


def test_the_gunicorn_entry_point_has_the_door_too(stand_in, monkeypatch, tmp_path):
    monkeypatch.setenv("SLACK_BOT_TOKEN", signed.TOKEN)
    monkeypatch.setenv("SLACK_SIGNING_SECRET", signed.SECRET)
    monkeypatch.setenv("LLMCOST_DB", str(tmp_path / "wsgi.db"))
    sys.modules.pop("bot.slack.wsgi", None)
    wsgi = importlib.import_module("bot.slack.wsgi")
    application = wsgi.application
    body = bodies(stand_in)["mention"][0].encode()
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/slack/events", "CONTENT_TYPE": "application/json",
               "CONTENT_LENGTH": str(len(body)), "HTTP_X_SLACK_REQUEST_TIMESTAMP": "abc"}
    wsgiref.util.setup_testing_defaults(environ)
    environ["wsgi.input"] = io.BytesIO(body)
    statuses = []
    application(environ, lambda status, headers: statuses.append(status))
    ready = {"REQUEST_METHOD": "GET", "PATH_INFO": "/readyz"}
    wsgiref.util.setup_testing_defaults(ready)
    application(ready, lambda status, headers: statuses.append(status))
    assert statuses == ["401 Unauthorized", "200 OK"]
    Bot(url="", store=wsgi._app.llmcost.store, slack=stand_in, app=wsgi._app).settle()
    assert {c.method for c in stand_in.calls} == {"auth.test"}
    sys.modules.pop("bot.slack.wsgi", None)


def test_verbose_mode_logs_one_line_a_request(front, stand_in, caplog):
    bot = front()
    with caplog.at_level(logging.DEBUG, logger="llmcost.slack.http"):
        raw_http(bot.port, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n")
    assert any("GET /healthz 200" in r.getMessage() for r in caplog.records)
