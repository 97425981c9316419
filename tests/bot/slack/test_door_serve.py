"""`llmcost serve --http` as production runs it (the Procfile's `web`): SIGTERM stops accepting, lets the request
in flight finish and its answer be posted, and exits 0."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.bot.slack import signed
from tests.bot.slack.procs import last_words
from tests.servers import READY_S

ROOT = Path(__file__).resolve().parents[3]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM")
def test_sigterm_drains_the_request_in_flight_and_exits_0(stand_in, servers, tmp_path):
    port = free_port()
    env = os.environ | {"SLACK_BOT_TOKEN": signed.TOKEN, "SLACK_SIGNING_SECRET": signed.SECRET,
                        "SLACK_API_URL": stand_in.api_url, "LLMCOST_DB": str(tmp_path / "serve.db")}
    proc = servers.start([sys.executable, "-m", "bot.cli", "serve", "--http", "--host", "127.0.0.1", "--port",
                          str(port), "--no-chart", "--read-timeout", "5", "--drain", "5"],
                         cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + READY_S
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1) as ready:
                    assert ready.status == 200
                    break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, last_words(proc)
                time.sleep(0.05)

        body = signed.event_body(signed.mention("can we run deepseek-flash at 300 tok/s?", ts="1697000000.000100")).encode()
        now = int(time.time())
        head = (f"POST /slack/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\nX-Slack-Request-Timestamp: {now}\r\n"
                f"X-Slack-Signature: {signed.signature(signed.SECRET, now, body.decode())}\r\n\r\n").encode()
        in_flight = socket.create_connection(("127.0.0.1", port), timeout=10)
        in_flight.sendall(head + body[:40])  # the request is under way: headers and part of the body
        time.sleep(0.3)
        proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 5
        while True:  # it stops accepting new connections
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
            except OSError:
                break
            assert time.monotonic() < deadline, "still accepting connections after SIGTERM"
            time.sleep(0.05)
        in_flight.sendall(body[40:])
        answer = b""
        while chunk := in_flight.recv(4096):
            answer += chunk
        in_flight.close()
        assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
        assert proc.wait(timeout=15) == 0
        # The answer Bolt was working on after the ack was let finish before the exit.
        verdict = stand_in.wait_for("chat.postMessage", thread_ts="1697000000.000100", timeout=1)
        assert verdict[0].params["blocks"][0]["type"] == "header"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stderr.close()
