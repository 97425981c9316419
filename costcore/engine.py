"""One scenario in, one answer out. Pure: time, catalogs and settings are arguments."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from costcore import fit as fitting
from costcore import pricing
from costcore.answer import Answer, ApiLine, NodeFit, Tokens
from costcore.calendar import UnknownTimeZone, hours_per_month, reference_week
from costcore.catalog import Catalogs, Model
from costcore.resolve import resolve_model
from costcore.scenario import Finding, Scenario, Settings
from costcore.verdict import rule, warnings_for


def _assumptions(s: Scenario, settings: Settings, model: Model | None, extra: list[Finding]) -> list[Finding]:
    said = s.model_fields_set
    out: list[Finding] = []

    def default(name: str, code: str, **params: object) -> None:
        if name not in said:
            out.append(Finding(code=code, params=params))

    default("slo_tok_s", "default_no_slo")
    default("calendar", "default_calendar", hours=settings.hours_per_month)
    default("input_per_output", "default_mix", ratio=settings.input_per_output)
    default("cache_hit_rate", "default_cache", rate=settings.cache_hit_rate)
    default("data_may_leave", "default_may_leave")
    default("concurrency", "default_concurrency", concurrency=settings.concurrency)
    default("context_tokens", "default_context", context=settings.context_tokens)
    default("currency", "default_currency")
    if s.calendar == "business_hours":
        out.append(Finding(code="business_hours", params={
            "hours": settings.business_hours_per_day, "days": settings.working_days_per_month, "tz": s.tz,
            "start": settings.business_hours_start}))
    return out + extra


def _clarify(s: Scenario, settings: Settings, catalogs: Catalogs, now: dt.datetime, finding: Finding,
             status: str = "needs_clarification", suggestions: list[str] | None = None,
             notes: list[Finding] | None = None) -> Answer:
    fx = catalogs.apis.fx_on(now.date())
    return Answer(
        status=status, scenario=s, hours_per_month=hours_per_month(s.calendar, settings),
        clarification=finding if status == "needs_clarification" else None,
        reasons=[] if status == "needs_clarification" else [finding],
        suggestions=suggestions or [], assumptions=notes or [],
        fx_usd_to_eur=fx.per_usd, fx_as_of=fx.as_of, catalog_as_of=catalogs.as_of, priced_at=now,
    )


def _request_shape(ratio: float, cache: float, context: int | None, settings: Settings) -> tuple[int, int, int]:
    """(input, cached input, output) tokens of one representative request."""
    if context and ratio > 0:
        input_tokens, output_tokens = context, max(1, round(context / ratio))
    else:
        output_tokens = settings.output_tokens_per_request
        input_tokens = round(output_tokens * ratio)
    return input_tokens, round(input_tokens * cache), output_tokens


def _api_lines(model: Model, s: Scenario, catalogs: Catalogs, calendar, request, output: int,
               on: dt.date, settings: Settings) -> tuple[list[ApiLine], list[Finding]]:
    return pricing.api_lines(model, catalogs, calendar=calendar, request=request, output_per_month=output,
                             eu_residency=s.eu_residency, on=on, include_frontier=settings.include_frontier)


def _choose(nodes: list[NodeFit], catalogs: Catalogs, wanted: str | None) -> NodeFit | None:
    fitting_nodes = [n for n in nodes if n.fits and catalogs.nodes[n.id].billing != "spot"]
    if wanted:
        named = [n for n in fitting_nodes if n.id == wanted]
        if named:
            return named[0]
    if not fitting_nodes:
        return None
    return min(fitting_nodes, key=lambda n: (not n.recipe_verified, n.usd_per_month_for_slo, n.id))


def _with_break_even(node: NodeFit, per_token: Decimal | None, hours: int, catalogs: Catalogs) -> NodeFit:
    if not node.fits or not per_token:
        return node
    seconds = Decimal(hours * 3600)
    break_even = fitting.unit_month(node, catalogs) / per_token / seconds
    return node.model_copy(update={"break_even_tok_s": float(break_even)})


def _serving(model: Model, node: NodeFit | None) -> dict | None:
    if node is None or model.serving is None:
        return None
    flags = [f"--tensor-parallel-size {node.tensor_parallel}"]
    if node.pipeline_parallel > 1:
        flags.append(f"--pipeline-parallel-size {node.pipeline_parallel}")
    flags += model.serving.flags + node.recipe_flags
    return {
        "engine": model.serving.engine, "version": model.serving.version, "image": model.serving.image,
        "model": model.serving.repo, "flags": flags, "env": dict(model.serving.env),
        "replicas": node.replicas, "alt_engine": model.serving.alt_engine, "notes": list(model.serving.notes),
    }


def answer(
    scenario: Scenario,
    catalogs: Catalogs,
    *,
    now: dt.datetime,
    settings: Settings | None = None,
    clarification: Finding | None = None,
    notes: list[Finding] | None = None,
) -> Answer:
    settings = settings or Settings()
    notes = list(notes or [])
    s = scenario
    if clarification is not None:
        return _clarify(s, settings, catalogs, now, clarification, notes=notes)
    if s.gateway_pain and s.data_may_leave and (s.model is None or catalogs.find_model(s.model) is None):
        # Rule 2 needs no model: keys, quotas and attribution are the problem whatever the model.
        fx = catalogs.apis.fx_on(now.date())
        return Answer(status="ok", scenario=s, hours_per_month=hours_per_month(s.calendar, settings),
                      verdict="gateway", reasons=[Finding(code="gateway", params={})], assumptions=notes,
                      fx_usd_to_eur=fx.per_usd, fx_as_of=fx.as_of, catalog_as_of=catalogs.as_of, priced_at=now)
    if s.model is None:
        return _clarify(s, settings, catalogs, now, Finding(code="ask_model", params={
            "examples": [m.name for m in list(catalogs.models.values())[:3]]}), notes=notes)

    resolved = resolve_model(s.model, catalogs)
    if resolved.model is None:
        return _clarify(s, settings, catalogs, now, resolved.finding, status=resolved.status,
                        suggestions=resolved.suggestions, notes=notes)
    model = resolved.model
    s = s.model_copy(update={"model": model.id})

    context = s.context_tokens or min(settings.context_tokens, model.context_tokens)
    if context > model.context_tokens:
        return _clarify(s, settings, catalogs, now, Finding(code="context_too_long", params={
            "context": context, "max": model.context_tokens, "model": model.name}), notes=notes)
    try:
        calendar = reference_week(s.calendar, s.tz, now, settings)
    except UnknownTimeZone:
        return _clarify(s, settings, catalogs, now, Finding(code="unknown_tz", params={"tz": s.tz}), notes=notes)

    ratio = s.input_per_output if s.input_per_output is not None else settings.input_per_output
    cache = s.cache_hit_rate if s.cache_hit_rate is not None else settings.cache_hit_rate
    concurrency = s.concurrency or settings.concurrency
    hours = calendar.hours_per_month
    aggregate = None
    if s.slo_tok_s is not None:
        aggregate = s.slo_tok_s * concurrency if s.slo_kind == "per_stream" else s.slo_tok_s
    output = round((aggregate or 0) * 3600 * hours)
    tokens = Tokens(output_per_month=output, input_per_month=round(output * ratio),
                    cached_input_per_month=round(output * ratio * cache), hours_per_month=hours)

    on = now.date()
    request = _request_shape(ratio, cache, s.context_tokens, settings)
    apis, api_findings = _api_lines(model, s, catalogs, calendar, request, output, on, settings)
    same = [line for line in apis if line.same_model]
    cheapest = min(same, key=lambda line: line.usd_per_million_output) if same else None
    per_token = cheapest.usd_per_million_output / pricing.MILLION if cheapest else None

    fit = fitting.fit(model, catalogs, concurrency=concurrency, context=context, headroom=settings.headroom,
                      aggregate_tok_s=aggregate, measured_tok_s_per_node=s.measured_tok_s_per_node, on=on,
                      hours_per_month=settings.hours_per_month)
    nodes = [_with_break_even(n, per_token, hours, catalogs) for n in fit.nodes]
    chosen = _choose(nodes, catalogs, s.node)
    fit = fit.model_copy(update={"nodes": nodes, "chosen_node": chosen.id if chosen else None})

    ruling = rule(s, model, fit, chosen, cheapest, apis, aggregate)
    warnings = ruling.warnings + warnings_for(s, model, fit, chosen)
    if chosen and chosen.break_even_tok_s and chosen.capacity_tok_s and chosen.break_even_tok_s > (
            chosen.capacity_tok_s * chosen.units):
        warnings.insert(0, Finding(code="break_even_beyond_capacity", params={
            "break_even": chosen.break_even_tok_s, "capacity": chosen.capacity_tok_s * chosen.units,
            "measured": chosen.capacity_measured}))
    assumptions = _assumptions(s, settings, model, notes)
    priced = {(line.provider, line.model) for line in apis}  # every line a weekday rule priced, not only the cheapest
    rules = [r for r in catalogs.apis.weekday_rules if (r.provider, r.model_ref) in priced]
    assumptions += [Finding(code="weekday_rule", params={"note": r.note}) for r in rules] + api_findings
    fx = catalogs.apis.fx_on(on)
    vat = Decimal(str(s.vat_rate)) if s.vat_rate is not None else None
    return Answer(
        status="ok", scenario=s, hours_per_month=hours, verdict=ruling.verdict, reasons=ruling.reasons,
        warnings=warnings, assumptions=assumptions, model_name=model.name, tokens=tokens, fit=fit, apis=apis,
        cheapest_api=cheapest, fx_usd_to_eur=fx.per_usd, fx_as_of=fx.as_of, vat_rate=vat,
        catalog_as_of=catalogs.as_of, priced_at=now, serving=_serving(model, chosen),
    )
