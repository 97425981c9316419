"""The JSON contract (tests/contract/answer.schema.json): built only where JSON is printed (`llmcost ask
--json`), from the typed Answer; money becomes JSON numbers here and nowhere else."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from bot.render.cli import findings, serve_command
from costcore.answer import Answer
from costcore.scenario import Settings

if TYPE_CHECKING:
    from bot.service import Reply


def _f(value: Decimal | float | None) -> float | None:
    return None if value is None else float(value)


def to_contract(question: str, a: Answer, settings: Settings | None = None) -> dict[str, Any]:
    """The JSON the contract (tests/contract/answer.schema.json) promises, plus a few extra fields. Built only
    where JSON is printed (`llmcost ask --json`); the scenario's unset mix and cache rate are filled from
    `settings` (the defaults the engine answered with)."""
    s = a.scenario
    settings = settings or Settings()
    words = findings(a)
    out: dict[str, Any] = {
        "status": a.status,
        "question": question,
        "scenario": s.model_dump(mode="json") | {
            "hours_per_month": a.hours_per_month,
            "input_per_output": s.input_per_output if s.input_per_output is not None else settings.input_per_output,
            "cache_hit_rate": s.cache_hit_rate if s.cache_hit_rate is not None else settings.cache_hit_rate,
        },
        "verdict": a.verdict,
        "reasons": words.reasons,
        "warnings": words.warnings,
        "assumptions": words.assumptions,
        "clarification": words.clarification,
        "suggestions": list(a.suggestions),
        "fx_usd_to_eur": float(a.fx_usd_to_eur),
        "fx_as_of": a.fx_as_of.isoformat(),
        "catalog_as_of": a.catalog_as_of.isoformat(),
        "price_as_of": a.price_as_of.isoformat() if a.price_as_of else None,  # the oldest price relied on
        "priced_at": a.priced_at.isoformat(),
        "model_name": a.model_name,
        "model_source": a.model_source,
    }
    if out["scenario"]["vat_rate"] is None:
        del out["scenario"]["vat_rate"]
    if a.tokens:
        out["tokens"] = a.tokens.model_dump()
    if a.fit:
        out["fit"] = {
            "weights_gb": a.fit.weights_gb, "kv_gb": a.fit.kv_gb, "floor_gb": a.fit.floor_gb,
            "host_capable_gb": a.fit.host_capable_gb, "chosen_node": a.fit.chosen_node,
            # fleet (issue 11): the per-user speed capacity is quoted at, and where some fleet beats the API
            "per_user_tok_s": a.fit.per_user_tok_s, "fleet_break_even_tok_s": a.fit.fleet_break_even_tok_s,
            "fleet_break_even_node": a.fit.fleet_break_even_node,
            "fleet_wins_until_tok_s": a.fit.fleet_wins_until_tok_s,
            "fleet_always_from_tok_s": a.fit.fleet_always_from_tok_s,
            "close_call": bool(a.reasons and a.reasons[0].params.get("uncertain")),
            "nodes": [
                {k: v for k, v in n.model_dump(mode="json", exclude={"reason"}).items()
                 if v is not None or k == "break_even_tok_s"} | {
                    "reason": words.node_reasons[n.id], "usd_per_hour": float(n.usd_per_hour),
                    "usd_per_month": float(n.usd_per_month),
                    "usd_per_month_for_slo": _f(n.usd_per_month_for_slo),
                    "usd_per_month_fleet": _f(n.usd_per_month_fleet)}
                for n in a.fit.nodes
            ],
        }
    if a.tokens:
        out["apis"] = [
            line.model_dump(mode="json") | {
                "usd_per_month": float(line.usd_per_month), "usd_all_offpeak": _f(line.usd_all_offpeak),
                "usd_per_million_output": float(line.usd_per_million_output),
                "usd_per_million_output_offpeak": _f(line.usd_per_million_output_offpeak),
                "residency_uplift": _f(line.residency_uplift)}
            for line in a.apis
        ]
    if a.vat_rate is not None:
        out["vat_rate"] = float(a.vat_rate)
    out["serve_command"] = serve_command(a)
    return out


def contract_of(reply: Reply, settings: Settings | None = None) -> dict[str, Any]:
    """The contract of one reply: its question and its Answer."""
    return to_contract(reply.question, reply.answer, settings)
