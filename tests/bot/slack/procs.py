"""A server process a test started, as the test tells why it failed."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess


def last_words(proc: subprocess.Popen) -> str:
    """The end of what the process wrote to its stderr. A live process is stopped first, with what it started
    when it leads a process group (tests/servers.py): reading the stderr of one that is still running waits for
    it forever, and a test that waited for it to get ready would hang instead of failing."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            if os.getpgid(proc.pid) == proc.pid:
                os.killpg(proc.pid, signal.SIGKILL)
            else:
                proc.kill()
    try:
        _, err = proc.communicate(timeout=10)
    except (subprocess.TimeoutExpired, ValueError):
        return "(no stderr: the process did not stop)"
    return (err or b"").decode(errors="replace")[-2000:]
