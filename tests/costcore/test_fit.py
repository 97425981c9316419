"""Fit: weights, KV, headroom, placement, replicas, recipes and multi-node layouts."""

from __future__ import annotations

from decimal import Decimal

import pytest

from costcore import fit as fitting
from costcore.catalog import Node, NodePrice
from costcore.engine import answer
from costcore.scenario import Scenario
from tests.pins import SEPT_2026

GIB = 2**30


def node(gpu: str, count: int, interconnect: str = "infiniband", host_ram_gb: float = 2048) -> Node:
    return Node(id=f"test-{count}x{gpu}", provider="Test", name=f"{count}×{gpu}", gpu=gpu, gpu_count=count,
                host_ram_gb=host_ram_gb, interconnect=interconnect, billing="on_demand",
                prices=[NodePrice(usd_per_hour=Decimal(10), as_of="2026-09-01", source="test", confidence="low")])


@pytest.fixture(scope="module")
def flash(catalogs):
    # 32 sessions said: the floor of the brief's fit facts (the default would size KV for 8 streams)
    return answer(Scenario(model="deepseek-flash", slo_tok_s=300, concurrency=32), catalogs, now=SEPT_2026)


def row(a, node_id):
    return next(n for n in a.fit.nodes if n.id == node_id)


def test_floor_is_the_recipe_614_gb(flash, catalogs):
    model = catalogs.models["deepseek-v4.1-flash"]
    assert 510 <= flash.fit.weights_gb <= 511  # 510-511 GB checkpoint
    assert flash.fit.host_capable_gb * 1e9 / GIB == pytest.approx(183, abs=0.5)  # Engram ~183 GiB
    assert flash.fit.kv_gb == pytest.approx(32 * 32768 * 890 / 1e9)  # 890 B/token measured
    assert flash.fit.floor_gb == pytest.approx((model.checkpoint_gb + flash.fit.kv_gb) * 1.2)
    assert round(flash.fit.floor_gb) == 614


def test_8xh100_is_listed_but_not_verified(flash):
    h100 = row(flash, "coreweave-8xh100")
    assert h100.fits and not h100.recipe_verified
    assert h100.reason.code == "fit_arithmetic"
    assert h100.memory_gb - flash.fit.floor_gb == pytest.approx(26, abs=1)  # clears by 26 GB
    assert flash.fit.chosen_node != "coreweave-8xh100"  # it costs about as much and does not serve


def test_4xh200_fits_only_with_the_tables_on_host(catalogs):
    model = catalogs.models["deepseek-v4.1-flash"]
    gpu = catalogs.gpus["H200"]
    kv = fitting.kv_gb(model, 32, 32768)
    layouts = fitting.single_node_layouts(model, node("H200", 4), gpu, kv, 1.2)
    assert layouts and {lay.placement for lay in layouts} == {"engram-on-host"}
    best = fitting.best(layouts)
    assert best.recipe is not None and best.tensor_parallel == 4
    assert fitting.resident_gb(model, "all-in-gpu") * 1.2 > 4 * gpu.plan_gb  # 564 GB is under the floor


def test_one_8xh200_node_serves_two_tp4_replicas(flash):
    h200 = row(flash, "coreweave-8xh200")
    assert (h200.replicas, h200.tensor_parallel, h200.placement) == (2, 4, "engram-on-host")
    assert h200.recipe_verified
    assert h200.host_ram_needed_gb * 1e9 / GIB == pytest.approx(2 * 183, abs=1)  # ~183 GiB per replica


def test_tables_stay_in_gpu_when_the_host_cannot_hold_them(catalogs):
    model = catalogs.models["deepseek-v4.1-flash"]
    small_host = node("H200", 8, host_ram_gb=256)
    best = fitting.best(fitting.single_node_layouts(model, small_host, catalogs.gpus["H200"], 1.0, 1.2))
    assert (best.placement, best.replicas, best.tensor_parallel) == ("all-in-gpu", 1, 8)


def test_kimi_k2_needs_two_nodes_over_infiniband(catalogs):
    a = answer(Scenario(model="kimi k2", slo_tok_s=300), catalogs, now=SEPT_2026)
    assert a.fit.floor_gb > 1128  # ~1.2 TB with headroom does not fit one 8×H200 node
    h200 = row(a, "coreweave-8xh200")
    assert h200.fits and h200.units == 2 and h200.pipeline_parallel == 2 and h200.tensor_parallel == 8
    assert h200.recipe_verified  # the deploy guide's 16 × H200
    assert h200.usd_per_month_for_slo == 2 * h200.usd_per_month


def test_multi_node_never_over_ordinary_networking(catalogs):
    model = catalogs.models["kimi-k2"]
    assert fitting.multi_node_layout(model, node("H200", 8), catalogs.gpus["H200"], 70.0, 1.2) is not None
    vpc = node("H200", 8, interconnect="ethernet")
    assert not vpc.multi_node_ok


@pytest.mark.parametrize(
    ("model_id", "kv_bytes_per_token"),
    [("deepseek-v3", 70_272), ("kimi-k2", 70_272), ("llama-3.1-8b", 131_072), ("llama-3.1-70b", 327_680),
     ("llama-3.1-405b", 516_096), ("qwen3-235b-a22b", 192_512), ("qwen3-30b-a3b", 98_304),
     ("mixtral-8x7b", 131_072), ("mixtral-8x22b", 229_376), ("gpt-oss-120b", 36_864), ("gpt-oss-20b", 24_576),
     ("glm-4.5", 376_832), ("llama-4-scout", 49_152), ("deepseek-v4.1-flash", 890)],
)
def test_kv_bytes_per_token_match_the_brief(catalogs, model_id, kv_bytes_per_token):
    assert catalogs.models[model_id].kv.per_token == kv_bytes_per_token


def test_sliding_window_layers_cap_at_the_window(catalogs):
    kv = catalogs.models["gpt-oss-120b"].kv
    assert kv.per_sequence(100_000) - kv.per_sequence(50_000) == 50_000 * kv.per_token


def test_measured_capacity_sets_nodes_needed(catalogs):
    a = answer(Scenario(model="deepseek-flash", slo_tok_s=20_000, measured_tok_s_per_node=9_000), catalogs,
               now=SEPT_2026)
    h200 = row(a, "coreweave-8xh200")
    assert h200.capacity_measured and h200.nodes_needed == 3
    assert h200.usd_per_month_for_slo == 3 * h200.usd_per_month


def test_every_model_fits_somewhere_or_says_why(catalogs):
    for model_id in catalogs.models:
        a = answer(Scenario(model=model_id, slo_tok_s=100), catalogs, now=SEPT_2026)
        assert a.status == "ok", model_id
        for n in a.fit.nodes:
            assert n.reason.code.startswith("fit_")
