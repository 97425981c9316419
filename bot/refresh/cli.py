"""`llmcost refresh`: current offers into a dated local snapshot, and a report of what was kept and why not."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
from pathlib import Path

from bot.context import of as context_of


def register(sub: argparse._SubParsersAction) -> None:
    refresh = sub.add_parser("refresh", help="pull current node offers (gpuhunt) and API list prices "
                                             "(genai-prices) into dated local snapshots")
    refresh.add_argument("--url", help="gpuhunt catalog base URL (default: $GPUHUNT_CATALOG_URL, else dstack's)")
    refresh.add_argument("--providers", help="comma-separated gpuhunt providers (default: all it publishes)")
    refresh.add_argument("--out", type=Path, help="snapshot file (default: $LLMCOST_OFFERS_FILE, else the "
                                                  "user data directory)")
    refresh.add_argument("--apis-url", help="genai-prices data URL (default: $LLMCOST_GENAI_PRICES_URL, else "
                                            "genai-prices' own)")
    refresh.add_argument("--no-apis", action="store_true", help="refresh node offers only")
    refresh.add_argument("--timeout", type=float, default=30, help="seconds per download (default 30)")
    refresh.add_argument("--json", action="store_true", help="print the report as JSON")
    refresh.set_defaults(func=run_refresh)


def run_refresh(args: argparse.Namespace) -> int:
    from bot.errors import UserError
    from bot.refresh import offers

    ctx = context_of(args)
    base_url = args.url or ctx.refresh.gpuhunt_url or offers.DSTACK_URL
    providers = tuple(p.strip().lower() for p in args.providers.split(",")) if args.providers else offers.PROVIDERS
    unknown = [p for p in providers if p not in offers.PROVIDERS]
    if unknown:
        raise UserError(f"unknown gpuhunt provider(s) {', '.join(unknown)}; known: {', '.join(offers.PROVIDERS)}")
    now = dt.datetime.now(dt.UTC)
    pulled = offers.pull(base_url, ctx.catalogs.gpus, providers=providers, timeout=args.timeout,
                         today=now.date())
    target = args.out or ctx.offers_path
    written = False
    if pulled.offers:
        write_snapshot(target, pulled.snapshot(now))
        written = True
    report = {
        "source": pulled.base_url, "observed": pulled.observed.isoformat(), "versions": pulled.versions,
        "kept": pulled.kept, "failed": pulled.failed, "unmodelled_gpus": pulled.unmodelled,
        "rejected": [vars(r) for r in pulled.rejected], "snapshot": str(target) if written else None,
        "offers": len(pulled.offers), "apis": _refresh_apis(args, now),
    }
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(text(report))
    if not written:
        raise UserError(f"no offers were read from {pulled.base_url}; the previous snapshot (if any) is kept")
    return 0


def write_snapshot(target: Path, snapshot: dict) -> None:
    """Write atomically, and only a snapshot the catalog loader accepts: answers never see a broken file."""
    from costcore.catalog import load_catalogs

    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(json.dumps(snapshot, indent=1, ensure_ascii=False), encoding="utf-8")
    try:
        load_catalogs(offers_snapshot=tmp)
    except Exception:
        tmp.unlink(missing_ok=True)
        raise
    os.replace(tmp, target)


def _refresh_apis(args: argparse.Namespace, now: dt.datetime) -> str:
    """API list prices through genai-prices' own update mechanism (bot/refresh/apis.py), into a dated
    snapshot the next answers use. A failure is reported and keeps the previous snapshot."""
    if args.no_apis:
        return "not refreshed (--no-apis)"
    from bot.refresh.apis import RefreshFailed, refresh_apis

    ctx = context_of(args)
    try:
        done = refresh_apis(url=args.apis_url or ctx.refresh.genai_prices_url or None, directory=ctx.prices_dir, now=now,
                            timeout_s=args.timeout, catalogs=ctx.catalogs)
    except RefreshFailed as exc:
        return f"not refreshed, the previous snapshot is kept: {exc}"
    line = f"{done.providers} providers, {done.models} models from {done.url}, saved to {done.path}"
    if done.missing:
        line += f"; no longer listed: {', '.join(done.missing)}"
    if done.deprecated:
        line += f"; now deprecated: {', '.join(done.deprecated)}"
    return line


def text(report: dict) -> str:
    from bot.render.formats import money

    lines = [f"Node offers from gpuhunt: {report['source']} (observed {report['observed']})"]
    for provider, version in report["versions"].items():
        lines.append(f"  {provider:<11} version {version}: {report['kept'].get(provider, 0)} offers kept")
    for provider, why in report["failed"].items():
        lines.append(f"  {provider:<11} not refreshed: {why}")
    if report["unmodelled_gpus"]:
        names = ", ".join(f"{k} ({v})" for k, v in sorted(report["unmodelled_gpus"].items()))
        lines.append(f"  skipped, GPUs not in gpus.yaml: {names}")
    if report["rejected"]:
        lines.append(f"Rejected, outside their GPU's sanity bounds ({len(report['rejected'])}):")
        for r in report["rejected"]:
            lines.append(f"  {r['provider']} {r['instance']} {r['location']} {r['gpu_count']}×{r['gpu']} "
                         f"{money(r['usd_per_hour'])}/h: {r['reason']}")
    if report["snapshot"]:
        lines.append(f"Snapshot: {report['snapshot']} ({report['offers']} offers). Answers use it from now on; "
                     "delete the file to go back to the shipped catalog.")
    lines.append(f"API prices: {report['apis']}")
    return "\n".join(lines) + "\n"
