"""This year's models and the builds that differ are catalog rows: each question is answered from its own
row, with its own context length and stored precision (not folded into an older build's)."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.render import contract_of
from bot.service import ask

NOW = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)

# question, catalog id, weights in GB as the sources give them (parameters × bytes per parameter, or the
# published size on disk), a context the row must accept (beyond the older build's where one existed)
ROWS = [
    ("can we run llama 8b at 300 tok/s", "llama-3.1-8b", 8.03 * 2, None),
    ("llama 3.3 70b at 300 tok/s with 128k context", "llama-3.3-70b", 70.6 * 2, 128_000),
    ("Qwen3-235B-A22B-Instruct-2507 at 300 tok/s with 200k context", "qwen3-235b-a22b-2507", 235.09 * 2, 200_000),
    ("qwen3 30b 2507 at 100 tok/s with 200k context", "qwen3-30b-a3b-2507", 30.53 * 2, 200_000),
    ("glm 4.6 at 300 tok/s with 200k context", "glm-4.6", 356.79 * 2, 200_000),
    ("GLM-4.6-FP8 at 300 tok/s with 200k context", "glm-4.6-fp8", 357 * 1, 200_000),
    ("glm 5 at 300 tok/s with 200k context", "glm-5", 753.86 * 2, 200_000),
    ("GLM-5-FP8 at 300 tok/s", "glm-5-fp8", 753.91 * 1, None),
    ("glm 5.1 at 300 tok/s", "glm-5.1", 753.86 * 2, None),
    ("glm-5.1 fp8 at 300 tok/s", "glm-5.1-fp8", 753.91 * 1, None),
    ("glm 5.2 at 300 tok/s with 500k context", "glm-5.2", 753 * 2, 500_000),
    ("GLM-5.2-FP8 at 300 tok/s with 500k context", "glm-5.2-fp8", 753 * 1, 500_000),
    ("kimi k2 0905 at 300 tok/s with 200k context", "kimi-k2-0905", 1026.47 * 1, 200_000),
    ("kimi k2.5 at 300 tok/s with 200k context", "kimi-k2.5", 595, 200_000),
    ("kimi k2.6 at 300 tok/s", "kimi-k2.6", 595, None),
    ("qwen3.5 397b at 300 tok/s with 200k context", "qwen3.5-397b-a17b", 397 * 2, 200_000),
    ("qwen3.5 35b at 300 tok/s", "qwen3.5-35b-a3b", 35 * 2, None),
    ("qwen3.5 27b at 300 tok/s", "qwen3.5-27b", 27 * 2, None),
    ("qwen3.6 35b at 300 tok/s with 200k context", "qwen3.6-35b-a3b", 35 * 2, 200_000),
    ("qwen3.6 27b at 100 tok/s with 200k context", "qwen3.6-27b", 55.56, 200_000),
    ("qwen3.6 27b fp8 at 100 tok/s with 200k context", "qwen3.6-27b-fp8", 27 * 1, 200_000),
    ("can we run gemma 3 27b at 300 tok/s", "gemma-3-27b", 27.43 * 2, None),
    ("v4 pro at 300 tok/s with 500k context", "deepseek-v4-pro", 960 / 1.2, 500_000),
    ("gemma 4 31b at 100 tok/s with 200k context", "gemma-4-31b", 31 * 2, 200_000),
    ("gemma 4 26b at 100 tok/s with 200k context", "gemma-4-26b-a4b", 25.2 * 2, 200_000),
    ("gemma 4 12b at 100 tok/s with 100k context", "gemma-4-12b", 11.95 * 2, 100_000),
    ("minimax m3 at 300 tok/s with 500k context", "minimax-m3", 427 * 2, 500_000),
]


@pytest.mark.parametrize(("question", "model_id", "weights_gb", "context"), ROWS, ids=[r[1] for r in ROWS])
def test_each_row_answers_with_its_own_context_and_precision(question, model_id, weights_gb, context, schema):
    import jsonschema

    reply = ask(question, now=NOW)
    c = contract_of(reply)
    assert c["status"] == "ok", c.get("clarification") or c["reasons"]
    assert c["scenario"]["model"] == model_id
    assert c["fit"]["weights_gb"] == pytest.approx(weights_gb, rel=0.005)
    if context:
        assert c["scenario"]["context_tokens"] == context
    source = c["model_source"]
    assert source["kind"] == "catalog" and source["repo"] and source["as_of"]
    jsonschema.validate(c, schema)


def test_older_builds_keep_their_own_facts():
    """The 2507 build's context is not the original's: 200 K is refused on Qwen3-235B-A22B, not on 2507."""
    old = contract_of(ask("qwen3 235b at 300 tok/s with 200k context", now=NOW))
    assert old["scenario"]["model"] == "qwen3-235b-a22b" and old["status"] == "needs_clarification"
    assert "32,768" in old["clarification"]
    assert contract_of(ask("glm 4.5 at 300 tok/s with 200k context", now=NOW))["status"] == "needs_clarification"


@pytest.mark.parametrize(
    "alias", ["qwen3.6 27b", "qwen3.6-27b", "Qwen3.6-27B", "Qwen/Qwen3.6-27B", "qwen 3.6 27b"]
)
def test_qwen36_27b_aliases_resolve_to_their_own_row(alias):
    """The dense 27B is not the 35B-A3B of the same family, nor Qwen3.5-27B of the same shape."""
    c = contract_of(ask(f"{alias} at 100 tok/s", now=NOW))
    assert c["status"] == "ok", c.get("clarification") or c["reasons"]
    assert c["scenario"]["model"] == "qwen3.6-27b"


def test_licences_now_sourced(catalogs):
    """Rows whose licence was 'not stated' carry the licence their release stated."""
    rows = catalogs.models
    assert rows["deepseek-v4-pro"].licence == "MIT"
    assert rows["gemma-4-31b"].licence == "Apache-2.0"
    assert rows["qwen3.6-35b-a3b"].licence == "Apache-2.0"
    assert rows["qwen3.6-27b"].licence == "Apache-2.0"


@pytest.mark.parametrize(
    ("alias", "model_id"),
    [("glm 5.2", "glm-5.2"), ("GLM-5.2", "glm-5.2"), ("zai-org/GLM-5.2", "glm-5.2"),
     ("glm 5.2 fp8", "glm-5.2-fp8"), ("zai-org/GLM-5.2-FP8", "glm-5.2-fp8")],
)
def test_glm52_aliases_resolve_to_their_own_rows(alias, model_id):
    c = contract_of(ask(f"{alias} at 300 tok/s", now=NOW))
    assert c["status"] == "ok", c.get("clarification") or c["reasons"]
    assert c["scenario"]["model"] == model_id


def test_glm52_context_is_not_glm51s():
    """GLM-5.2 reads a million tokens; GLM-5.1 stops at 202,752, so 500 K is refused there only."""
    assert contract_of(ask("glm 5.1 at 300 tok/s with 500k context", now=NOW))["status"] == "needs_clarification"
    assert contract_of(ask("glm 5.2 at 300 tok/s with 500k context", now=NOW))["status"] == "ok"


@pytest.mark.parametrize(
    "alias", ["gemma 4 26b", "gemma-4-26B-A4B-it", "google/gemma-4-26B-A4B-it", "gemma 4 26b a4b"]
)
def test_gemma4_26b_aliases_resolve_to_the_moe_row(alias):
    """The 26B-A4B MoE is its own row, not the dense 31B nor Gemma 3 27B."""
    c = contract_of(ask(f"{alias} at 100 tok/s", now=NOW))
    assert c["status"] == "ok", c.get("clarification") or c["reasons"]
    assert c["scenario"]["model"] == "gemma-4-26b-a4b"


def test_gemma4_12b_keeps_its_config_context():
    """The 12B's config.json reads 131,072 tokens (the card's 256K is marketing): 200 K is refused there, not
    on the 26B-A4B whose config reads 262,144."""
    c = contract_of(ask("gemma-4-12B-it at 100 tok/s with 200k context", now=NOW))
    assert c["scenario"]["model"] == "gemma-4-12b" and c["status"] == "needs_clarification"
    assert "131,072" in c["clarification"]
    assert contract_of(ask("gemma 4 26b at 100 tok/s with 200k context", now=NOW))["status"] == "ok"
