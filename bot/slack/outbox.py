"""The durable outbox: every acknowledged question is answered exactly once, or its row says why not.

A listener turns a Slack delivery into a `Job` and calls `Outbox.accept` *before* Bolt acknowledges it
(the app runs with process_before_response, and a listener does nothing slow): the job's claim keys and
the job itself go into the log in one short transaction. Worker threads then lease jobs from the log and
deliver them (bot/slack/reply.py): a job is finished only when Slack accepted it, or when it failed for a
reason the row records. Jobs left by a process that died are resumed by the next one (or another replica).

When the log cannot be written the job is kept in memory and answered anyway, with a loud warning: the
bot never goes quiet because of its log, at the price of the guarantees above for that one question.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
import os
import secrets
import socket
import threading
import time
import uuid
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from functools import partial
from typing import Any

from bot.slack.dedupe import Seen
from bot.store import MAX_STORED_CHARS, Claimed, StoreUnavailable, now_iso

log = logging.getLogger("llmcost.slack.outbox")


_COUNTS = {"workers": "threads", "bug_tries": "tries"}


@dataclass
class Policy:
    """How hard delivery tries. Every figure can be set from the environment (LLMCOST_DELIVERY_*)."""

    deadline_s: float = 1800.0  # give up on a job this long after it was asked (a response_url lives 30 min)
    backoff_s: float = 1.0  # the first wait after a 5xx or a timeout; doubles each time
    max_backoff_s: float = 60.0
    lease_s: float = 60.0  # a worker holds a job this long (renewed while it waits); then anyone may take it
    poll_s: float = 1.0  # how often the log is checked for jobs left by others or due again
    accept_timeout_s: float = 1.0  # the longest an ack waits for the log (per step) before the job goes to memory
    http_timeout_s: float = 10.0  # per request to Slack
    workers: int = 4
    # The rest of an answer (details, chart) waits behind other questions' verdicts, but never longer than this.
    rest_wait_s: float = 5.0
    bug_tries: int = 3  # an unexpected error (a bug) is retried this many times, then recorded as the failure

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> Policy:
        from bot.errors import UserError

        values = {}
        for f in fields(cls):
            var = f"LLMCOST_DELIVERY_{f.name.upper()}"
            if raw := environ.get(var, "").strip():
                try:
                    values[f.name] = int(raw) if f.name in _COUNTS else float(raw)
                except ValueError:
                    raise UserError(f"{var} must be a number of {_COUNTS.get(f.name, 'seconds')}, "
                                    f"not {raw!r}") from None
                if values[f.name] <= 0:
                    raise UserError(f"{var} must be more than 0")
        return cls(**values)


@dataclass
class Job:
    """What to answer, where and for whom: everything a worker needs, even in another process."""

    kind: str  # "answer" (a question: verdict, details, chart) or "command" (/llmcost help|models|prices|history)
    surface: str
    text: str
    channel_id: str | None
    thread_ts: str | None = None
    user_id: str | None = None
    team_id: str | None = None
    event_id: str | None = None
    response_url: str | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    update_ts: str | None = None  # a recompute in place: the verdict message it replaces
    in_place: str | None = None  # how: "chat" (chat.update) or "respond" (an ephemeral message, via response_url)
    recompute_of: int | None = None  # a share or a private recompute: the question's row it is of
    keys: tuple[str, ...] = ()  # claim keys: the first is the delivery's own
    text_chars: int = 0
    uid: str = field(default_factory=lambda: uuid.uuid4().hex)
    id: int | None = None  # the outbox row; None for a job only in memory
    question_id: int | None = None
    created_at: str = field(default_factory=now_iso)
    attempts: int = 0
    maybe_sent: str | None = None
    verdict_ts: str | None = None
    details_ts: str | None = None
    chart_file: str | None = None  # the chart this job uploaded (a recompute: not uploaded again on a retry)
    note: str | None = None  # why this job is only in memory
    answered: bool = False  # the asker has the verdict (not kept in the log: verdict_ts says it there)

    def __post_init__(self) -> None:
        self.text_chars = max(self.text_chars, len(self.text))
        self.text = self.text[:MAX_STORED_CHARS]

    def row(self) -> dict[str, Any]:
        return {"uid": self.uid, "kind": self.kind, "surface": self.surface, "text": self.text,
                "text_chars": self.text_chars, "overrides": json.dumps(self.overrides, sort_keys=True),
                "channel_id": self.channel_id, "thread_ts": self.thread_ts, "user_id": self.user_id,
                "team_id": self.team_id, "event_id": self.event_id, "response_url": self.response_url,
                "update_ts": self.update_ts, "in_place": self.in_place, "recompute_of": self.recompute_of}

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Job:
        names = {f.name for f in fields(cls)} - {"overrides", "keys"}
        job = cls(**{k: v for k, v in row.items() if k in names and v is not None},
                  overrides=json.loads(row.get("overrides") or "{}"))
        job.keys = (row["claim_key"],) if row.get("claim_key") else ()
        return job

    @property
    def asked(self) -> dt.datetime:
        return dt.datetime.fromisoformat(self.created_at)


class Outbox:
    """Accepts jobs (fast, before the ack) and delivers them on worker threads."""

    def __init__(self, store: Any, client: Any, *, ask: Any, chart: bool = True, policy: Policy | None = None,
                 seen: Seen | None = None, context: Any = None):
        self.store = store
        self.context = context  # bot.context.Context: the catalogs and clock `/llmcost models|prices` show
        self.client = client  # a WebClient without retry handlers: the retries are ours
        self.ask = ask
        self.chart = chart
        self.policy = policy or Policy()
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        self.seen = seen or Seen()  # the cheap first filter: a retry reaching this same process
        self.answered_from_memory = 0
        # Jobs finished here whose end the log could not take: recorded again later, never delivered again.
        self.unrecorded: dict[int, dict[str, Any]] = {}
        self._queue: deque[Job | int] = deque()
        # The rest of answers whose verdicts are out (details, chart): taken when no job waits in `_queue`, or
        # once the oldest has waited `rest_wait_s`.
        self._later: deque[_Rest] = deque()
        self._in_hand: set[int] = set()  # job ids queued or being delivered here
        self._busy = 0
        self._answering = 0  # workers on a job's first part (the verdict)
        self._changed = threading.Condition()
        self.stopping = threading.Event()
        self._threads: list[threading.Thread] = []

    # -- taking work in (on the request thread, before the ack) ----------------------------------------

    def accept(self, job: Job, *, retry: str | None = None) -> str:
        """"queued" (in the log), "memory" (the log failed: answered anyway) or "duplicate" (ignored)."""
        if job.keys and not self.seen.first(*job.keys):
            log.info("%s is already being answered here (Slack retry %s): not answering twice", job.keys[0], retry)
            return "duplicate"
        try:
            job.id, job.question_id = self.store.accept(job.row(), job.keys,
                                                        timeout_s=self.policy.accept_timeout_s)
        except Claimed:
            log.info("%s was claimed before (Slack retry %s, a replay or another process): not answering twice",
                     job.keys[0] if job.keys else job.uid, retry)
            return "duplicate"
        except StoreUnavailable as exc:
            job.note = f"answered from memory: the log could not record the question when it was asked ({exc})"
            log.error("could not record %s in the log (%s); answering from memory: a restart now would lose it "
                      "and another process could answer it too", job.keys[0] if job.keys else job.surface, exc)
            self.answered_from_memory += 1
        self._push(job)
        return "memory" if job.id is None else "queued"

    def _push(self, item: Job | int) -> None:
        with self._changed:
            job_id = item.id if isinstance(item, Job) else item
            if job_id is not None:
                if job_id in self._in_hand:
                    return
                self._in_hand.add(job_id)
            self._queue.append(item)
            self._changed.notify_all()

    def later(self, delivery: Any, step: Any) -> None:
        """Put off the rest of a delivery (bot/slack/reply.py raises Later once the verdict is out). The job
        stays in hand (and leased) until the step has run."""
        with self._changed:
            self._later.append(_Rest(delivery, step, time.monotonic()))
            self._changed.notify_all()  # idle() waits on the same condition: wake the workers too

    # -- the workers -----------------------------------------------------------------------------------

    def start(self) -> Outbox:
        self._release_the_dead()
        for n in range(self.policy.workers):
            self._spawn(self._work, f"llmcost-outbox-{n}")
        self._spawn(self._poll, "llmcost-outbox-poll")
        return self

    def _spawn(self, target: Any, name: str) -> None:
        thread = threading.Thread(target=target, name=name, daemon=True)
        thread.start()
        self._threads.append(thread)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop taking jobs; what is not finished stays in the log for the next process."""
        self.stopping.set()
        with self._changed:
            self._changed.notify_all()
        for thread in self._threads:
            thread.join(timeout)
        with contextlib.suppress(StoreUnavailable):
            self.store.release(self.owner, timeout_s=1.0)

    def idle(self, timeout: float = 10.0) -> bool:
        """Wait until nothing is queued or being delivered here (tests, graceful shutdown)."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._queue and not self._later and not self._busy, timeout)

    def health(self) -> dict[str, Any]:
        """What /readyz needs: is the log writable now (a cheap probe), are the workers alive, how much is
        waiting here. `ok` is False while answers are given from memory."""
        writable = self.store.writable()
        store = self.store.health() | {"writable": writable}
        alive = bool(self._threads) and all(t.is_alive() for t in self._threads) and not self.stopping.is_set()
        with self._changed:
            queued, working = len(self._queue) + len(self._later), self._busy
        return {"ok": alive and store["writable"], "draining": alive, "queued": queued, "working": working,
                "answered_from_memory": self.answered_from_memory, "log": store}

    def ready_problem(self) -> str | None:
        """None when answers are being delivered durably, else what is degraded (a /readyz check)."""
        health = self.health()
        if not health["draining"]:
            return "the outbox is not delivering: its workers have stopped"
        if not health["log"]["writable"]:
            return f"answering from memory: {health['log']['problem'] or 'the log cannot be written'}"
        return None

    def _next(self) -> Job | int | _Rest | None:
        """What a worker does next (None: stop). A put-off rest runs only when no job waits and none is being
        answered (one Python process computes on one core: a rest run beside a verdict slows the verdict), or
        once it has waited `rest_wait_s`."""
        with self._changed:
            while not self.stopping.is_set():
                now = time.monotonic()
                overdue = bool(self._later) and now - self._later[0].since >= self.policy.rest_wait_s
                if overdue or (self._later and not self._queue and not self._answering):
                    item: Job | int | _Rest = self._later.popleft()
                elif self._queue:
                    item = self._queue.popleft()
                    self._answering += 1
                else:
                    self._changed.wait(self._later[0].since + self.policy.rest_wait_s - now if self._later else None)
                    continue
                self._busy += 1
                return item
            return None

    def _work(self) -> None:
        from bot.slack.reply import Delivery

        while (item := self._next()) is not None:
            put_off = False
            try:
                if isinstance(item, _Rest):
                    if self._still_ours(item.delivery):
                        put_off = self._deliver(partial(lambda rest: rest.delivery, item), item.step)
                elif (job := self._lease(item)) is not None:
                    put_off = self._deliver(partial(Delivery, self, job, leased_at=time.monotonic()))
            except Exception:  # a bug in the outbox itself must not kill the worker
                log.exception("delivering a job failed unexpectedly")
            finally:
                with self._changed:
                    self._busy -= 1
                    if not isinstance(item, _Rest):
                        self._answering -= 1
                    if not put_off:
                        job_id = item.delivery.job.id if isinstance(item, _Rest) else getattr(item, "id", item)
                        self._in_hand.discard(job_id)
                    self._changed.notify_all()

    def _deliver(self, delivery: Any, step: Any = None) -> bool:
        """Run `delivery()`'s delivery (or its put-off `step`); True when part of it was put off again. An
        unexpected error (a bug, not Slack or the log) is retried `bug_tries` times, then recorded on the row
        as the job's failure: it does not hammer Slack until the deadline."""
        for attempt in range(1, self.policy.bug_tries + 1):
            this = delivery()  # each try starts from what the job has recorded
            try:
                return this.run(step)
            except Exception as exc:
                error = f"bug: {type(exc).__name__}: {exc}"
                log.exception("job %s failed unexpectedly (try %d of %d)", this.job.uid, attempt, self.policy.bug_tries)
            if attempt < self.policy.bug_tries and self.stopping.wait(self.policy.backoff_s * 2 ** (attempt - 1)):
                return False  # stopping: the job stays in the log for the next process
        this.give_up(f"{error} (gave up after {self.policy.bug_tries} tries)")
        return False

    def _still_ours(self, delivery: Any) -> bool:
        """A put-off rest runs only while the job's lease is ours: renewed once half of it has passed."""
        job = delivery.job
        if job.id is None or time.monotonic() - delivery.leased_at < self.policy.lease_s / 2:
            return True
        try:
            return self.store.lease(job.id, self.owner, self.policy.lease_s) is not None
        except StoreUnavailable:
            return True  # the log is down: nobody else can take it from there either

    def _lease(self, item: Job | int) -> Job | None:
        job_id = item.id if isinstance(item, Job) else item
        if job_id is None:
            return item  # only in memory
        try:
            row = self.store.lease(job_id, self.owner, self.policy.lease_s)
        except StoreUnavailable as exc:
            if isinstance(item, Job):
                log.warning("could not lease job %s (%s); delivering it anyway", job_id, exc)
                return item
            return None  # the poller finds it again when the log works
        if row is None:
            return None  # another process has it, or it is finished
        job = Job.from_row(row)
        if isinstance(item, Job):
            job.keys = item.keys
        return job

    def _poll(self) -> None:
        """Jobs nobody holds: left by a process that died, due again, or accepted while we were away."""
        while not self.stopping.wait(self.policy.poll_s):
            try:
                due = self.store.due_jobs()
            except StoreUnavailable:
                continue
            except Exception:  # never let the poller die: resumed jobs depend on it
                log.exception("looking for due jobs failed")
                continue
            for job_id in due:
                if job_id in self.unrecorded:
                    self._record_again(job_id)
                else:
                    self._push(job_id)

    def _record_again(self, job_id: int) -> None:
        try:
            self.store.finish(**self.unrecorded[job_id])
        except StoreUnavailable:
            return
        del self.unrecorded[job_id]

    def _release_the_dead(self) -> None:
        """Leases held by an earlier incarnation of this process, or a dead process on this host, are freed
        at once (a replica on another host waits for the lease to run out)."""
        host, pid = socket.gethostname(), os.getpid()
        try:
            owners = self.store.lease_owners()
        except StoreUnavailable:
            return
        for owner in owners:
            their_host, their_pid, _ = (owner.rsplit(":", 2) + ["", ""])[:3]
            if their_host == host and owner != self.owner and (their_pid == str(pid) or not _alive(their_pid)):
                with_jobs = self.store.release(owner)
                log.warning("resuming %d unfinished job(s) of a process that stopped (%s)", with_jobs, owner)


@dataclass
class _Rest:
    """The rest of a delivery, put off until no verdict waits (reply.Later)."""

    delivery: Any
    step: Any
    since: float


def _alive(pid: str) -> bool:
    try:
        os.kill(int(pid), 0)
    except (ValueError, ProcessLookupError):
        return False
    except PermissionError:
        return True
    return True
