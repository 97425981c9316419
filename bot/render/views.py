"""A Reply into the plain values the Slack templates need (numbers stay numbers; words stay in prompts/)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from bot.render.cli import findings, serve_command
from bot.render.env import Verbatim, slack_escape, slack_unescape
from bot.render.locale import language

if TYPE_CHECKING:
    from bot.service import Reply

# The buttons under a verdict: each one is a Scenario override that recomputes the answer.
BUTTONS: dict[str, dict[str, Any]] = {
    "private": {"data_may_leave": False},
    "business_hours": {"calendar": "business_hours"},
    "per_user": {"slo_kind": "per_stream"},
}
BUTTON_VALUE_LIMIT = 2000  # Slack's limit on a button's value


def button_value(question: str, overrides: dict[str, Any], asked: int | None = None) -> Verbatim:
    """The question and the overrides so far, as JSON within Slack's 2,000 characters.

    Slack echoes the value back as it was sent, so it is cut by its escaped length, character by
    character from the end, never in the middle of an escape.
    """
    keep = question[:BUTTON_VALUE_LIMIT]
    while True:
        data = {"q": keep, "o": overrides} | ({"i": asked} if asked else {})
        value = slack_escape(json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        excess = len(value) - BUTTON_VALUE_LIMIT
        if excess <= 0:
            return Verbatim(value)
        keep = keep[: len(keep) - max(1, excess // 6)]


def read_button_value(value: str) -> tuple[str, dict[str, Any]]:
    """The (question, overrides) a button carried; unknown override names are dropped."""
    try:
        data = json.loads(slack_unescape(value or "{}"))
    except ValueError:
        return "", {}
    allowed = {k for o in BUTTONS.values() for k in o}
    overrides = {k: v for k, v in (data.get("o") or {}).items() if k in allowed}
    return str(data.get("q") or ""), overrides


def button_origin(value: str) -> int | None:
    """The row of the question a private answer's button is about (None when it does not say)."""
    try:
        asked = json.loads(slack_unescape(value or "{}")).get("i")
    except (ValueError, AttributeError):
        return None
    return asked if isinstance(asked, int) and not isinstance(asked, bool) else None


def applied_buttons(overrides: dict[str, Any]) -> list[str]:
    return [kind for kind, o in BUTTONS.items() if all(overrides.get(k) == v for k, v in o.items())]


def verdict(reply: Reply, *, overrides: dict[str, Any] | None = None, user_id: str | None = None,
            recomputed_by: str | None = None, private: bool = False, asked: int | None = None) -> dict:
    """What the verdict message shows: the glance. `private`: an answer only the asker sees (a slash
    command's), with a "Share in channel" button; its buttons carry `asked`, the question's row, since an
    ephemeral message has no ts to find it by."""
    a = reply.answer
    locale = language(reply.question)  # the headline, fields, buttons and findings in the question's language
    words = findings(a, locale)
    overrides = dict(overrides or {})
    fx = float(a.fx_usd_to_eur)
    node = a.chosen
    api = a.cheapest_api
    slo = a.scenario.slo_tok_s
    # The volume the bills are for: per-user tok/s × the users generating at once. Every comparison (the
    # break-even share, the fields, the chart) is aggregate against aggregate.
    aggregate = a.tokens.output_per_month / 3600 / a.hours_per_month if a.tokens and slo else None
    node_view = None
    if node is not None:
        monthly = float(node.usd_per_month_fleet or node.usd_per_month * node.nodes_per_step)
        node_view = {
            "name": node.name,
            "usd_per_month": monthly,
            "eur_per_month": monthly * fx,
            "nodes_needed": node.nodes_needed or node.nodes_per_step,
            "usd_per_node": float(node.usd_per_month),
            "nodes_per_step": node.nodes_per_step,
            "nodes_in_use": node.nodes_in_use,
            "capacity_tok_s": node.capacity_tok_s,
            "capacity_basis": node.capacity_basis,
            "fleet_break_even_tok_s": a.fit.fleet_break_even_tok_s if a.fit else None,
            "close_call": bool(a.reasons and a.reasons[0].params.get("uncertain")),
            "break_even_tok_s": node.break_even_tok_s,
            "share": (aggregate / node.break_even_tok_s) if aggregate and node.break_even_tok_s else None,
            "price_as_of": node.price_as_of.isoformat(),
        }
    api_view = None
    if api is not None:
        api_view = {
            "provider_name": api.provider_name,
            "label": api.label,
            "usd_per_month": float(api.usd_per_month),
            "eur_per_month": float(api.usd_per_month) * fx,
            "usd_all_offpeak": float(api.usd_all_offpeak) if api.usd_all_offpeak is not None else None,
            "usd_per_million_output": float(api.usd_per_million_output),
        }
    applied = applied_buttons(overrides)
    return {
        "status": a.status,
        "verdict": a.verdict,
        "question": reply.question,
        "model_name": a.model_name or a.scenario.model or "",
        "slo_tok_s": slo,
        "slo_kind": a.scenario.slo_kind,
        "aggregate_tok_s": aggregate,
        "users": round(aggregate / slo) if aggregate and slo and a.scenario.slo_kind == "per_stream" else None,
        # The node wins on per-user speed no API reaches, while the money may say otherwise: the headline says so.
        "on_speed": bool(a.reasons) and a.reasons[0].code == "per_stream_node",
        "euro": a.scenario.currency == "EUR",
        "node": node_view,
        "api": api_view,
        "reasons": words.reasons,
        "assumptions": words.assumptions,
        "clarification": words.clarification,
        "suggestions": list(a.suggestions),
        "catalog_as_of": a.catalog_as_of.isoformat(),
        "fx_as_of": a.fx_as_of.isoformat(),
        "fx": fx,
        "has_details": a.status == "ok",
        "applied": applied,
        "buttons": [
            {"kind": kind, "value": button_value(reply.question, overrides | o, asked if private else None)}
            for kind, o in BUTTONS.items()
            if kind not in applied
        ] if a.status == "ok" else [],
        "user_id": user_id,
        "locale": locale,
        "recomputed_by": recomputed_by,
        "share": button_value(reply.question, overrides, asked) if private and a.status == "ok" else None,  # a button's recompute in place: who clicked (the asker stays `user_id`)
    }


def details(reply: Reply) -> dict:
    """What the thread shows below the verdict: the fit table, the API table, warnings, the command."""
    a = reply.answer
    locale = language(reply.question)
    words = findings(a, locale)
    reasons = words.node_reasons
    chosen = a.chosen.id if a.chosen else None
    nodes = [
        {
            "name": n.name,
            "fits": n.fits,
            "chosen": n.id == chosen,
            "placement": n.placement,
            "tensor_parallel": n.tensor_parallel,
            "replicas": n.replicas,
            "verified": n.recipe_verified,
            "usd_per_month": float(n.usd_per_month),
            "break_even_tok_s": n.break_even_tok_s,
            "reason": reasons.get(n.id, ""),
            "nodes": n.nodes_needed or n.nodes_per_step,
            "nodes_per_step": n.nodes_per_step,
            "nodes_in_use": n.nodes_in_use,
            "units": n.units,
            "fleet_usd": float(n.usd_per_month_fleet or n.usd_per_month * n.nodes_per_step),
            "capacity_tok_s": n.capacity_tok_s,
            "capacity_basis": n.capacity_basis,
            "capacity_to_win": n.capacity_to_win,
        }
        for n in (a.fit.nodes if a.fit else [])
    ]
    apis = [
        {
            "provider_name": line.provider_name,
            "label": line.label,
            "same_model": line.same_model,
            "usd_per_month": float(line.usd_per_month),
            "usd_all_offpeak": float(line.usd_all_offpeak) if line.usd_all_offpeak is not None else None,
            "usd_per_million_output": float(line.usd_per_million_output),
            "peak_share": line.peak_share,
        }
        for line in sorted(a.apis, key=lambda line: (not line.same_model, line.usd_per_million_output))
    ]
    return {
        "model_name": a.model_name or "",
        "floor_gb": a.fit.floor_gb if a.fit else None,
        "weights_gb": a.fit.weights_gb if a.fit else None,
        "kv_gb": a.fit.kv_gb if a.fit else None,
        "nodes": nodes,
        "apis": apis,
        "slo_tok_s": a.scenario.slo_tok_s,
        "warnings": words.warnings,
        "serve_command": serve_command(a),
        "serving": a.serving,
        "locale": locale,
    }
