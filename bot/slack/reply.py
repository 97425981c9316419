"""The glue every listener shares: question -> bot.service.ask -> log -> post the verdict, then the thread."""

from __future__ import annotations

import logging
import re
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError

from bot.slack import views, words

log = logging.getLogger("llmcost.slack")

# Posting where the bot has not been invited fails with one of these.
NOT_IN_CHANNEL = frozenset({"not_in_channel", "channel_not_found", "is_archived"})
_BOT_MENTION = re.compile(r"<@[UW][A-Z0-9]+(?:\|[^>]*)?>")


class Store(Protocol):
    def log(self, **fields: Any) -> int | None: ...

    def recent(self, **filters: Any) -> list[dict]: ...


@dataclass
class Deps:
    """What listeners need beyond Bolt's arguments; reaches them as `context["llmcost"]`."""

    store: Store
    ask: Any  # bot.service.ask, or a stand-in in tests
    chart: bool = True
    extra: dict = field(default_factory=dict)


@dataclass
class Where:
    """Where an answer goes: the channel, and the thread (None: a new top-level message)."""

    channel: str
    thread_ts: str | None
    user_id: str | None = None
    team_id: str | None = None


def question_from(text: str | None) -> str:
    """What the person typed: Slack's escaping undone, mentions of the bot and control characters dropped."""
    return words.clean(words.slack_unescape(_BOT_MENTION.sub(" ", text or ""))).strip()


def answer(
    deps: Deps,
    client: WebClient,
    *,
    surface: str,
    text: str,
    where: Where,
    event_id: str | None = None,
    retried: bool = False,
    overrides: dict[str, Any] | None = None,
    respond: Any = None,
) -> None:
    """Answer one question. The log row is written before anything is posted, so a Slack failure never
    loses it; an error from the engine is logged with the question, then handed to the @app.error handler."""
    who = {"team_id": where.team_id, "channel_id": where.channel, "user_id": where.user_id, "event_id": event_id}
    try:
        reply = deps.ask(text, overrides or None)
    except Exception as exc:
        deps.store.log(surface=surface, text=text, error=f"{type(exc).__name__}: {exc}", **who)
        raise
    row = deps.store.log(surface=surface, text=text, reply=reply, **who)
    if row is None and event_id and retried:
        log.info("event %s was answered before (Slack retry %s); not answering twice", event_id, retried)
        return
    post(deps, client, reply, where, overrides or {}, respond=respond)


def post(deps: Deps, client: WebClient, reply: Any, where: Where, overrides: dict[str, Any], respond: Any = None) -> None:
    """The verdict message, then (for a full answer) the details and the chart in its thread.

    With `respond` (a slash command), a channel the bot is not in gets the answer as an ephemeral reply.
    """
    verdict = views.verdict(reply, overrides=overrides, user_id=where.user_id)
    details = views.details(reply) if reply.answer.status == "ok" else None
    try:
        sent = client.chat_postMessage(
            channel=where.channel,
            thread_ts=where.thread_ts,
            text=words.fallback("verdict.txt.j2", **verdict),
            blocks=words.blocks("verdict.json.j2", **verdict),
            unfurl_links=False,
            unfurl_media=False,
        )
    except SlackApiError as exc:
        if respond is None or exc.response.get("error") not in NOT_IN_CHANNEL:
            raise
        respond(response_type="ephemeral", text=words.fallback("verdict.txt.j2", **verdict),
                blocks=words.blocks("verdict.json.j2", **verdict))
        if details:
            respond(response_type="ephemeral", text=words.fallback("details.txt.j2", **details),
                    blocks=words.blocks("details.json.j2", **details))
        return
    if details is None:
        return
    thread = where.thread_ts or sent["ts"]
    client.chat_postMessage(
        channel=where.channel,
        thread_ts=thread,
        text=words.fallback("details.txt.j2", **details),
        blocks=words.blocks("details.json.j2", **details),
        unfurl_links=False,
        unfurl_media=False,
    )
    if deps.chart:
        _charts.submit(upload_chart, client, reply, where.channel, thread).add_done_callback(_report)


# Drawing a chart is CPU work (~0.1 s) that holds the GIL: one drawer thread keeps a burst of questions
# from starving the verdicts, which go out first on the listener threads.
_charts = ThreadPoolExecutor(max_workers=1, thread_name_prefix="llmcost-chart")


def _report(done: Future) -> None:
    if (error := done.exception()) is not None:
        log.error("could not draw or upload a chart", exc_info=error)


def upload_chart(client: WebClient, reply: Any, channel: str, thread_ts: str) -> None:
    """The chart is the last, optional part of an answer: a failed upload is logged, not shouted."""
    from bot.slack import chart

    image = chart.png(reply)
    if image is None:
        return
    labels = words.data("chart.json.j2", model_name=reply.answer.model_name or "", node_name=_node_name(reply))
    try:
        client.files_upload_v2(
            channel=channel,
            thread_ts=thread_ts,
            file=image,
            filename="llmcost-chart.png",
            title=labels["file_title"],
            alt_txt=labels["alt"],
        )
    except SlackApiError as exc:
        log.warning("chart upload failed: %s", exc.response.get("error"))


def _node_name(reply: Any) -> str:
    fit = reply.answer.fit
    node = next((n for n in fit.nodes if n.id == fit.chosen_node), None) if fit else None
    return node.name if node else ""
