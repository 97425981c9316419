"""This year's models and the builds that differ are catalog rows: each question is answered from its own
row, with its own context length and stored precision (not folded into an older build's)."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.render import contract_of
from bot.service import ask

NOW = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)

# Bytes per stored parameter of each checkpoint dtype; "gb" marks a row whose source gives the size on disk.
BYTES = {"bf16": 2, "fp8": 1}

# Every model issue 13 names, one question each: catalog id, the checkpoint's dtype and its size as the sources
# give it (billions of parameters, or GB on disk), the context its config reads, and a context the question
# asks for (beyond the older build's where one existed). LLMCOST_HUB is off for the whole suite (conftest).
ROWS = [
    ("can we run llama 8b at 300 tok/s", "llama-3.1-8b", "bf16", 8.03, 131_072, None),
    ("llama 3.3 70b at 300 tok/s with 128k context", "llama-3.3-70b", "bf16", 70.6, 131_072, 128_000),
    ("Qwen3-235B-A22B-Instruct-2507 at 300 tok/s with 128k context", "qwen3-235b-a22b-2507", "bf16", 235.09, 262_144, 128_000),
    ("Qwen3-235B-A22B-Instruct-2507 at 300 tok/s with 200k context", "qwen3-235b-a22b-2507", "bf16", 235.09, 262_144, 200_000),
    ("qwen3 30b 2507 at 100 tok/s with 200k context", "qwen3-30b-a3b-2507", "bf16", 30.53, 262_144, 200_000),
    ("Qwen3-235B-A22B-Thinking-2507 at 300 tok/s with 200k context", "qwen3-235b-a22b-thinking-2507", "bf16", 235.09,
     262_144, 200_000),
    ("qwen3 30b thinking 2507 at 100 tok/s with 200k context", "qwen3-30b-a3b-thinking-2507", "bf16", 30.53, 262_144,
     200_000),
    ("glm 4.6 at 300 tok/s with 200k context", "glm-4.6", "bf16", 356.79, 202_752, 200_000),
    ("GLM-4.6-FP8 at 300 tok/s with 200k context", "glm-4.6-fp8", "fp8", 357, 202_752, 200_000),
    ("glm 5 at 300 tok/s with 200k context", "glm-5", "bf16", 753.86, 202_752, 200_000),
    ("GLM-5-FP8 at 300 tok/s", "glm-5-fp8", "fp8", 753.91, 202_752, None),
    ("glm 5.1 at 300 tok/s", "glm-5.1", "bf16", 753.86, 202_752, None),
    ("glm-5.1 fp8 at 300 tok/s", "glm-5.1-fp8", "fp8", 753.91, 202_752, None),
    ("glm 5.2 at 300 tok/s with 500k context", "glm-5.2", "bf16", 753, 1_048_576, 500_000),
    ("GLM-5.2-FP8 at 300 tok/s with 500k context", "glm-5.2-fp8", "fp8", 753, 1_048_576, 500_000),
    ("kimi k2 0905 at 300 tok/s with 200k context", "kimi-k2-0905", "fp8", 1026.47, 262_144, 200_000),
    ("kimi k2.5 at 300 tok/s with 200k context", "kimi-k2.5", "gb", 595, 262_144, 200_000),
    ("kimi k2.6 at 300 tok/s with 200k context", "kimi-k2.6", "gb", 595, 262_144, 200_000),
    ("qwen3.5 397b at 300 tok/s with 200k context", "qwen3.5-397b-a17b", "bf16", 397, 262_144, 200_000),
    ("qwen3.5 35b at 300 tok/s", "qwen3.5-35b-a3b", "bf16", 35, 262_144, None),
    ("qwen3.5 27b at 300 tok/s", "qwen3.5-27b", "bf16", 27, 262_144, None),
    ("qwen3.6 35b at 300 tok/s with 200k context", "qwen3.6-35b-a3b", "bf16", 35, 262_144, 200_000),
    ("qwen3.6 27b at 100 tok/s with 200k context", "qwen3.6-27b", "gb", 55.56, 262_144, 200_000),
    ("qwen3.6 27b fp8 at 100 tok/s with 200k context", "qwen3.6-27b-fp8", "fp8", 27, 262_144, 200_000),
    ("can we run gemma 3 27b at 300 tok/s", "gemma-3-27b", "bf16", 27.43, 131_072, None),
    ("v4 pro at 300 tok/s with 500k context", "deepseek-v4-pro", "gb", 893, 1_048_576, 500_000),
    ("deepseek v4 pro preview at 300 tok/s with 500k context", "deepseek-v4-pro-preview", "gb", 865, 1_048_576,
     500_000),
    ("gemma 4 31b at 100 tok/s with 200k context", "gemma-4-31b", "bf16", 31, 262_144, 200_000),
    ("gemma 4 26b at 100 tok/s with 200k context", "gemma-4-26b-a4b", "bf16", 25.2, 262_144, 200_000),
    ("gemma 4 12b at 100 tok/s with 100k context", "gemma-4-12b", "bf16", 11.95, 131_072, 100_000),
    ("gemma 4 e4b at 100 tok/s with 100k context", "gemma-4-e4b", "bf16", 8, 131_072, 100_000),
    ("gemma 4 e2b at 100 tok/s with 100k context", "gemma-4-e2b", "bf16", 5.1, 131_072, 100_000),
    ("minimax m3 at 300 tok/s with 500k context", "minimax-m3", "bf16", 427, 1_048_576, 500_000),
    ("can we run Mistral Large 3 at 300 tok/s with 200k context", "mistral-large-3", "fp8", 675, 262_144, 200_000),
]


@pytest.mark.parametrize(("question", "model_id", "dtype", "size", "row_context", "context"), ROWS,
                         ids=[f"{r[1]}-{r[5]}" for r in ROWS])
def test_each_row_answers_with_its_own_context_and_precision(
        question, model_id, dtype, size, row_context, context, schema, catalogs):
    import jsonschema

    reply = ask(question, now=NOW)
    c = contract_of(reply)
    assert c["status"] == "ok", c.get("clarification") or c["reasons"]
    assert c["scenario"]["model"] == model_id
    row = catalogs.models[model_id]
    assert row.context_tokens == row_context  # the build's own context, as its config reads
    assert c["fit"]["weights_gb"] == pytest.approx(size * BYTES.get(dtype, 1), rel=0.005)  # its own precision
    if dtype != "gb":
        assert all(part.dtype == dtype for part in row.weights)
    if context:
        assert c["scenario"]["context_tokens"] == context
    source = c["model_source"]
    repo = row.hub_repo or (row.serving.repo if row.serving else None)
    assert repo and source == {"kind": "catalog", "repo": repo, "as_of": row.as_of.isoformat()}
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
    assert rows["kimi-k2.6"].licence == rows["kimi-k2.5"].licence == "modified MIT"
    assert rows["minimax-m3"].licence == "MiniMax Community License"
    assert rows["mistral-large-3"].licence == "Apache-2.0"
    assert rows["gemma-4-e2b"].licence == rows["gemma-4-e4b"].licence == "Apache-2.0"
    assert not [m.id for m in rows.values() if m.origin == "catalog" and "not stated" in m.licence]


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


# --- hosted-API lines of the new rows: the same weights only ------------------------------------------

# (catalog id, normalised genai-prices ids that are other weights and must never price it)
NOT_THESE = [
    ("glm-4.6", {"glm-4.6v", "glm-4.6v-flash", "glm-4.5", "glm-4.7"}),
    ("glm-5.2", {"glm-5.3", "glm-5.3-flash", "glm-5.2-fp8", "glm-5-2-flash"}),
    ("qwen3-235b-a22b", {"qwen3-235b-a22b-instruct-2507", "qwen3-235b-a22b-2507"}),
    ("qwen3-235b-a22b-2507", {"qwen3-235b-a22b", "qwen3-235b-a22b-thinking-2507"}),
    ("qwen3-235b-a22b-thinking-2507", {"qwen3-235b-a22b", "qwen3-235b-a22b-instruct-2507", "qwen3-235b-a22b-2507"}),
    ("qwen3.5-35b-a3b", {"qwen3.5-35b-a3b-fp8", "qwen3.5-122b-a10b"}),
    ("mistral-large-3", {"mistral-large", "mistral-large-4", "mistral-large-2402"}),
    ("kimi-k2.6", {"kimi-k2.7-code", "kimi-k2.5", "kimi-latest"}),
    ("minimax-m3", {"minimax-m3.1-flash", "minimax-m2.7"}),
    ("deepseek-v4-pro", {"deepseek-v4-pro", "deepseek-v4-flash"}),
    ("deepseek-v4-pro-preview", {"deepseek-v4-pro-0813", "deepseek-v4.1-flash"}),
]


@pytest.mark.parametrize(("model_id", "others"), NOT_THESE, ids=[r[0] for r in NOT_THESE])
def test_new_rows_are_priced_only_on_their_own_weights(model_id, others, live_catalogs):
    """On the data genai-prices ships today: every same-model line's row is the model's own weights."""
    from costcore.hosts import normalise_ref, same_weights

    found = same_weights(model_id, live_catalogs.apis, live_catalogs.prices)
    refs = {normalise_ref(h.info.id) for h in found.real_time}
    assert refs, f"genai-prices lists real-time hosts of {model_id}"
    assert not refs & others
    assert all(live_catalogs.apis.same_weights(model_id, ref) for ref in refs)


@pytest.mark.parametrize("model_id", ["gemma-4-12b", "gemma-4-e2b", "gemma-4-e4b"])
def test_rows_no_api_serves_say_so(model_id, live_catalogs):
    """genai-prices lists no real-time host of these weights: the answer compares no same-model API."""
    from costcore.engine import answer
    from costcore.scenario import Scenario

    a = answer(Scenario(model=model_id, slo_tok_s=100), live_catalogs, now=NOW)
    assert a.status == "ok" and not [line for line in a.apis if line.same_model]
    assert "no_same_model_api" in [f.code for f in a.reasons]


def test_a_deprecated_first_party_api_is_said_not_silently_dropped(live_catalogs):
    """Moonshot's own kimi-k2.5 row is deprecated in genai-prices: the answer says so."""
    from costcore.engine import answer
    from costcore.scenario import Scenario

    _, info = live_catalogs.prices.lookup("moonshotai", "kimi-k2.5")
    if not info.deprecated:
        pytest.skip("the installed genai-prices no longer marks moonshotai kimi-k2.5 deprecated")
    a = answer(Scenario(model="kimi-k2.5", slo_tok_s=300), live_catalogs, now=NOW)
    withdrawn = [f for f in a.assumptions if f.code == "api_withdrawn"]
    assert withdrawn and withdrawn[0].params["model_ref"] == "kimi-k2.5"
    assert "moonshotai" not in {line.provider for line in a.apis}


def test_a_free_endpoint_with_no_price_is_not_an_api_line(live_catalogs):
    """Google's Gemini-API Gemma rows carry no per-token price ("free of charge with no paid tier"); Vertex's
    priced Model-as-a-Service row of the same weights is a line."""
    from costcore.hosts import same_weights

    _, free = live_catalogs.prices.lookup("google", "gemma-4-26b-a4b-it")
    if free.prices._comparable_values():
        pytest.skip("the installed genai-prices prices Google's Gemini-API Gemma row now")
    refs = {(h.provider.id, h.info.id) for h in same_weights("gemma-4-26b-a4b", live_catalogs.apis,
                                                              live_catalogs.prices).real_time}
    assert ("google", "gemma-4-26b-a4b-it") not in refs
    assert ("google", "gemma-4-26b-a4b-it-maas") in refs
