"""API rows that are right (issue 12 item 5): real-time hosts of the same weights, no deprecated or withdrawn
row, no batch tier, open or closed per model."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from bot.parser import parse
from costcore.engine import answer
from costcore.hosts import normalise_ref, same_weights
from costcore.resolve import resolve_model
from costcore.scenario import Scenario
from tests.pins import SEPT_2026

NOV_2026 = dt.datetime(2026, 11, 30, 12, tzinfo=dt.UTC)


def _row(cats, line):
    """The genai-prices row an answer line was priced on."""
    provider = next(p for p in cats.prices.providers if p.id == line.provider)
    return next(m for m in provider.models if m.id == line.model or m.is_match(line.model))


def _answers(cats, now):
    for model_id in cats.models:
        yield model_id, answer(Scenario(model=model_id, slo_tok_s=300), cats, now=now)


@pytest.mark.parametrize("cats", ["catalogs", "live_catalogs"])
def test_no_deprecated_genai_prices_row_appears_in_any_answer(cats, request):
    """Over every catalog model, on the pinned data and on the data genai-prices ships today."""
    cats = request.getfixturevalue(cats)
    seen = 0
    for model_id, a in _answers(cats, NOV_2026):
        assert a.status == "ok", model_id
        for line in a.apis:
            row = _row(cats, line)
            assert not row.deprecated, (model_id, line.provider, line.model)
            seen += 1
    assert seen > 2 * len(cats.models)  # the check ran over real lines


def test_moonshot_kimi_k2_is_deprecated_and_left_out_with_a_reason(catalogs):
    _, kimi = catalogs.prices.lookup("moonshotai", "kimi-k2")
    assert kimi.deprecated  # the premise, in the pinned data
    a = answer(Scenario(model="kimi-k2", slo_tok_s=300), catalogs, now=NOV_2026)
    assert "moonshotai" not in {line.provider for line in a.apis}
    withdrawn = [f for f in a.assumptions if f.code == "api_withdrawn"]
    assert withdrawn and withdrawn[0].params["deprecated"] and withdrawn[0].params["model_ref"] == "kimi-k2"
    assert any(line.same_model for line in a.apis)  # other hosts of Kimi-K2-Instruct still answer


def test_cerebras_llama_3_3_is_not_in_the_llama_3_1_answer(catalogs):
    a = answer(Scenario(model="llama-3.1-70b", slo_tok_s=300), catalogs, now=NOV_2026)
    assert ("cerebras", "llama-3.3-70b") not in {(line.provider, line.model) for line in a.apis}


@pytest.mark.parametrize("cats", ["catalogs", "live_catalogs"])
def test_llama_3_1_70b_same_model_list_has_no_llama_3_3_endpoint(cats, request):
    cats = request.getfixturevalue(cats)
    hosts = same_weights("llama-3.1-70b", cats.apis, cats.prices)
    refs = [normalise_ref(h.info.id) for h in hosts.real_time]
    assert refs and not [r for r in refs if "3.3" in r or "3-3" in r]
    a = answer(Scenario(model="llama-3.1-70b", slo_tok_s=300), cats, now=NOV_2026)
    same = [line.model.lower() for line in a.apis if line.same_model]
    assert same and not [m for m in same if "3.3" in m or "3-3" in m]
    # Groq's llama-3.1-70b-versatile was shut down (apis.yaml withdrawal): not a price anyone can buy
    assert "llama-3.1-70b-versatile" not in same


@pytest.mark.parametrize("cats", ["catalogs", "live_catalogs"])
def test_deepseek_v3_is_not_priced_on_the_retired_deepseek_chat_schedule(cats, request):
    cats = request.getfixturevalue(cats)
    a = answer(Scenario(model="deepseek-v3", slo_tok_s=300), cats, now=NOV_2026)
    assert ("deepseek", "deepseek-chat") not in {(line.provider, line.model) for line in a.apis}
    # deepseek-chat's 2025 schedule is the only time-of-day price any V3 host carries: no line has peak hours
    assert all(line.usd_all_offpeak is None for line in a.apis if line.same_model)
    withdrawn = [f for f in a.assumptions if f.code == "api_withdrawn"]
    assert [(f.params["provider"], f.params["model_ref"], f.params["on"]) for f in withdrawn] == [
        ("Deepseek", "deepseek-chat", "2025-08-21")]
    assert a.cheapest_api is not None and a.cheapest_api.same_model  # other hosts still serve V3


def _real_time_rows(cats, tail: str):
    """Every row genai-prices lists for these weights by id, minus deprecated rows, batch and free tiers and
    the routes apis.yaml names: the test's own reading of the data, not the engine's."""
    routes = {r.provider for r in cats.apis.routes if not r.via}
    for provider in cats.prices.providers:
        for m in provider.models:
            if provider.id in routes or m.deprecated or ":" in m.id.rsplit("-", 1)[-1]:
                continue
            if m.id.lower().rsplit("/", 1)[-1].removeprefix("databricks-").removeprefix("openai.").startswith(tail):
                yield provider, m


def _per_million_output(price, ratio=4):
    return price.output_mtok + ratio * price.input_mtok


def test_cheapest_same_model_api_for_gpt_oss_120b_is_the_cheapest_real_time_host(catalogs):
    a = answer(Scenario(model="gpt-oss-120b", slo_tok_s=300), catalogs, now=NOV_2026)
    rows = list(_real_time_rows(catalogs, "gpt-oss-120b"))
    assert len(rows) >= 8
    lowest = min(_per_million_output(m.get_prices(NOV_2026)) for _, m in rows)
    assert a.cheapest_api.usd_per_million_output == lowest
    assert a.cheapest_api.provider == "novita"  # $0.05 in, $0.25 out (its Hugging Face route bills the same)
    _, together = catalogs.prices.lookup("together", "openai/gpt-oss-120b")  # what answers showed before
    assert a.cheapest_api.usd_per_million_output < _per_million_output(together.get_prices(NOV_2026)) / 2
    assert not {"openrouter", "openai", "quicksilverpro"} & {line.provider for line in a.apis if line.same_model}


def test_batch_tiers_are_left_out_and_the_answer_says_so(catalogs):
    from bot.render import to_contract

    a = answer(Scenario(model="gpt-oss-120b", slo_tok_s=300), catalogs, now=NOV_2026)
    assert not [line for line in a.apis if line.model.endswith(":batch")]
    groq = next(line for line in a.apis if line.provider == "groq") if any(
        line.provider == "groq" for line in a.apis) else None
    if groq is not None:  # Groq's batch variant ($0.30 output) is never the price of a real-time line
        assert groq.usd_per_million_output == Decimal("0.6") + 4 * Decimal("0.15")
    batch = next(f for f in a.assumptions if f.code == "batch_excluded")
    assert {"Groq", "OpenRouter"} <= set(batch.params["providers"])
    said = to_contract("gpt-oss-120b at 300 tok/s", a)["assumptions"]
    assert any("Batch tiers" in str(x) and "Groq" in str(x) for x in said)


def test_every_host_is_compared_even_when_the_answer_lists_six(catalogs):
    a = answer(Scenario(model="gpt-oss-120b", slo_tok_s=300), catalogs, now=NOV_2026)
    note = next(f for f in a.assumptions if f.code == "hosts_not_shown")
    assert note.params["considered"] > note.params["shown"] == len([x for x in a.apis if x.same_model])


def test_first_party_line_keeps_its_overlay_ref_and_speed(catalogs):
    a = answer(Scenario(model="deepseek-v4.1-flash", slo_tok_s=300), catalogs, now=SEPT_2026)
    lines = {line.provider: line for line in a.apis}
    assert lines["deepseek"].model == "deepseek-flash" and lines["deepseek"].per_stream_tok_s == (190, 214)
    assert lines["baseten"].per_stream_tok_s == (289, 289)


# --- open or closed, one file ----------------------------------------------------------------------------


@pytest.mark.parametrize("cats", ["catalogs", "live_catalogs"])
def test_gpt_oss_safeguard_20b_is_open(cats, request):
    cats = request.getfixturevalue(cats)
    provider, model = cats.prices.find("gpt-oss-safeguard-20b")
    assert provider.id == "openai"  # genai-prices lists it under OpenAI, yet it publishes weights
    assert not cats.closed.is_closed(provider.id, model.id)
    resolved = resolve_model("gpt-oss-safeguard-20b", cats)
    assert resolved.status != "not_self_hostable"
    parsed = parse("can we run gpt-oss-safeguard-20b ourselves at 100 tok/s?", cats)
    a = answer(parsed.scenario, cats, now=NOV_2026, clarification=parsed.clarification, notes=parsed.notes)
    assert a.status != "not_self_hostable"
    assert not [f for f in [*a.reasons, a.clarification] if f is not None and f.code == "closed_model"]


@pytest.mark.parametrize("name", ["gpt-5", "claude-opus-5", "gemini-2.5-pro", "grok-4.3"])
def test_closed_models_stay_closed(catalogs, name):
    provider, model = catalogs.prices.find(name)
    assert catalogs.closed.is_closed(provider.id, model.id)
    assert resolve_model(name, catalogs).status == "not_self_hostable"


@pytest.mark.parametrize(("provider", "name"), [("openai", "gpt-oss-120b"), ("google", "gemma-3"),
                                                ("cohere", "command-r-plus")])
def test_open_weights_under_a_closed_vendor_are_open(catalogs, provider, name):
    assert any(m.id == name for p in catalogs.prices.providers if p.id == provider for m in p.models)
    assert not catalogs.closed.is_closed(provider, name)


def test_one_closed_list(catalogs):
    """closed.yaml is the only list: the parser and apis.yaml carry none of their own. A vendor's name words
    added there are what the parser spots."""
    from pathlib import Path

    from bot.parse.closed import find_closed, is_closed_head
    from bot.parse.words import tokens
    from costcore.catalog import ClosedModels

    root = Path(__file__).resolve().parents[2]
    source = (root / "bot/parse/closed.py").read_text()
    assert "CLOSED_PROVIDERS" not in source and "sonnet|" not in source and "gpt|" not in source
    assert "closed_providers" not in (root / "costcore/data/apis.yaml").read_text()

    data = catalogs.closed.model_dump()
    data["vendors"].append({"vendor": "Zorg", "providers": ["zorg"], "names": [{"word": "zorg", "family": True}]})
    zorg = catalogs.model_copy(update={"closed": ClosedModels.model_validate(data)})
    assert is_closed_head("Zorg-2", zorg) and not is_closed_head("Zorg-2", catalogs)
    text = "is zorg cheaper than a node?"
    assert [m.typed for m in find_closed(text, tokens(text), set(), zorg)] == ["zorg"]
    assert find_closed(text, tokens(text), set(), catalogs) == []


def test_the_weekday_rule_is_said_whenever_a_line_priced_with_it_is_shown(catalogs):
    a = answer(Scenario(model="deepseek-v4.1-flash", slo_tok_s=300), catalogs, now=SEPT_2026)
    assert a.cheapest_api.provider != "deepseek"  # another host is cheaper in the pinned data
    assert any(f.code == "weekday_rule" for f in a.assumptions)  # yet DeepSeek's line used the rule


def test_a_deprecated_frontier_row_is_left_out(catalogs):
    import dataclasses

    from costcore.prices import from_providers

    providers = [dataclasses.replace(p, models=[dataclasses.replace(m, deprecated=m.id == "claude-opus-5")
                                                for m in p.models]) for p in catalogs.prices.providers]
    retired = catalogs.with_prices(from_providers(providers, "test: claude-opus-5 deprecated"))
    before = answer(Scenario(model="gpt-oss-120b", slo_tok_s=300), catalogs, now=NOV_2026)
    after = answer(Scenario(model="gpt-oss-120b", slo_tok_s=300), retired, now=NOV_2026)
    assert "claude-opus-5" in {line.model for line in before.apis}
    assert "claude-opus-5" not in {line.model for line in after.apis}
