"""Readiness checks for `/readyz` (see `Door.ready_checks`): each returns None, or what is degraded."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any


def log_writable(store: Any, timeout_s: float = 0.5) -> Callable[[], str | None]:
    """The log can take a write now: a second, short-lived connection takes SQLite's write lock and lets it
    go (nothing is written). An in-memory log is always writable. Uses the store's own check if it has one."""
    own = getattr(store, "writable_problem", None)
    if callable(own):
        return own

    def check() -> str | None:
        path = getattr(store, "path", None)
        if path is None:
            return None
        try:
            conn = sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=timeout_s)
        except sqlite3.Error as exc:
            return f"the log {path} cannot be opened for writing: {exc}"
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.rollback()
        except sqlite3.Error as exc:
            return f"the log {path} cannot be written: {exc}"
        finally:
            conn.close()
        return None

    return check
