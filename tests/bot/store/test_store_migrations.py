"""Migrations: an old log file upgrades in place, keeps its rows, and nothing runs twice."""

from __future__ import annotations

import sqlite3

import pytest
from sqlite_utils import Database

from bot.migrations import MIGRATIONS, MIGRATIONS_TABLE, migrate
from bot.store import LogStore
from tests.conftest_store import reply

# A log written by the first release: the questions table as m001 made it, before event ids and the
# digest's bookkeeping. Frozen here as SQL on purpose; it must not follow the code.
FIRST_RELEASE = """
CREATE TABLE [_llmcost_migrations] ([name] TEXT PRIMARY KEY, [applied_at] TEXT);
INSERT INTO _llmcost_migrations VALUES ('m001_questions', '2025-01-01T00:00:00+00:00');
CREATE TABLE [questions] (
   [id] INTEGER PRIMARY KEY, [asked_at] TEXT, [surface] TEXT, [team_id] TEXT, [channel_id] TEXT,
   [user_id] TEXT, [text] TEXT, [scenario] TEXT, [status] TEXT, [verdict] TEXT, [model] TEXT,
   [slo_tok_s] FLOAT, [node_id] TEXT, [node_usd_per_month] FLOAT, [api_provider] TEXT,
   [api_usd_per_month] FLOAT, [break_even_tok_s] FLOAT, [catalog_as_of] TEXT, [price_as_of] TEXT,
   [fx_as_of] TEXT, [latency_ms] FLOAT, [error] TEXT
);
CREATE INDEX [idx_questions_asked_at] ON [questions] ([asked_at]);
CREATE INDEX [idx_questions_model] ON [questions] ([model]);
INSERT INTO questions (asked_at, surface, channel_id, text, status, verdict, model, slo_tok_s)
VALUES ('2025-01-02T09:00:00.000+00:00', 'mention', 'C1', 'old question', 'ok', 'api', 'qwen3-235b', 120);
"""


def test_a_first_release_log_upgrades_to_the_current_schema(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.executescript(FIRST_RELEASE)
    conn.close()

    with LogStore.open(path) as s:
        applied = [r["name"] for r in s.db[MIGRATIONS_TABLE].rows]
        assert applied == [fn.__name__ for fn in MIGRATIONS]
        assert "event_id" in s.db["questions"].columns_dict
        assert s.db["digest_posts"].pks == ["week", "channel"]

        old = s.recent()[0]
        assert (old["text"], old["model"], old["slo_tok_s"], old["event_id"]) == (
            "old question",
            "qwen3-235b",
            120,
            None,
        )

        assert s.log(surface="mention", text="new", reply=reply(), event_id="Ev1") is not None
        assert s.log(surface="mention", text="new", reply=reply(), event_id="Ev1") is None  # m002's index
        assert s.claim_digest("2025-W02", "C1")  # m003's table


def test_migrations_run_once_and_are_recorded_by_name():
    db = Database(memory=True)
    first = migrate(db)
    assert first == [fn.__name__ for fn in MIGRATIONS]
    assert migrate(db) == []
    schema = db.schema
    migrate(db)
    assert db.schema == schema


def test_migration_names_are_unique_and_ordered():
    names = [fn.__name__ for fn in MIGRATIONS]
    assert len(names) == len(set(names))
    assert names == sorted(names)
    assert all(name.startswith("m") and name[1:4].isdigit() for name in names)


def test_a_failing_migration_leaves_the_database_as_it_was(monkeypatch):
    db = Database(memory=True)

    def m999_broken(db):
        db["questions"].add_column("half_done", str)
        raise RuntimeError("disk trouble mid-migration")

    monkeypatch.setattr("bot.migrations.MIGRATIONS", [*MIGRATIONS, m999_broken])
    with pytest.raises(RuntimeError):
        migrate(db)
    assert not db[MIGRATIONS_TABLE].exists()  # the whole run rolled back, m001..m003 included
    assert not db["questions"].exists()
