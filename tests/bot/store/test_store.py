"""The query log: what a row holds, retries, filters, pruning, and that logging never stops a reply."""

from __future__ import annotations

import datetime as dt
import json
import logging
import sqlite3
import threading

import pytest
from freezegun import freeze_time

from bot import store as store_module
from bot.store import LogStore
from tests.conftest_store import closed, reply, unknown


@pytest.fixture
def store():
    with LogStore.memory() as s:
        yield s


@pytest.fixture
def file_store(tmp_path):
    with LogStore.open(tmp_path / "log.db") as s:
        yield s


def only_row(s: LogStore) -> dict:
    rows = s.recent()
    assert len(rows) == 1
    return rows[0]


@freeze_time("2025-01-08 10:00:00")
def test_a_row_holds_the_question_the_ids_and_the_answers_figures(store):
    answered = reply()
    row_id = store.log(
        surface="mention",
        text="can we run deepseek flash at 300 tok/s?",
        reply=answered,
        team_id="T1",
        channel_id="C1",
        user_id="U1",
        event_id="Ev1",
    )
    row = only_row(store)
    a = answered.answer
    chosen = next(n for n in a.fit.nodes if n.id == a.fit.chosen_node)
    assert a.fit.nodes[0].id != chosen.id  # the chosen node, not the first in the list
    assert row["id"] == row_id
    assert row == row | {
        "asked_at": "2025-01-08T10:00:00.000+00:00",
        "surface": "mention",
        "team_id": "T1",
        "channel_id": "C1",
        "user_id": "U1",
        "event_id": "Ev1",
        "text": "can we run deepseek flash at 300 tok/s?",
        # what the parser understood, with the overrides the question came with
        "scenario": {"model": "deepseek-v4.1-flash", "slo_tok_s": 300.0, "data_may_leave": False},
        "status": "ok",
        "verdict": "node",
        "model": "deepseek-v4.1-flash",
        "slo_tok_s": 300.0,
        "node_id": chosen.id,
        "node_usd_per_month": float(chosen.usd_per_month),
        "api_provider": a.cheapest_api.provider,  # the cheapest same-model API, as the answer names it
        "api_usd_per_month": float(a.cheapest_api.usd_per_month),
        "break_even_tok_s": chosen.break_even_tok_s,
        "catalog_as_of": a.catalog_as_of.isoformat(),
        "price_as_of": chosen.price_as_of.isoformat(),
        "fx_as_of": a.fx_as_of.isoformat(),
        "latency_ms": 42.0,
        "error": None,
    }
    assert min(line.usd_per_month for line in a.apis if line.same_model) == a.cheapest_api.usd_per_month


def test_a_failed_answer_is_logged_with_its_error(store):
    store.log(surface="slash", text="???", reply=None, error="ValueError: boom")
    row = only_row(store)
    assert (row["status"], row["model"], row["error"]) == (None, None, "ValueError: boom")


def test_a_reply_whose_figures_cannot_be_read_still_logs_the_question(store, monkeypatch):
    def broken(reply):
        raise KeyError("fit")

    monkeypatch.setattr(store_module, "figures", broken)
    assert store.log(surface="dm", text="hello", reply=reply()) is not None
    row = only_row(store)
    assert row["text"] == "hello"
    assert row["error"].startswith("log: could not read the reply")


def test_a_retried_slack_event_is_one_row(store):
    assert store.log(surface="mention", text="q", reply=reply(), event_id="Ev42") is not None
    assert store.log(surface="mention", text="q", reply=reply(), event_id="Ev42") is None
    assert store.log(surface="mention", text="q", reply=reply(), event_id="Ev43") is not None
    store.log(surface="cli", text="q", reply=reply())  # no event id: every call is a question
    store.log(surface="cli", text="q", reply=reply())
    assert store.db["questions"].count == 4


def test_unknown_and_closed_models_keep_the_name_as_asked(store):
    store.log(surface="mention", text="can we run Llama-9 at 50 tok/s", reply=unknown("Llama-9"))
    store.log(surface="mention", text="can we run gpt-5 ourselves", reply=closed("gpt-5"))
    rows = {r["status"]: r for r in store.recent()}
    assert rows["unknown_model"]["model"] == "Llama-9"
    assert rows["unknown_model"]["node_usd_per_month"] is None
    assert rows["not_self_hostable"]["model"] == "gpt-5"
    assert rows["not_self_hostable"]["verdict"] is None


def test_recent_filters_and_orders_newest_first(store):
    with freeze_time("2025-01-06 09:00") as clock:
        store.log(surface="mention", text="a", reply=reply(verdict="api"), user_id="U1")
        clock.tick(dt.timedelta(days=1))
        store.log(surface="mention", text="b", reply=reply(model="qwen3-235b", verdict="node"), user_id="U2")
        clock.tick(dt.timedelta(days=1))
        store.log(surface="dm", text="c", reply=reply(verdict="gateway"), user_id="U1")

    assert [r["text"] for r in store.recent()] == ["c", "b", "a"]
    assert [r["text"] for r in store.recent(limit=2)] == ["c", "b"]
    assert [r["text"] for r in store.recent(user_id="U1")] == ["c", "a"]
    assert [r["text"] for r in store.recent(model="QWEN3-235B-A22B")] == ["b"]
    assert [r["text"] for r in store.recent(verdict="api")] == ["a"]
    assert [r["text"] for r in store.recent(since=dt.datetime(2025, 1, 7, tzinfo=dt.UTC))] == ["c", "b"]
    assert [r["text"] for r in store.recent(since="2025-01-07T10:00:00+01:00")] == ["c", "b"]
    assert store.recent(model="deepseek-v4.1-flash", verdict="node") == []


def test_prune_deletes_only_older_questions(store):
    for day in (1, 10, 20):
        with freeze_time(f"2025-01-{day:02d} 12:00"):
            store.log(surface="cli", text=f"day {day}", reply=reply())
    assert store.prune(dt.datetime(2025, 1, 10, 12, tzinfo=dt.UTC)) == 1
    assert [r["text"] for r in store.recent()] == ["day 20", "day 10"]


def test_open_creates_the_file_in_wal_mode_at_llmcost_db(tmp_path, monkeypatch):
    path = tmp_path / "nested" / "dir" / "llmcost.db"
    monkeypatch.setenv("LLMCOST_DB", str(path))
    with LogStore.open() as s:
        assert s.path == path
        assert path.exists()
        assert s.db.journal_mode == "wal"
        assert {"questions", "digest_posts", "_llmcost_migrations"} <= set(s.db.table_names())


def test_without_llmcost_db_the_log_lives_in_the_user_data_dir(tmp_path, monkeypatch):
    import platformdirs

    monkeypatch.delenv("LLMCOST_DB", raising=False)
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app: str(tmp_path / "data" / app))
    assert store_module.default_path() == tmp_path / "data" / "llmcost" / "llmcost.db"


def test_a_locked_database_makes_log_return_none_without_raising(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(LogStore, "BUSY_TIMEOUT_S", 0.05)
    path = tmp_path / "locked.db"
    with LogStore.open(path) as s:
        other = sqlite3.connect(path, isolation_level=None)
        try:
            other.execute("BEGIN EXCLUSIVE")  # another process holds the write lock
            with caplog.at_level(logging.WARNING, logger="llmcost.store"):
                assert s.log(surface="mention", text="q", reply=reply()) is None
            assert "database is locked" in caplog.text
            other.execute("ROLLBACK")
        finally:
            other.close()
        assert s.log(surface="mention", text="q", reply=reply()) is not None  # and it recovers


def test_a_full_disk_makes_log_return_none_without_raising(tmp_path, caplog):
    with LogStore.open(tmp_path / "full.db") as s:
        pages = s.db.execute("PRAGMA page_count").fetchone()[0]
        s.db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own way to say "the disk is full"
        with caplog.at_level(logging.WARNING, logger="llmcost.store"):
            results = [s.log(surface="dm", text="x" * 10_000, reply=reply()) for _ in range(5)]
        assert None in results
        assert "full" in caplog.text


def test_an_unwritable_database_file_makes_log_return_none(tmp_path, caplog):
    with LogStore.open(tmp_path / "ro.db") as s:
        s.db.execute("PRAGMA query_only = ON")  # writes refused, as on a read-only mount
        assert s.log(surface="button", text="q", reply=reply()) is None


@pytest.mark.parametrize("shared", [True, False], ids=["one-store-8-threads", "8-stores-one-file"])
def test_200_questions_from_8_threads_are_200_rows(tmp_path, shared):
    path = tmp_path / "busy.db"
    LogStore.open(path).close()  # migrations first, as the bot does at startup
    stores = [LogStore.open(path)] * 8 if shared else [LogStore.open(path) for _ in range(8)]
    ids: list[int | None] = []
    start = threading.Barrier(8)

    def worker(n: int) -> None:
        start.wait()
        for i in range(25):
            ids.append(
                stores[n].log(
                    surface="mention", text=f"t{n} q{i}", reply=reply(), channel_id="C1", event_id=f"{n}-{i}"
                )
            )

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for s in set(stores):
        s.close()

    assert None not in ids
    assert len(set(ids)) == 200
    with LogStore.open(path) as s:
        assert s.db["questions"].count == 200


def test_log_rows_are_plain_json(store):
    store.log(surface="cli", text="q", reply=reply())
    json.dumps(store.recent())  # what `llmcost log --json` prints


_FRESH_PROCESS = """
import sys
from bot.store import LogStore
with LogStore.open(sys.argv[1]) as s:
    s.log(surface="cli", text="deepseek flash at 300 tok/s")
print(",".join(m for m in ("sqlite_utils", "numpy") if m in sys.modules))
"""


def test_logging_to_a_migrated_file_needs_only_sqlite3(tmp_path):
    """`llmcost ask` logs every question: on a log that is up to date that is one plain INSERT, without
    importing sqlite-utils (and with it numpy), which cost the CLI ~80 ms."""
    import subprocess
    import sys

    path = tmp_path / "log.db"
    run = [sys.executable, "-c", _FRESH_PROCESS, str(path)]
    first = subprocess.run(run, capture_output=True, text=True, check=True).stdout.strip()
    second = subprocess.run(run, capture_output=True, text=True, check=True).stdout.strip()
    assert first.startswith("sqlite_utils")  # a new file is migrated through sqlite-utils, once
    assert second == ""
    with LogStore.open(path) as s:
        assert [r["text"] for r in s.recent()] == ["deepseek flash at 300 tok/s"] * 2


def test_a_write_after_close_fails_quietly_as_closed(tmp_path, caplog):
    """A thread that finishes after shutdown gets "the log is closed", not an error about a closed database."""
    log = LogStore.open(tmp_path / "q.db")
    assert log.log(surface="cli", text="before") is not None
    log.close()
    with caplog.at_level("DEBUG", logger="llmcost.store"):
        assert log.log(surface="cli", text="after") is None
    assert "the log is closed" in caplog.text
    assert "failed" not in caplog.text and not any(r.levelname == "ERROR" for r in caplog.records)
    assert LogStore.open(tmp_path / "q.db").recent()[0]["text"] == "before"
