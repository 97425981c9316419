"""Any open model from the Hub, against a stand-in Hub on 127.0.0.1 serving real config.json files.

No test reaches the internet: the suite points HF_ENDPOINT at a closed local port (tests/conftest.py) and
these tests point it at the stand-in they start.
"""

from __future__ import annotations

import datetime as dt
import json
import time

import jsonschema
import pytest

from bot.hub import lookup
from bot.hub.settings import HubSettings, from_environ
from bot.render import contract_of
from bot.service import ask
from costcore.hubfacts import HubFacts, model_from_hub
from tests import runtime
from tests.bot.hub.standin import Hub, load_fixtures

NOW = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)
TODAY = NOW.date()
FIXTURES = load_fixtures()
FAST = 1.0  # seconds: a missing, gated, offline or rate-limited answer comes back well within this


def settings_for(hub: Hub, tmp_path, **kw) -> HubSettings:
    return HubSettings(**{"endpoint": hub.url, "cache_dir": tmp_path / "hub", "timeout_s": 3.0} | kw)


# --- the arithmetic on each architecture ------------------------------------------------------------


def kv_by_hand(repo: str) -> float:
    """KV bytes per token of context, written out from each fixture's config.json."""
    c = FIXTURES[repo]["config"]
    if repo == "Qwen/Qwen2.5-7B-Instruct":  # GQA, every layer full attention
        return 2 * c["num_hidden_layers"] * c["num_key_value_heads"] * (c["hidden_size"] // c["num_attention_heads"]) * 2
    if repo == "google/gemma-2-2b-it":  # half the layers slide over 4,096 tokens: only the other half grows
        return 2 * (c["num_hidden_layers"] // 2) * c["num_key_value_heads"] * c["head_dim"] * 2
    if repo == "deepseek-ai/DeepSeek-Coder-V2-Lite-Instruct":  # MLA: latent + rope key per layer
        return c["num_hidden_layers"] * (c["kv_lora_rank"] + c["qk_rope_head_dim"]) * 2
    if repo == "Qwen/Qwen3-Next-80B-A3B-Instruct":  # one layer in four is attention; linear layers keep a state
        full = c["num_hidden_layers"] // c["full_attention_interval"]
        return 2 * full * c["num_key_value_heads"] * c["head_dim"] * 2
    raise KeyError(repo)


@pytest.mark.parametrize("repo", sorted(FIXTURES))
def test_facts_from_the_hub_match_the_published_checkpoint(standin, tmp_path, repo):
    token = standin.token if FIXTURES[repo]["info"].get("gated") else None
    found = lookup(repo, settings_for(standin, tmp_path, token=token), TODAY)
    assert found.miss is None, found.miss
    model, published = found.model, FIXTURES[repo]["published"]
    assert model.checkpoint_gb * 1e9 == pytest.approx(published["total_bytes"], rel=0.03)
    assert model.kv.per_token == kv_by_hand(repo)
    assert model.context_tokens == published["context"]
    assert model.licence == published["licence"]
    assert model.origin == "hub" and model.hub_repo == repo and model.as_of == TODAY
    assert model.recipes == []  # no recipe verifies a shape the Hub describes


def test_the_sliding_window_caps_what_half_of_gemma_2s_layers_hold(standin, tmp_path):
    model = lookup("google/gemma-2-2b-it", settings_for(standin, tmp_path, token=standin.token), TODAY).model
    c = FIXTURES["google/gemma-2-2b-it"]["config"]
    per_layer = 2 * c["num_key_value_heads"] * c["head_dim"] * 2
    # 8K tokens: 13 global layers hold 8,192 tokens each, 13 sliding layers only their 4,096-token window.
    assert model.kv.per_sequence(8192) == 13 * per_layer * 8192 + 13 * per_layer * 4096


def test_moe_active_parameters_come_from_the_routed_experts(standin, tmp_path):
    model = lookup("deepseek-ai/DeepSeek-Coder-V2-Lite-Instruct", settings_for(standin, tmp_path), TODAY).model
    published = FIXTURES["deepseek-ai/DeepSeek-Coder-V2-Lite-Instruct"]["published"]["active_params"]
    assert model.params_total_b == pytest.approx(15.706, abs=0.001)
    assert model.params_active_b * 1e9 == pytest.approx(published, rel=0.03)


def test_fp8_and_mxfp4_weights_count_their_scales():
    """Bytes per stored dtype; 4-bit values packed two to a byte count as two parameters each."""
    facts = HubFacts(repo="x/y", fetched=TODAY, config={
        "num_hidden_layers": 2, "num_attention_heads": 8, "num_key_value_heads": 8, "hidden_size": 512,
        "max_position_embeddings": 4096, "quantization_config": {"quant_method": "mxfp4"}},
        dtype_counts={"U8": 1_000_000_000, "BF16": 500_000_000}, scale_counts={"U8": 62_500_000})
    model = model_from_hub(facts)
    assert model.checkpoint_gb == pytest.approx(1.0 + 1.0)  # 1e9 bytes of blocks and scales + 0.5e9 × 2
    assert model.params_total_b == pytest.approx((1_000_000_000 - 62_500_000) * 2 / 1e9 + 0.5)
    fp8 = HubFacts(repo="x/z", fetched=TODAY, config=dict(facts.config, quantization_config={"quant_method": "fp8"}),
                   dtype_counts={"F8_E4M3": 2_000_000_000, "F32": 1_000_000}, scale_counts={"F32": 1_000_000})
    model = model_from_hub(fp8)
    assert model.checkpoint_gb == pytest.approx(2.0 + 0.004)
    assert model.params_total_b == pytest.approx(2.0)


# --- answers through the service ------------------------------------------------------------------


def test_a_pasted_repo_id_is_answered_from_the_hub(hub_env, schema):
    reply = ask("can we run Qwen/Qwen2.5-7B-Instruct at 300 tok/s", now=NOW)
    c = contract_of(reply)
    assert c["status"] == "ok" and c["model_name"] == "Qwen2.5-7B-Instruct"
    assert c["model_source"] == {"kind": "hub", "repo": "Qwen/Qwen2.5-7B-Instruct", "as_of": "2026-12-01"}
    said = " ".join(c["assumptions"])
    assert "Facts from the Hub (Qwen/Qwen2.5-7B-Instruct, fetched 2026-12-01)" in said
    assert "fits by arithmetic only; no recipe verifies a shape" in said
    assert c["fit"]["weights_gb"] == pytest.approx(15.2312, rel=1e-3)
    assert not any(n["recipe_verified"] for n in c["fit"]["nodes"])
    assert c["catalog_as_of"] == runtime.catalogs().as_of.isoformat() < "2026-12-01"  # not the fetch date
    jsonschema.validate(c, schema)


def test_a_name_is_found_through_the_hubs_search(hub_env):
    hub_env.search_extra = [{"id": "someone/Qwen3-Next-80B-A3B-Instruct-GGUF", "downloads": 10**8}]
    reply = ask("can we run qwen3 next 80b at 300 tok/s", now=NOW)
    assert contract_of(reply)["model_source"]["repo"] == "Qwen/Qwen3-Next-80B-A3B-Instruct"
    assert reply.answer.fit is not None


def test_only_the_model_name_goes_to_the_hub(hub_env):
    ask("can we run deepseek-ai/DeepSeek-Coder-V2-Lite-Instruct at 100 tok/s for secret project zebra", now=NOW)
    assert hub_env.requests
    assert not any("zebra" in r or "secret" in r or "tok" in r for r in hub_env.requests)


def test_a_gated_repo_says_what_is_needed(hub_env):
    said = _unknown_within(FAST, "can we run google/gemma-2-2b-it at 50 tok/s")
    assert "gated" in said and "HF_TOKEN" in said and f"{hub_env.url}/google/gemma-2-2b-it" in said


def test_a_gated_repo_with_a_token_is_answered(hub_env, monkeypatch):
    monkeypatch.setenv("HF_TOKEN", hub_env.token)
    runtime.hub_settings.cache_clear()
    reply = ask("can we run google/gemma-2-2b-it at 50 tok/s", now=NOW)
    assert contract_of(reply)["status"] == "ok"
    assert "gated on the Hub" in " ".join(contract_of(reply)["assumptions"])


def _unknown_within(seconds: float, question: str) -> str:
    """Ask; the answer is unknown_model within `seconds`; what it says about the Hub. The clock times the Hub's
    part alone: a catalog question first pays the process's one-off warm-up (patterns, templates, prices),
    which on a loaded 2-core machine is itself near a second."""
    ask("can we run deepseek-flash at 300 tok/s", now=NOW)
    started = time.perf_counter()
    reply = ask(question, now=NOW)
    assert time.perf_counter() - started < seconds
    assert contract_of(reply)["status"] == "unknown_model"
    return " ".join(contract_of(reply)["assumptions"])


def test_a_missing_repo_is_unknown_fast(hub_env):
    said = _unknown_within(FAST, "can we run acme/nonexistent-model-9b at 10 tok/s")
    assert "has no model repo for “acme/nonexistent-model-9b”" in said


def test_a_slow_hub_costs_the_budget_then_a_clear_answer(hub_env, monkeypatch):
    hub_env.delay_s = 5
    monkeypatch.setenv("LLMCOST_HUB_TIMEOUT", "0.5")
    runtime.hub_settings.cache_clear()
    said = _unknown_within(0.5 + FAST, "can we run Qwen/Qwen2.5-7B-Instruct at 300 tok/s")
    assert "did not answer within 0.5 s" in said


def test_no_network_is_unknown_fast(hub_env, monkeypatch):
    monkeypatch.setenv("HF_ENDPOINT", "http://127.0.0.1:9")  # nothing listens there
    runtime.hub_settings.cache_clear()
    assert "could not be asked (no connection)" in _unknown_within(FAST, "can we run Qwen/Qwen2.5-7B-Instruct at 300 tok/s")


def test_a_rate_limited_hub_is_unknown_fast(hub_env):
    hub_env.status = 429
    assert "rate-limited" in _unknown_within(FAST, "can we run Qwen/Qwen2.5-7B-Instruct at 300 tok/s")


def test_the_switch_turns_the_hub_off(hub_env, monkeypatch):
    monkeypatch.setenv("LLMCOST_HUB", "off")
    runtime.hub_settings.cache_clear()
    reply = ask("can we run Qwen/Qwen2.5-7B-Instruct at 300 tok/s", now=NOW)
    assert contract_of(reply)["status"] == "unknown_model"
    assert hub_env.requests == []


def test_an_ambiguous_name_offers_the_candidates(hub_env):
    hub_env.search_extra = [{"id": "acme/widget-7b-chat", "downloads": 100}, {"id": "acme/widget-7b-base", "downloads": 90}]
    reply = ask("can we run widget 7b at 10 tok/s", now=NOW)
    said = " ".join(contract_of(reply)["assumptions"])
    assert contract_of(reply)["status"] == "unknown_model"
    assert "acme/widget-7b-chat, acme/widget-7b-base" in said


def test_the_catalog_wins_over_the_hub(hub_env, schema):
    reply = ask("can we run zai-org/GLM-4.5 at 100 tok/s", now=NOW)
    assert hub_env.requests == []
    c = contract_of(reply)
    assert c["model_source"]["kind"] == "catalog"
    assert "the catalog wins" in " ".join(c["assumptions"])
    jsonschema.validate(c, schema)


def test_catalog_answers_carry_their_row_date(hub_env):
    reply = ask("can we run deepseek-flash at 300 tok/s", now=NOW)
    assert contract_of(reply)["model_source"] == {
        "kind": "catalog", "repo": "deepseek-ai/DeepSeek-V4.1-Flash", "as_of": "2026-10-17"}
    assert hub_env.requests == []


# --- the cache ---------------------------------------------------------------------------------------


def test_facts_are_cached_with_their_date_and_refetched_when_old(standin, tmp_path):
    settings = settings_for(standin, tmp_path, max_age_days=7)
    first = lookup("Qwen/Qwen2.5-7B-Instruct", settings, TODAY)
    asked = len(standin.requests)
    again = lookup("Qwen/Qwen2.5-7B-Instruct", settings, TODAY + dt.timedelta(days=6))
    assert len(standin.requests) == asked and again.cached and again.model.as_of == TODAY
    later = lookup("Qwen/Qwen2.5-7B-Instruct", settings, TODAY + dt.timedelta(days=8))
    assert len(standin.requests) > asked and not later.cached
    assert later.model.as_of == TODAY + dt.timedelta(days=8)
    assert first.model.checkpoint_gb == later.model.checkpoint_gb


def test_old_facts_answer_when_the_hub_cannot_be_reached(standin, tmp_path):
    settings = settings_for(standin, tmp_path)
    lookup("Qwen/Qwen2.5-7B-Instruct", settings, TODAY)
    standin.status = 503
    stale = lookup("Qwen/Qwen2.5-7B-Instruct", settings, TODAY + dt.timedelta(days=30))
    assert stale.model is not None and stale.cached and stale.model.as_of == TODAY
    offline = lookup("Qwen/Qwen2.5-7B-Instruct", settings_for(standin, tmp_path, offline=True), TODAY)
    assert offline.model is not None


def test_settings_come_from_the_environment(tmp_path):
    env = {"LLMCOST_HUB": "off", "HF_ENDPOINT": "http://mirror.example/", "HF_TOKEN": "t",
           "LLMCOST_HUB_TIMEOUT": "2.5", "LLMCOST_HUB_MAX_AGE_DAYS": "not a number"}
    s = from_environ(env, tmp_path)
    assert (s.enabled, s.endpoint, s.token, s.timeout_s, s.max_age_days) == (False, "http://mirror.example", "t", 2.5, 7.0)
    assert s.cache_dir == tmp_path / "hub"
    assert from_environ({"LLMCOST_HUB_CACHE": "off"}, tmp_path).cache_dir is None


def test_the_cli_answers_from_the_hub(hub_env, capsys):
    from bot.cli import main

    assert main(["ask", "--json", "--no-log", "can we run Qwen/Qwen2.5-7B-Instruct at 300 tok/s"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["model_source"]["kind"] == "hub"


# --- catalog gaps in the digest ---------------------------------------------------------------------


def test_the_digest_lists_hub_answers_as_not_yet_curated(hub_env):
    from zoneinfo import ZoneInfo

    from freezegun import freeze_time

    from bot import digest
    from bot.store import LogStore

    madrid = ZoneInfo("Europe/Madrid")
    with LogStore.memory() as store:
        with freeze_time("2026-11-26 10:00"):
            for question in ("can we run Qwen/Qwen2.5-7B-Instruct at 300 tok/s",
                             "can we run Qwen/Qwen2.5-7B-Instruct at 30 tok/s",
                             "can we run acme/nonexistent-model-9b at 10 tok/s",
                             "can we run deepseek-flash at 300 tok/s"):
                store.log(surface="cli", text=question, reply=ask(question, now=NOW))
        summary = digest.summarise(store, digest.window(dt.datetime(2026, 11, 30, 9, tzinfo=madrid), madrid))
        assert summary["hub_models"] == [{"model": "Qwen/Qwen2.5-7B-Instruct", "count": 2}]
        assert summary["unknown_models"] == [{"model": "acme/nonexistent-model-9b", "count": 1}]
        assert [m["model"] for m in summary["models"]] == ["deepseek-v4.1-flash"]
        text = digest.render_text(summary)
        blocks = "\n".join(b["text"]["text"] for b in digest.render_blocks(summary) if b["type"] == "section")
        for words in (text, blocks):
            assert "*Answered from the Hub, not yet curated*" in words
            assert "`Qwen/Qwen2.5-7B-Instruct` × 2" in words


def test_llmcost_models_marks_each_rows_source(hub_env, capsys):
    from bot.cli import main

    ask("can we run Qwen/Qwen2.5-7B-Instruct at 300 tok/s", now=NOW)  # caches the Hub's facts
    assert main(["models", "--json"]) == 0
    rows = {r["id"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["hub:Qwen/Qwen2.5-7B-Instruct"]["model_source"] == {
        "kind": "hub", "repo": "Qwen/Qwen2.5-7B-Instruct", "as_of": "2026-12-01"}
    assert rows["deepseek-v4.1-flash"]["model_source"]["kind"] == "catalog"
    assert main(["models"]) == 0
    out = capsys.readouterr().out
    assert "source: Hub: Qwen/Qwen2.5-7B-Instruct (fetched 2026-12-01; not curated" in out
    assert "source: catalog (as of 2026-10-17)" in out


def test_a_search_that_lands_on_a_curated_repo_uses_the_catalog_row(catalogs):
    """The Hub resolves a name the catalog does not spell that way to a repo a curated row describes: the
    curated facts answer, and the answer says so."""
    from bot.hub import HubLookup
    from bot.hub.hook import consult
    from costcore.scenario import Scenario

    facts = HubFacts(repo="meta-llama/Llama-3.3-70B-Instruct", fetched=TODAY, dtype_counts={"BF16": 10**9},
                     config=FIXTURES["Qwen/Qwen2.5-7B-Instruct"]["config"])
    asked = []

    def lookup_stub(name, settings, today):
        asked.append(name)
        return HubLookup(model=model_from_hub(facts), facts=facts)

    step = consult("llama three three seventy", Scenario(model="llama three three seventy"), catalogs,
                   HubSettings(), TODAY, lookup_stub)
    assert asked == ["llama three three seventy"]
    assert step.scenario.model == "llama-3.3-70b" and step.catalogs is catalogs
    assert [n.code for n in step.notes] == ["catalog_facts"]


def test_gemma_4_global_and_sliding_layers_keep_their_own_geometry():
    """google/gemma-4-31B-it's fields as copied in a public KV-cache test (read 2026-09-27): 10 global
    layers of 4 KV heads × 512, 50 sliding layers of 16 KV heads × 256 over a 1,024-token window."""
    cfg = {"model_type": "gemma4_text", "num_hidden_layers": 60, "num_attention_heads": 32,
           "layer_types": (["sliding_attention"] * 5 + ["full_attention"]) * 10, "head_dim": 256,
           "global_head_dim": 512, "num_key_value_heads": 16, "num_global_key_value_heads": 4,
           "sliding_window": 1024, "hidden_size": 5376, "num_kv_shared_layers": 0,
           "max_position_embeddings": 262144}
    model = model_from_hub(HubFacts(repo="google/gemma-4-31B-it", config={"text_config": cfg},
                                    dtype_counts={"BF16": 31_000_000_000}, fetched=TODAY))
    assert model.kv.per_token == 10 * 2 * 4 * 512 * 2
    assert model.kv.per_sequence(8192) == 10 * 2 * 4 * 512 * 2 * 8192 + 50 * 2 * 16 * 256 * 2 * 1024


def test_a_hub_id_given_back_is_looked_up_as_its_repo(standin, tmp_path, catalogs):
    """`--model hub:org/name` (an id an earlier answer gave) asks the Hub for that repo, not a search."""
    from bot.hub.hook import consult
    from costcore.scenario import Scenario

    step = consult("can we run it", Scenario(model="hub:Qwen/Qwen2.5-7B-Instruct"), catalogs,
                   settings_for(standin, tmp_path), TODAY, lookup)
    assert step.scenario.model == "hub:Qwen/Qwen2.5-7B-Instruct"
    assert step.catalogs.models["hub:Qwen/Qwen2.5-7B-Instruct"].hub_repo == "Qwen/Qwen2.5-7B-Instruct"
    assert standin.requests and not any("/api/models?" in r for r in standin.requests)


def test_an_unreachable_host_is_said_without_waiting_on_huggingface_hubs_retries(hub_env, monkeypatch):
    # Offline (no DNS, nothing listening), one short connect says so: huggingface_hub, which retries with
    # back-off for seconds, is never called.
    import bot.hub

    def never(*args, **kwargs):
        raise AssertionError("huggingface_hub was asked although the host cannot be reached")

    monkeypatch.setattr(bot.hub, "find_repo", never)
    monkeypatch.setattr(bot.hub, "fetch_facts", never)
    refused = lookup("Qwen/Qwen2.5-7B-Instruct", HubSettings(endpoint="http://127.0.0.1:9", timeout_s=3.0), TODAY)
    assert refused.miss is not None and refused.miss.code == "hub_unreachable"
    assert refused.miss.params["why"] == "no connection"
    nowhere = lookup("Qwen/Qwen2.5-7B-Instruct", HubSettings(endpoint="https://hub.invalid", timeout_s=3.0), TODAY)
    assert nowhere.miss is not None and nowhere.miss.params["why"] == "its host name does not resolve"


def test_gateway_pain_is_answered_without_asking_the_hub(hub_env, monkeypatch):
    # Rule 2 does not depend on the model: "the DeepSeek bill" is not a model to look up.
    import bot.hub.hook

    def never(*args, **kwargs):
        raise AssertionError("the Hub was consulted for a gateway question")

    monkeypatch.setattr(bot.hub.hook, "consult", never)
    reply = ask("three teams, three keys, nobody can attribute the DeepSeek bill — should we self-host?", now=NOW)
    assert reply.answer.verdict == "gateway"
