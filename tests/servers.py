"""Processes a test starts (`llmcost serve --http`, a stand-in), stopped with everything they started, however
the test ends.

A server test that failed under load once left a `bot.cli serve --http` process running after the session: it
had started two servers, the first never got ready, and the failure skipped the second's stop. Every process a
test starts through `Servers` (the `servers` fixture, tests/conftest.py) is therefore

- the leader of a process group of its own (`start_new_session`), which the fixture's teardown kills with
  SIGKILL, leader and every process it started (a supervisor's serving processes), whether the test passed,
  failed, raised or timed out, and whether or not the process still answers SIGTERM;
- killed by the kernel if the test process itself dies first (PR_SET_PDEATHSIG, Linux), where no teardown
  runs: a worker of -n killed by SIGKILL, a session cut short.

tests/test_servers.py checks both on processes that ignore SIGTERM and start a child of their own.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time
from typing import Any

import pytest

READY_S = 120.0  # how long a test waits for a server it started: a bound on a hang, not a speed check


def _die_with_the_test() -> None:  # runs in the child between fork and exec
    with contextlib.suppress(Exception):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class Servers:
    def __init__(self) -> None:
        self._started: list[subprocess.Popen] = []

    def start(self, argv: list[str], **popen: Any) -> subprocess.Popen:
        """`subprocess.Popen(argv, **popen)`, in a process group of its own that is killed at teardown. Call it
        from the test's own thread, not one the test starts: the kernel's kill-on-death follows the thread that
        started the process, and a test's thread ends before its teardown."""
        linux = sys.platform.startswith("linux")
        proc = subprocess.Popen(argv, start_new_session=True, preexec_fn=_die_with_the_test if linux else None,
                                **popen)
        self._started.append(proc)
        return proc

    def close(self) -> None:
        """SIGKILL to each group still there (the leader, what it started), then reap the leader and close its
        pipes. Safe to call twice, and after a test stopped a process itself."""
        for proc in self._started:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
        for proc in self._started:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=30)
            for pipe in (proc.stdin, proc.stdout, proc.stderr):
                if pipe is not None:
                    with contextlib.suppress(OSError):
                        pipe.close()
        self._started.clear()

    def __enter__(self) -> Servers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@pytest.fixture
def servers():
    """Start processes with `servers.start(argv, **popen)`; each is killed, with what it started, at teardown.
    (tests/conftest.py imports this fixture for the whole suite.)"""
    with Servers() as started:
        yield started


def group_gone(pgid: int, timeout: float = 10.0) -> bool:
    """No live process is left in process group `pgid` (zombies are dead: their parent reaps them)."""
    deadline = time.monotonic() + timeout
    while True:
        alive = [pid for pid in _pids() if _group_of(pid) == pgid and not _zombie(pid)]
        if not alive:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


def _pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def _stat(pid: int) -> list[str]:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as f:
            raw = f.read()
    except OSError:
        return []
    return raw[raw.rindex(")") + 2:].split()  # after "pid (comm) ": state ppid pgrp ...


def _group_of(pid: int) -> int | None:
    fields = _stat(pid)
    return int(fields[2]) if len(fields) > 2 else None


def _zombie(pid: int) -> bool:
    fields = _stat(pid)
    return not fields or fields[0] in ("Z", "X")
