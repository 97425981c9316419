"""One scenario in, one answer out. Pure: time, catalogs and settings are arguments."""

from __future__ import annotations

import datetime as dt
import math
from decimal import Decimal

from costcore import fit as fitting
from costcore import offers, pricing
from costcore.answer import Answer, ApiLine, Fit, NodeFit, Tokens
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
    if "concurrency" not in said:
        sessions = _default_sessions(s, settings)
        if sessions < settings.concurrency:
            out.append(Finding(code="default_concurrency_from_volume", params={
                "concurrency": sessions, "tok_s": s.slo_tok_s, "per_user": settings.per_user_tok_s}))
        else:
            out.append(Finding(code="default_concurrency", params={"concurrency": sessions}))
    if s.slo_kind != "per_stream" and not s.concurrency:
        out.append(Finding(code="default_per_user", params={"per_user": settings.per_user_tok_s}))
    default("context_tokens", "default_context", context=settings.context_tokens)
    default("currency", "default_currency")
    if s.calendar == "business_hours":
        out.append(Finding(code="business_hours", params={
            "hours": settings.business_hours_per_day, "days": settings.working_days_per_month, "tz": s.tz,
            "start": settings.business_hours_start}))
    return out + extra


def _default_sessions(s: Scenario, settings: Settings) -> int:
    """Sessions the KV cache is sized for when none were said: a small total volume is only a few streams
    at the default per-user speed (100 tok/s is 3 streams at 40, not 32), capped at the default."""
    if s.slo_kind == "aggregate" and s.slo_tok_s:
        return min(settings.concurrency, max(1, math.ceil(s.slo_tok_s / settings.per_user_tok_s)))
    return settings.concurrency


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


def _eligible(nodes: list[NodeFit], allow_spot: bool = False) -> list[NodeFit]:
    """Node types a fleet may be made of: they hold the model, are not spot (unless asked), and serve the
    per-user speed."""
    return [n for n in nodes if n.fits and (allow_spot or n.billing != "spot") and n.capacity_tok_s]


def _choose(nodes: list[NodeFit], wanted: str | None, api_month: Decimal | None) -> NodeFit | None:
    """The node type whose fleet the verdict weighs: the one asked for; else, among fleets that cost less
    than the API at the asked volume, the verified, cheapest; else the verified, cheapest fleet."""
    named = [n for n in nodes if n.id == wanted]
    if named:
        return named[0]
    if not nodes:
        return None
    if api_month is not None:
        winners = [n for n in nodes if n.usd_per_month_fleet is not None and n.usd_per_month_fleet < api_month]
        if winners:
            nodes = winners

    def cost(n: NodeFit) -> Decimal:
        return n.usd_per_month_fleet if n.usd_per_month_fleet is not None else n.usd_per_month * n.nodes_per_step

    return min(nodes, key=lambda n: (not n.recipe_verified, cost(n), n.id))


def _with_economics(node: NodeFit, per_tok_s_month: Decimal | None, aggregate: float | None,
                    api_month: Decimal | None) -> NodeFit:
    """Break-even of one rental step, and the per-node throughput at which this fleet beats the API."""
    if not node.fits or not per_tok_s_month or not node.capacity_tok_s:
        return node
    steps = fitting.steps(node)
    update: dict = {"break_even_tok_s": steps.break_even(per_tok_s_month)}
    if aggregate and api_month:
        update["capacity_to_win"] = steps.capacity_to_win(aggregate, api_month)
    return node.model_copy(update=update)


def _fleet_break_even(fit: Fit, eligible: list[NodeFit], per_tok_s_month: Decimal | None) -> Fit:
    """The lowest volume at which some fleet beats the API, and how far that holds."""
    if not per_tok_s_month:
        return fit
    stretches = [(w, n) for n in eligible if (w := fitting.steps(n).winning_volumes(per_tok_s_month))]
    if not stretches:
        return fit
    (start, until, _), node = min(stretches, key=lambda item: (item[0][0], item[1].id))
    return fit.model_copy(update={
        "fleet_break_even_tok_s": start, "fleet_break_even_node": node.id, "fleet_wins_until_tok_s": until,
        "fleet_always_from_tok_s": min(w[2] for w, _ in stretches)})


def _per_user_tok_s(s: Scenario, aggregate: float | None, settings: Settings) -> float:
    """The speed each stream gets: said per user; else the total over the sessions said; else the default."""
    if s.slo_kind == "per_stream" and s.slo_tok_s:
        return s.slo_tok_s
    if aggregate and s.concurrency:
        return aggregate / s.concurrency
    return settings.per_user_tok_s


def _offer_findings(pool: offers.Pool, chosen: NodeFit | None, on: dt.date) -> tuple[list[Finding], list[Finding]]:
    """(warnings, assumptions) about the offers: region, provider, spot left out, a price past its age."""
    warnings: list[Finding] = []
    notes = [Finding(code="offers_considered", params={
        "offers": len(pool.eligible), "shapes": len(pool.by_shape), "region": pool.region})]
    named = (("region", pool.region, {"node_region": chosen.region if chosen else None}),
             ("provider", pool.provider, {"left_out": pool.outside_provider}))
    for kind, want, extra in named:  # a region or provider the asker named: the node chosen there, or none
        if want is None:
            continue
        if chosen is None:
            warnings.append(Finding(code=f"{kind}_none_fits", params={kind: want, "offers": len(pool.eligible)}))
        else:
            notes.append(Finding(code=f"{kind}_chosen", params={kind: want, "node": chosen.name} | extra))
    if pool.spot_left_out:
        notes.append(Finding(code="spot_left_out", params={"offers": pool.spot_left_out}))
    if chosen is not None:
        if chosen.billing == "spot":
            warnings.append(Finding(code="spot_chosen", params={"node": chosen.name}))
        if offers.is_stale(chosen.price_as_of, on):
            warnings.append(Finding(code="price_stale", params={
                "node": chosen.name, "as_of": chosen.price_as_of.isoformat(),
                "days": offers.age_days(chosen.price_as_of, on), "source": chosen.price_source}))
    return warnings, notes


def _serving(model: Model, node: NodeFit | None, context: int) -> dict | None:
    if node is None or model.serving is None:
        return None
    flags = [f"--tensor-parallel-size {node.tensor_parallel}"]
    if node.pipeline_parallel > 1:
        flags.append(f"--pipeline-parallel-size {node.pipeline_parallel}")
    if model.origin == "hub":  # no recipe: serve the context the fit was computed for
        flags.append(f"--max-model-len {context}")
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
    if s.gateway_answers_without_model and (s.model is None or catalogs.find_model(s.model) is None):
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
    concurrency = s.concurrency or _default_sessions(s, settings)
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

    pool = offers.select(catalogs.nodes, on=on, region=offers.wanted_region(s.region, s.eu_residency),
                         allow_spot=s.allow_spot, keep=s.node, provider=s.provider)
    per_user = _per_user_tok_s(s, aggregate, settings)
    fit = fitting.fit(model, catalogs, concurrency=concurrency, context=context, headroom=settings.headroom,
                      aggregate_tok_s=aggregate, per_user_tok_s=per_user,
                      measured_tok_s_per_node=s.measured_tok_s_per_node, measured_source=s.measured_source,
                      on=on, hours_per_month=settings.hours_per_month, nodes=pool.shortlist)
    per_tok_s_month = per_token * hours * 3600 if per_token else None
    api_month = cheapest.usd_per_month if cheapest and aggregate and s.data_may_leave else None
    nodes = [_with_economics(n, per_tok_s_month, aggregate, api_month) for n in fit.nodes]
    eligible = _eligible(nodes, s.allow_spot)
    chosen = _choose(eligible, s.node, api_month)
    fit = fit.model_copy(update={"nodes": nodes, "chosen_node": chosen.id if chosen else None})
    # A node the asker insists on is the only fleet its break-even is about.
    pinned = [n for n in eligible if n.id == s.node]
    fit = _fleet_break_even(fit, pinned or eligible, per_tok_s_month)

    ruling = rule(s, model, fit, chosen, cheapest, apis, aggregate, eligible=eligible,
                  per_tok_s_month=per_tok_s_month)
    if (pool.region or pool.provider) and ruling.reasons and ruling.reasons[0].code == "private_nothing_fits":
        # not "nothing holds it": nothing in the region (or from the provider) the asker named does
        first = ruling.reasons[0]
        named = {k: v for k, v in (("region", pool.region), ("provider", pool.provider)) if v}
        ruling.reasons[0] = first.model_copy(update={"params": first.params | named})
    warnings = ruling.warnings + warnings_for(s, model, fit, chosen)
    offer_warnings, offer_notes = _offer_findings(pool, chosen, on)
    warnings += offer_warnings
    assumptions = _assumptions(s, settings, model, notes) + offer_notes
    priced = {(line.provider, line.model) for line in apis}  # every line a weekday rule priced, not only the cheapest
    rules = [r for r in catalogs.apis.weekday_rules if (r.provider, r.model_ref) in priced]
    assumptions += [Finding(code="weekday_rule", params={"note": r.note}) for r in rules] + api_findings
    fx = catalogs.apis.fx_on(on)
    vat = Decimal(str(s.vat_rate)) if s.vat_rate is not None else None
    return Answer(
        status="ok", scenario=s, hours_per_month=hours, verdict=ruling.verdict, reasons=ruling.reasons,
        warnings=warnings, assumptions=assumptions, model_name=model.name, tokens=tokens, fit=fit, apis=apis,
        cheapest_api=cheapest, fx_usd_to_eur=fx.per_usd, fx_as_of=fx.as_of, vat_rate=vat,
        catalog_as_of=catalogs.as_of, price_as_of=chosen.price_as_of if chosen else None, priced_at=now,
        serving=_serving(model, chosen, context),
    )
