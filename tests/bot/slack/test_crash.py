"""`llmcost serve --http` as a real process: killed with SIGKILL right after acknowledging, then restarted."""

from __future__ import annotations

import os
import pickle
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from bot import startup
from bot.store import LogStore
from tests.bot.slack import signed
from tests.bot.slack.procs import last_words
from tests.bot.slack.test_log_trouble import read_only_dir
from tests.servers import READY_S

ROOT = Path(__file__).resolve().parents[3]
QUESTION = "can we run deepseek-flash at 300 tok/s?"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(servers, stand_in, db: Path, *options: str) -> tuple[subprocess.Popen, str]:
    return ready(start(servers, stand_in, db, *options))


def start(servers, stand_in, db: Path, *options: str) -> tuple[subprocess.Popen, int]:
    """`llmcost serve --http` as deployed; one serving process unless `options` say otherwise. Started through
    the test's `servers` (tests/servers.py): killed with its serving processes when the test ends, however."""
    port = free_port()
    env = os.environ | {
        "SLACK_BOT_TOKEN": signed.TOKEN, "SLACK_SIGNING_SECRET": signed.SECRET, "SLACK_API_URL": stand_in.api_url,
        "LLMCOST_DB": str(db), "LLMCOST_DELIVERY_BACKOFF_S": "0.1", "LLMCOST_DELIVERY_POLL_S": "0.2",
        "LLMCOST_DELIVERY_WORKERS": "8",
    }
    options = options or ("--processes", "1")
    proc = servers.start([sys.executable, "-m", "bot.cli", "serve", "--http", "--no-chart", "--host", "127.0.0.1",
                          "--port", str(port), *options], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    return proc, port


def ready(started: tuple[subprocess.Popen, int]) -> tuple[subprocess.Popen, str]:
    proc, port = started
    deadline = time.monotonic() + READY_S
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return proc, f"http://127.0.0.1:{port}/slack/events"
        except OSError:
            assert proc.poll() is None and time.monotonic() < deadline, last_words(proc)
            time.sleep(0.05)


def stop(proc: subprocess.Popen, sig: int = signal.SIGTERM) -> str:
    """Stop the server with `sig` and return its stderr. A server that does not stop in time fails the test; the
    `servers` fixture then kills it, with whatever it started."""
    proc.send_signal(sig)
    proc.wait(timeout=30)
    err = proc.stderr.read().decode()
    proc.stderr.close()
    return err


def settled(db: Path, questions: int, timeout: float = 30) -> None:
    """Wait until the log has `questions` jobs and none pending: nothing more can then be sent by any server
    on it (a server only sends pending jobs), instead of waiting a while to see that nothing more comes."""
    deadline = time.monotonic() + timeout
    while True:
        with LogStore.open(db) as store:
            jobs = store.jobs()
        if len(jobs) >= questions and all(j["state"] != "pending" for j in jobs):
            return
        assert time.monotonic() < deadline, [(j["id"], j["state"]) for j in jobs]
        time.sleep(0.05)


def verdict_threads(stand_in) -> list[str]:
    return [m["thread_ts"] for m in stand_in.posted()
            if (m["metadata"] or {}).get("event_payload", {}).get("part") == "verdict"]


def test_sigkill_right_after_30_acks_and_a_restart_deliver_all_30_none_twice(stand_in, servers, tmp_path):
    stand_in.slow("chat.postMessage", 0.2)  # Slack is slow today: posts are in flight when the process dies
    db = tmp_path / "serve.db"
    proc, url = serve(servers, stand_in, db)
    threads = [f"1697{n:06d}.000100" for n in range(30)]
    try:  # one after another: the stdlib server's small backlog is the door's business, not this test's
        acks = [signed.post(url, signed.event_body(signed.mention(QUESTION, ts=ts)), "application/json").status
                for ts in threads]
    finally:
        stop(proc, signal.SIGKILL)
    assert acks == [200] * 30
    before = len(verdict_threads(stand_in))
    assert before < 30  # the kill interrupted the work

    proc, url = serve(servers, stand_in, db)
    try:
        settled(db, 30)
    finally:
        stop(proc)
    assert sorted(verdict_threads(stand_in)) == threads  # all 30, none twice
    with LogStore.open(db) as store:
        rows = store.recent(limit=100)
    assert len(rows) == 30 and {r["delivery"] for r in rows} == {"delivered"}


def test_serve_answers_with_a_log_it_cannot_write_and_keeps_its_compiled_patterns(stand_in, servers, tmp_path, monkeypatch):
    db = read_only_dir(tmp_path) / f"llmcost-serve-{os.getpid()}.db"
    monkeypatch.setenv("LLMCOST_CACHE_DIR", str(tmp_path / "cache"))
    proc, url = serve(servers, stand_in, db)
    try:
        # Written after the warm-up, before it listens: the next start (or the next serving process) hands the
        # parser's compiled patterns to sre instead of compiling them again (bot/startup.py, trick 6).
        kept = pickle.loads(startup._regex_file(tmp_path / "cache").read_bytes())
        assert len(kept["entries"]) > 100
        body = signed.event_body(signed.mention(QUESTION, ts="1697999999.000100"))
        assert signed.post(url, body, "application/json").status == 200
        stand_in.wait_for("chat.postMessage", 2, timeout=15)
    finally:
        err = stop(proc)
    assert verdict_threads(stand_in) == ["1697999999.000100"]
    assert "answering without the log" in err and str(db) in err


def test_an_original_and_its_retry_reaching_two_processes_at_once_are_answered_once(stand_in, servers, tmp_path):
    db = tmp_path / "shared.db"
    LogStore.open(db).close()  # created before both start, as a deployed log would be
    starting = [start(servers, stand_in, db) for _ in range(2)]  # in parallel: start-up is most of this test
    procs = [ready(s) for s in starting]
    threads = [f"1696{n:06d}.000100" for n in range(30)]
    statuses = []
    try:
        for n, ts in enumerate(threads):
            body = signed.event_body(signed.mention(QUESTION, ts=ts), event_id=f"EvPROC{n:04d}")
            at_once = threading.Barrier(2)

            def deliver(url, headers, body=body, at_once=at_once):
                at_once.wait()
                statuses.append(signed.post(url, body, "application/json", headers=headers).status)

            pair = [threading.Thread(target=deliver, args=(procs[0][1], None)),
                    threading.Thread(target=deliver, args=(procs[1][1], {"X-Slack-Retry-Num": "1"}))]
            for t in pair:
                t.start()
            for t in pair:
                t.join()
        settled(db, 30)
    finally:
        for proc, _ in procs:
            stop(proc)
    assert statuses == [200] * 60
    assert sorted(verdict_threads(stand_in)) == threads  # each once, none missing
