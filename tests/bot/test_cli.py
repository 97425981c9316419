"""The terminal surface: readable answers, friendly errors, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bot.cli import main
from bot.context import Context
from bot.store import LogStore


@pytest.fixture
def pinned(sept_2026, prices_file):
    """The environment with the clock and genai-prices' data pinned: every dollar figure below is priced on
    the fixture snapshot at the worked example's clock, whatever the real date or the installed data."""
    return {"LLMCOST_NOW": sept_2026.isoformat(), "LLMCOST_PRICES_FILE": str(prices_file)}


@pytest.fixture
def run(capsys, pinned):
    def run(*argv):
        code = main(list(argv), context=Context.from_env(os.environ | pinned))
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


def test_ask_prints_a_readable_answer(run):
    code, out, _ = run("ask", "--no-log", "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s?")
    assert code == 0
    assert out.startswith("API WINS: DeepSeek-V4.1-Flash at 300 tok/s")
    assert "$36,821" in out and "$946.08 if all off-peak" in out and "vllm serve" in out


ENGLISH_LABELS = ("WINS", "Tokens a month", "Fit:", "Nodes (", "tok/s per node", "break-even", "Hosted APIs",
                  "same model", "/month", "Serve it", "Warnings:", "Assumptions", "Node price as of", "priced for the week")


def test_a_spanish_question_gets_a_spanish_answer(run):
    """The terminal speaks the question's language, as Slack does: labels and findings alike (the worked
    example's figures are the same in both)."""
    code, out, _ = run("ask", "--no-log", "¿podemos correr DeepSeek-V4.1-Flash nosotros a 300 tok/s?")
    assert code == 0
    assert out.startswith("GANA LA API: DeepSeek-V4.1-Flash a 300 tok/s")
    for label in ("Tokens al mes", "Cabe:", "tok/s por nodo", "APIs alojadas", "mismo modelo", "/mes", "Sírvelo",
                  "Avisos:", "Supuestos", "Precio del nodo a", "$36,821", "$946.08 si todo fuera valle"):
        assert label in out, label
    assert not [label for label in ENGLISH_LABELS if label in out]


def test_the_language_flag_beats_the_question(run):
    _, english, _ = run("ask", "--no-log", "--lang", "en", "¿podemos correr DeepSeek-V4.1-Flash nosotros a 300 tok/s?")
    _, spanish, _ = run("ask", "--no-log", "--lang", "es", "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s?")
    assert english.startswith("API WINS") and "Assumptions" in english
    assert spanish.startswith("GANA LA API") and "Supuestos" in spanish


def test_flags_beat_the_question(run):
    code, out, _ = run("ask", "--no-log", "--private", "--currency", "eur",
                       "can we run deepseek-flash at 300 tok/s?")
    assert code == 0 and out.startswith("NODE WINS") and "€33,876" in out


def test_bad_flag_values_get_a_sentence(capsys):
    with pytest.raises(SystemExit):
        main(["ask", "--cache-hit", "150%", "x"])
    assert "out of range" in capsys.readouterr().err


def test_invalid_override_is_a_friendly_error(run):
    code, _, err = run("ask", "--no-log", "--tok-s", "-5", "deepseek-flash")
    assert code == 1 and err.startswith("llmcost: ") and "Traceback" not in err


def test_models_and_prices_list_sources(run):
    code, out, _ = run("models")
    assert code == 0 and "deepseek-v4.1-flash" in out and "source:" in out
    code, out, _ = run("prices", "deepseek-flash")
    assert code == 0 and "$50.44/h" in out and "deepseek-flash" in out


def test_unknown_model_in_prices_is_friendly(run):
    code, _, err = run("prices", "nope-9000")
    assert code == 1 and "llmcost models" in err


def test_a_broken_override_file_is_a_sentence(run, tmp_path, monkeypatch):
    bad = tmp_path / "nodes.yaml"
    bad.write_text("- {id: x}\n")
    monkeypatch.setenv("LLMCOST_NODES_FILE", str(bad))
    code, _, err = run("ask", "--no-log", "deepseek-flash at 300 tok/s")
    assert code == 1 and "nodes.yaml: row 1 (x)" in err


def test_gateway_answer_without_a_model_reads_well(run):
    code, out, _ = run("ask", "--no-log", "three teams, three keys, nobody can attribute the DeepSeek bill")
    assert code == 0 and out.startswith("THE PROBLEM IS THE GATEWAY")


def test_business_hours_flag_spreads_a_volume_over_the_business_day(run):
    """26M tokens in an 8-hour working day is 26e6 / 28,800 s = 902.8 tok/s, not 26e6 / 86,400 s."""
    code, out, _ = run("ask", "--no-log", "--business-hours",
                       "deepseek flash, 26 million output tokens a day")
    assert code == 0
    assert "spread over 8 business hours, is 902.8 tok/s sustained" in out
    code, out, _ = run("ask", "--no-log", "deepseek flash, 26 million output tokens a day")
    assert "spread over 24 hours, is 300.9 tok/s sustained" in out


@pytest.mark.parametrize(("argv", "code"), [(["ask", "--no-log", "deepseek-flash at 300 tok/s"], 0),
                                            (["ask", "--no-log", "--tok-s", "-5", "deepseek-flash"], 1)])
def test_the_console_script_flushes_everything_and_keeps_the_exit_code(pinned, argv, code):
    """`llmcost` leaves without interpreter teardown (bot/startup.py quick_exit): the answer must still be
    whole, and the exit handlers must still run."""
    env = os.environ | pinned
    script = ("import atexit, sys; from bot.cli import run; atexit.register(print, 'exit handler ran', "
              f"file=sys.stderr); sys.argv[1:] = {argv!r}; run()")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    assert run.returncode == code
    assert run.stderr.endswith("exit handler ran\n")
    if code == 0:
        whole = subprocess.run([sys.executable, "-m", "bot.cli", *argv], capture_output=True, text=True, env=env)
        assert run.stdout.startswith("API WINS") and run.stdout == whole.stdout  # same, to the last byte
    else:
        assert run.stderr.startswith("llmcost: ")


def test_only_one_shot_commands_run_without_the_garbage_collector():
    """`serve` and `clock` run for days: they keep Python's cyclic garbage collector."""
    probe = ("import gc, sys; from bot import cli; cli.main = lambda: print(gc.isenabled()) or 0; "
             "sys.argv[1:] = sys.argv[2:]; cli.run()")
    states = {cmd: subprocess.run([sys.executable, "-c", probe, "x", cmd], capture_output=True, text=True).stdout
              for cmd in ("ask", "models", "serve", "clock")}
    assert states == {"ask": "False\n", "models": "False\n", "serve": "True\n", "clock": "True\n"}


def test_a_log_that_cannot_be_written_never_costs_the_answer(run, monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("LLMCOST_DB", str(blocker / "llmcost.db"))  # a folder that cannot exist
    code, out, err = run("ask", "deepseek-flash at 300 tok/s")
    assert code == 0 and out.startswith("API WINS")
    assert err.startswith("llmcost: this question was not logged") and "Traceback" not in err


@pytest.mark.parametrize("content", [None, "not json", '{"providers": [{"id": 1}]}'])
def test_unreadable_price_data_is_a_sentence(run, tmp_path, pinned, content):
    bad = tmp_path / "prices.json"
    if content is not None:
        bad.write_text(content)
    pinned["LLMCOST_PRICES_FILE"] = str(bad)
    code, _, err = run("ask", "--no-log", "deepseek-flash at 300 tok/s")
    assert code == 1 and "prices.json: cannot read genai-prices data" in err and "Traceback" not in err


def test_ask_imports_no_heavy_library(pinned, tmp_path):
    """bot/startup.py trick 3: the libraries of the other commands stay out of `llmcost ask` (once its log
    exists: creating it runs the migrations through sqlite-utils)."""
    heavy = ("matplotlib", "numpy", "slack_bolt", "slack_sdk", "gpuhunt", "huggingface_hub", "sqlite_utils",
             "cheroot", "jsonschema")
    probe = ("import sys; from bot.cli import main; code = main(sys.argv[1:]); "
             f"print(code, [m for m in {heavy!r} if m in sys.modules], file=sys.stderr)")
    env = os.environ | pinned | {"LLMCOST_DB": str(tmp_path / "log.db")}
    LogStore.open(tmp_path / "log.db").close()  # the log exists, as after the first question
    run = subprocess.run([sys.executable, "-c", probe, "ask", "--json", "deepseek-flash at 300 tok/s"],
                         capture_output=True, text=True, env=env)
    assert run.stderr.splitlines()[-1] == "0 []", run.stderr
    with LogStore.open(tmp_path / "log.db") as store:
        assert len(store.recent()) == 1  # and the question was logged


def test_the_console_script_says_which_variable_is_wrong(pinned):
    """The console script reads the environment before `main` (bot/startup.py one_shot): still a sentence."""
    env = os.environ | pinned | {"LLMCOST_NOW": "next tuesday"}
    script = "import sys; from bot.cli import run; sys.argv[1:] = ['ask', '--no-log', 'deepseek-flash']; run()"
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    assert run.returncode == 1 and run.stderr.startswith("llmcost: LLMCOST_NOW='next tuesday'"), run.stderr
