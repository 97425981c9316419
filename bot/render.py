"""Answers into words and the JSON contract. Every sentence comes from a template in prompts/."""

from __future__ import annotations

import shlex
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, TemplateNotFound

from bot.templates import make_environment
from costcore.answer import Answer
from costcore.scenario import Finding, Settings

if TYPE_CHECKING:
    from bot.service import Reply

FINDING_TEMPLATES = ("findings.j2", "parser_findings.j2", "offer_findings.j2", "hub_findings.j2")


def _num(value: float | Decimal) -> str:
    value = float(value)
    return f"{value:,.0f}" if value == int(value) else f"{value:,.2f}".rstrip("0").rstrip(".")


def _money(value: float | Decimal, symbol: str = "$") -> str:
    value = float(value)
    return f"{symbol}{value:,.0f}" if abs(value) >= 1000 else f"{symbol}{value:,.2f}"


def _tok(value: float | int) -> str:
    value = float(value)
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:,.1f}".rstrip("0").rstrip(".")


def _times(value: float) -> str:
    return f"~{value:,.0f}×" if value >= 10 else f"{value:,.1f}×"


FILTERS = {
    "num": _num,
    "money": _money,
    "tok": _tok,
    "gb": lambda v: f"{float(v):,.0f} GB" if float(v) >= 10 else f"{float(v):,.1f} GB",
    "pct": lambda v: f"{float(v) * 100:.1f} %".replace(".0 %", " %"),
    "times": _times,
}


@cache
def environment() -> Environment:
    return make_environment(filters=FILTERS)




@cache
def _finding_modules(locale: str = "en") -> tuple[Any, ...]:
    """The finding templates of one language, in FINDING_TEMPLATES order (a missing file is skipped)."""
    modules = []
    for name in FINDING_TEMPLATES:
        try:
            modules.append(environment().get_template(name if locale == "en" else f"{locale}/{name}").module)
        except TemplateNotFound:
            continue
    return tuple(modules)


def finding(f: Finding, locale: str = "en") -> str:
    """One finding as a sentence, in `locale` ("en" or "es"; a macro the Spanish files lack falls back to
    English, and tests/slack/test_spanish.py keeps that from hiding a gap). An unknown code is a bug: it
    fails loudly in tests."""
    chain = _finding_modules(locale) + _finding_modules() if locale != "en" else _finding_modules()
    for module in chain:
        macro = getattr(module, f.code, None)
        if macro is not None:
            return str(macro(**f.params)).strip()
    raise KeyError(f"no template for finding {f.code!r}")


def findings(a: Answer, locale: str = "en") -> dict[str, Any]:
    """Every finding of an answer as sentences in `locale`: reasons, warnings, assumptions, clarification,
    and each node's reason by node id. The CLI text, the contract and the Slack views all read these."""
    return {"reasons": [finding(f, locale) for f in a.reasons],
            "warnings": [finding(f, locale) for f in a.warnings],
            "assumptions": [finding(f, locale) for f in a.assumptions],
            "clarification": finding(a.clarification, locale) if a.clarification else None,
            "node_reasons": {n.id: finding(n.reason, locale) for n in (a.fit.nodes if a.fit else [])}}


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
        "reasons": words["reasons"],
        "warnings": words["warnings"],
        "assumptions": words["assumptions"],
        "clarification": words["clarification"],
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
                    "reason": words["node_reasons"][n.id], "usd_per_hour": float(n.usd_per_hour),
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


def serve_command(a: Answer) -> str | None:
    """The vLLM command for the chosen node, one replica (run `replicas` of them)."""
    if not a.serving:
        return None
    sv = a.serving
    env = " ".join(f"{k}={shlex.quote(v)}" for k, v in sv["env"].items())
    lines = [f"{env + ' ' if env else ''}vllm serve {sv['model']} \\"]
    lines += [f"  {flag} \\" for flag in sv["flags"]]
    lines[-1] = lines[-1].removesuffix(" \\")
    return "\n".join(lines)


def text(a: Answer) -> str:
    """The terminal answer."""
    return environment().get_template("answer.txt.j2").render(
        a=a, f=findings(a), serve_command=serve_command(a)).strip() + "\n"
