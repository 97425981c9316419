"""`llmcost log`, `llmcost digest` and `llmcost clock`: the query log from the terminal and the schedule."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import sys
from typing import Any

from bot.context import of as context_of


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "log",
        help="recent questions from the query log",
        description="Recent questions, newest first, from the SQLite log at $LLMCOST_DB.",
    )
    p.add_argument("--model", help="only this model id (or, for unknown models, the name as asked)")
    p.add_argument("--verdict", choices=["node", "api", "gateway"], help="only answers with this verdict")
    p.add_argument("--user", metavar="USER_ID", help="only this Slack user id")
    p.add_argument("--since", metavar="DATE", help="2025-01-06, 2025-01-06T09:00, or 7d / 12h ago")
    p.add_argument("--limit", type=int, default=20, metavar="N", help="at most N rows (default 20)")
    p.add_argument("--json", action="store_true", help="print the rows as JSON")
    p.add_argument(
        "--prune-days", type=int, metavar="N", help="delete questions older than N days, then stop"
    )
    p.set_defaults(func=cmd_log)

    p = sub.add_parser(
        "digest",
        help="the weekly digest of what people asked",
        description="Last week's questions (Monday to Sunday in $LLMCOST_TZ): models, verdicts, speeds, gaps.",
    )
    p.add_argument("--days", type=int, default=7, metavar="N", help="days before this Monday (default 7)")
    p.add_argument("--this-week", action="store_true", help="preview the week so far (not for --post)")
    p.add_argument("--json", action="store_true", help="print the digest's figures as JSON")
    p.add_argument("--post", metavar="CHANNEL", help="post it to this Slack channel id (once per week)")
    p.add_argument("--force", action="store_true", help="with --post: post even if this week went out")
    p.set_defaults(func=cmd_digest)

    p = sub.add_parser(
        "clock",
        help="post the digest every Monday at 09:00 (the Procfile's clock process)",
        description="Runs until stopped; posts to $LLMCOST_DIGEST_CHANNEL every Monday 09:00 in $LLMCOST_TZ.",
    )
    p.add_argument("--channel", default=None, help="Slack channel id (default $LLMCOST_DIGEST_CHANNEL)")
    p.set_defaults(func=cmd_clock)


def team_tz(context):
    """The Context's LLMCOST_TZ (an IANA name such as Europe/Madrid), UTC when unset."""
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    from bot.errors import UserError

    name = context.slack.tz
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise UserError(
            f"LLMCOST_TZ={name!r} is not a time zone; use an IANA name such as Europe/Madrid."
        ) from None


def parse_since(text: str, tz, now: dt.datetime) -> dt.datetime:
    """A date (midnight in `tz`), a date and time (in `tz` unless it says otherwise), or `7d` / `12h` ago."""
    from bot.errors import UserError

    if m := re.fullmatch(r"\s*(\d+)\s*([dh])\s*", text):
        amount = int(m.group(1))
        return now - (dt.timedelta(days=amount) if m.group(2) == "d" else dt.timedelta(hours=amount))
    try:
        moment = dt.datetime.fromisoformat(text.strip())
    except ValueError:
        raise UserError(
            f"--since {text!r}: use a date like 2025-01-06, a time like 2025-01-06T09:00, or 7d."
        ) from None
    return moment if moment.tzinfo else moment.replace(tzinfo=tz)


def cmd_log(args: argparse.Namespace) -> int:
    from bot.errors import UserError
    from bot.store import LogStore

    tz, now = team_tz(context_of(args)), dt.datetime.now(dt.UTC)
    with LogStore.open(context_of(args).db_path) as store:
        if args.prune_days is not None:
            if args.prune_days < 0:
                raise UserError("--prune-days needs a number of days, 0 or more.")
            cutoff = now - dt.timedelta(days=args.prune_days)
            gone = store.prune(cutoff)
            print(
                f"Deleted {gone} question{'' if gone == 1 else 's'} asked before {cutoff:%Y-%m-%d %H:%M} UTC."
            )
            return 0
        rows = store.recent(
            user_id=args.user,
            model=args.model,
            verdict=args.verdict,
            since=parse_since(args.since, tz, now) if args.since else None,
            limit=max(args.limit, 0),
        )
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    elif not rows:
        print("No questions match." if _filtered(args) else "No questions logged yet.")
    else:
        print(_table(rows, tz))
    return 0


def _filtered(args: argparse.Namespace) -> bool:
    return any((args.model, args.verdict, args.user, args.since))


def _table(rows: list[dict[str, Any]], tz) -> str:
    from bot.render.formats import money


    header = ("asked", "surface", "model", "tok/s", "answer", "node/mo", "API/mo", "question")
    lines = [header]
    for r in rows:
        asked = dt.datetime.fromisoformat(r["asked_at"]).astimezone(tz)
        answer = r["verdict"] or ("error" if r["error"] else (r["status"] or ""))
        text = " ".join(r["text"].split())
        lines.append(
            (
                f"{asked:%Y-%m-%d %H:%M}",
                r["surface"],
                r["model"] or "",
                "" if r["slo_tok_s"] is None else f"{r['slo_tok_s']:g}",
                answer,
                "" if r["node_usd_per_month"] is None else money(r["node_usd_per_month"]),
                "" if r["api_usd_per_month"] is None else money(r["api_usd_per_month"]),
                text if len(text) <= 48 else text[:47] + "…",
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip() for line in lines
    )


def cmd_digest(args: argparse.Namespace) -> int:
    from bot import digest
    from bot.errors import UserError
    from bot.store import LogStore

    if args.days < 1:
        raise UserError("--days needs at least 1.")
    if args.force and not args.post:
        raise UserError("--force only matters with --post CHANNEL.")
    if args.this_week and args.post:
        raise UserError("--this-week is a preview; the week is posted once it is over (without --this-week).")
    ctx = context_of(args)
    tz = team_tz(ctx)
    now = dt.datetime.now(dt.UTC)
    with LogStore.open(ctx.db_path) as store:
        win = digest.this_week(now, tz) if args.this_week else digest.window(now, tz, args.days)
        summary = digest.summarise(store, win, digest.catalog_names(ctx.catalogs))
        outcome = (digest.post(store, summary, args.post, force=args.force, client=digest.slack_client(ctx))
                   if args.post else None)
    if args.json:
        print(json.dumps(summary | ({"post": outcome} if outcome else {}), indent=2, ensure_ascii=False))
    elif not outcome:
        print(digest.render_text(summary, slack=False))
    if outcome:
        print(_posted(outcome), file=sys.stderr if args.json else sys.stdout)
    return 0


def _posted(outcome: dict[str, Any]) -> str:
    if outcome["posted"]:
        return f"Posted the {outcome['week']} digest to {outcome['channel']}."
    return f"The {outcome['week']} digest was already posted to {outcome['channel']}; --force posts it again."


def clock_job(channel: str, tz, context=None):
    """What the clock runs each Monday: last week's digest, posted once to `channel`. `context` is the
    clock process's (bot/context.py), the process's when not given."""
    from bot import digest
    from bot.context import current
    from bot.store import LogStore

    def job(now: dt.datetime) -> dict[str, Any]:
        ctx = context or current()
        with LogStore.open(ctx.db_path) as store:
            summary = digest.summarise(store, digest.window(now, tz), digest.catalog_names(ctx.catalogs))
            if not digest.worth_posting(summary):
                digest.log.info("no questions in %s nor the week before: no digest", summary["week"])
                return {"posted": False, "week": summary["week"], "channel": channel, "reason": "quiet week"}
            outcome = digest.post(store, summary, channel, client=digest.slack_client(ctx))
        digest.log.info(_posted(outcome))
        return outcome

    return job


def cmd_clock(args: argparse.Namespace) -> int:
    import logging

    from bot import digest
    from bot.errors import UserError

    ctx = context_of(args)
    channel = args.channel or ctx.slack.digest_channel
    if not channel:
        raise UserError(
            "Set LLMCOST_DIGEST_CHANNEL (or --channel) to the Slack channel id the digest goes to."
        )
    digest.slack_client(ctx)  # fail now, not next Monday, when SLACK_BOT_TOKEN is missing
    tz = team_tz(ctx)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    due = digest.next_post_time(dt.datetime.now(dt.UTC), tz)
    digest.log.info("posting the weekly digest to %s every Monday 09:00 %s; next %s", channel, tz, due)
    digest.run_clock(clock_job(channel, tz, ctx), tz)
    return 0
