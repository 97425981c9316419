"""Hosted API months, priced through genai-prices over the real calendar.

The week is cut wherever a price can change (a peak window opening or closing, a dated price, midnight
where a weekday rule applies); each piece is priced once at its start, and pieces with the same price are
grouped, so a month costs a handful of genai-prices calls whatever the calendar.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from fractions import Fraction

from genai_prices import Usage
from genai_prices.types import ModelInfo, ModelPrice, Provider, StartDateConstraint, TimeOfDateConstraint

from costcore import hosts
from costcore.answer import ApiLine
from costcore.calendar import Calendar, daily_cuts, split, zone
from costcore.catalog import ApiOverlay, Catalogs, Model, WeekdayRule
from costcore.prices import ApiNotPriced, PriceData
from costcore.scenario import Finding

__all__ = ["ApiNotPriced", "MILLION", "api_lines", "price_at", "price_line", "regimes", "rule_for"]

MILLION = Decimal(1_000_000)
SAME_MODEL_SHOWN = 6  # same-model lines an answer lists (the cheapest; every host is still compared)


def _prices_at(model: ModelInfo, when: dt.datetime, weekday_offpeak: bool) -> ModelPrice:
    """genai-prices' price at `when`; on a weekday-rule off-peak day its daily peak windows are skipped."""
    if isinstance(model.prices, ModelPrice):
        return model.prices
    if not weekday_offpeak:
        return model.get_prices(when)
    for conditional in reversed(model.prices):
        constraint = conditional.constraint
        if constraint is None or (not isinstance(constraint, TimeOfDateConstraint) and constraint.active(when)):
            return conditional.prices
    return model.prices[0].prices


def _cuts(model: ModelInfo, calendar: Calendar, rule: WeekdayRule | None) -> list[dt.datetime]:
    cuts: list[dt.datetime] = []
    if isinstance(model.prices, list):
        times = []
        for conditional in model.prices:
            constraint = conditional.constraint
            if isinstance(constraint, TimeOfDateConstraint):
                times += [constraint.start_time, constraint.end_time]
            elif isinstance(constraint, StartDateConstraint):
                cuts.append(dt.datetime.combine(constraint.start_date, dt.time(0), dt.UTC))
        if times:
            cuts += daily_cuts(calendar.intervals, times)
    if rule:
        cuts += daily_cuts(calendar.intervals, [], zone(rule.tz))
    return cuts


def rule_for(overlay: ApiOverlay, provider_id: str, model_ref: str) -> WeekdayRule | None:
    return next((r for r in overlay.weekday_rules if r.provider == provider_id and r.model_ref == model_ref), None)


def _offpeak_day(rule: WeekdayRule | None, when: dt.datetime) -> bool:
    return bool(rule and when.astimezone(zone(rule.tz)).weekday() in rule.offpeak_weekdays)


def price_at(prices: PriceData, provider_id: str, model_ref: str, when: dt.datetime,
             overlay: ApiOverlay, model: ModelInfo | None = None) -> ModelPrice:
    """The list price in force at one instant, weekday rule included (`model`: the row, when already found)."""
    if model is None:
        _, model = prices.lookup(provider_id, model_ref)
    return _prices_at(model, when, _offpeak_day(rule_for(overlay, provider_id, model_ref), when))


def regimes(
    model: ModelInfo, calendar: Calendar, rule: WeekdayRule | None
) -> list[tuple[ModelPrice, Fraction]]:
    """(price, hours in the reference week) for each price regime the calendar meets."""
    if isinstance(model.prices, ModelPrice) and rule is None:
        return [(model.prices, calendar.week_hours)]  # one price all week: nothing to cut (most rows)
    hours: dict[str, Fraction] = {}
    prices: dict[str, ModelPrice] = {}
    for start, end in split(calendar.intervals, _cuts(model, calendar, rule)):
        price = _prices_at(model, start, _offpeak_day(rule, start))
        key = repr(price)  # equal prices from different windows are one regime
        prices[key] = price
        hours[key] = hours.get(key, Fraction(0)) + Fraction(int((end - start).total_seconds()), 3600)
    return [(prices[k], hours[k]) for k in prices]


def per_output_token(price: ModelPrice, request: tuple[int, int, int]) -> Decimal:
    """USD for one output token with its share of input, priced on one representative request.

    Pricing one request (not the month as one usage) keeps long-context tiers honest: genai-prices picks a
    tier by the input tokens of a request.
    """
    input_tokens, cached, output_tokens = request
    usage = Usage(input_tokens=input_tokens, cache_read_tokens=cached, output_tokens=output_tokens)
    return price.calc_price(usage)["total_price"] / Decimal(output_tokens)


def _per_output_token(prices: PriceData | None, price: ModelPrice, request: tuple[int, int, int]) -> Decimal:
    """per_output_token, computed once per price and request shape for the data's lifetime."""
    if prices is None:
        return per_output_token(price, request)
    return prices.memo(("per_output_token", id(price), request), price, lambda: per_output_token(price, request))


def _regimes(prices: PriceData | None, model: ModelInfo, calendar: Calendar,
             rule: WeekdayRule | None) -> list[tuple[ModelPrice, Fraction]]:
    """regimes, cut once per row, week and rule for the data's lifetime (a Slack burst asks the same week)."""
    if prices is None:
        return regimes(model, calendar, rule)
    rule_key = (rule.provider, rule.model_ref, tuple(rule.offpeak_weekdays), rule.tz) if rule else None
    return prices.memo(("regimes", id(model), calendar.intervals, rule_key), model,
                       lambda: regimes(model, calendar, rule))


def _to_decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def residency_uplift(overlay: ApiOverlay, provider_id: str, on: dt.date) -> Decimal | None:
    for row in overlay.residency:
        if row.provider == provider_id and on >= row.from_:
            return row.uplift
    return None


def price_line(
    *,
    prices: PriceData | None = None,
    provider: Provider,
    model: ModelInfo,
    model_ref: str,
    label: str,
    same_model: bool,
    calendar: Calendar,
    request: tuple[int, int, int],
    output_per_month: int,
    overlay: ApiOverlay,
    eu_residency: bool,
    on: dt.date,
    per_stream_tok_s: tuple[float, float] | None = None,
) -> ApiLine:
    """One provider's month for one genai-prices row (`model`, quoted as `model_ref`)."""
    provider_id = provider.id
    rule = rule_for(overlay, provider_id, model_ref)
    priced = [(_per_output_token(prices, price, request), hours) for price, hours in _regimes(prices, model, calendar, rule)]
    total_hours = sum((h for _, h in priced), Fraction(0))
    blended = sum((p * _to_decimal(h / total_hours) for p, h in priced), Decimal(0))
    cheapest = min(p for p, _ in priced)
    uplift = residency_uplift(overlay, provider_id, on) if eu_residency else None
    factor = Decimal(1) + (uplift or Decimal(0))
    peak_hours = sum((h for p, h in priced if p > cheapest), Fraction(0))
    return ApiLine(
        provider=provider_id,
        provider_name=provider.name,
        model=model_ref,
        label=label,
        same_model=same_model,
        usd_per_month=blended * factor * output_per_month,
        usd_all_offpeak=cheapest * factor * output_per_month if peak_hours else None,
        peak_share=float(peak_hours / total_hours),
        usd_per_million_output=blended * factor * MILLION,
        usd_per_million_output_offpeak=cheapest * factor * MILLION if peak_hours else None,
        per_stream_tok_s=per_stream_tok_s,
        residency_uplift=uplift,
        price_source=prices.source if prices else None,
        price_as_of=prices.as_of if prices else None,
    )


def api_lines(model: Model, catalogs: Catalogs, *, calendar: Calendar, request: tuple[int, int, int],
              output_per_month: int, eu_residency: bool, on: dt.date,
              include_frontier: bool) -> tuple[list[ApiLine], list[Finding]]:
    """Every real-time host of the model's own weights priced (costcore.hosts), the cheapest per provider
    kept and the cheapest few listed, then the frontier lines; with the findings that say what was left out
    (withdrawn first-party APIs, batch tiers, hosts not listed)."""
    prices = catalogs.prices
    if prices is None:
        raise ValueError("the catalogs carry no genai-prices data: the shell passes it in (Catalogs.with_prices)")
    common = dict(calendar=calendar, request=request, output_per_month=output_per_month, overlay=catalogs.apis,
                  eu_residency=eu_residency, on=on, prices=prices)
    found = hosts.same_weights(model.id, catalogs.apis, prices)
    best: dict[str, ApiLine] = {}
    for host in found.real_time:
        line = price_line(provider=host.provider, model=host.info, model_ref=host.ref, label=model.name,
                          same_model=True, per_stream_tok_s=host.served and host.served.per_stream_tok_s, **common)
        kept = best.get(host.provider.id)  # a provider listing several refs of the weights: its cheapest
        if kept is None or line.usd_per_million_output < kept.usd_per_million_output:
            best[host.provider.id] = line
    same = sorted(best.values(), key=lambda line: (line.usd_per_million_output, line.provider))
    findings = [Finding(code="api_withdrawn", params={"provider": w.provider_name, "model_ref": w.model_ref,
                                                      "on": w.on.isoformat() if w.on else None,
                                                      "deprecated": w.deprecated})
                for w in found.withdrawn]
    if found.batch:
        findings.append(Finding(code="batch_excluded", params={"providers": found.batch}))
    if len(same) > SAME_MODEL_SHOWN:
        findings.append(Finding(code="hosts_not_shown", params={"shown": SAME_MODEL_SHOWN, "considered": len(same)}))
    lines = same[:SAME_MODEL_SHOWN]
    for row in catalogs.apis.frontier if include_frontier else []:
        try:
            provider, info = prices.lookup(row.provider, row.model_ref)
        except ApiNotPriced:
            continue
        if info.deprecated:  # a retired row is not a price anyone can buy
            continue
        lines.append(price_line(provider=provider, model=info, model_ref=row.model_ref, label=row.label,
                                same_model=False, **common))
    return lines, findings
