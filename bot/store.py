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
import sys
import threading
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.migrations import MIGRATIONS, MIGRATIONS_TABLE, migrate

if TYPE_CHECKING:
    from sqlite_utils import Database


def _import_database() -> type[Database]:
    """sqlite-utils' Database, imported without numpy and pandas.

    sqlite-utils imports numpy and pandas, when they are installed, only to map their scalar types to
    column types. The log never stores a numpy or pandas value, and numpy (installed for matplotlib, the
    Slack chart) is ~80 ms of `llmcost ask`. A process that already loaded them keeps them.
    """
    hidden = [name for name in ("numpy", "pandas") if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # makes `import numpy` raise ImportError
    try:
        from sqlite_utils import Database
    finally:
        for name in hidden:
            if sys.modules.get(name, False) is None:
                del sys.modules[name]
    return Database


def _up_to_date(conn: sqlite3.Connection) -> bool:
    """Every migration already ran: a plain query, so `llmcost ask` need not import sqlite-utils."""
    try:
        done = {row[0] for row in conn.execute(f"SELECT name FROM {MIGRATIONS_TABLE}")}
    except sqlite3.Error:
        return False
    return all(fn.__name__ in done for fn in MIGRATIONS)

log = logging.getLogger("llmcost.store")

SURFACES = frozenset({"mention", "dm", "slash", "button", "cli", "form", "shortcut"})

# Columns written by `log`, in table order (see bot/migrations.py and docs/log.md).
_COLUMNS = (
    "asked_at", "surface", "team_id", "channel_id", "user_id", "event_id", "text", "scenario",
    "status", "verdict", "model", "slo_tok_s", "node_id", "node_usd_per_month", "api_provider",
    "api_usd_per_month", "break_even_tok_s", "catalog_as_of", "price_as_of", "fx_as_of",
    "latency_ms", "error",
)  # fmt: skip
_INSERT = (
    f"INSERT OR IGNORE INTO questions ({', '.join(_COLUMNS)}) VALUES ({', '.join(':' + c for c in _COLUMNS)})"
)


def default_path() -> Path:
    """$LLMCOST_DB, else llmcost.db in the user's data directory."""
    if env := os.environ.get("LLMCOST_DB", "").strip():
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("llmcost")) / "llmcost.db"


def utc_iso(moment: dt.datetime) -> str:
    """Fixed-width UTC text (milliseconds always shown), so comparing strings compares instants."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC).isoformat(timespec="milliseconds")


class LogStore:
    """The only code that reads or writes the log. Safe to share between threads."""

    # Seconds a write waits for another process (the CLI pruning, the clock posting) to release the file.
    BUSY_TIMEOUT_S = 5.0

    def __init__(self, conn: sqlite3.Connection, path: Path | None = None):
        self.conn = conn
        self.path = path
        # One connection, shared by the bot's worker threads: the lock makes them take turns, the busy
        # timeout covers other processes.
        self._lock = threading.RLock()
        with self._lock:
            if not _up_to_date(conn):
                migrate(self.db)

    @cached_property
    def db(self) -> Database:
        """sqlite-utils over the same connection, for the schema and the digest's queries; the hot path
        (one INSERT per question) is plain SQL and never imports it."""
        return _import_database()(self.conn)

    @classmethod
    def open(cls, path: str | Path | None = None) -> LogStore:
        path = Path(path) if path else default_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), timeout=cls.BUSY_TIMEOUT_S, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=wal")  # what Database.enable_wal does
        return cls(conn, path)

    @classmethod
    def memory(cls) -> LogStore:
        """An in-memory log for tests; like Database(memory=True), but usable from the bot's threads."""
        return cls(sqlite3.connect(":memory:", check_same_thread=False))

    def close(self) -> None:
        with self._lock:
            self.conn.close()

    def __enter__(self) -> LogStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -------------------------------------------------------------------------------------

    def log(
        self,
        *,
        surface: str,
        text: str,
        reply: Any = None,
        team_id: str | None = None,
        channel_id: str | None = None,
        user_id: str | None = None,
        event_id: str | None = None,
        error: str | None = None,
    ) -> int | None:
        """Record one question; the row id, or None if `event_id` was logged before or the write failed."""
        try:
            if surface not in SURFACES:
                log.warning("logging a question from an unknown surface %r", surface)
            row = dict.fromkeys(_COLUMNS) | {
                "asked_at": utc_iso(dt.datetime.now(dt.UTC)),
                "surface": surface,
                "team_id": team_id,
                "channel_id": channel_id,
                "user_id": user_id,
                "event_id": event_id,
                "text": text,
                "error": error,
            }
            if reply is not None:
                try:
                    row |= figures(reply)
                except Exception as exc:  # keep the question even when the reply has an unexpected shape
                    log.warning("could not read the reply's figures (%s: %s)", type(exc).__name__, exc)
                    row["error"] = error or f"log: could not read the reply ({type(exc).__name__}: {exc})"
            with self._lock, self.conn:  # commits, as sqlite-utils' execute did under autocommit
                cursor = self.conn.execute(_INSERT, row)
            if not cursor.rowcount:
                log.debug("event %s is already logged (a Slack retry)", event_id)
                return None
            return cursor.lastrowid
        except Exception as exc:  # the Slack reply must go out even when the log cannot be written
            log.warning("could not log the question (%s: %s); answering anyway", type(exc).__name__, exc)
            return None

    def prune(self, older_than: dt.datetime) -> int:
        """Delete questions asked before `older_than`; return how many went."""
        with self._lock:
            cursor = self.db.execute("DELETE FROM questions WHERE asked_at < ?", [utc_iso(older_than)])
        return cursor.rowcount

    # -- reading -------------------------------------------------------------------------------------

    def recent(
        self,
        *,
        user_id: str | None = None,
        model: str | None = None,
        verdict: str | None = None,
        since: dt.datetime | str | None = None,
        limit: int = 20,
    ) -> list[dict]:
        """The newest questions first, filtered by any of user, model, verdict and time."""
        where, params = [], {}
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
        with self._lock:
            rows = list(
                self.db["questions"].rows_where(
                    " AND ".join(where) or None, params, order_by="asked_at DESC, id DESC", limit=limit
                )
            )
        return [_decoded(row) for row in rows]

    def between(self, start: dt.datetime, end: dt.datetime) -> list[dict]:
        """Questions asked in [start, end), oldest first: what a digest counts."""
        with self._lock:
            rows = list(
                self.db["questions"].rows_where(
                    "asked_at >= ? AND asked_at < ?", [utc_iso(start), utc_iso(end)], order_by="asked_at, id"
                )
            )
        return [_decoded(row) for row in rows]

    # -- digest bookkeeping --------------------------------------------------------------------------

    def claim_digest(self, week: str, channel: str) -> bool:
        """Reserve (week, channel) before posting; False if it was posted (or is being posted) already.

        Claiming first, in one statement, is what makes two triggers at the same minute post once.
        """
        with self._lock:
            cursor = self.db.execute(
                "INSERT OR IGNORE INTO digest_posts (week, channel) VALUES (?, ?)", [week, channel]
            )
        return bool(cursor.rowcount)

    def release_digest(self, week: str, channel: str) -> None:
        """Give a claim back when posting failed, so the next trigger tries again."""
        with self._lock:
            self.db.execute(
                "DELETE FROM digest_posts WHERE week = ? AND channel = ? AND posted_at IS NULL",
                [week, channel],
            )

    def record_digest(self, week: str, channel: str, ts: str | None) -> None:
        with self._lock:
            self.db["digest_posts"].upsert(
                {"week": week, "channel": channel, "posted_at": utc_iso(dt.datetime.now(dt.UTC)), "ts": ts},
                pk=("week", "channel"),
            )

    def digest_posts(self) -> list[dict]:
        with self._lock:
            return list(self.db["digest_posts"].rows_where(order_by="week, channel"))


def _decoded(row: dict) -> dict:
    if row.get("scenario"):
        with contextlib.suppress(ValueError):
            row["scenario"] = json.loads(row["scenario"])
    return row


# -- what a reply contributes to its row ---------------------------------------------------------------


def figures(reply: Any) -> dict[str, Any]:
    """The columns one reply fills, read from its contract dict first and the engine's Answer second."""
    contract = getattr(reply, "contract", None) or {}
    answer = getattr(reply, "answer", None)
    scenario = contract.get("scenario") or {}
    fit = contract.get("fit") or {}

    chosen_id = fit.get("chosen_node") or _path(answer, "fit", "chosen_node")
    chosen = next((n for n in fit.get("nodes") or [] if n.get("id") == chosen_id), None) or {}
    chosen_fit = next(
        (n for n in _path(answer, "fit", "nodes") or [] if getattr(n, "id", None) == chosen_id), None
    )

    cheapest = contract.get("cheapest_api") or _as_dict(_path(answer, "cheapest_api"))
    if not cheapest:
        priced = [a for a in contract.get("apis") or [] if a.get("usd_per_month") is not None]
        cheapest = min(priced, key=lambda a: a["usd_per_month"], default={})

    return {
        "scenario": _scenario_json(reply, scenario),
        "status": contract.get("status") or _path(answer, "status"),
        "verdict": contract.get("verdict", _path(answer, "verdict")),
        "model": scenario.get("model") or _path(reply, "parsed", "scenario", "model"),
        "slo_tok_s": _number(scenario.get("slo_tok_s") or _path(reply, "parsed", "scenario", "slo_tok_s")),
        "node_id": chosen_id,
        "node_usd_per_month": _number(chosen.get("usd_per_month") or _path(chosen_fit, "usd_per_month")),
        "api_provider": cheapest.get("provider"),
        "api_usd_per_month": _number(cheapest.get("usd_per_month")),
        "break_even_tok_s": _number(chosen.get("break_even_tok_s") or _path(chosen_fit, "break_even_tok_s")),
        "catalog_as_of": _text(contract.get("catalog_as_of") or _path(answer, "catalog_as_of")),
        "price_as_of": _text(chosen.get("price_as_of") or _path(chosen_fit, "price_as_of")),
        "fx_as_of": _text(contract.get("fx_as_of") or _path(answer, "fx_as_of")),
        "latency_ms": _number(getattr(reply, "latency_ms", None)),
    }


def _scenario_json(reply: Any, contract_scenario: dict) -> str | None:
    """What the parser understood (the fields the question set), else the scenario the answer used."""
    parsed = _path(reply, "parsed", "scenario")
    if hasattr(parsed, "model_dump"):
        value = parsed.model_dump(mode="json", exclude_unset=True)
    elif isinstance(parsed, dict):
        value = parsed
    else:
        value = contract_scenario or None
    return None if value is None else json.dumps(value, sort_keys=True, default=str)


def _path(obj: Any, *names: str) -> Any:
    for name in names:
        if obj is None:
            return None
        obj = obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)
    return obj


def _as_dict(obj: Any) -> dict:
    if obj is None:
        return {}
    if hasattr(obj, "model_dump"):
        return obj.model_dump()
    return dict(obj) if isinstance(obj, dict) else {}


def _number(value: Any) -> float | None:
    return None if value is None else float(value)


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return value.isoformat() if hasattr(value, "isoformat") else str(value)
