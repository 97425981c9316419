"""Property: the money verdict agrees with the fleets, for every catalog model × node type × volume."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.refresh.apis import read_snapshot
from costcore.catalog import load_catalogs
from costcore.engine import answer
from costcore.scenario import Scenario
from tests.pins import PRICES_FIXTURE, SEPT_2026

CATALOGS = load_catalogs(prices=read_snapshot(PRICES_FIXTURE))
MODELS = sorted(m.id for m in CATALOGS.models.values() if m.open_weights)
NODES = sorted(CATALOGS.nodes)


def _eligible(a):
    return [n for n in a.fit.nodes
            if n.fits and CATALOGS.nodes[n.id].billing != "spot" and n.usd_per_month_fleet is not None]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(model=st.sampled_from(MODELS), node=st.one_of(st.none(), st.sampled_from(NODES)),
       tok_s=st.floats(min_value=100, max_value=200_000, allow_nan=False),
       measured=st.one_of(st.none(), st.floats(min_value=200, max_value=60_000)))
def test_node_on_money_means_the_fleet_is_cheaper_and_api_means_none_is(model, node, tok_s, measured):
    a = answer(Scenario(model=model, slo_tok_s=tok_s, node=node, measured_tok_s_per_node=measured),
               CATALOGS, now=SEPT_2026)
    money = next((r for r in a.reasons if r.code in ("money_node", "money_api")), None)
    if money is None or a.cheapest_api is None:
        return
    api = a.cheapest_api.usd_per_month
    chosen = next(n for n in a.fit.nodes if n.id == a.fit.chosen_node)
    if money.code == "money_node":
        assert a.verdict == "node"
        assert chosen.usd_per_month_fleet < api
        # ... which a node type below its own break-even can never do.
        assert chosen.capacity_tok_s * chosen.nodes_per_step > chosen.break_even_tok_s
    else:
        assert a.verdict == "api"
        weighed = [chosen] if node is not None else _eligible(a)
        assert all(n.usd_per_month_fleet is None or n.usd_per_month_fleet >= api for n in weighed)
    # The fleet always carries the volume it is priced for, in whole rental steps.
    for n in _eligible(a):
        assert n.nodes_needed % n.nodes_per_step == 0
        assert n.usd_per_month_fleet == n.nodes_needed * n.usd_per_month
        serving_units = n.nodes_needed // n.units
        assert serving_units * n.units * n.capacity_tok_s >= tok_s * (1 - 1e-9)


@settings(max_examples=100, deadline=None)
@given(model=st.sampled_from(MODELS), tok_s=st.floats(min_value=100, max_value=100_000, allow_nan=False))
def test_twice_the_volume_never_lowers_a_node_count(model, tok_s):
    once = answer(Scenario(model=model, slo_tok_s=tok_s), CATALOGS, now=SEPT_2026)
    twice = answer(Scenario(model=model, slo_tok_s=2 * tok_s), CATALOGS, now=SEPT_2026)
    if once.fit is None:
        return
    for a, b in zip(once.fit.nodes, twice.fit.nodes, strict=True):
        # Twice the volume is more default sessions, so a small offer may stop holding their KV cache
        # (b does not fit): that is not a lower count. Where both fit, the count never drops.
        if a.nodes_needed is not None and b.nodes_needed is not None:
            assert b.nodes_needed >= a.nodes_needed
