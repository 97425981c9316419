"""The verdict: the rules of section 6 of the domain brief, in their order, and the warnings that go with it."""

from __future__ import annotations

from dataclasses import dataclass, field

from costcore.answer import ApiLine, Fit, NodeFit
from costcore.catalog import Model
from costcore.scenario import Finding, Scenario, Verdict

WARNING_SIGNALS = ("two_h100", "cut_gpus", "commitment_before_legal", "buy_in_case", "ollama",
                   "max_tokens_small", "spot")


@dataclass
class Ruling:
    verdict: Verdict | None
    reasons: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)


def _hosted_max_per_stream(model: Model, apis: list[ApiLine]) -> float | None:
    speeds = [hi for lo, hi in model.hosted_per_stream_tok_s.values()]
    speeds += [line.per_stream_tok_s[1] for line in apis if line.same_model and line.per_stream_tok_s]
    return max(speeds) if speeds else None


def rule(
    scenario: Scenario,
    model: Model,
    fit: Fit,
    chosen: NodeFit | None,
    cheapest: ApiLine | None,
    apis: list[ApiLine],
    aggregate_tok_s: float | None,
) -> Ruling:
    """Apply the rules in order; the first that decides wins, later ones may still add warnings."""
    # 1. Text may not leave: the node, whatever it costs; its price is the price of compliance.
    if not scenario.data_may_leave:
        if chosen is None:
            return Ruling(None, [Finding(code="private_nothing_fits", params={"floor_gb": fit.floor_gb})])
        return Ruling("node", [Finding(code="private_node", params={"node": chosen.name})])

    # 2. The pain is keys, quotas and attribution: a gateway, not silicon.
    if scenario.gateway_pain:
        return Ruling("gateway", [Finding(code="gateway", params={})])

    if cheapest is None:
        if chosen is None:
            return Ruling(None, [Finding(code="no_api_no_node", params={})])
        return Ruling("node", [Finding(code="no_same_model_api", params={"node": chosen.name})])

    # 3. Money: sustained volume at or above break-even (measured, not hoped) -> the node.
    break_even = chosen.break_even_tok_s if chosen else None
    offpeak_break_even = None
    if chosen is not None and break_even and cheapest.usd_per_million_output_offpeak:
        offpeak_break_even = break_even * float(cheapest.usd_per_million_output / cheapest.usd_per_million_output_offpeak)
    if chosen is not None and aggregate_tok_s is not None and break_even is not None:
        share = aggregate_tok_s / break_even
        if aggregate_tok_s >= break_even:
            return Ruling("node", [Finding(code="money_node", params={
                "tok_s": aggregate_tok_s, "break_even": break_even, "share": share, "node": chosen.name})],
                [Finding(code="measure_before_signing", params={})])
        money = Finding(code="money_api", params={
            "tok_s": aggregate_tok_s, "break_even": break_even, "share": share, "node": chosen.name,
            "api": cheapest.provider_name, "offpeak_break_even": offpeak_break_even,
            "ratio": float(chosen.usd_per_month_for_slo or chosen.usd_per_month) / float(cheapest.usd_per_month)
            if cheapest.usd_per_month else None})
    elif aggregate_tok_s is None and break_even is not None and chosen is not None:
        money = Finding(code="break_even_only", params={"break_even": break_even, "node": chosen.name,
                                                        "offpeak_break_even": offpeak_break_even})
    else:
        money = Finding(code="nothing_fits_api", params={"floor_gb": fit.floor_gb})

    # 4. A per-user speed above what hosted APIs deliver is product, not FinOps.
    hosted = _hosted_max_per_stream(model, apis)
    if scenario.slo_kind == "per_stream" and scenario.slo_tok_s and hosted and scenario.slo_tok_s > hosted:
        return Ruling("node", [Finding(code="per_stream_node", params={
            "tok_s": scenario.slo_tok_s, "hosted": hosted})], [Finding(code="prove_it", params={})])

    # 5. Otherwise the API: call the vendor, with a cap on the gateway.
    return Ruling("api", [money, Finding(code="api_with_cap", params={"api": cheapest.provider_name})])


def warnings_for(scenario: Scenario, model: Model, fit: Fit, chosen: NodeFit | None) -> list[Finding]:
    out = [Finding(code=signal, params={"floor_gb": fit.floor_gb, "model": model.name})
           for signal in WARNING_SIGNALS if signal in scenario.signals]
    if chosen is not None:
        if not chosen.capacity_measured:
            out.append(Finding(code="capacity_estimate", params={"capacity": chosen.capacity_tok_s}))
        if chosen.price_confidence != "high":
            out.append(Finding(code="price_confidence", params={
                "node": chosen.name, "as_of": chosen.price_as_of.isoformat(), "confidence": chosen.price_confidence}))
        if not chosen.recipe_verified:
            out.append(Finding(code="unverified_shape", params={"node": chosen.name}))
        out.append(Finding(code="invoice_leaves_out", params={"weights_gb": fit.weights_gb}))
    return out
