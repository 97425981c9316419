"""The app factory: a WebClient, a Bolt App, the middlewares, the listeners and the one error handler."""

from __future__ import annotations

import functools
import logging
from typing import Any

from slack_bolt import App
from slack_sdk import WebClient
from slack_sdk.http_retry.builtin_handlers import RateLimitErrorRetryHandler

from bot.context import Context
from bot.errors import UserError
from bot.slack import allow, dedupe, door, failures, health, listeners
from bot.slack.outbox import Outbox, Policy
from bot.slack.reply import Deps

log = logging.getLogger("llmcost.slack")


def api_url(context: Context) -> str:
    """SLACK_API_URL when set (a stand-in, staging), else Slack's own Web API."""
    url = context.slack.api_url or WebClient.BASE_URL
    return url if url.endswith("/") else url + "/"


def sdk_logger() -> logging.Logger:
    """The logger to give slack_sdk's clients. slack_sdk formats every request's and response's whole body
    for its debug log whenever its logger's own level is unset (it reads `logger.level`, not the effective
    level), so with its default loggers each post renders its Block Kit as text once more, for nothing."""
    logger = logging.getLogger("llmcost.slack.sdk")
    if logger.level == logging.NOTSET:
        logger.setLevel(logging.INFO)
    return logger


def web_client(token: str, context: Context) -> WebClient:
    client = WebClient(token=token, base_url=api_url(context), timeout=10, logger=sdk_logger())
    # 429s are waited out (Retry-After) and retried; other failures reach the error handler.
    client.retry_handlers.append(RateLimitErrorRetryHandler(max_retry_count=2))
    return client


def _required(value: str, name: str, why: str) -> str:
    if not value:
        raise UserError(f"set {name} ({why})")
    return value


def check_env(context: Context) -> None:
    """What `create_app` reads from the Context for HTTP mode, checked without building anything: a
    UserError naming the first variable that is missing or malformed."""
    _required(context.slack.bot_token, "SLACK_BOT_TOKEN", "the bot token, xoxb-…")
    _required(context.slack.signing_secret, "SLACK_SIGNING_SECRET", "the app's signing secret, to check requests")
    Policy.from_env(context.environ)
    door.Door.from_env(context.environ, signing_secret=None)


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
    context: Context | None = None,
) -> App:
    """Tokens come from the arguments or the Context (bot/context.py: the environment, read once by the
    entry point; the process's when not given), never from files, and are never logged.

    Questions go to the outbox (bot/slack/outbox.py), recorded before Slack gets its 200. `app.llmcost` is
    the Deps: `outbox.health()` and `store.writable()` are what readiness reads, `outbox.stop()` is for
    shutting down (what is not delivered stays in the log for the next process).
    """
    if context is None:
        from bot.context import current

        context = current()
    token = token or _required(context.slack.bot_token, "SLACK_BOT_TOKEN", "the bot token, xoxb-…")
    if signing_secret is None and not socket_mode:
        signing_secret = _required(context.slack.signing_secret, "SLACK_SIGNING_SECRET",
                                   "the app's signing secret, to check requests")
    if store is None:
        from bot.store import LogStore

        store = LogStore.open_resilient(context.db_path)
    if ask is None:
        from bot.service import ask as answer

        ask = functools.partial(answer, context=context)
    if chart is None:
        chart = context.slack.chart

    app = App(
        client=web_client(token, context),
        signing_secret=signing_secret or "",
        request_verification_enabled=not socket_mode,
        process_before_response=process_before_response,
    )
    policy = policy or Policy.from_env(context.environ)
    # The outbox's own client: no retry handlers, because retrying a post is only safe after looking for it.
    poster = WebClient(token=token, base_url=api_url(context), timeout=policy.http_timeout_s, retry_handlers=[],
                       logger=sdk_logger())
    seen = dedupe.Seen()  # this process's memory of deliveries taken in: the cheap filter before the log's claims
    outbox = Outbox(store, poster, ask=ask, chart=chart, policy=policy, seen=seen, context=context)
    deps = Deps(store=store, ask=ask, chart=chart, outbox=outbox, context=context)
    # The door: verification, allow-lists (LLMCOST_ALLOWED_*), limits and readiness checks, read here once.
    front = front or door.Door.from_env(context.environ, signing_secret=None if socket_mode else signing_secret)
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


# Questions that reach every reader of the parser (residency, gateway pain, counts × rates, mix, cache, calendar
# and city, context, Spanish), so each compiles its patterns before the first real question rather than during
# it: a reader's first use costs tens of milliseconds of regular-expression compiling, and under a burst that
# wait lands on whichever question reaches it first.
WARM_UP = (
    "can we run DeepSeek-V4.1-Flash at 300 tok/s?",
    "llama 3 70b: 12 tenants each need 250 tok/s during Tokyo business hours, inputs about 6x the outputs, "
    "cache misses around 25 %, 128k contexts, in EUR",
    "qwen3 235b at 500 tok/s; our contracts forbid customer data leaving the company, legal hasn't decided",
    "gpt-oss-120b at 300 tok/s, everyone shares one provider key and finance can't split the bill",
    "deepseek flash a 40 tok/s por usuario, 25 usuarios a la vez, los datos no pueden salir de la UE; "
    "nadie sabe quién gasta qué",
)


def warm_up(app: App) -> None:
    """Load the catalogs, the price snapshot, every parser reader's patterns, the Slack templates and (when
    charts are on) matplotlib before the first question, not during it; then set what was loaded aside from
    the garbage collector's full passes."""
    import gc

    from bot.parse.fallback import ReaderSettings
    from bot.render import views, words
    from bot.service import ask

    if app.llmcost.chart:
        from bot.render import chart  # noqa: F401  (imports matplotlib)

    for question in WARM_UP:
        # Never the second reader (a configured endpoint would get five made-up questions at every start);
        # every model named is in the catalog, so the Hub is not asked either.
        reply = ask(question, context=app.llmcost.context, reader=ReaderSettings())
        for build, name in ((views.verdict, "verdict"), (views.details, "details")):
            context = build(reply)
            words.fallback(f"{name}.txt.j2", **context)
            words.blocks(f"{name}.json.j2", **context)
    gc.collect()
    gc.freeze()
