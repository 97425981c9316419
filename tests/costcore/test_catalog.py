"""Catalogs are strict: unknown keys and duplicate ids are rejected with the file and row named."""

from __future__ import annotations

import datetime as dt
import shutil
from decimal import Decimal

import pytest

from costcore.catalog import DATA, CatalogError, load_catalogs


@pytest.fixture
def data_copy(tmp_path):
    target = tmp_path / "data"
    shutil.copytree(str(DATA), target)
    return target


def test_every_row_is_sourced_and_dated(catalogs):
    for model in catalogs.models.values():
        assert model.source and model.as_of
    for node in catalogs.nodes.values():
        assert all(p.source and p.as_of and p.confidence for p in node.prices)


@pytest.mark.parametrize("cats", ["catalogs", "live_catalogs"])
def test_every_api_overlay_row_resolves_in_genai_prices(cats, request):
    """In the pinned fixture and in the genai-prices data installed today."""
    cats = request.getfixturevalue(cats)
    for rows in cats.apis.serving.values():
        for row in rows:
            cats.prices.lookup(row.provider, row.model_ref)
    for row in cats.apis.frontier:
        cats.prices.lookup(row.provider, row.model_ref)


def test_unknown_key_names_file_and_row(data_copy):
    text = (data_copy / "gpus.yaml").read_text().replace("arch: hopper, memory_gb: 80,", "arch: hopper, vram: 80,", 1)
    (data_copy / "gpus.yaml").write_text(text)
    with pytest.raises(CatalogError, match=r"gpus\.yaml: row 6 \(H100\)"):
        load_catalogs(data_dir=data_copy)


def test_duplicate_ids_are_rejected(data_copy):
    path = data_copy / "gpus.yaml"
    lines = path.read_text().splitlines()
    first_row = next(line for line in lines if line.startswith("- {id: A100-80GB"))
    path.write_text("\n".join(lines + [first_row]) + "\n")
    with pytest.raises(CatalogError, match="duplicate id 'A100-80GB'"):
        load_catalogs(data_dir=data_copy)


def test_a_team_overrides_a_node_price_without_code(tmp_path):
    override = tmp_path / "ours.yaml"
    override.write_text(
        "- id: coreweave-8xh200\n  provider: CoreWeave\n  name: 'CoreWeave 8xH200, our contract'\n"
        "  gpu: H200\n  gpu_count: 8\n  host_ram_gb: 2048\n  interconnect: infiniband\n  billing: negotiated\n"
        "  prices:\n    - {usd_per_hour: '38.00', as_of: 2026-10-01, source: 'our MSA', confidence: high}\n"
        "- id: lambda-8xh200\n  provider: Lambda\n  name: Lambda 8xH200\n  gpu: H200\n  gpu_count: 8\n"
        "  host_ram_gb: 2048\n  interconnect: infiniband\n  billing: on_demand\n"
        "  prices:\n    - {usd_per_hour: '40.00', as_of: 2026-10-01, source: 'quote', confidence: medium}\n"
    )
    cats = load_catalogs(node_overrides=[override])
    assert cats.nodes["coreweave-8xh200"].price_on(dt.date(2026, 11, 1)).usd_per_hour == Decimal("38.00")
    assert "lambda-8xh200" in cats.nodes


def test_a_bad_override_file_is_named(tmp_path):
    override = tmp_path / "bad.yaml"
    override.write_text("- id: x\n  gpu: H200\n")
    with pytest.raises(CatalogError, match=r"bad\.yaml: row 1 \(x\)"):
        load_catalogs(node_overrides=[override])


def test_dated_prices_pick_the_newest_on_or_before(catalogs):
    node = catalogs.nodes["coreweave-8xh200"]
    assert node.price_on(dt.date(2026, 9, 1)).usd_per_hour == Decimal("50.44")


def test_aliases_are_insensitive_to_case_spaces_dashes_and_dots(catalogs):
    for name in ["deepseek-flash", "DeepSeek-V4.1-Flash-1017", "deepseek v4.1 flash", "DEEPSEEK_V4.1_FLASH"]:
        assert catalogs.find_model(name).id == "deepseek-v4.1-flash"
    assert catalogs.find_model("llama 3 70b").id == "llama-3.1-70b"


@pytest.mark.parametrize(
    ("typed", "model"),
    [("llama 3 70b", "llama-3.1-70b"), ("Llama 3.1 70B", "llama-3.1-70b"), ("llama 3 170b", None),
     ("deepseek v3", "deepseek-v3"), ("deepseek v3.1", None), ("gpt oss 120b", "gpt-oss-120b")],
)
def test_a_name_that_shares_a_key_but_not_its_number_groups_is_another_model(catalogs, typed, model):
    """normalise() drops dots and spaces, so "llama 3 170b" and "llama 3.1 70b" share the key llama3170b."""
    found = catalogs.find_model(typed)
    assert (found.id if found else None) == model
