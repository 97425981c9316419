"""The weekly digest: what people asked last week, summed from the log, rendered from prompts/, posted once.

Weeks are ISO weeks in the team's time zone (LLMCOST_TZ): a question asked on Monday at 00:30 in Madrid
belongs to the new week there, although it is still Sunday in UTC.
"""

from __future__ import annotations

import datetime as dt
import logging
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from bot.render.digest import render_blocks, render_text
from bot.store import LogStore

log = logging.getLogger("llmcost.digest")

POST_WEEKDAY = 0  # Monday
POST_TIME = dt.time(9, 0)
RETRY_AFTER = dt.timedelta(minutes=15)
TOP = 10  # rows per list; Slack caps a section at 3,000 characters
CLOSED, UNKNOWN = "not_self_hostable", "unknown_model"
HUB_PREFIX = "hub:"  # costcore.hubfacts.hub_model_id: a model answered from the Hub, not the catalog


@dataclass(frozen=True)
class Window:
    """The week a digest reports: [start, end) in local time, and the same span before it."""

    week: str  # ISO week of the reported days, e.g. "2025-W01": the key that stops double posts
    start: dt.datetime
    end: dt.datetime
    previous_start: dt.datetime
    previous_end: dt.datetime | None = None  # None: the previous span ends where this one starts
    so_far: bool = False  # the week in progress (a preview), not a finished week


def window(now: dt.datetime, tz: ZoneInfo, days: int = 7) -> Window:
    """The last full week before `now` (Monday 00:00 to Monday 00:00 in `tz`), or the `days` before it."""
    local = now.astimezone(tz)
    this_monday = local.date() - dt.timedelta(days=local.weekday())
    reported_monday = this_monday - dt.timedelta(days=7)
    year, week, _ = reported_monday.isocalendar()

    def midnight(day: dt.date) -> dt.datetime:  # local midnight, whatever DST did in between
        return dt.datetime.combine(day, dt.time(0), tzinfo=tz)

    return Window(
        week=f"{year}-W{week:02d}",
        start=midnight(this_monday - dt.timedelta(days=days)),
        end=midnight(this_monday),
        previous_start=midnight(this_monday - dt.timedelta(days=2 * days)),
    )


def this_week(now: dt.datetime, tz: ZoneInfo) -> Window:
    """The week so far (Monday 00:00 in `tz` to `now`), against the same stretch of the week before."""
    monday = now.astimezone(tz).date() - dt.timedelta(days=now.astimezone(tz).weekday())
    year, week, _ = monday.isocalendar()
    start = dt.datetime.combine(monday, dt.time(0), tzinfo=tz)
    previous_start = dt.datetime.combine(monday - dt.timedelta(days=7), dt.time(0), tzinfo=tz)
    return Window(week=f"{year}-W{week:02d}", start=start, end=now, previous_start=previous_start,
                  previous_end=previous_start + (now - start), so_far=True)


def worth_posting(summary: dict[str, Any]) -> bool:
    """A week with questions, or the first quiet week after one (said once, in a line); quiet weeks
    after that are not posted at all."""
    return bool(summary["questions"] or summary["previous_questions"])


def catalog_names(catalogs) -> dict[str, str]:
    """Catalog ids to the names people know."""
    return {model.id: model.name for model in catalogs.models.values()}


# Answered in a DM or the terminal: not a channel people can join.
PRIVATE_SURFACES = frozenset({"dm", "cli", "form"})


def summarise(store: LogStore, win: Window, names: dict[str, str] | None = None) -> dict[str, Any]:
    """Everything the digest says, as plain JSON-able data (`llmcost digest --json` prints it).

    `names` maps catalog ids to the names people know (the catalog's, by default)."""
    if names is None:
        from bot.context import current

        names = catalog_names(current().catalogs)
    rows = store.between(win.start, win.end)
    before = store.between(win.previous_start, win.previous_end or win.start)
    asked, asked_before = _models(rows), _models(before)
    speeds = [r["slo_tok_s"] for r in rows if r["slo_tok_s"] is not None]
    places = Counter(r["channel_id"] for r in rows if r["channel_id"] and r["surface"] not in PRIVATE_SURFACES)
    return {
        "week": win.week,
        "tz": str(win.start.tzinfo),
        "start": win.start.isoformat(),
        "end": win.end.isoformat(),
        "days": (win.end.date() - win.start.date()).days,
        "first_day": win.start.date().isoformat(),
        "last_day": (win.end.astimezone(win.start.tzinfo) - dt.timedelta(microseconds=1)).date().isoformat(),
        "so_far": win.so_far,
        "questions": len(rows),
        "previous_questions": len(before),
        "models": [{"model": m, "name": names.get(m, m), "count": n, "previous": asked_before.get(m, 0)}
                   for m, n in _top(asked)],
        "more_models": max(0, len(asked) - TOP),
        "new_models": sorted(set(asked) - set(asked_before)),
        "verdicts": {v: sum(1 for r in rows if r["verdict"] == v) for v in ("node", "api", "gateway")}
        | {"none": sum(1 for r in rows if r["verdict"] is None)},
        "tok_s": {
            "asked": len(speeds),
            "median": statistics.median(speeds) if speeds else None,
            "max": max(speeds, default=None),
        },
        "channels": [{"channel_id": c, "count": n} for c, n in _top(places, 5)],
        "direct_messages": sum(1 for r in rows if r["surface"] in ("dm", "form")),
        "cli": sum(1 for r in rows if r["surface"] == "cli"),
        "unknown_models": [{"model": m, "count": n} for m, n in _top(_models(rows, UNKNOWN))],
        "closed_models": [{"model": m, "count": n} for m, n in _top(_models(rows, CLOSED))],
        "hub_models": [{"model": m.removeprefix(HUB_PREFIX), "count": n} for m, n in _top(_hub_models(rows))],
        "errors": sum(1 for r in rows if r["error"]),
    }


def _models(rows: list[dict], status: str | None = None) -> Counter:
    """Catalog models asked (status None), or the raw names behind unknown or closed answers."""
    if status is None:
        return Counter(r["model"] for r in rows if r["model"] and r["status"] not in (UNKNOWN, CLOSED)
                       and not r["model"].startswith(HUB_PREFIX))
    return Counter(r["model"].strip() for r in rows if r["model"] and r["status"] == status)


def _hub_models(rows: list[dict]) -> Counter:
    """Models answered from the Hub's facts: still catalog gaps, though the asker got an answer."""
    return Counter(r["model"] for r in rows if r["model"] and r["model"].startswith(HUB_PREFIX))


def _top(counts: Counter, n: int = TOP) -> list[tuple[str, int]]:
    return sorted(counts.items(), key=lambda item: (-item[1], item[0].lower()))[:n]


# -- posting -------------------------------------------------------------------------------------------


def slack_client(context=None):
    """A WebClient with the Context's SLACK_BOT_TOKEN and SLACK_API_URL (the process's when not given)."""
    from slack_sdk import WebClient
    from slack_sdk.http_retry.builtin_handlers import RateLimitErrorRetryHandler

    from bot.context import current
    from bot.errors import UserError

    slack = (context or current()).slack
    token = slack.bot_token
    if not token:
        raise UserError("SLACK_BOT_TOKEN is not set; posting the digest needs the bot's token.")
    # Only 429s are retried by the client (a refusal is safe to repeat); a post whose answer never came is
    # looked for in the channel before it is sent again (see `post`).
    return WebClient(token=token, base_url=slack.api_url or WebClient.BASE_URL,
                     retry_handlers=[RateLimitErrorRetryHandler(max_retry_count=2)])


EVENT_TYPE = "llmcost_digest"  # the message metadata that finds a digest post in the channel
STALE_CLAIM = dt.timedelta(minutes=10)  # a claim this old and never posted was left by a trigger that died


def post(store: LogStore, summary: dict[str, Any], channel: str, *, force: bool = False, client=None) -> dict:
    """Post the digest to `channel` once per ISO week (recorded in the log), or again with `force`.

    The week is claimed before posting. A refusal from Slack gives the claim back; a post whose answer never
    came (timeout, 5xx) keeps it, marked uncertain, and the next trigger looks for the digest's metadata in
    the channel before trying again, so a digest Slack took after the client gave up is not posted twice.
    """
    week = summary["week"]
    outcome = {"week": week, "channel": channel}
    if not force and not store.claim_digest(week, channel):
        claim = store.digest_claim(week, channel) or {}
        if claim.get("posted_at") or not _unfinished(claim):
            return outcome | {"posted": False, "reason": "already posted"}
        client = client or slack_client()
        since = dt.datetime.fromisoformat(claim["claimed_at"]) if claim.get("claimed_at") else None
        ts = _find(client, channel, week, since)
        if ts is not None:
            log.info("the %s digest was in %s already (ts %s): not posting it again", week, channel, ts)
            store.record_digest(week, channel, ts)
            return outcome | {"posted": False, "reason": "already posted", "ts": ts}
        if not store.retake_digest(week, channel, claim.get("claimed_at")):
            return outcome | {"posted": False, "reason": "already posted"}
    try:
        response = (client or slack_client()).chat_postMessage(
            channel=channel, text=render_text(summary), blocks=render_blocks(summary),
            metadata={"event_type": EVENT_TYPE, "event_payload": {"week": week, "channel": channel}},
        )
    except BaseException as exc:
        if not force:
            if _uncertain(exc):
                store.digest_uncertain(week, channel)
            else:
                store.release_digest(week, channel)
        raise
    store.record_digest(week, channel, response.get("ts"))
    return outcome | {"posted": True, "ts": response.get("ts")}


def _unfinished(claim: dict) -> bool:
    """Claimed, never recorded as posted, and either uncertain or left long ago."""
    if claim.get("uncertain"):
        return True
    claimed = claim.get("claimed_at")
    return claimed is None or dt.datetime.fromisoformat(claimed) < dt.datetime.now(dt.UTC) - STALE_CLAIM


def _uncertain(exc: BaseException) -> bool:
    """Might Slack have posted it anyway? Yes after a timeout, a dropped connection or a 5xx."""
    import http.client

    from slack_sdk.errors import SlackApiError

    if isinstance(exc, SlackApiError):
        return exc.response.status_code >= 500
    return isinstance(exc, OSError | http.client.HTTPException)


def _find(client: Any, channel: str, week: str, since: dt.datetime | None) -> str | None:
    from bot.slack.metadata import find_message

    oldest = (since or dt.datetime.now(dt.UTC) - dt.timedelta(days=7)).timestamp() - 60
    return find_message(client, channel, EVENT_TYPE, {"week": week, "channel": channel}, oldest=oldest)


# -- the clock: every Monday at 09:00 local ------------------------------------------------------------


def next_post_time(now: dt.datetime, tz: ZoneInfo) -> dt.datetime:
    """The first Monday 09:00 in `tz` strictly after `now`."""
    local = now.astimezone(tz)
    monday = local.date() - dt.timedelta(days=local.weekday() - POST_WEEKDAY)
    due = dt.datetime.combine(monday, POST_TIME, tzinfo=tz)
    if due <= local:
        due = dt.datetime.combine(monday + dt.timedelta(days=7), POST_TIME, tzinfo=tz)
    return due


def run_clock(
    job: Callable[[dt.datetime], object],
    tz: ZoneInfo,
    *,
    now: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC),
    sleep: Callable[[float], object] = time.sleep,
    keep_going: Callable[[], bool] = lambda: True,
    max_nap_s: float = 300.0,
) -> None:
    """Call `job(now)` every Monday at 09:00 in `tz`; the clock and the sleep are injectable for tests.

    Naps are short so a suspended host or a DST change cannot oversleep by much. A clock started on a
    Monday after 09:00 posts at once (posting is idempotent, so a restart never double-posts). A failed
    post is retried every 15 minutes until the Monday is over.
    """
    local = now().astimezone(tz)
    started_on_post_day = local.weekday() == POST_WEEKDAY and local.time() >= POST_TIME
    due = now() if started_on_post_day else next_post_time(now(), tz)
    while keep_going():
        current = now()
        if current < due:
            sleep(min((due - current).total_seconds(), max_nap_s))
            continue
        try:
            job(current)
            due = next_post_time(current, tz)
        except Exception:  # the clock outlives a Slack outage: log it and try again soon
            log.exception("posting the weekly digest failed")
            retry = current + RETRY_AFTER
            same_day = retry.astimezone(tz).date() == current.astimezone(tz).date()
            due = retry if same_day else next_post_time(current, tz)
