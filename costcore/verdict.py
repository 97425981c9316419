"""The verdict: the rules of section 6 of the domain brief, in their order, and the warnings that go with it."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from costcore import fit as fitting
from costcore.answer import ApiLine, Fit, NodeFit
from costcore.catalog import Model
from costcore.scenario import SIGNAL_ORDER, Finding, Scenario, Verdict


@dataclass
class Ruling:
    verdict: Verdict | None
    reasons: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)


def _hosted_max_per_stream(model: Model, apis: list[ApiLine]) -> float | None:
    speeds = [hi for lo, hi in model.hosted_per_stream_tok_s.values()]
    speeds += [line.per_stream_tok_s[1] for line in apis if line.same_model and line.per_stream_tok_s]
    return max(speeds) if speeds else None


def _contender(chosen: NodeFit, eligible: list[NodeFit]) -> NodeFit:
    """The fleet closest to beating the API: the least extra throughput per node it would need."""
    able = [n for n in eligible if n.capacity_to_win and n.capacity_tok_s]
    if chosen.capacity_to_win or not able:
        return chosen
    return min(able, key=lambda n: (n.capacity_to_win / n.capacity_tok_s, n.id))


def _flip_volume(node: NodeFit, eligible: list[NodeFit], tok_s: float, per_tok_s_month: Decimal | None,
                 wins: bool) -> float | None:
    """Node wins: the volume above which this fleet needs one more step (None when every step wins from
    here on). API wins: the lowest volume above the asked one at which some fleet wins (None: never)."""
    if not per_tok_s_month:
        return None
    if wins:
        steps = fitting.steps(node)
        stretch = steps.winning_volumes(per_tok_s_month)
        if stretch is None or tok_s > stretch[2]:
            return None
        return steps.count(tok_s) * steps.capacity
    ahead = [v for n in eligible if (v := fitting.steps(n).next_win(tok_s, per_tok_s_month)) is not None]
    return min(ahead) if ahead else None


def money(chosen: NodeFit, cheapest: ApiLine, fit: Fit, tok_s: float, eligible: list[NodeFit],
          per_tok_s_month: Decimal | None, offpeak_break_even: float | None) -> tuple[bool, Finding]:
    """Rule 3: the cheapest fleet that carries the volume against the cheapest same-model API at it."""
    fleet = chosen.usd_per_month_fleet
    wins = fleet is not None and fleet < cheapest.usd_per_month
    contender = chosen if wins else _contender(chosen, eligible)
    flip = contender.capacity_to_win
    if wins:
        uncertain = flip is not None and (chosen.capacity_low or 0) < flip
    else:
        uncertain = any(n.capacity_to_win is not None and n.capacity_to_win <= (n.capacity_high or 0)
                        for n in eligible)
    params = {
        "tok_s": tok_s, "node": chosen.name, "node_id": chosen.id, "nodes": chosen.nodes_needed,
        "in_use": chosen.nodes_in_use, "per_node": chosen.usd_per_month, "fleet": fleet,
        "step": chosen.nodes_per_step, "api": cheapest.provider_name, "api_month": cheapest.usd_per_month,
        "capacity": chosen.capacity_tok_s, "basis": chosen.capacity_basis, "per_user": chosen.per_user_tok_s,
        "low": chosen.capacity_low, "high": chosen.capacity_high, "break_even": chosen.break_even_tok_s,
        "offpeak_break_even": offpeak_break_even, "fleet_break_even": fit.fleet_break_even_tok_s,
        "flip_node": contender.name, "flip_capacity": flip, "flip_figure": contender.capacity_tok_s,
        "flip_low": contender.capacity_low,
        "flip_high": contender.capacity_high, "flip_basis": contender.capacity_basis,
        "flip_volume": _flip_volume(chosen, eligible, tok_s, per_tok_s_month, wins), "uncertain": uncertain,
        "ratio": float(fleet) / float(cheapest.usd_per_month) if fleet and cheapest.usd_per_month else None,
        "share": tok_s / chosen.break_even_tok_s if chosen.break_even_tok_s else None,
    }
    return wins, Finding(code="money_node" if wins else "money_api", params=params)


def rule(
    scenario: Scenario,
    model: Model,
    fit: Fit,
    chosen: NodeFit | None,
    cheapest: ApiLine | None,
    apis: list[ApiLine],
    aggregate_tok_s: float | None,
    *,
    eligible: list[NodeFit] | None = None,
    per_tok_s_month: Decimal | None = None,
) -> Ruling:
    """Apply the rules in order; the first that decides wins, later ones may still add warnings."""
    eligible = eligible if eligible is not None else ([chosen] if chosen else [])
    # 1. Text may not leave: the node, whatever it costs; its price is the price of compliance.
    if not scenario.data_may_leave:
        if chosen is None:
            return Ruling(None, [Finding(code="private_nothing_fits", params={"floor_gb": fit.floor_gb})])
        return Ruling("node", [Finding(code="private_node", params={
            "node": chosen.name, "nodes": chosen.nodes_needed, "fleet": chosen.usd_per_month_fleet,
            "per_node": chosen.usd_per_month, "step": chosen.nodes_per_step})])

    # 2. The pain is keys, quotas and attribution: a gateway, not silicon.
    if scenario.gateway_pain:
        return Ruling("gateway", [Finding(code="gateway", params={})])

    if cheapest is None:
        if chosen is None:
            return Ruling(None, [Finding(code="no_api_no_node", params={})])
        return Ruling("node", [Finding(code="no_same_model_api", params={
            "node": chosen.name, "nodes": chosen.nodes_needed, "fleet": chosen.usd_per_month_fleet})])

    # 3. Money: the fleet the volume needs against the API at that volume (measured, not hoped).
    break_even = chosen.break_even_tok_s if chosen else None
    offpeak_break_even = None
    if break_even and cheapest.usd_per_million_output_offpeak:
        offpeak_break_even = break_even * float(cheapest.usd_per_million_output / cheapest.usd_per_million_output_offpeak)
    if chosen is not None and aggregate_tok_s is not None:
        wins, finding = money(chosen, cheapest, fit, aggregate_tok_s, eligible, per_tok_s_month, offpeak_break_even)
        if wins:
            return Ruling("node", [finding], [Finding(code="measure_before_signing", params={})])
        money_finding = finding
    elif aggregate_tok_s is None and chosen is not None:
        money_finding = Finding(code="break_even_only", params={
            "break_even": break_even, "node": chosen.name, "offpeak_break_even": offpeak_break_even,
            "fleet_break_even": fit.fleet_break_even_tok_s, "fleet_node": _name(fit, fit.fleet_break_even_node),
            "until": fit.fleet_wins_until_tok_s, "always_from": fit.fleet_always_from_tok_s,
            "capacity": chosen.capacity_tok_s, "basis": chosen.capacity_basis, "step": chosen.nodes_per_step,
            "per_step": chosen.usd_per_month * chosen.nodes_per_step})
    elif any(n.fits for n in fit.nodes):
        money_finding = Finding(code="speed_beyond_nodes", params={"per_user": fit.per_user_tok_s})
    else:
        money_finding = Finding(code="nothing_fits_api", params={"floor_gb": fit.floor_gb})

    # 4. A per-user speed above what hosted APIs deliver is product, not FinOps.
    hosted = _hosted_max_per_stream(model, apis)
    if scenario.slo_kind == "per_stream" and scenario.slo_tok_s and hosted and scenario.slo_tok_s > hosted:
        return Ruling("node", [Finding(code="per_stream_node", params={
            "tok_s": scenario.slo_tok_s, "hosted": hosted})], [Finding(code="prove_it", params={})])

    # 5. Otherwise the API: call the vendor, with a cap on the gateway.
    return Ruling("api", [money_finding, Finding(code="api_with_cap", params={"api": cheapest.provider_name})])


def _name(fit: Fit, node_id: str | None) -> str | None:
    return next((n.name for n in fit.nodes if n.id == node_id), None)


def warnings_for(scenario: Scenario, model: Model, fit: Fit, chosen: NodeFit | None) -> list[Finding]:
    out = [Finding(code=signal, params={"floor_gb": fit.floor_gb, "model": model.name})
           for signal in SIGNAL_ORDER if signal in scenario.signals]
    if chosen is not None:
        if chosen.break_even_tok_s and chosen.capacity_tok_s is not None and (
                chosen.capacity_tok_s * chosen.nodes_per_step <= chosen.break_even_tok_s):
            out.append(Finding(code="never_wins", params={
                "node": chosen.name, "capacity": chosen.capacity_tok_s, "basis": chosen.capacity_basis,
                "step": chosen.nodes_per_step, "break_even": chosen.break_even_tok_s}))
        if chosen.capacity_basis != "measured":
            out.append(Finding(code="capacity_basis", params={
                "capacity": chosen.capacity_tok_s, "basis": chosen.capacity_basis, "source": chosen.capacity_source,
                "per_user": chosen.per_user_tok_s, "scaling": chosen.capacity_scaling}))
        if chosen.price_confidence != "high":
            out.append(Finding(code="price_confidence", params={
                "node": chosen.name, "as_of": chosen.price_as_of.isoformat(), "confidence": chosen.price_confidence}))
        if not chosen.recipe_verified:
            out.append(Finding(code="unverified_shape", params={"node": chosen.name}))
        out.append(Finding(code="invoice_leaves_out", params={"weights_gb": fit.weights_gb}))
    return out
