"""The `servers` fixture (tests/servers.py) leaves no process behind, however the test that started it ends.

Checked in a pytest session of its own, on stand-ins harder to stop than `llmcost serve --http`: processes that
ignore SIGTERM, one with a child of its own (a supervisor's serving process). Its first test starts two, as
tests/bot/slack/test_crash.py does, and fails before it stops either (the leak of session 14: the first server
never got ready, and the second was never stopped); its second test's process is killed by SIGKILL, so no
teardown of it runs at all.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.servers import group_gone

ROOT = Path(__file__).resolve().parent.parent

_INNER = '''
import os, signal, subprocess, sys

STUBBORN = (
    "import signal, subprocess, sys, time\\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\\n"
    "kids = [subprocess.Popen([sys.executable, '-c', "
    "'import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(600)'])"
    " for _ in range(int(sys.argv[1]))]\\n"
    "print(*[k.pid for k in kids], flush=True)\\n"
    "time.sleep(600)\\n"
)


def started(servers, children):
    proc = servers.start([sys.executable, "-c", STUBBORN, str(children)], stdout=subprocess.PIPE)
    pids = [proc.pid, *map(int, proc.stdout.readline().split())]
    with open(os.environ["PIDS_FILE"], "a") as out:
        out.write(" ".join(map(str, pids)) + "\\n")
    return proc


def test_fails_with_two_servers_running(servers):
    started(servers, 1)
    started(servers, 0)
    assert False, "the first server never got ready"


def test_its_process_dies_with_a_server_running(servers):
    started(servers, 0)
    os.kill(os.getpid(), signal.SIGKILL)
'''


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG and /proc (Linux)")
def test_no_server_outlives_its_test(tmp_path):
    (tmp_path / "test_inner.py").write_text(_INNER)
    (tmp_path / "conftest.py").write_text("from tests.servers import servers  # noqa: F401\n")
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    pids_file = tmp_path / "pids"
    env = os.environ | {"PYTHONPATH": str(ROOT), "PIDS_FILE": str(pids_file)}
    env.pop("PYTEST_XDIST_WORKER", None)
    run = subprocess.run([sys.executable, "-m", "pytest", "-c", str(tmp_path / "pytest.ini"), "--rootdir", str(tmp_path),
                          "-p", "no:cacheprovider", "-p", "no:xdist", "-vv", str(tmp_path / "test_inner.py")],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    # The first test failed; the second killed the session's process (no summary line, killed by SIGKILL).
    assert "test_inner.py::test_fails_with_two_servers_running FAILED" in run.stdout, run.stdout + run.stderr
    assert run.returncode == -9, (run.returncode, run.stdout[-2000:])
    groups = [[int(p) for p in line.split()] for line in pids_file.read_text().splitlines()]
    try:
        assert [len(g) for g in groups] == [2, 1, 1]  # a server with a child, two alone
        for group in groups:  # each leader and its child, whichever way its test ended
            assert group_gone(group[0]), f"a process of group {group} outlived its test"
    finally:  # this test leaves none behind either, should the fixture ever fail it
        for group in groups:
            with contextlib.suppress(OSError):
                os.killpg(group[0], signal.SIGKILL)
