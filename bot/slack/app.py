"""The app factory: a WebClient, a Bolt App, the middlewares, the listeners and the one error handler."""

from __future__ import annotations

import logging
import os
from typing import Any

from slack_bolt import App
from slack_sdk import WebClient
from slack_sdk.http_retry.builtin_handlers import RateLimitErrorRetryHandler

from bot.errors import UserError
from bot.slack import allow, dedupe, door, failures, health, listeners
from bot.slack.outbox import Outbox, Policy
from bot.slack.reply import Deps

log = logging.getLogger("llmcost.slack")


def api_url() -> str:
    """SLACK_API_URL when set (a stand-in, staging), else Slack's own Web API."""
    url = os.environ.get("SLACK_API_URL", "").strip() or WebClient.BASE_URL
    return url if url.endswith("/") else url + "/"


def sdk_logger() -> logging.Logger:
    """The logger to give slack_sdk's clients. slack_sdk formats every request's and response's whole body
    for its debug log whenever its logger's own level is unset (it reads `logger.level`, not the effective
    level), so with its default loggers each post renders its Block Kit as text once more, for nothing."""
    logger = logging.getLogger("llmcost.slack.sdk")
    if logger.level == logging.NOTSET:
        logger.setLevel(logging.INFO)
    return logger


def web_client(token: str) -> WebClient:
    client = WebClient(token=token, base_url=api_url(), timeout=10, logger=sdk_logger())
    # 429s are waited out (Retry-After) and retried; other failures reach the error handler.
    client.retry_handlers.append(RateLimitErrorRetryHandler(max_retry_count=2))
    return client


def _env(name: str, why: str) -> str:
    value = os.environ.get(name, "").strip()
    if not value:
        raise UserError(f"set {name} ({why})")
    return value


def check_env() -> None:
    """What `create_app` reads from the environment for HTTP mode, checked without building anything: a
    UserError naming the first variable that is missing or malformed."""
    _env("SLACK_BOT_TOKEN", "the bot token, xoxb-…")
    _env("SLACK_SIGNING_SECRET", "the app's signing secret, to check requests")
    Policy.from_env(os.environ)
    door.Door.from_env(os.environ, signing_secret=None)


def create_app(
    *,
    token: str | None = None,
    signing_secret: str | None = None,
    socket_mode: bool = False,
    store: Any = None,
    ask: Any = None,
    chart: bool | None = None,
    process_before_response: bool = False,
    front: door.Door | None = None,
    policy: Policy | None = None,
) -> App:
    """Tokens come from the arguments or the environment, never from files, and are never logged.

    Questions go to the outbox (bot/slack/outbox.py), recorded before Slack gets its 200. `app.llmcost` is
    the Deps: `outbox.health()` and `store.writable()` are what readiness reads, `outbox.stop()` is for
    shutting down (what is not delivered stays in the log for the next process).
    """
    token = token or _env("SLACK_BOT_TOKEN", "the bot token, xoxb-…")
    if signing_secret is None and not socket_mode:
        signing_secret = _env("SLACK_SIGNING_SECRET", "the app's signing secret, to check requests")
    if store is None:
        from bot.store import LogStore

        store = LogStore.open_resilient()
    if ask is None:
        from bot.service import ask
    if chart is None:
        chart = os.environ.get("LLMCOST_SLACK_CHART", "1").strip().lower() not in ("0", "false", "no", "off")

    app = App(
        client=web_client(token),
        signing_secret=signing_secret or "",
        request_verification_enabled=not socket_mode,
        process_before_response=process_before_response,
    )
    policy = policy or Policy.from_env(os.environ)
    # The outbox's own client: no retry handlers, because retrying a post is only safe after looking for it.
    poster = WebClient(token=token, base_url=api_url(), timeout=policy.http_timeout_s, retry_handlers=[],
                       logger=sdk_logger())
    seen = dedupe.Seen()  # this process's memory of deliveries taken in: the cheap filter before the log's claims
    outbox = Outbox(store, poster, ask=ask, chart=chart, policy=policy, seen=seen)
    deps = Deps(store=store, ask=ask, chart=chart, outbox=outbox)
    # The door: verification, allow-lists (LLMCOST_ALLOWED_*), limits and readiness checks, read here once.
    front = front or door.Door.from_env(os.environ, signing_secret=None if socket_mode else signing_secret)
    front.ready_check("log", health.log_writable(store))
    front.ready_check("outbox", outbox.ready_problem)
    door.attach(app, front)

    def provide_deps(context: dict, next: Any) -> None:
        context["llmcost"] = deps
        next()

    app.middleware(allow.middleware(front.allow))
    app.middleware(dedupe.middleware(seen))
    app.middleware(provide_deps)
    listeners.register(app)
    app.error(failures.handler(front))
    app.llmcost = deps
    outbox.start()
    return app


def warm_up(chart: bool = True) -> None:
    """Load the catalogs, the price snapshot and (when charts are drawn) matplotlib before the first question,
    not during it; then set what was loaded aside from the garbage collector's full passes."""
    import gc

    from bot.service import ask

    if chart:
        from bot.render import chart as _  # noqa: F401  (imports matplotlib)
    ask("can we run DeepSeek-V4.1-Flash at 300 tok/s?")
    gc.collect()
    gc.freeze()
