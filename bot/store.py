"""The query log: one SQLite file, one small store (the habit of simonw/llm's `LogStore`).

Every surface calls `LogStore.log` once per question. Logging is never allowed to stop a reply: a full
disk, a locked file or a reply shaped differently than expected becomes a warning and `None`.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.migrations import MIGRATIONS, MIGRATIONS_TABLE, migrate

if TYPE_CHECKING:
    from sqlite_utils import Database

    from bot.service import Reply


def _import_database() -> type[Database]:
    """sqlite-utils' Database, imported when the schema or the digest's queries need it: never on the hot path
    (one INSERT per question on a migrated log, see `_up_to_date`)."""
    from sqlite_utils import Database

    return Database


def _up_to_date(conn: sqlite3.Connection) -> bool:
    """Every migration already ran: a plain query, so `llmcost ask` need not import sqlite-utils."""
    try:
        done = {row[0] for row in conn.execute(f"SELECT name FROM {MIGRATIONS_TABLE}")}
    except sqlite3.Error:
        return False
    return all(fn.__name__ in done for fn in MIGRATIONS)

log = logging.getLogger("llmcost.store")

SURFACES = frozenset({"mention", "dm", "slash", "button", "share", "cli", "form", "shortcut"})

# A pasted log file must not fill the disk: the stored question keeps its first 40,000 characters (Slack's own
# limit for a message's text) and `text_chars` says how long it was.
MAX_STORED_CHARS = 40_000


class StoreUnavailable(Exception):
    """The log cannot be read or written right now (missing, read-only, locked, corrupted): answer anyway."""


class Claimed(Exception):
    """Every delivery is claimed once; this one was claimed before (a Slack retry, a replay, another process)."""

# Columns written by `log`, in table order (see bot/migrations.py and docs/log.md).
_COLUMNS = (
    "asked_at", "surface", "team_id", "channel_id", "user_id", "event_id", "text", "scenario",
    "status", "verdict", "model", "slo_tok_s", "node_id", "node_usd_per_month", "api_provider",
    "api_usd_per_month", "break_even_tok_s", "catalog_as_of", "price_as_of", "fx_as_of",
    "latency_ms", "error", "delivery", "delivery_error", "text_chars", "thread_ts", "recompute_of",
)  # fmt: skip
_INSERT = (
    f"INSERT OR IGNORE INTO questions ({', '.join(_COLUMNS)}) VALUES ({', '.join(':' + c for c in _COLUMNS)})"
)


def default_path() -> Path:
    """The process Context's log (bot/context.py: $LLMCOST_DB, else llmcost.db in the user's data directory),
    for callers that open the log without a path; the entry points pass theirs."""
    from bot.context import current

    return current().db_path


def _connect(path: Path, timeout_s: float) -> sqlite3.Connection:
    """The log file, created owner-only (0600, in a 0700 directory when we make it), in WAL mode."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not path.exists():
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))  # sqlite would create it world-readable
    conn = sqlite3.connect(str(path), timeout=timeout_s, check_same_thread=False)
    try:
        conn.execute("PRAGMA journal_mode=wal")  # what Database.enable_wal does; reads the header
        # In WAL mode NORMAL loses nothing when the process dies (kill -9), only the last commits if the
        # machine loses power, and it spares the fsync on every commit: the bot commits several times an answer.
        conn.execute("PRAGMA synchronous=NORMAL")
    except BaseException:
        conn.close()
        raise
    return conn


def _corrupt(exc: BaseException) -> bool:
    return getattr(exc, "sqlite_errorname", "") in ("SQLITE_NOTADB", "SQLITE_CORRUPT")


def _why(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def now_iso() -> str:
    return utc_iso(dt.datetime.now(dt.UTC))


def utc_iso(moment: dt.datetime) -> str:
    """Fixed-width UTC text (milliseconds always shown), so comparing strings compares instants."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC).isoformat(timespec="milliseconds")


class LogStore:
    """The only code that reads or writes the log. Safe to share between threads.

    `open` (the CLI) fails loudly when the file is unusable. `open_resilient` (the bot) never fails: a log
    that cannot be opened, migrated or written leaves the store *unavailable* (`health()` says why, every
    write raises StoreUnavailable at once) and it tries the file again every RETRY_S seconds; a corrupted
    file is moved aside, never deleted.
    """

    # Seconds a write waits for another process (the CLI pruning, the clock posting) to release the file.
    BUSY_TIMEOUT_S = 5.0
    # The bot's writes wait less: an ack must not (the outbox's own timeouts are shorter still).
    START_TIMEOUT_S = 2.0
    RETRY_S = 5.0

    def __init__(self, conn: sqlite3.Connection | None, path: Path | None = None):
        self.conn = conn
        self.path = path
        # One connection, shared by the bot's worker threads: the lock makes them take turns, the busy
        # timeout covers other processes.
        self._lock = threading.RLock()
        self.problem: str | None = None  # why the log is unavailable now
        self.notes: list[str] = []  # what happened to it on the way (a corrupted file moved aside)
        self._retry_at = 0.0
        self.closed = False
        self.retry_s = 0.0  # the bot's store waits RETRY_S after a failure; the CLI tries each time
        if conn is not None:
            with self._lock:
                if not _up_to_date(conn):
                    migrate(self.db)

    @cached_property
    def db(self) -> Database:
        """sqlite-utils over the same connection, for the schema and the digest's queries; the hot path
        (one INSERT per question) is plain SQL and never imports it."""
        if self.conn is None:
            raise StoreUnavailable(self.problem or "the log is not open")
        return _import_database()(self.conn)

    @classmethod
    def open(cls, path: str | Path | None = None) -> LogStore:
        path = Path(path) if path else default_path()
        return cls(_connect(path, cls.BUSY_TIMEOUT_S), path)

    @classmethod
    def open_resilient(cls, path: str | Path | None = None) -> LogStore:
        """The bot's log: never raises. Check `health()`; a log that cannot be used is retried later."""
        store = cls(None, Path(path) if path else default_path())
        store.retry_s = cls.RETRY_S
        with store._lock:
            store._reopen()
        return store

    @classmethod
    def memory(cls) -> LogStore:
        """An in-memory log for tests; like Database(memory=True), but usable from the bot's threads."""
        return cls(sqlite3.connect(":memory:", check_same_thread=False))

    def close(self) -> None:
        """Close the connection. A write that still arrives (a thread finishing after shutdown) fails quietly
        with "the log is closed" rather than as a database error on a closed connection."""
        with self._lock:
            self.closed = True
            if self.conn is not None:
                self.conn.close()
                self.conn = None
                self.__dict__.pop("db", None)

    def __enter__(self) -> LogStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- health: what /readyz reads ------------------------------------------------------------------

    def health(self) -> dict[str, Any]:
        """{"writable": bool, "problem": why not, "notes": what happened to the file, "path": where}."""
        return {"writable": self.conn is not None and self.problem is None, "problem": self.problem,
                "notes": list(self.notes), "path": str(self.path) if self.path else ":memory:"}

    def writable(self, timeout_s: float = 0.2) -> bool:
        """Can a write start now? Takes the write lock and gives it back at once (cheap; for /readyz)."""
        try:
            with self._using(timeout_s) as conn:
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("ROLLBACK")
        except StoreUnavailable:
            return False
        return True

    def writable_problem(self) -> str | None:
        """None when a write can start now, else why not: the form /readyz checks take (bot/slack/health.py)."""
        if self.writable():
            return None
        return self.problem or f"the log {self.path or ':memory:'} is busy: a write could not start"

    def _reopen(self, timeout_s: float | None = None) -> bool:
        """(Re)open the file, moving a corrupted one aside; False (and `problem` set) when it cannot be used."""
        for _ in range(2):  # a second try only after moving a corrupted file aside
            try:
                conn = _connect(self.path, timeout_s or self.START_TIMEOUT_S)
                try:
                    if not _up_to_date(conn):
                        migrate(_import_database()(conn))
                except BaseException:
                    conn.close()
                    raise
            except (sqlite3.Error, OSError) as exc:
                if _corrupt(exc) and self._set_aside(exc):
                    continue
                self._down(f"cannot open the log {self.path} ({_why(exc)})")
                return False
            if self.conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    self.conn.close()
            self.conn = conn
            self.__dict__.pop("db", None)
            self._up()
            return True
        return False

    def _set_aside(self, exc: BaseException) -> bool:
        stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        try:
            for suffix in ("", "-wal", "-shm"):
                if (part := Path(f"{self.path}{suffix}")).exists():
                    part.rename(f"{aside}{suffix}")
        except OSError as move:
            self._down(f"the log {self.path} is corrupted ({_why(exc)}) and could not be moved aside ({move})")
            return False
        note = f"the log {self.path} was corrupted ({_why(exc)}): moved it to {aside} and started a new one"
        self.notes.append(note)
        log.error("%s", note)
        return True

    def _down(self, problem: str) -> None:
        self._retry_at = time.monotonic() + self.retry_s
        if problem != self.problem:
            log.error("%s; answering without the log (from memory) until it works again", problem)
        self.problem = problem

    def _up(self) -> None:
        if self.problem is not None:
            log.warning("the log %s works again", self.path or ":memory:")
        self.problem = None

    @contextlib.contextmanager
    def _using(self, timeout_s: float) -> Iterator[sqlite3.Connection]:
        """The connection for one operation, waiting at most `timeout_s` for this process's other threads
        and for other processes. A failure marks the log unavailable for RETRY_S seconds (a write then fails
        at once rather than waiting again), after which the next operation tries the file again."""
        if not self._lock.acquire(timeout=timeout_s):
            raise StoreUnavailable("busy: another thread has held the log too long")
        try:
            if self.closed:
                raise StoreUnavailable("the log is closed")
            if self.conn is None or self.problem is not None:
                if time.monotonic() < self._retry_at:
                    raise StoreUnavailable(self.problem or "the log is not open")
                if self.conn is None and (self.path is None or not self._reopen(min(timeout_s, self.START_TIMEOUT_S))):
                    raise StoreUnavailable(self.problem or "the log is not open")
            conn = self.conn
            try:
                conn.execute(f"PRAGMA busy_timeout = {int(timeout_s * 1000)}")
                yield conn
                self._up()
            except sqlite3.IntegrityError:
                raise
            except sqlite3.Error as exc:
                with contextlib.suppress(sqlite3.Error):
                    if conn.in_transaction:
                        conn.rollback()
                self._down(f"the log {self.path or ':memory:'} failed ({_why(exc)})")
                if _corrupt(exc):  # reopen (and move the file aside) on the next try
                    with contextlib.suppress(sqlite3.Error):
                        conn.close()
                    self.conn = None
                    self.__dict__.pop("db", None)
                raise StoreUnavailable(self.problem) from exc
            finally:
                if self.conn is not None:
                    with contextlib.suppress(sqlite3.Error):
                        self.conn.execute(f"PRAGMA busy_timeout = {int(self.BUSY_TIMEOUT_S * 1000)}")
        finally:
            self._lock.release()

    # -- writing -------------------------------------------------------------------------------------

    def log(
        self,
        *,
        surface: str,
        text: str,
        reply: Reply | None = None,
        team_id: str | None = None,
        channel_id: str | None = None,
        user_id: str | None = None,
        event_id: str | None = None,
        error: str | None = None,
        delivery: str | None = None,
        delivery_error: str | None = None,
        timeout_s: float | None = None,
    ) -> int | None:
        """Record one question; the row id, or None if `event_id` was logged before or the write failed."""
        try:
            if surface not in SURFACES:
                log.warning("logging a question from an unknown surface %r", surface)
            row = dict.fromkeys(_COLUMNS) | {
                "asked_at": now_iso(),
                "surface": surface,
                "team_id": team_id,
                "channel_id": channel_id,
                "user_id": user_id,
                "event_id": event_id,
                "text": text[:MAX_STORED_CHARS],
                "text_chars": len(text),
                "error": error,
                "delivery": delivery,
                "delivery_error": delivery_error,
            }
            if reply is not None:
                row |= self._figures_or_error(reply, error)
            with self._using(timeout_s or self.BUSY_TIMEOUT_S) as conn, conn:  # commits
                cursor = conn.execute(_INSERT, row)
            if not cursor.rowcount:
                log.debug("event %s is already logged (a Slack retry)", event_id)
                return None
            return cursor.lastrowid
        except Exception as exc:  # the Slack reply must go out even when the log cannot be written
            log.warning("could not log the question (%s: %s); answering anyway", type(exc).__name__, exc)
            return None

    @staticmethod
    def _figures_or_error(reply: Reply, error: str | None) -> dict[str, Any]:
        try:
            return figures(reply)
        except Exception as exc:  # keep the question even when the reply has an unexpected shape
            log.warning("could not read the reply's figures (%s: %s)", type(exc).__name__, exc)
            return {"error": error or f"log: could not read the reply ({type(exc).__name__}: {exc})"}

    def prune(self, older_than: dt.datetime) -> int:
        """Delete questions asked before `older_than` (and finished deliveries, old claims); return how many
        questions went."""
        cutoff = utc_iso(older_than)
        with self._using(self.BUSY_TIMEOUT_S) as conn, conn:
            cursor = conn.execute("DELETE FROM questions WHERE asked_at < ?", [cutoff])
            conn.execute("DELETE FROM outbox WHERE created_at < ? AND state != 'pending'", [cutoff])
            conn.execute("DELETE FROM claims WHERE claimed_at < ?", [cutoff])
        return cursor.rowcount

    # -- the outbox: claims, jobs, leases (bot/slack/outbox.py drives them) ----------------------------

    def accept(self, job: dict[str, Any], keys: Sequence[str], *, timeout_s: float) -> tuple[int, int | None]:
        """Claim `keys` and record the job (and, for a question, its row marked pending) in one transaction.

        Returns (job id, question row id). Raises Claimed when any key was claimed before, StoreUnavailable
        when the log cannot be written within `timeout_s`.
        """
        now = now_iso()
        with self._using(timeout_s) as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.executemany("INSERT INTO claims (key, claimed_at, job_uid) VALUES (?, ?, ?)",
                                 [(key, now, job["uid"]) for key in keys])
                question_id = None
                if job["kind"] == "answer":
                    row = dict.fromkeys(_COLUMNS) | {
                        "asked_at": now, "surface": job["surface"], "team_id": job["team_id"],
                        "channel_id": job["channel_id"], "user_id": job["user_id"], "event_id": job["event_id"],
                        "text": job["text"], "text_chars": job["text_chars"], "delivery": "pending",
                        "thread_ts": job["thread_ts"],
                    }
                    row["recompute_of"] = job.get("recompute_of")  # a share, or a recompute of a private answer
                    if job.get("update_ts") and not row["recompute_of"]:  # of the verdict it replaces
                        row["recompute_of"] = _original_id(conn, job["channel_id"], job["update_ts"])
                    cursor = conn.execute(_INSERT, row)
                    if not cursor.rowcount:  # an event id logged before the claims table existed
                        raise sqlite3.IntegrityError("event_id")
                    question_id = cursor.lastrowid
                fields = {k: job[k] for k in _JOB_FIELDS} | {
                    "question_id": question_id, "created_at": now, "state": "pending", "attempts": 0,
                    "next_at": now, "claim_key": keys[0] if keys else None,
                }
                cursor = conn.execute(
                    f"INSERT INTO outbox ({', '.join(fields)}) VALUES ({', '.join(':' + k for k in fields)})", fields
                )
                conn.execute("COMMIT")
            except sqlite3.IntegrityError:
                conn.rollback()
                raise Claimed(", ".join(keys)) from None
            except BaseException:
                if conn.in_transaction:
                    conn.rollback()
                raise
        return cursor.lastrowid, question_id

    def due_jobs(self, *, limit: int = 32, timeout_s: float = 1.0) -> list[int]:
        """Pending jobs nobody holds (or whose holder's lease ran out) and whose next try is due."""
        now = now_iso()
        with self._using(timeout_s) as conn:
            rows = conn.execute(
                "SELECT id FROM outbox WHERE state = 'pending' AND next_at <= ? AND (lease_until IS NULL OR "
                "lease_until < ?) ORDER BY id LIMIT ?", [now, now, limit]).fetchall()
        return [r[0] for r in rows]

    def lease(self, job_id: int, owner: str, seconds: float, *, timeout_s: float = 1.0) -> dict | None:
        """Hold a pending job for `seconds` (or renew our hold); its row, or None if another holds it or it
        is finished."""
        now = dt.datetime.now(dt.UTC)
        with self._using(timeout_s) as conn, conn:
            cursor = conn.execute(
                "UPDATE outbox SET lease_owner = ?, lease_until = ? WHERE id = ? AND state = 'pending' AND "
                "(lease_owner IS NULL OR lease_owner = ? OR lease_until < ?)",
                [owner, utc_iso(now + dt.timedelta(seconds=seconds)), job_id, owner, utc_iso(now)])
            if not cursor.rowcount:
                return None
            cursor = conn.execute("SELECT * FROM outbox WHERE id = ?", [job_id])
            names = [d[0] for d in cursor.description]
            return dict(zip(names, cursor.fetchone(), strict=True))

    def update_job(self, job_id: int, *, timeout_s: float = 2.0, **fields: Any) -> None:
        with self._using(timeout_s) as conn, conn:
            conn.execute(f"UPDATE outbox SET {', '.join(f'{k} = :{k}' for k in fields)} WHERE id = :id",
                         fields | {"id": job_id})

    def swap_chart(self, job_id: int, file_id: str, *, timeout_s: float = 2.0) -> str | None:
        """Make `file_id` the chart of job `job_id`'s thread; the chart it replaces (None: there was none). One
        transaction, so two recomputes of one answer each replace the other's chart, never the same one."""
        with self._using(timeout_s) as conn, conn:
            conn.execute("BEGIN IMMEDIATE")
            row = conn.execute("SELECT chart_file FROM outbox WHERE id = ?", [job_id]).fetchone()
            conn.execute("UPDATE outbox SET chart_file = ? WHERE id = ?", [file_id, job_id])
        return row[0] if row else None

    def lease_owners(self, *, timeout_s: float = 2.0) -> list[str]:
        with self._using(timeout_s) as conn:
            rows = conn.execute("SELECT DISTINCT lease_owner FROM outbox WHERE state = 'pending' AND "
                                "lease_owner IS NOT NULL").fetchall()
        return [r[0] for r in rows]

    def release(self, owner: str, *, timeout_s: float = 2.0) -> int:
        """Let go of `owner`'s unfinished jobs (a clean stop, or an owner known to be dead)."""
        with self._using(timeout_s) as conn, conn:
            return conn.execute("UPDATE outbox SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = ? "
                                "AND state = 'pending'", [owner]).rowcount

    def record_answer(self, question_id: int, reply: Reply | None = None, *, error: str | None = None,
                      timeout_s: float = 2.0) -> None:
        """The figures of the answer (or the engine's error) onto the question's row."""
        fields = self._figures_or_error(reply, error) if reply is not None else {}
        if error:
            fields["error"] = error
        if not fields:
            return
        with self._using(timeout_s) as conn, conn:
            conn.execute(f"UPDATE questions SET {', '.join(f'{k} = :{k}' for k in fields)} WHERE id = :id",
                         fields | {"id": question_id})

    def finish(self, *, job_id: int | None, question_id: int | None, state: str, error: str | None = None,
               verdict_ts: str | None = None, attempts: int = 0, timeout_s: float = 2.0) -> None:
        """How a delivery ended, on the job and on the question's row, in one transaction."""
        now = now_iso()
        with self._using(timeout_s) as conn, conn:
            if job_id is not None:
                conn.execute("UPDATE outbox SET state = ?, error = ?, finished_at = ?, attempts = ?, "
                             "lease_owner = NULL, lease_until = NULL, response_url = NULL WHERE id = ?",
                             [state, error, now, attempts, job_id])
            if question_id is not None:
                conn.execute("UPDATE questions SET delivery = ?, delivery_error = ?, delivered_at = ?, "
                             "verdict_ts = ?, attempts = ? WHERE id = ?",
                             [state, error, now if state == "delivered" else None, verdict_ts, attempts,
                              question_id])

    def jobs(self) -> list[dict]:
        """Every job, oldest first (tests and `llmcost log` debugging)."""
        with self._using(self.BUSY_TIMEOUT_S):
            return list(self.db["outbox"].rows_where(order_by="id"))

    # -- reading -------------------------------------------------------------------------------------

    def recent(
        self,
        *,
        user_id: str | None = None,
        model: str | None = None,
        verdict: str | None = None,
        since: dt.datetime | str | None = None,
        limit: int = 20,
        questions_only: bool = False,
    ) -> list[dict]:
        """The newest questions first, filtered by any of user, model, verdict and time; `questions_only`
        leaves out a button's recomputes and shares (what a person's history lists)."""
        where, params = ["recompute_of IS NULL"] if questions_only else [], {}
        if user_id is not None:
            where.append("user_id = :user_id")
            params["user_id"] = user_id
        if model is not None:
            where.append("model = :model COLLATE NOCASE")
            params["model"] = model
        if verdict is not None:
            where.append("verdict = :verdict")
            params["verdict"] = verdict
        if since is not None:
            where.append("asked_at >= :since")
            params["since"] = utc_iso(dt.datetime.fromisoformat(since) if isinstance(since, str) else since)
        with self._using(self.BUSY_TIMEOUT_S):
            rows = list(
                self.db["questions"].rows_where(
                    " AND ".join(where) or None, params, order_by="asked_at DESC, id DESC", limit=limit
                )
            )
        return [_decoded(row) for row in rows]

    def thread_scenario(self, channel: str | None, thread_ts: str | None, *, before: int | None = None) -> dict | None:
        """The scenario (the fields said, as JSON-ready values) of the newest question in a thread that was
        answered or asked back about (which model, or a model it does not know), asked before row `before`:
        what a follow-up in that thread starts from. The thread is named by its
        first message's ts: a mention's own ts, or a verdict's ts when the verdict started the thread (a DM);
        None: the channel's newest (a DM's conversation outside threads)."""
        in_thread = "(thread_ts = :thread OR verdict_ts = :thread)" if thread_ts else "1"
        with self._using(self.BUSY_TIMEOUT_S) as conn:
            row = conn.execute(
                f"SELECT scenario FROM questions WHERE channel_id IS :channel AND {in_thread} "
                "AND status IN ('ok', 'needs_clarification', 'unknown_model') "
                "AND scenario IS NOT NULL AND id < :before ORDER BY id DESC LIMIT 1",
                {"channel": channel, "thread": thread_ts, "before": before if before is not None else 2**62},
            ).fetchone()
        if row is None:
            return None
        try:
            value = json.loads(row[0])
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def original(self, channel: str | None, verdict_ts: str) -> dict | None:
        """The question whose verdict is the message `verdict_ts`, with its job (`job_id`) and that job's details
        message (`details_ts`): what a button recomputes in place."""
        with self._using(self.BUSY_TIMEOUT_S) as conn:
            cursor = conn.execute(
                "SELECT q.id, q.user_id, q.thread_ts, q.verdict_ts, o.details_ts, o.id AS job_id FROM questions q "
                "LEFT JOIN outbox o ON o.question_id = q.id WHERE q.channel_id IS ? AND q.verdict_ts = ? "
                "AND q.recompute_of IS NULL ORDER BY q.id LIMIT 1", [channel, verdict_ts])
            row = cursor.fetchone()
        return dict(zip([d[0] for d in cursor.description], row, strict=True)) if row else None

    def between(self, start: dt.datetime, end: dt.datetime) -> list[dict]:
        """Questions asked in [start, end), oldest first: what a digest counts (a recompute of a question by a
        button is not a question of its own)."""
        with self._using(self.BUSY_TIMEOUT_S):
            rows = list(
                self.db["questions"].rows_where(
                    "asked_at >= ? AND asked_at < ? AND recompute_of IS NULL", [utc_iso(start), utc_iso(end)],
                    order_by="asked_at, id"
                )
            )
        return [_decoded(row) for row in rows]

    # -- digest bookkeeping --------------------------------------------------------------------------

    def claim_digest(self, week: str, channel: str) -> bool:
        """Reserve (week, channel) before posting; False if it was posted (or is being posted) already.

        Claiming first, in one statement, is what makes two triggers at the same minute post once.
        """
        with self._using(self.BUSY_TIMEOUT_S) as conn, conn:
            cursor = conn.execute("INSERT OR IGNORE INTO digest_posts (week, channel, claimed_at) VALUES (?, ?, ?)",
                                  [week, channel, now_iso()])
        return bool(cursor.rowcount)

    def digest_claim(self, week: str, channel: str) -> dict | None:
        """The claim's row: posted_at, ts, claimed_at, uncertain."""
        with self._using(self.BUSY_TIMEOUT_S) as conn:
            cursor = conn.execute("SELECT * FROM digest_posts WHERE week = ? AND channel = ?", [week, channel])
            row = cursor.fetchone()
            return None if row is None else dict(zip([d[0] for d in cursor.description], row, strict=True))

    def retake_digest(self, week: str, channel: str, claimed_at: str | None) -> bool:
        """Take over an unfinished claim (uncertain, or left by a trigger that died); False if another
        trigger took it first."""
        with self._using(self.BUSY_TIMEOUT_S) as conn, conn:
            cursor = conn.execute(
                "UPDATE digest_posts SET claimed_at = ?, uncertain = 0 WHERE week = ? AND channel = ? AND "
                "posted_at IS NULL AND claimed_at IS ?", [now_iso(), week, channel, claimed_at])
        return bool(cursor.rowcount)

    def digest_uncertain(self, week: str, channel: str) -> None:
        """The post went out but its answer never came: keep the claim, and look before the next try."""
        with self._using(self.BUSY_TIMEOUT_S) as conn, conn:
            conn.execute("UPDATE digest_posts SET uncertain = 1 WHERE week = ? AND channel = ? AND posted_at IS NULL",
                         [week, channel])

    def release_digest(self, week: str, channel: str) -> None:
        """Give a claim back when Slack refused the post, so the next trigger tries again."""
        with self._using(self.BUSY_TIMEOUT_S) as conn, conn:
            conn.execute("DELETE FROM digest_posts WHERE week = ? AND channel = ? AND posted_at IS NULL",
                         [week, channel])

    def record_digest(self, week: str, channel: str, ts: str | None) -> None:
        with self._using(self.BUSY_TIMEOUT_S) as conn, conn:
            conn.execute("INSERT OR REPLACE INTO digest_posts (week, channel, posted_at, ts, claimed_at, uncertain) "
                         "VALUES (?, ?, ?, ?, ?, 0)", [week, channel, now_iso(), ts, now_iso()])

    def digest_posts(self) -> list[dict]:
        with self._using(self.BUSY_TIMEOUT_S):
            return list(self.db.query("SELECT week, channel, posted_at, ts FROM digest_posts ORDER BY week, channel"))


_JOB_FIELDS = ("uid", "kind", "surface", "text", "text_chars", "overrides", "channel_id", "thread_ts", "user_id",
               "team_id", "event_id", "response_url", "update_ts", "in_place", "recompute_of")


def _original_id(conn: sqlite3.Connection, channel: str | None, verdict_ts: str) -> int | None:
    """The first question whose verdict is (or was) the message `verdict_ts`: what a recompute recomputes."""
    row = conn.execute("SELECT COALESCE(recompute_of, id) FROM questions WHERE channel_id IS ? AND verdict_ts = ? "
                       "ORDER BY id LIMIT 1", [channel, verdict_ts]).fetchone()
    return row[0] if row else None


def _decoded(row: dict) -> dict:
    if row.get("scenario"):
        with contextlib.suppress(ValueError):
            row["scenario"] = json.loads(row["scenario"])
    return row


# -- what a reply contributes to its row ---------------------------------------------------------------


def figures(reply: Reply) -> dict[str, Any]:
    """The columns one reply fills: what the parser understood, the verdict, and the figures it rests on
    (the chosen node and the cheapest same-model API, as the Answer names them)."""
    a = reply.answer
    node, api = a.chosen, a.cheapest_api
    return {
        # what the parser understood (the fields the question set), not every default the answer filled
        "scenario": json.dumps(reply.parsed.scenario.model_dump(mode="json", exclude_unset=True), sort_keys=True),
        "status": a.status,
        "verdict": a.verdict,
        "model": a.scenario.model,
        "slo_tok_s": a.scenario.slo_tok_s,
        "node_id": node.id if node else None,
        "node_usd_per_month": float(node.usd_per_month) if node else None,
        "api_provider": api.provider if api else None,
        "api_usd_per_month": float(api.usd_per_month) if api else None,
        "break_even_tok_s": node.break_even_tok_s if node else None,
        "catalog_as_of": a.catalog_as_of.isoformat(),
        "price_as_of": node.price_as_of.isoformat() if node else None,
        "fx_as_of": a.fx_as_of.isoformat(),
        "latency_ms": reply.latency_ms,
    }
