"""The terminal surface: readable answers, friendly errors, never a traceback."""

from __future__ import annotations

import pytest

from bot import runtime
from bot.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_ask_prints_a_readable_answer(capsys):
    code, out, _ = run(capsys, "ask", "--no-log", "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s?")
    assert code == 0
    assert out.startswith("API WINS: DeepSeek-V4.1-Flash at 300 tok/s")
    assert "$36,821" in out and "$946.08 if all off-peak" in out and "vllm serve" in out


def test_flags_beat_the_question(capsys):
    code, out, _ = run(capsys, "ask", "--no-log", "--private", "--currency", "eur",
                       "can we run deepseek-flash at 300 tok/s?")
    assert code == 0 and out.startswith("NODE WINS") and "€33,876" in out


def test_bad_flag_values_get_a_sentence(capsys):
    with pytest.raises(SystemExit):
        main(["ask", "--cache-hit", "150%", "x"])
    assert "out of range" in capsys.readouterr().err


def test_invalid_override_is_a_friendly_error(capsys):
    code, _, err = run(capsys, "ask", "--no-log", "--tok-s", "-5", "deepseek-flash")
    assert code == 1 and err.startswith("llmcost: ") and "Traceback" not in err


def test_models_and_prices_list_sources(capsys):
    code, out, _ = run(capsys, "models")
    assert code == 0 and "deepseek-v4.1-flash" in out and "source:" in out
    code, out, _ = run(capsys, "prices", "deepseek-flash")
    assert code == 0 and "$50.44/h" in out and "deepseek-flash" in out


def test_unknown_model_in_prices_is_friendly(capsys):
    code, _, err = run(capsys, "prices", "nope-9000")
    assert code == 1 and "llmcost models" in err


def test_a_broken_override_file_is_a_sentence(capsys, tmp_path, monkeypatch):
    bad = tmp_path / "nodes.yaml"
    bad.write_text("- {id: x}\n")
    monkeypatch.setenv("LLMCOST_NODES_FILE", str(bad))
    runtime.catalogs.cache_clear()
    try:
        code, _, err = run(capsys, "ask", "--no-log", "deepseek-flash at 300 tok/s")
    finally:
        runtime.catalogs.cache_clear()
    assert code == 1 and "nodes.yaml: row 1 (x)" in err


def test_gateway_answer_without_a_model_reads_well(capsys):
    code, out, _ = run(capsys, "ask", "--no-log", "three teams, three keys, nobody can attribute the DeepSeek bill")
    assert code == 0 and out.startswith("THE PROBLEM IS THE GATEWAY")


def test_business_hours_flag_spreads_a_volume_over_the_business_day(capsys):
    """26M tokens in an 8-hour working day is 26e6 / 28,800 s = 902.8 tok/s, not 26e6 / 86,400 s."""
    code, out, _ = run(capsys, "ask", "--no-log", "--business-hours",
                       "deepseek flash, 26 million output tokens a day")
    assert code == 0
    assert "spread over 8 business hours, is 902.8 tok/s sustained" in out
    code, out, _ = run(capsys, "ask", "--no-log", "deepseek flash, 26 million output tokens a day")
    assert "spread over 24 hours, is 300.9 tok/s sustained" in out


@pytest.mark.parametrize(("argv", "code"), [(["ask", "--no-log", "deepseek-flash at 300 tok/s"], 0),
                                            (["ask", "--no-log", "--tok-s", "-5", "deepseek-flash"], 1)])
def test_the_console_script_flushes_everything_and_keeps_the_exit_code(tmp_path, argv, code):
    """`llmcost` leaves with os._exit (no interpreter teardown): the answer must still be whole."""
    import subprocess
    import sys

    run = subprocess.run([sys.executable, "-c", "import sys; from bot.cli import run; sys.argv[1:] = "
                          f"{argv!r}; run()"], capture_output=True, text=True)
    assert run.returncode == code
    if code == 0:
        whole = subprocess.run([sys.executable, "-m", "bot.cli", *argv], capture_output=True, text=True)
        assert run.stdout.startswith("API WINS") and run.stdout == whole.stdout  # same, to the last byte
    else:
        assert run.stderr.startswith("llmcost: ")


def test_only_one_shot_commands_run_without_the_garbage_collector():
    """`serve` and `clock` run for days: they keep Python's cyclic garbage collector."""
    import subprocess
    import sys

    probe = ("import gc, sys; from bot import cli; cli.main = lambda: print(gc.isenabled()) or 0; "
             "sys.argv[1:] = sys.argv[2:]; cli.run()")
    states = {cmd: subprocess.run([sys.executable, "-c", probe, "x", cmd], capture_output=True, text=True).stdout
              for cmd in ("ask", "models", "serve", "clock")}
    assert states == {"ask": "False\n", "models": "False\n", "serve": "True\n", "clock": "True\n"}


def test_a_log_that_cannot_be_written_never_costs_the_answer(capsys, monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("LLMCOST_DB", str(blocker / "llmcost.db"))  # a folder that cannot exist
    code, out, err = run(capsys, "ask", "deepseek-flash at 300 tok/s")
    assert code == 0 and out.startswith("API WINS")
    assert err.startswith("llmcost: this question was not logged") and "Traceback" not in err


@pytest.mark.parametrize("content", [None, "not json", '{"providers": [{"id": 1}]}'])
def test_unreadable_price_data_is_a_sentence(capsys, tmp_path, monkeypatch, content):
    bad = tmp_path / "prices.json"
    if content is not None:
        bad.write_text(content)
    monkeypatch.setenv("LLMCOST_PRICES_FILE", str(bad))
    runtime.prices.cache_clear()
    runtime.catalogs.cache_clear()
    try:
        code, _, err = run(capsys, "ask", "--no-log", "deepseek-flash at 300 tok/s")
    finally:
        runtime.prices.cache_clear()
        runtime.catalogs.cache_clear()
    assert code == 1 and "prices.json: cannot read genai-prices data" in err and "Traceback" not in err
