"""`llmcost log`, `llmcost digest` and `llmcost clock` from the terminal."""

from __future__ import annotations

import argparse
import json

import pytest
from freezegun import freeze_time

from bot import cli, logcli
from bot.errors import UserError
from bot.render.formats import money
from bot.store import LogStore
from tests.conftest_store import FakeSlack, closed, reply, slack_env, unknown


@pytest.fixture(autouse=True)
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("LLMCOST_DB", str(tmp_path / "cli.db"))
    monkeypatch.setenv("LLMCOST_TZ", "Europe/Madrid")
    monkeypatch.delenv("SLACK_BOT_TOKEN", raising=False)
    monkeypatch.delenv("LLMCOST_DIGEST_CHANNEL", raising=False)


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="llmcost")
    logcli.register(parser.add_subparsers())
    args = parser.parse_args(argv)
    return args.func(args)


@pytest.fixture
def logged():
    first = reply(verdict="api")
    with LogStore.open() as s:
        with freeze_time("2025-01-06 08:00"):
            s.log(surface="mention", text="deepseek at 300 tok/s?", reply=first, channel_id="C1")
        with freeze_time("2025-01-07 23:30"):  # Wednesday 00:30 in Madrid
            s.log(
                surface="dm",
                text="qwen   for\nthe team",
                reply=reply(model="qwen3-235b", tok_s=40),
                user_id="U2",
            )
        with freeze_time("2025-01-08 10:00"):
            s.log(surface="slash", text="llama-9?", reply=unknown("Llama-9"), channel_id="C2")
            s.log(surface="cli", text="gpt-5 ourselves?", reply=closed("gpt-5"))
            s.log(surface="button", text="boom", reply=None, error="TimeoutError")
    return first.answer


def test_log_on_an_empty_database(capsys):
    assert run("log") == 0
    assert capsys.readouterr().out == "No questions logged yet.\n"


def test_log_prints_a_table_in_local_time(logged, capsys):
    node, api = logged.chosen, logged.cheapest_api
    run("log")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == [
        "asked",
        "surface",
        "model",
        "tok/s",
        "answer",
        "node/mo",
        "API/mo",
        "question",
    ]
    assert lines[1].split()[:5] == ["2025-01-08", "11:00", "button", "error", "boom"]
    assert "Llama-9" in lines[3] and "unknown_model" in lines[3]
    assert lines[4].split()[:2] == ["2025-01-08", "00:30"]  # Madrid time
    assert "qwen for the team" in lines[4]  # whitespace folded to one line
    assert lines[5].split()[:8] == [
        "2025-01-06",
        "09:00",
        "mention",
        "deepseek-v4.1-flash",
        "300",
        "api",
        money(node.usd_per_month),  # bot.render.formats' rule, as everywhere
        money(api.usd_per_month),
    ]


def test_log_filters_and_prints_json(logged, capsys):
    def rows(*argv: str) -> list[str]:
        run("log", "--json", *argv)
        return [r["text"] for r in json.loads(capsys.readouterr().out)]

    assert rows("--model", "qwen3-235b-a22b") == ["qwen   for\nthe team"]
    assert rows("--model", "llama-9") == ["llama-9?"]
    assert rows("--verdict", "api") == ["deepseek at 300 tok/s?"]
    assert rows("--user", "U2") == ["qwen   for\nthe team"]
    assert rows("--since", "2025-01-08") == ["boom", "gpt-5 ourselves?", "llama-9?", "qwen   for\nthe team"]
    assert rows("--since", "2025-01-08T01:00") == ["boom", "gpt-5 ourselves?", "llama-9?"]
    assert rows("--limit", "2") == ["boom", "gpt-5 ourselves?"]
    with freeze_time("2025-01-08 12:00"):
        assert rows("--since", "1d") == ["boom", "gpt-5 ourselves?", "llama-9?", "qwen   for\nthe team"]
        assert rows("--since", "3h") == ["boom", "gpt-5 ourselves?", "llama-9?"]
    run("log", "--model", "nothing-like-it")
    assert capsys.readouterr().out == "No questions match.\n"


def test_log_prune_days(logged, capsys):
    with freeze_time("2025-01-09 00:00"):
        run("log", "--prune-days", "1")
    assert capsys.readouterr().out == "Deleted 2 questions asked before 2025-01-08 00:00 UTC.\n"
    with LogStore.open() as s:
        assert s.db["questions"].count == 3


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("log", "--since", "last tuesday"), "--since 'last tuesday'"),
        (("log", "--prune-days", "-1"), "--prune-days"),
        (("digest", "--days", "0"), "--days"),
        (("digest", "--force"), "--force only matters with --post"),
        (("clock",), "LLMCOST_DIGEST_CHANNEL"),
        (("clock", "--channel", "C1"), "SLACK_BOT_TOKEN"),
    ],
)
def test_mistakes_get_a_sentence(argv, message):
    with pytest.raises(UserError, match=message):
        run(*argv)


def test_a_wrong_time_zone_gets_a_sentence(monkeypatch):
    monkeypatch.setenv("LLMCOST_TZ", "Mars/Olympus")
    with pytest.raises(UserError, match="LLMCOST_TZ='Mars/Olympus'"):
        run("log")


def test_digest_prints_last_weeks_text_and_json(logged, capsys):
    with freeze_time("2025-01-13 08:00"):
        run("digest")
        text = capsys.readouterr().out
        run("digest", "--json")
        summary = json.loads(capsys.readouterr().out)
    assert text.startswith("llmcost weekly digest · 2025-W02 (Mon 6 Jan 2025 – Sun 12 Jan 2025)\n")
    assert "Catalog gaps (models we do not know yet): Llama-9 × 1" in text
    assert "Closed models (API only, weights not published): gpt-5 × 1" in text
    assert summary["week"] == "2025-W02" and summary["questions"] == 5


def test_digest_post_is_idempotent_and_force_posts_again(logged, monkeypatch, capsys):
    with FakeSlack() as slack, freeze_time("2025-01-13 08:00"):
        slack_env(monkeypatch, slack)
        run("digest", "--post", "C0DIGEST")
        assert capsys.readouterr().out == "Posted the 2025-W02 digest to C0DIGEST.\n"
        run("digest", "--post", "C0DIGEST")
        assert capsys.readouterr().out == (
            "The 2025-W02 digest was already posted to C0DIGEST; --force posts it again.\n"
        )
        run("digest", "--post", "C0DIGEST", "--force", "--json")
        out = capsys.readouterr()
        assert json.loads(out.out)["post"] == {
            "posted": True,
            "week": "2025-W02",
            "channel": "C0DIGEST",
            "ts": "1700000000.000002",
        }
        assert out.err == "Posted the 2025-W02 digest to C0DIGEST.\n"
    assert len(slack.posts) == 2


def test_the_subcommands_are_registered_in_llmcost(capsys):
    assert "bot.logcli" in cli.SUBCOMMAND_MODULES
    assert cli.main(["log", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []
