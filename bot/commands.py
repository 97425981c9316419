"""`llmcost ask`, `llmcost models`, `llmcost prices`."""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys

from bot.context import of as context_of


def _ratio(text: str) -> float:
    try:
        if ":" in text:
            a, b = text.split(":", 1)
            return float(a) / float(b)
        return float(text)
    except (ValueError, ZeroDivisionError) as exc:
        raise argparse.ArgumentTypeError(f"{text!r} is not a mix like 4:1 or a number") from exc


def _share(text: str) -> float:
    try:
        value = float(text.rstrip("%"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r} is not a percentage") from exc
    value = value / 100 if text.endswith("%") or value > 1 else value
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text!r} is out of range (0-100%)")
    return value


def register(sub: argparse._SubParsersAction) -> None:
    ask = sub.add_parser("ask", help="answer a question, e.g. llmcost ask \"can we run X at 300 tok/s?\"")
    ask.add_argument("question", nargs="+", help="the question, in your own words")
    ask.add_argument("--json", action="store_true", help="print the answer as JSON (the contract)")
    ask.add_argument("--model", help="model id or alias (beats the question)")
    ask.add_argument("--tok-s", type=float, dest="slo_tok_s", help="output tokens per second")
    ask.add_argument("--per-stream", action="store_true", help="the tok/s is per user, not aggregate")
    ask.add_argument("--private", action="store_true", help="the text may not leave")
    ask.add_argument("--business-hours", action="store_true", help="tokens flow 8 h × 22 working days")
    ask.add_argument("--tz", help="time zone for business hours, e.g. Europe/Madrid")
    ask.add_argument("--mix", type=_ratio, help="input:output, e.g. 4:1")
    ask.add_argument("--cache-hit", type=_share, help="share of input tokens that hit the cache, e.g. 50%%")
    ask.add_argument("--currency", choices=["USD", "EUR"], type=str.upper)
    ask.add_argument("--vat", type=_share, nargs="?", const=0.21, help="add VAT (default Spain's 21%%)")
    ask.add_argument("--concurrency", type=int, help="concurrent sessions")
    ask.add_argument("--context", type=int, help="tokens per session for the KV cache")
    ask.add_argument("--measured", type=float, help="measured output tok/s per node")
    ask.add_argument("--measured-from", metavar="FILE", dest="measured_from",
                     help="read tok/s per node from a `vllm bench serve --save-result` JSON or an AIPerf "
                          "profile_export_aiperf.json")
    ask.add_argument("--region", help="where the node must run: EU, US, a country (ES) or a region (eu-north1)")
    ask.add_argument("--provider", help="whose cloud the node must run in (your own account): AWS, GCP, Azure …")
    ask.add_argument("--spot", action="store_true", help="spot/preemptible offers may be chosen")
    ask.add_argument("--lang", choices=["auto", "en", "es"], default="auto", type=str.lower,
                     help="the answer's language (auto: the question's, as in Slack)")
    ask.add_argument("--no-log", action="store_true", help="do not record this question in the log")
    ask.set_defaults(func=run_ask)

    models = sub.add_parser("models", help="list the model catalog with sources and dates")
    models.add_argument("--json", action="store_true")
    models.set_defaults(func=run_models)

    prices = sub.add_parser("prices", help="list node offers (and a model's hosted API prices) in use")
    prices.add_argument("model", nargs="?", help="a model: its hosted APIs")
    prices.add_argument("--gpu", help="only offers of this GPU, e.g. H100, A100, L40S")
    prices.add_argument("--region", help="only offers in EU, US, a country (ES) or a region (eu-north1)")
    prices.add_argument("--stale", action="store_true", help="only prices observed more than 90 days ago")
    prices.add_argument("--json", action="store_true")
    prices.set_defaults(func=run_prices)


def overrides_from(args: argparse.Namespace) -> dict:
    out = {
        "model": args.model, "slo_tok_s": args.slo_tok_s, "tz": args.tz, "input_per_output": args.mix,
        "cache_hit_rate": args.cache_hit, "currency": args.currency, "vat_rate": args.vat,
        "concurrency": args.concurrency, "context_tokens": args.context, "measured_tok_s_per_node": args.measured,
        "region": args.region, "provider": args.provider,
    }
    if args.spot:
        out["allow_spot"] = True
    if getattr(args, "measured_from", None):
        from bot.measured import read

        measurement = read(args.measured_from)
        out["measured_tok_s_per_node"] = measurement.output_tok_s
        out["measured_source"] = measurement.source
    if args.per_stream:
        out["slo_kind"] = "per_stream"
    if args.private:
        out["data_may_leave"] = False
    if args.business_hours:
        out["calendar"] = "business_hours"
    return {k: v for k, v in out.items() if v is not None}


def run_ask(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from bot import render
    from bot.errors import UserError
    from bot.render.locale import language
    from bot.service import ask

    ctx = context_of(args)
    question = " ".join(args.question).strip()
    if not question:
        raise UserError("ask needs a question, e.g. llmcost ask \"can we run deepseek-flash at 300 tok/s?\"")
    try:
        reply = ask(question, overrides_from(args), context=ctx)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise UserError(f"{'.'.join(map(str, first['loc']))}: {first['msg']}") from exc
    if args.json:
        contract = render.contract_of(reply, ctx.settings)
        json.dump(contract, sys.stdout, indent=2, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        locale = language(reply.question) if args.lang == "auto" else args.lang
        sys.stdout.write(render.text(reply.answer, locale))
    if not args.no_log:  # after the answer is out: a log that cannot be written never costs the answer
        _log(reply, ctx.db_path)
    return 0


def _log(reply, path) -> None:
    from bot.store import LogStore

    try:
        with LogStore.open(path) as store:  # closed here: the console script leaves without interpreter teardown
            store.log(surface="cli", text=reply.question, reply=reply)
    except (OSError, sqlite3.Error) as exc:
        print(f"llmcost: this question was not logged ({path}: {exc}); set LLMCOST_DB or use "
              "--no-log", file=sys.stderr)


def _model_row(m) -> dict:
    src = m.source_ref
    return {"id": m.id, "name": m.name, "licence": m.licence, "params_b": m.params_total_b,
            "active_b": m.params_active_b, "checkpoint_gb": round(m.checkpoint_gb, 1),
            "kv_bytes_per_token": m.kv.per_token, "context": m.context_tokens,
            "recipes": [f"{r.count}×{r.gpu} TP{r.tensor_parallel}" for r in m.recipes],
            "vram_minimum_gb": m.vram_minimum_gb, "aliases": m.aliases, "source": m.source,
            "as_of": m.as_of.isoformat(), "model_source": src}


def hub_models(context) -> list:
    """Models answered from the Hub whose facts this machine has cached, newest first."""
    from bot.hub.cache import all_facts
    from costcore.hubfacts import HubFactsError, model_from_hub

    out = []
    for facts in all_facts(context.hub.cache_dir):
        try:
            out.append(model_from_hub(facts))
        except (HubFactsError, ValueError):
            continue
    return out


def run_models(args: argparse.Namespace) -> int:
    ctx = context_of(args)
    rows = [_model_row(m) for m in ctx.catalogs.models.values()] + [_model_row(m) for m in hub_models(ctx)]
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    for r in rows:
        print(f"{r['id']:<22} {r['params_b']:>7,.0f} B ({r['active_b']:g} B active) {r['checkpoint_gb']:>7,.1f} GB"
              f"  {r['licence']:<28} recipes: {', '.join(r['recipes']) or 'none'}")
        where = r["model_source"]
        if where["kind"] == "hub":
            said = f"Hub: {where['repo']} (fetched {r['as_of']}; not curated, fits by arithmetic only)"
        else:
            said = f"catalog (as of {r['as_of']}): {r['source']}"
        print(f"{'':<22} source: {said}")
    return 0


def run_prices(args: argparse.Namespace) -> int:

    from bot.errors import UserError
    from bot.render.formats import money
    from costcore import hosts, offers, pricing
    from costcore.calendar import reference_week

    ctx = context_of(args)
    cats, now = ctx.catalogs, ctx.now()
    today = now.date()
    nodes = [
        row | {"usd_per_hour": float(row["usd_per_hour"]), "as_of": row["as_of"].isoformat()}
        for row in offers.listing(cats.nodes.values(), today, gpu=args.gpu, region=args.region,
                                  stale_only=args.stale)
    ]
    apis = []
    if args.model:
        model = cats.find_model(args.model)
        if model is None:
            raise UserError(f"no model {args.model!r} in the catalog; see `llmcost models`")
        week = reference_week("24x7", "UTC", now, ctx.settings)
        for host in hosts.same_weights(model.id, cats.apis, cats.prices).real_time:
            rule = pricing.rule_for(cats.apis, host.provider.id, host.ref)
            source = f"genai-prices ({cats.prices.source})" + (f"; {host.served.source}" if host.served else "")
            for price, hours in pricing.regimes(host.info, week, rule):
                apis.append({"provider": host.provider.name, "model_ref": host.ref, "prices": str(price),
                             "hours_per_week": float(hours), "source": source})
    if args.json:
        json.dump({"nodes": nodes, "apis": apis}, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    if not nodes and not apis:
        print("No offers match" + (" (stale: older than 90 days)" if args.stale else "") + ".")
    if nodes:
        print(f"{'provider':<10} {'shape':<9} {'price':>11}  {'billing':<14} {'region':<14} {'date':<10}  source")
    for n in nodes:
        hourly = f"{money(n['usd_per_hour'])}/h"
        flag = "  (older than 90 days)" if n["stale"] else ""
        print(f"{n['provider'][:10]:<10} {n['shape']:<9} {hourly:>11}  {n['billing']:<14} {n['region'][:14]:<14} "
              f"{n['as_of']}  {n['source']} [{n['id']}, {n['confidence']}]{flag}")
    for a in apis:
        print(f"{a['provider']:<14} {a['model_ref']:<40} {a['prices']}  ({a['hours_per_week']:g} h/week)")
    return 0
