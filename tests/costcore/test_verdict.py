"""The verdict rules of section 6, in their order."""

from __future__ import annotations

from costcore.engine import answer
from costcore.scenario import Finding, Scenario
from tests.pins import SEPT_2026


def ask(catalogs, **fields):
    return answer(Scenario(**fields), catalogs, now=SEPT_2026)


def test_text_that_may_not_leave_gives_the_node(catalogs):
    a = ask(catalogs, model="deepseek-flash", slo_tok_s=300, data_may_leave=False)
    assert a.verdict == "node" and a.reasons[0].code == "private_node"
    chosen = next(n for n in a.fit.nodes if n.id == a.fit.chosen_node)
    verified = [n for n in a.fit.nodes if n.fits and n.recipe_verified]
    assert chosen.recipe_verified and chosen.gpu == "H200"  # the recipe's shape
    assert chosen.usd_per_month_for_slo == min(n.usd_per_month_for_slo for n in verified)


def test_residency_beats_the_gateway_and_the_gateway_beats_money(catalogs):
    assert ask(catalogs, model="deepseek-flash", slo_tok_s=300, data_may_leave=False,
               gateway_pain=True).verdict == "node"
    assert ask(catalogs, model="deepseek-flash", slo_tok_s=50_000, gateway_pain=True).verdict == "gateway"


def test_volume_above_break_even_gives_the_node(catalogs):
    # Break-even against the cheapest real-time host in the pinned data (Avian, 4 × 0.1275 + 0.51 = $1.02 per
    # million output): 36,821.20 / 1.02 / (730 × 3,600) × 10^6 ≈ 13,736 tok/s.
    a = ask(catalogs, model="deepseek-flash", slo_tok_s=16_000, measured_tok_s_per_node=20_000)
    assert a.verdict == "node" and a.reasons[0].code == "money_node"
    assert any(w.code == "measure_before_signing" for w in a.warnings)


def test_per_user_speed_above_hosted_gives_the_node(catalogs):
    a = ask(catalogs, model="deepseek-flash", slo_tok_s=400, slo_kind="per_stream", concurrency=2)
    assert a.verdict == "node" and a.reasons[0].code == "per_stream_node"
    assert a.reasons[0].params["hosted"] == 289  # Baseten's per-stream speed


def test_per_user_speed_the_api_delivers_stays_with_the_api(catalogs):
    assert ask(catalogs, model="deepseek-flash", slo_tok_s=150, slo_kind="per_stream", concurrency=2).verdict == "api"


def test_a_closed_model_is_not_self_hostable(catalogs):
    a = ask(catalogs, model="claude-opus-5", slo_tok_s=300)
    assert a.status == "not_self_hostable" and a.verdict is None
    assert "deepseek-v4.1-flash" in a.suggestions


def test_an_unknown_model_gets_suggestions(catalogs):
    a = ask(catalogs, model="deepseek v5 flash", slo_tok_s=300)
    assert a.status == "unknown_model"
    assert a.suggestions[0] == "deepseek-v4.1-flash"


def test_a_missing_model_asks(catalogs):
    a = ask(catalogs, slo_tok_s=300)
    assert a.status == "needs_clarification" and a.clarification.code == "ask_model"


def test_the_parsers_clarification_wins(catalogs):
    a = answer(Scenario(model="deepseek-flash"), catalogs, now=SEPT_2026,
               clarification=Finding(code="ask_model", params={"examples": ["x"]}))
    assert a.status == "needs_clarification"


def test_missing_tok_s_still_answers_with_the_break_even(catalogs):
    a = ask(catalogs, model="deepseek-flash")
    assert a.status == "ok" and a.verdict == "api"
    assert a.reasons[0].code == "break_even_only" and a.reasons[0].params["break_even"] > 0
    assert any(x.code == "default_no_slo" for x in a.assumptions)


def test_said_fields_are_not_listed_as_assumptions(catalogs):
    a = ask(catalogs, model="deepseek-flash", slo_tok_s=300, input_per_output=1.0, currency="EUR")
    codes = {x.code for x in a.assumptions}
    assert "default_mix" not in codes and "default_currency" not in codes and "default_cache" in codes


def test_a_context_longer_than_the_model_asks(catalogs):
    a = ask(catalogs, model="llama 3 70b", slo_tok_s=300, context_tokens=1_000_000)
    assert a.status == "needs_clarification" and a.clarification.code == "context_too_long"


def test_an_unknown_time_zone_asks(catalogs):
    a = ask(catalogs, model="deepseek-flash", slo_tok_s=300, calendar="business_hours", tz="Mars/Olympus")
    assert a.status == "needs_clarification" and a.clarification.code == "unknown_tz"


def test_warning_signals_surface(catalogs):
    a = ask(catalogs, model="deepseek-flash", slo_tok_s=300, signals=["two_h100", "spot", "ollama"])
    codes = [w.code for w in a.warnings]
    assert {"two_h100", "spot", "ollama", "invoice_leaves_out"} <= set(codes)


def test_eu_residency_uplifts_openai_lines_only(catalogs):
    plain = ask(catalogs, model="deepseek-flash", slo_tok_s=300)
    eu = ask(catalogs, model="deepseek-flash", slo_tok_s=300, eu_residency=True)
    for before, after in zip(plain.apis, eu.apis, strict=True):
        factor = after.usd_per_month / before.usd_per_month
        assert factor == (1 + after.residency_uplift if before.provider == "openai" else 1)
    assert any(line.residency_uplift for line in eu.apis)


def test_cache_hits_lower_the_api_bill(catalogs):
    cold = ask(catalogs, model="deepseek-flash", slo_tok_s=300)
    warm = ask(catalogs, model="deepseek-flash", slo_tok_s=300, cache_hit_rate=0.5)
    assert warm.cheapest_api.usd_per_month < cold.cheapest_api.usd_per_month


def test_gateway_pain_needs_no_model(catalogs, schema):
    from bot.render import to_contract

    a = ask(catalogs, model="DeepSeek bill", gateway_pain=True)
    assert a.status == "ok" and a.verdict == "gateway"
    import jsonschema

    jsonschema.validate(to_contract("q", a), schema)
