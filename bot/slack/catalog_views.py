"""What `/llmcost models` and `/llmcost prices` show: the catalog and the dated prices in use."""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from costcore.catalog import Catalogs

log = logging.getLogger("llmcost.slack")


def models(ask: Any, catalogs: Catalogs) -> list[dict]:
    """Every catalog model with a one-line fit summary: the cheapest node that holds it and its break-even."""
    rows = []
    for model in catalogs.models.values():
        row = {
            "name": model.name, "id": model.id, "licence": model.licence, "params_b": model.params_total_b,
            "active_b": model.params_active_b, "open_weights": model.open_weights,
            "floor_gb": None, "node": None, "usd_per_month": None, "break_even_tok_s": None, "as_of": model.as_of,
        }
        reply = ask(model.name, {"model": model.id})
        fit = reply.answer.fit
        if fit is not None:
            row["floor_gb"] = fit.floor_gb
            node = fit.chosen
            if node is not None:
                row |= {"node": node.name, "usd_per_month": float(node.usd_per_month),
                        "break_even_tok_s": node.break_even_tok_s}
        rows.append(row)
    return rows


def prices(model_name: str | None, cats: Catalogs, now: dt.datetime) -> dict:
    """Node prices (each with its date, source and confidence) and, for a model, its hosted API list prices,
    as of `now`."""
    from costcore import hosts, pricing
    from costcore.offers import listing

    offers = listing(cats.nodes.values(), now.date())
    nodes = _cheapest_per_shape(offers) if len(offers) > SLACK_MAX_OFFERS else offers
    nodes = [row | {"usd_per_hour": float(row["usd_per_hour"])} for row in nodes]
    model = cats.find_model(model_name) if model_name else None
    apis = []
    for host in hosts.same_weights(model.id, cats.apis, cats.prices).real_time if model else []:
        price = pricing.price_at(cats.prices, host.provider.id, host.ref, now, cats.apis, host.info)
        apis.append({"provider_name": host.provider.name, "model_ref": host.ref,
                     "input": _per_million(price, "input_mtok"), "cached": _per_million(price, "cache_read_mtok"),
                     "output": _per_million(price, "output_mtok"),
                     "source": host.served.source if host.served else f"genai-prices ({cats.prices.source})",
                     "as_of": host.served.as_of if host.served else cats.prices.as_of})
    fx = cats.apis.fx_on(now.date())
    return {"asked": model_name, "model_name": model.name if model else None, "nodes": nodes, "apis": apis,
            "offers_total": len(offers),
            "fx": float(fx.per_usd), "fx_as_of": fx.as_of, "fx_source": fx.source, "priced_at": now.date()}


SLACK_MAX_OFFERS = 25  # one Slack section holds ~3,000 characters: beyond this, the cheapest of each shape


def _cheapest_per_shape(rows: list[dict]) -> list[dict]:
    """Rows come sorted by GPU, count and price: the first of each (GPU, count, billing) is its cheapest."""
    seen: set[tuple] = set()
    out = []
    for row in rows:
        key = (row["gpu"], row["gpu_count"], row["billing"])
        if key not in seen:
            seen.add(key)
            out.append(row)
    return out


def _per_million(price: Any, name: str) -> float | None:
    value = getattr(price, name, None)
    try:
        return None if value is None else float(value)
    except (TypeError, ValueError):  # tiered prices: show the first tier's figure
        tiers = getattr(value, "base", None)
        return float(tiers) if tiers is not None else None
