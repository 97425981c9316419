"""A log that cannot be opened, migrated or written never stops a reply; it is reported, never deleted."""

from __future__ import annotations

import os
import sqlite3
import stat
import time
from pathlib import Path

import pytest

from bot import migrations
from bot.slack.outbox import Policy
from bot.store import LogStore
from tests.bot.slack import signed

QUESTION = "can we run deepseek-flash at 300 tok/s?"
FAST = Policy(backoff_s=0.05, max_backoff_s=0.2, poll_s=0.1, deadline_s=30, lease_s=5)


def read_only_dir(tmp_path: Path) -> Path:
    """A directory this process cannot write: a 0500 one, or (root ignores modes) /sys, read-only for all."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        (folder / "probe").touch()
    except PermissionError:
        return folder
    (folder / "probe").unlink()
    folder.chmod(0o700)
    return Path("/sys")


def answered(bot, ts: str) -> None:
    bot.event(signed.mention(QUESTION, ts=ts))
    bot.slack.wait_for("chat.postMessage", 1, thread_ts=ts)
    bot.drain()


@pytest.fixture
def quick_retries(monkeypatch):
    monkeypatch.setattr(LogStore, "START_TIMEOUT_S", 0.2)
    monkeypatch.setattr(LogStore, "RETRY_S", 0.3)


def test_a_corrupted_log_is_moved_aside_named_and_replies_flow(make_bot, tmp_path):
    path = tmp_path / "llmcost.db"
    garbage = b"this is not a database, whatever it used to be " * 200
    path.write_bytes(garbage)
    store = LogStore.open_resilient(path)
    (aside,) = tmp_path.glob("llmcost.db.corrupt-*")
    assert aside.read_bytes() == garbage  # kept, never deleted
    health = store.health()
    assert health["writable"] and str(aside) in health["notes"][0]
    bot = make_bot(store=store, chart=False, policy=FAST)
    answered(bot, "1699990001.000100")
    assert [r["delivery"] for r in store.recent()] == ["delivered"]  # the new log works
    store.close()


def test_a_log_in_a_read_only_directory_leaves_replies_flowing(make_bot, tmp_path, caplog):
    path = read_only_dir(tmp_path) / f"llmcost-test-{os.getpid()}.db"
    store = LogStore.open_resilient(path)
    assert not path.exists()
    assert not store.health()["writable"] and str(path) in store.health()["problem"]
    assert "answering without the log" in caplog.text
    bot = make_bot(store=store, chart=False, policy=FAST)
    answered(bot, "1699990002.000100")
    health = bot.outbox.health()
    assert health["answered_from_memory"] == 1 and not health["ok"] and not store.writable()
    assert "answering from memory" in caplog.text
    assert str(path) in store.writable_problem() and str(path) in bot.outbox.ready_problem()


def test_a_migration_blocked_by_a_lock_leaves_replies_flowing_until_the_log_is_back(make_bot, tmp_path,
                                                                                    quick_retries):
    path = tmp_path / "llmcost.db"
    every = list(migrations.MIGRATIONS)
    del migrations.MIGRATIONS[3:]  # a log from before m004
    try:
        LogStore.open(path).close()
    finally:
        migrations.MIGRATIONS[:] = every
    other = sqlite3.connect(path)
    other.execute("BEGIN EXCLUSIVE")  # someone holds the log
    try:
        store = LogStore.open_resilient(path)
        assert "locked" in store.health()["problem"]
        bot = make_bot(store=store, chart=False, policy=FAST)
        answered(bot, "1699990003.000100")
    finally:
        other.rollback()
        other.close()
    writable_again(store)
    answered(bot, "1699990004.000100")  # the log is migrated and used again
    assert store.health()["writable"]
    assert [(r["text"], r["delivery"]) for r in store.recent()] == [(QUESTION, "delivered")]
    store.close()


def writable_again(store: LogStore, timeout: float = 5.0) -> None:
    """Once the lock is gone, the store tries the file again after its retry interval: wait for that."""
    deadline = time.monotonic() + timeout
    while not store.writable():
        assert time.monotonic() < deadline, store.health()
        time.sleep(0.02)


def test_a_log_locked_while_serving_still_acks_in_time_and_answers(make_bot, tmp_path, quick_retries):
    path = tmp_path / "llmcost.db"
    store = LogStore.open_resilient(path)
    bot = make_bot(store=store, chart=False, policy=FAST)
    other = sqlite3.connect(path)
    other.execute("BEGIN EXCLUSIVE")
    try:
        response = bot.event(signed.mention(QUESTION, ts="1699990005.000100"))
        assert response.status == 200 and response.seconds < 2.5
        bot.slack.wait_for("chat.postMessage", 1, thread_ts="1699990005.000100")
        assert not store.writable()
    finally:
        other.rollback()
        other.close()
    bot.drain()
    writable_again(store)
    assert store.writable() and store.writable_problem() is None and bot.outbox.ready_problem() is None
    bot.stop()
    assert "not delivering" in bot.outbox.ready_problem()
    store.close()


def test_the_log_and_its_directory_are_created_owner_only(tmp_path):
    old = os.umask(0o022)
    try:
        path = tmp_path / "fresh" / "llmcost.db"
        with LogStore.open_resilient(path) as store:
            store.log(surface="cli", text=QUESTION)
            files = [path, *(Path(f"{path}{s}") for s in ("-wal", "-shm") if Path(f"{path}{s}").exists())]
            assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
            assert {stat.S_IMODE(f.stat().st_mode) for f in files} == {0o600}
        with LogStore.open(tmp_path / "cli" / "llmcost.db"):
            assert stat.S_IMODE((tmp_path / "cli" / "llmcost.db").stat().st_mode) == 0o600
    finally:
        os.umask(old)
