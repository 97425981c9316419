"""The composition root (bot/context.py): the environment is read in one place, into one frozen Context."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from pathlib import Path

import pytest

from bot.context import Context

ROOT = Path(__file__).resolve().parents[2]
# Who may touch os.environ: the composition root; startup.py sets PYDANTIC_DISABLE_PLUGINS for pydantic;
# refresh/offers.py hands gpuhunt its URL the only way gpuhunt takes one.
ALLOWED = {"bot/context.py", "bot/startup.py", "bot/refresh/offers.py"}


def test_no_module_outside_the_composition_root_reads_the_environment():
    readers = {
        str(path.relative_to(ROOT))
        for folder in ("bot", "costcore")
        for path in (ROOT / folder).rglob("*.py")
        if re.search(r"os\.environ|getenv\(", path.read_text(encoding="utf-8"))
    }
    assert readers <= ALLOWED, readers - ALLOWED


def test_the_context_is_read_once_and_frozen(tmp_path):
    env = {"LLMCOST_NOW": "2026-09-15T12:00", "LLMCOST_DB": str(tmp_path / "x.db"), "SLACK_BOT_TOKEN": "xoxb-s3cret",
           "LLMCOST_NODES_FILE": f"{tmp_path / 'a.yaml'}:{tmp_path / 'b.yaml'}", "LLMCOST_CACHE_DIR": "off",
           "LLMCOST_SLACK_CHART": "no", "PORT": "8080", "HOME": "/nowhere"}
    ctx = Context.from_env(env)
    assert ctx.now() == dt.datetime(2026, 9, 15, 12, tzinfo=dt.UTC)  # a naive LLMCOST_NOW is UTC
    assert ctx.db_path == tmp_path / "x.db" and ctx.cache_folder is None
    assert ctx.node_overrides == (tmp_path / "a.yaml", tmp_path / "b.yaml")
    assert (ctx.slack.chart, ctx.slack.port, ctx.slack.bot_token) == (False, 8080, "xoxb-s3cret")
    assert "s3cret" not in repr(ctx)  # tokens never reach a log line through a repr
    assert "HOME" not in ctx.environ  # only the variables it reads
    env["LLMCOST_DB"] = "elsewhere.db"
    assert ctx.db_path == tmp_path / "x.db"  # read once
    with pytest.raises(dataclasses.FrozenInstanceError):
        ctx.settings = None  # type: ignore[misc]


def test_the_unpinned_clock_is_the_real_one():
    before = dt.datetime.now(dt.UTC)
    assert before <= Context.from_env({}).now() <= dt.datetime.now(dt.UTC)


def test_the_second_reader_is_off_unless_configured():
    assert not Context.from_env({}).reader.enabled
    on = Context.from_env({"LLMCOST_READER_URL": "http://127.0.0.1:9/v1/", "LLMCOST_READER_KEY": "sk-s3cret"})
    assert on.reader.enabled and on.reader.url == "http://127.0.0.1:9/v1" and "s3cret" not in repr(on)


def test_a_bad_pinned_clock_is_a_sentence(capsys, monkeypatch):
    from bot.cli import main

    monkeypatch.setenv("LLMCOST_NOW", "next tuesday")
    assert main(["ask", "--no-log", "deepseek-flash at 300 tok/s"]) == 1
    err = capsys.readouterr().err
    assert "LLMCOST_NOW='next tuesday' is not a date and time" in err and "Traceback" not in err
