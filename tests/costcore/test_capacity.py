"""Per-node throughput and its basis: measured > benchmark > scaled > bound (costcore/capacity.py)."""

from __future__ import annotations

import pytest

from costcore.capacity import BOUND_EFFICIENCY, Shape, _along, capacity, roofline
from costcore.catalog import CatalogError, ThroughputRow, load_catalogs
from costcore.engine import answer
from costcore.scenario import Scenario
from tests.pins import SEPT_2026

EIGHT = Shape(tensor_parallel=8, pipeline_parallel=1, replicas=1, units=1, resident_gb=700)


def cap(catalogs, model, gpu, per_user, **kw):
    return capacity(catalogs.models[model], catalogs.gpus[gpu], kw.pop("shape", EIGHT), per_user_tok_s=per_user,
                    context=8192, rows=kw.pop("rows", catalogs.throughput), models=catalogs.models,
                    gpus=catalogs.gpus, **kw)


def test_every_table_row_cites_a_source_and_a_date(catalogs):
    assert len(catalogs.throughput) >= 11
    for row in catalogs.throughput:
        assert row.source and row.as_of
        if row.counts == "input+output":
            assert row.output_tok_s_per_gpu == pytest.approx(row.tok_s_per_gpu * row.osl / (row.isl + row.osl))


def test_deepseeks_own_figure_is_in_the_table(catalogs):
    row = next(r for r in catalogs.throughput if r.gpu == "H800")
    assert row.output_tok_s_per_gpu * 8 == pytest.approx(14_800)  # per H800 node, decode
    assert row.counts == "output" and not row.scale_from  # 18-node expert parallel, not a rented node


def test_a_row_that_counts_input_needs_its_sequence_shape():
    with pytest.raises(ValueError, match="isl"):
        ThroughputRow(model="x", gpu="H100", engine="vLLM", precision="fp8", per_user_tok_s=40, tok_s_per_gpu=100,
                      counts="input+output", source="s", as_of="2026-01-01")


def test_unknown_fields_and_models_are_rejected(tmp_path):
    import shutil

    from costcore.catalog import DATA

    for name in ("models.yaml", "gpus.yaml", "nodes.yaml", "apis.yaml", "closed.yaml"):
        shutil.copy(DATA / name, tmp_path / name)
    (tmp_path / "throughput.yaml").write_text(
        "- {model: no-such-model, gpu: H100, engine: vLLM, precision: fp8, per_user_tok_s: 40, "
        "tok_s_per_gpu: 100, counts: output, source: s, as_of: 2026-01-01}\n")
    with pytest.raises(CatalogError, match="unknown model"):
        load_catalogs(data_dir=tmp_path)
    (tmp_path / "throughput.yaml").write_text(
        "- {model: deepseek-v3, gpu: H100, engine: vLLM, precision: fp8, per_user_tok_s: 40, "
        "tok_s_per_gpu: 100, counts: output, source: s, as_of: 2026-01-01, colour: red}\n")
    with pytest.raises(CatalogError, match="colour"):
        load_catalogs(data_dir=tmp_path)


def test_the_curve_is_interpolated_and_falls_as_the_per_user_speed_rises():
    points = [(42, 2396.0), (71, 510.0), (100, 248.5)]
    assert _along(points, 42) == 2396.0
    assert _along(points, 30) == 2396.0  # never more than the slowest point measured
    assert 510.0 < _along(points, 55) < 2396.0
    assert _along(points, 120) < 248.5
    speeds = [40, 50, 60, 70, 80, 90, 100, 150]
    values = [_along(points, u) for u in speeds]
    assert values == sorted(values, reverse=True)


def test_a_published_benchmark_wins_over_scaling(catalogs):
    c = cap(catalogs, "deepseek-v3", "B200", 42)
    assert c.basis == "benchmark"
    # The best published curve at 42 tok/s per user: 4,792 (1k/1k, input+output) → 2,396 output per GPU.
    assert c.tok_s == pytest.approx(min(2396 * 8, roofline(catalogs.models["deepseek-v3"], catalogs.gpus["B200"],
                                                               EIGHT, 42, 8192)))


def test_scaling_says_its_reference_and_factors(catalogs):
    c = cap(catalogs, "deepseek-v4.1-flash", "H200", 40, shape=Shape(4, 1, 2, 1, 318))
    assert c.basis == "scaled"
    assert c.scaling["gpu"] == "B200" and c.scaling["bandwidth"] == pytest.approx(4.8 / 8.0)
    assert c.scaling["bytes"] > 1  # V4.1-Flash reads fewer bytes a step than DeepSeek-R1
    assert c.low < c.tok_s < c.high


def test_without_any_published_row_the_answer_is_a_labelled_bound(catalogs):
    c = cap(catalogs, "llama-3.1-70b", "H200", 40, rows=[])
    ceiling = roofline(catalogs.models["llama-3.1-70b"], catalogs.gpus["H200"], EIGHT, 40, 8192)
    assert c.basis == "bound" and c.tok_s == pytest.approx(ceiling * BOUND_EFFICIENCY)
    assert c.high == pytest.approx(ceiling)


def test_a_measurement_beats_everything(catalogs):
    c = cap(catalogs, "deepseek-v3", "B200", 42, measured_tok_s=1234, measured_source="our bench")
    assert (c.basis, c.tok_s, c.source) == ("measured", 1234, "our bench")


def test_a_per_user_speed_the_bandwidth_cannot_reach_carries_nothing(catalogs):
    # Llama-3.1-70B in BF16 reads 141 GB a token: 8 × 4.8 TB/s allows ~270 tok/s for one stream.
    assert roofline(catalogs.models["llama-3.1-70b"], catalogs.gpus["H200"], EIGHT, 400, 8192) == 0
    a = answer(Scenario(model="llama-3.1-70b", slo_tok_s=400, slo_kind="per_stream", concurrency=1), catalogs,
               now=SEPT_2026)
    h200 = next(n for n in a.fit.nodes if n.id == "coreweave-8xh200")
    assert h200.capacity_tok_s == 0 and h200.nodes_needed is None


def test_every_answer_says_the_basis(catalogs):
    a = answer(Scenario(model="deepseek-flash", slo_tok_s=300), catalogs, now=SEPT_2026)
    for n in a.fit.nodes:
        if n.fits:
            assert n.capacity_basis in ("benchmark", "scaled", "bound") and n.capacity_source
    assert any(w.code == "capacity_basis" for w in a.warnings)


def test_a_figure_at_another_precision_is_scaled_not_read(catalogs):
    # InferenceX measured Llama 3.3 70B in FP8; the catalog's checkpoint is BF16: a step reads twice the bytes.
    bf16 = cap(catalogs, "llama-3.1-70b", "B200", 76, shape=Shape(4, 1, 2, 1, 141))
    assert bf16.basis == "scaled"
    assert bf16.scaling["model"] == "Llama-3.1-70B" and bf16.scaling["bytes"] == pytest.approx(0.5)
    fp8_per_gpu = 4431 / 2  # 1k/1k, input + output → output
    assert bf16.tok_s == pytest.approx(min(fp8_per_gpu * 0.5 * 8, roofline(
        catalogs.models["llama-3.1-70b"], catalogs.gpus["B200"], Shape(4, 1, 2, 1, 141), 76, 8192)))
