"""The log's schema as named, recorded steps (the habit of simonw/llm's `migrations.py`).

Each migration is a function that runs once per database; its name goes into `_llmcost_migrations` when
it has run. Never edit a migration that has shipped: add a new one, so an old log file upgrades in place.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlite_utils import Database

MIGRATIONS_TABLE = "_llmcost_migrations"
MIGRATIONS: list[Callable[[Database], None]] = []


def migration(fn: Callable[[Database], None]) -> Callable[[Database], None]:
    MIGRATIONS.append(fn)
    return fn


def migrate(db: Database) -> list[str]:
    """Apply the migrations this database has not seen, in order; return their names.

    The whole run is one IMMEDIATE transaction, so two processes opening a new log at the same moment
    do not both create the tables: the second waits (busy timeout), then finds them recorded.
    """
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        if not db[MIGRATIONS_TABLE].exists():
            db[MIGRATIONS_TABLE].create({"name": str, "applied_at": str}, pk="name")
        done = {row["name"] for row in db[MIGRATIONS_TABLE].rows}
        applied = []
        for fn in MIGRATIONS:
            if fn.__name__ in done:
                continue
            fn(db)
            db[MIGRATIONS_TABLE].insert(
                {"name": fn.__name__, "applied_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")}
            )
            applied.append(fn.__name__)
        db.conn.execute("COMMIT")
    except BaseException:
        db.rollback()
        raise
    return applied


@migration
def m001_questions(db: Database) -> None:
    """One row per question, with the figures the answer gave (money in USD per 730-hour month)."""
    db["questions"].create(
        {
            "id": int,
            "asked_at": str,  # UTC, ISO 8601 with milliseconds: fixed width, so text order is time order
            "surface": str,
            "team_id": str,
            "channel_id": str,
            "user_id": str,
            "text": str,
            "scenario": str,  # JSON: what the parser understood
            "status": str,
            "verdict": str,
            "model": str,
            "slo_tok_s": float,
            "node_id": str,
            "node_usd_per_month": float,
            "api_provider": str,
            "api_usd_per_month": float,
            "break_even_tok_s": float,
            "catalog_as_of": str,
            "price_as_of": str,
            "fx_as_of": str,
            "latency_ms": float,
            "error": str,
        },
        pk="id",
    )
    db["questions"].create_index(["asked_at"])
    db["questions"].create_index(["model"])


@migration
def m002_questions_event_id(db: Database) -> None:
    """Slack retries an event it thinks we missed; a unique event id keeps a retried question one row."""
    db["questions"].add_column("event_id", str)
    db["questions"].create_index(["event_id"], unique=True)


@migration
def m003_digest_posts(db: Database) -> None:
    """Which ISO week's digest went to which channel, so a double trigger never double-posts."""
    db["digest_posts"].create(
        {"week": str, "channel": str, "posted_at": str, "ts": str},
        pk=("week", "channel"),
    )


@migration
def m004_delivery(db: Database) -> None:
    """Every acknowledged question is answered exactly once, or its row says why not.

    `claims` holds one key per Slack delivery (event id, trigger id): inserting it is what makes a retry on
    another process, or after a restart, a duplicate. `outbox` holds what to answer, where, for whom, until
    Slack accepted it; the question's row records how its delivery ended.
    """
    questions = db["questions"]
    questions.add_column("delivery", str)  # pending | delivered | failed (NULL: the CLI, or before m004)
    questions.add_column("delivery_error", str)  # why it failed, or what went wrong on the way
    questions.add_column("delivered_at", str)
    questions.add_column("verdict_ts", str)  # the Slack ts of the verdict message
    questions.add_column("attempts", int)
    questions.add_column("text_chars", int)  # the question's length before the stored text was capped
    db["claims"].create({"key": str, "claimed_at": str, "job_uid": str}, pk="key")
    db["outbox"].create(
        {
            "id": int,
            "uid": str,  # in the Slack message metadata, to find a post whose answer we never saw
            "question_id": int,
            "kind": str,  # answer | command
            "surface": str,
            "text": str,
            "text_chars": int,
            "overrides": str,  # JSON
            "channel_id": str,
            "thread_ts": str,
            "user_id": str,
            "team_id": str,
            "event_id": str,
            "response_url": str,
            "claim_key": str,
            "created_at": str,
            "state": str,  # pending | delivered | failed
            "attempts": int,
            "next_at": str,
            "lease_owner": str,
            "lease_until": str,
            "maybe_sent": str,  # a part posted without seeing Slack's answer: look for it before posting again
            "verdict_ts": str,
            "details_ts": str,
            "error": str,
            "finished_at": str,
        },
        pk="id",
    )
    db["outbox"].create_index(["uid"], unique=True)
    db["outbox"].create_index(["state", "next_at"])


@migration
def m005_digest_attempts(db: Database) -> None:
    """A digest post whose answer never came (a timeout) may be in Slack: the claim remembers when it was
    taken and that the post is uncertain, so the next trigger looks in the channel before posting again."""
    db["digest_posts"].add_column("claimed_at", str)
    db["digest_posts"].add_column("uncertain", int)


@migration
def m006_threads_and_recomputes(db: Database) -> None:
    """A thread is a conversation: a question's row knows its thread, so a follow-up starts from the thread's
    last scenario. A button recomputes a verdict in place: the recompute's row points at the question it
    recomputes (`recompute_of`), so the digest does not count it as a question; its job knows which message
    it replaces (`update_ts`) and how (`in_place`: "chat" for chat.update, "respond" for an ephemeral one). A slash
answer is private first; sharing it in the channel is, like a recompute, not a question of its own."""
    questions = db["questions"]
    questions.add_column("thread_ts", str)
    questions.add_column("recompute_of", int)
    questions.create_index(["channel_id", "thread_ts"])
    questions.create_index(["channel_id", "verdict_ts"])
    outbox = db["outbox"]
    outbox.add_column("update_ts", str)
    outbox.add_column("in_place", str)
    outbox.add_column("recompute_of", int)  # a shared or recomputed ephemeral answer: the question it is of


@migration
def m007_chart_files(db: Database) -> None:
    """A recompute in place redraws the chart: the answer's job remembers the chart file now in its thread
    (`chart_file`, on the first answer's job: the one a recompute replaces and deletes), and a recompute's job
    the chart it uploaded, so a retried job does not upload a second one."""
    db["outbox"].add_column("chart_file", str)
