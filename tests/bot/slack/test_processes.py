"""`llmcost serve --http --processes N`: N serving processes accept from one port and answer from one log,
each question once; they stop with their supervisor, however it stops."""

from __future__ import annotations

import re
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.slack.serving import default_processes
from tests.bot.slack import signed
from tests.bot.slack.test_crash import QUESTION, start, verdict_threads


def children(pid: int) -> list[int]:
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def gone(pids: list[int], timeout: float = 10) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not any(Path(f"/proc/{p}").exists() and "(zombie)" not in _state(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return "(zombie)"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
def test_two_processes_share_the_port_answer_each_question_once_and_die_with_their_supervisor(stand_in, servers, tmp_path):
    proc, port = start(servers, stand_in, tmp_path / "serve.db", "--processes", "2", "-v")
    url = f"http://127.0.0.1:{port}/slack/events"
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(line.decode() for line in proc.stderr), daemon=True)
    reader.start()
    threads: list[str] = []

    def served_by() -> set[str]:
        return set(re.findall(r"llmcost\.slack\.http\[(\d+)\]: \S+ POST /slack/events 200", "".join(said)))

    try:
        deadline = time.monotonic() + 60
        while len(set(re.findall(r"\[(\d+)\]: llmcost listening", "".join(said)))) < 2:  # both are accepting
            assert proc.poll() is None and time.monotonic() < deadline, "".join(said)[-2000:]
            time.sleep(0.05)
        pids = children(proc.pid)
        assert len(pids) == 2
        acks = []
        with ThreadPoolExecutor(20) as pool:
            # Whichever process is free first takes a connection: send 20 at once until both have taken some.
            # A process that logged "listening" may still be on its way to its accept loop on a busy machine
            # (the other then takes every connection): a pause between batches, and up to 30 s, not 200 requests.
            deadline = time.monotonic() + 30
            while len(served_by()) < 2 and len(threads) < 600 and time.monotonic() < deadline:
                batch = [f"1695{n:06d}.000100" for n in range(len(threads), len(threads) + 20)]
                threads += batch
                acks += pool.map(lambda ts: signed.post(url, signed.event_body(signed.mention(QUESTION, ts=ts)),
                                                        "application/json").status, batch)
                if len(served_by()) < 2:
                    time.sleep(0.2)
        stand_in.wait_for("chat.postMessage", 2 * len(threads), timeout=30)  # a verdict and its details for each
    finally:
        proc.send_signal(signal.SIGKILL)  # however the supervisor ends, its serving processes end with it
        proc.wait(timeout=10)
        reader.join(5)
        proc.stderr.close()
    assert served_by() == {str(p) for p in pids}, "".join(said)[-2000:]  # both took requests
    assert acks == [200] * len(threads)
    assert sorted(verdict_threads(stand_in)) == threads  # each once
    assert gone(pids), "serving processes outlived their supervisor"

def test_the_default_is_web_concurrency_else_one_process_per_cpu():
    assert default_processes({"WEB_CONCURRENCY": "3"}) == 3
    assert 1 <= default_processes({}) <= 4
