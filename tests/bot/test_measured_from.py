"""`--measured-from`: the JSON `vllm bench serve --save-result` and AIPerf write, read as the tools write it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot import measured
from bot.cli import main
from bot.errors import UserError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
VLLM = FIXTURES / "vllm_bench_serve_llama70b_h200.json"
AIPERF = FIXTURES / "aiperf_profile_export_llama70b_h200.json"


def test_reads_a_vllm_bench_serve_result():
    m = measured.read(VLLM)
    assert m.output_tok_s == 2949.68  # output_throughput
    assert m.concurrency == 64  # max_concurrency
    assert m.per_user_tok_s == pytest.approx(1000 / 20.43)  # from median_tpot_ms
    assert m.model == "meta-llama/Llama-3.1-70B-Instruct"
    assert "vllm bench serve" in m.source and "64 concurrent" in m.source


def test_reads_appended_vllm_results_and_takes_the_last_run(tmp_path):
    run = json.loads(VLLM.read_text())
    path = tmp_path / "appended.json"
    path.write_text(json.dumps(run | {"output_throughput": 1000.0}) + "\n" + json.dumps(run) + "\n")
    assert measured.read(path).output_tok_s == 2949.68


def test_reads_an_aiperf_profile_export():
    m = measured.read(AIPERF)
    assert m.output_tok_s == 2777.6  # records.output_token_throughput.avg
    assert m.per_user_tok_s == 46.1  # output_token_throughput_per_user.avg
    assert m.concurrency == 64  # input_config.loadgen.concurrency
    assert "AIPerf" in m.source


def test_reads_an_aiperf_export_with_metrics_at_the_top_level(tmp_path):
    data = json.loads(AIPERF.read_text())
    flat = data.pop("records") | data  # the layout of newer AIPerf releases
    del flat["output_token_throughput_per_user"]
    path = tmp_path / "flat.json"
    path.write_text(json.dumps(flat))
    m = measured.read(path)
    assert m.output_tok_s == 2777.6
    assert m.per_user_tok_s == pytest.approx(1000 / 21.7)  # from inter_token_latency


@pytest.mark.parametrize("content", ["not json", json.dumps({"hello": 1}), json.dumps([1, 2])])
def test_a_file_in_neither_format_is_a_clear_error(tmp_path, content):
    path = tmp_path / "x.json"
    path.write_text(content)
    with pytest.raises(UserError, match="measured-from"):
        measured.read(path)


def test_the_cli_uses_the_measurement_and_says_where_it_comes_from(capsys):
    code = main(["ask", "--json", "--no-log", "--measured-from", str(VLLM), "llama 3.1 70b at 5000 tok/s"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    nodes = [n for n in out["fit"]["nodes"] if n["fits"]]
    assert all(n["capacity_basis"] == "measured" and n["capacity_tok_s"] == 2949.68 for n in nodes)
    assert "vllm bench serve" in nodes[0]["capacity_source"]
    h200 = next(n for n in nodes if n["id"] == "coreweave-8xh200")
    assert h200["nodes_needed"] == 2 and h200["usd_per_month_fleet"] == pytest.approx(73642.40)


def test_a_missing_file_is_a_sentence_not_a_traceback(capsys, tmp_path):
    code = main(["ask", "--no-log", "--measured-from", str(tmp_path / "nope.json"), "llama 3.1 70b at 5000 tok/s"])
    err = capsys.readouterr().err
    assert code == 1 and "cannot read" in err and "Traceback" not in err
