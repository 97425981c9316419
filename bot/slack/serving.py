"""The HTTP server for `llmcost serve --http` and the tests: cheroot (pure Python, threaded) with a listen
backlog, a per-read timeout, a per-request deadline, a body limit answered from the headers, and a drain
on SIGTERM. See docs/slack.md, "The door"."""

from __future__ import annotations

import contextlib
import ctypes
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cheroot import wsgi as cheroot_wsgi
from cheroot.server import HTTPConnection
from slack_bolt import App

log = logging.getLogger("llmcost.slack.http")


@dataclass(frozen=True)
class ServerSettings:
    """cheroot's knobs, named for what they protect against."""

    threads: int = 16  # requests handled at once; Bolt acks in milliseconds
    backlog: int = 256  # connections the kernel queues before refusing (the stdlib server had 5)
    read_timeout_s: float = 10.0  # a client silent this long mid-request (or idle between) is dropped
    drain_s: float = 10.0  # on stop, how long in-flight requests (and answers under way) may take
    # A client trickling a byte now and then never trips the read timeout; past this, reading is cut off
    # (headers or body) and the thread goes back to work. Slack sends a request in milliseconds.
    request_deadline_s: float = 30.0
    max_header_bytes: int = 64 * 1024  # request line and headers (cheroot's default is no limit): 413/414


class DeadlineConnection(HTTPConnection):
    """cheroot's connection, with a deadline on each request: when it passes, the socket's reading side is
    shut down, so a blocked read returns at once and the request ends (408/400) instead of holding a
    worker thread for as long as the client likes. Writing the answer is unaffected."""

    deadline_s = 30.0

    def communicate(self) -> bool:
        timer = threading.Timer(self.deadline_s, self._stop_reading)
        timer.daemon = True
        timer.start()
        try:
            return super().communicate()
        finally:
            timer.cancel()

    def _stop_reading(self) -> None:
        with contextlib.suppress(OSError):
            self.socket.shutdown(socket.SHUT_RD)


class _SharedSocketServer(cheroot_wsgi.Server):
    """cheroot on a listening socket it inherited (`llmcost serve --http --processes N`: every process
    accepts from the one socket its supervisor bound), instead of binding its own."""

    inherited: socket.socket | None = None

    def bind(self, family: int, type: int, proto: int = 0) -> socket.socket:  # noqa: A002 (cheroot's names)
        if self.inherited is None:
            return super().bind(family, type, proto)
        self.socket = self.inherited
        self.bind_addr = self.resolve_real_bind_addr(self.socket)
        return self.socket


class Server:
    """cheroot's WSGI server, bound on construction (port 0 picks a free one: `server_port`), with the
    socketserver-like calls the tests use: serve_forever(), shutdown(), server_close().

    With `listen_fd`, it accepts from that already listening socket, shared with other processes: the
    socket is made non-blocking, so a process that loses the race for a connection goes straight back to
    its other connections (cheroot takes EAGAIN as "nothing to accept")."""

    def __init__(self, application: Any, host: str, port: int, *, max_body_bytes: int,
                 settings: ServerSettings | None = None, listen_fd: int | None = None):
        self.settings = settings = settings or ServerSettings()
        self.cheroot = _SharedSocketServer(
            (host, port), application, numthreads=settings.threads, request_queue_size=settings.backlog,
            timeout=settings.read_timeout_s, shutdown_timeout=settings.drain_s, server_name="llmcost")
        if listen_fd is not None:
            self.cheroot.inherited = socket.socket(fileno=listen_fd)
        self.cheroot.max_request_body_size = max_body_bytes  # 413 from the headers, before the body is read
        self.cheroot.max_request_header_size = settings.max_header_bytes
        self.cheroot.ConnectionClass = type("Connection", (DeadlineConnection,), {"deadline_s": settings.request_deadline_s})
        self.cheroot.error_log = self._error_log
        self.cheroot.prepare()
        if listen_fd is not None:
            self.cheroot.socket.settimeout(0)  # after prepare(), which sets a 1 s timeout
        self._stopping = threading.Lock()
        self._stopped = False

    @property
    def server_port(self) -> int:
        return self.cheroot.bind_addr[1]

    def serve_forever(self, poll_interval: float | None = None) -> None:
        if poll_interval:
            self.cheroot.expiration_interval = poll_interval
        self.cheroot.serve()

    def shutdown(self) -> None:
        """Stop accepting, let in-flight requests finish (up to `drain_s`), then close. A second caller
        returns when the first one's drain is over."""
        with self._stopping:
            if not self._stopped:
                self.cheroot.stop()
                self._stopped = True

    def server_close(self) -> None:
        self.shutdown()

    @staticmethod
    def _error_log(msg: str = "", level: int = logging.INFO, traceback: bool = False) -> None:
        log.log(level, "%s", msg, exc_info=traceback)


def serve_until_stopped(app: App, httpd: Server) -> int:
    """Serve until SIGTERM or SIGINT; then stop accepting, drain in-flight requests and the answers Bolt is
    still working on, within `drain_s` in all, and return 0."""
    asked = []

    def stop(signum: int, frame: Any) -> None:
        asked.append(time.monotonic())
        log.info("%s: no new requests; draining for up to %.0f s", signal.Signals(signum).name, httpd.settings.drain_s)
        threading.Thread(target=httpd.shutdown, name="llmcost-stop").start()

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        httpd.serve_forever()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    started = asked[0] if asked else time.monotonic()
    httpd.shutdown()  # returns once the in-flight requests are done (or drain_s passed)
    _drain(app, httpd.settings.drain_s - (time.monotonic() - started))
    return 0


def _drain(app: App, seconds: float) -> None:
    """Let the answers under way finish within `seconds`: Bolt's listeners (which record jobs after their
    acks), then the outbox's deliveries. What is still undelivered stays in the log for the next process."""
    deadline = time.monotonic() + max(seconds, 0.1)
    executor = getattr(getattr(app, "listener_runner", None), "listener_executor", None)
    if executor is not None:
        waiter = threading.Thread(target=executor.shutdown, kwargs={"wait": True}, name="llmcost-drain", daemon=True)
        waiter.start()
        waiter.join(max(deadline - time.monotonic(), 0.1))
    outbox = getattr(getattr(app, "llmcost", None), "outbox", None)
    if outbox is not None:
        delivered = outbox.idle(max(deadline - time.monotonic(), 0.1))
        outbox.stop(timeout=1.0)
        if not delivered:
            log.warning("stopped with answers still under way after the %.0f s drain; they stay in the log", seconds)


def default_processes(environ: Mapping[str, str]) -> int:
    """How many serving processes by default: $WEB_CONCURRENCY when set, else one per CPU this process may
    use (at most 4). One Python process answers on one core at a time (the GIL): the engine and the Block
    Kit rendering are CPU work, so a second core needs a second process."""
    raw = environ.get("WEB_CONCURRENCY", "").strip()
    if raw.isdigit() and int(raw) > 0:
        return int(raw)
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        cpus = os.cpu_count() or 1
    return max(1, min(4, cpus))


def listening_socket(host: str, port: int, backlog: int) -> socket.socket:
    """Bound and listening, inheritable: the one socket every serving process accepts from."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0,
                                                         socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(address)
    sock.listen(backlog)
    sock.set_inheritable(True)
    return sock


def _die_with_parent(parent: int) -> Any:
    """For a child: SIGKILL when the supervisor dies, however it dies (Linux), so that killing the server
    kills all of it, as with one process; what was acknowledged and not delivered stays in the log."""

    def arm() -> None:
        with contextlib.suppress(Exception):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        if os.getppid() != parent:  # it died before the line above
            os._exit(1)

    return arm if sys.platform.startswith("linux") else None


def supervise(command: list[str], processes: int, sock: socket.socket) -> int:
    """Run `processes` copies of `command` (a serving process, given the listening socket's fd), restart one
    that dies, and on SIGTERM or SIGINT pass the signal on and wait for each to drain. Returns 0 when every
    process stopped cleanly; 1 when they keep dying at start (a configuration the children refuse)."""
    stopping = threading.Event()
    children: dict[int, tuple[subprocess.Popen, float]] = {}
    failed_starts = 0

    def spawn(slot: int) -> None:
        proc = subprocess.Popen(command, pass_fds=(sock.fileno(),), preexec_fn=_die_with_parent(os.getpid()))
        children[slot] = (proc, time.monotonic())

    def stop(signum: int, frame: Any) -> None:
        stopping.set()
        sock.close()  # our copy: the port refuses new connections once the processes have closed theirs
        for proc, _ in children.values():
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(signal.SIGTERM)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        for slot in range(processes):
            spawn(slot)
        log.info("serving with %d processes (pids %s)", processes, ", ".join(str(p.pid) for p, _ in children.values()))
        while not stopping.is_set():
            stopping.wait(0.5)
            for slot, (proc, started) in list(children.items()):
                code = proc.poll()
                if code is None or stopping.is_set():
                    continue
                failed_starts = failed_starts + 1 if time.monotonic() - started < 10 else 0
                if failed_starts >= 3:
                    log.error("serving processes keep exiting at start (last: %s); stopping", code)
                    stop(signal.SIGTERM, None)
                    break
                log.error("serving process %s exited (%s); starting another (its unfinished answers resume)",
                          proc.pid, code)
                spawn(slot)
        codes = [proc.wait() for proc, _ in children.values()]
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        sock.close()
    # A process still starting when told to stop dies of the SIGTERM: it had taken nothing in yet.
    return 0 if failed_starts < 3 and all(code in (0, -signal.SIGTERM) for code in codes) else 1
