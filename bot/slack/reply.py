"""Delivering one outbox job: question -> bot.service.ask -> the row's figures -> the verdict, then the thread.

Each Slack message of a job is posted once: it carries message metadata (`llmcost_answer`, the job's uid and
the part), and when an earlier try may have reached Slack without us seeing the answer (a timeout, a 5xx, a
crash between Slack accepting it and the job being marked) the thread or channel is searched for it before
posting again. 429s wait out Retry-After; 5xx, timeouts and network errors back off exponentially, up to the
policy's deadline. How it ended goes on the question's row.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import http.client
import logging
import random
import re
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from slack_sdk.errors import SlackApiError, SlackRequestError

from bot.render import views, words
from bot.slack.metadata import find_message
from bot.store import StoreUnavailable

log = logging.getLogger("llmcost.slack")

EVENT_TYPE = "llmcost_answer"  # the message metadata that lets a job find its own post
# Posting where the bot has not been invited fails with one of these.
NOT_IN_CHANNEL = frozenset({"not_in_channel", "channel_not_found", "is_archived"})
# Slack's own words for "try again later" on a 200 or a 5xx.
TRANSIENT = frozenset({"internal_error", "fatal_error", "service_unavailable", "request_timeout", "ratelimited"})
_BOT_MENTION = re.compile(r"<@[UW][A-Z0-9]+(?:\|[^>]*)?>")
T = TypeVar("T")


class Store(Protocol):
    def log(self, **fields: Any) -> int | None: ...

    def recent(self, **filters: Any) -> list[dict]: ...


@dataclass
class Deps:
    """What listeners need beyond Bolt's arguments; reaches them as `context["llmcost"]`."""

    store: Store
    ask: Any  # bot.service.ask, or a stand-in in tests
    chart: bool = True
    outbox: Any = None  # bot.slack.outbox.Outbox
    context: Any = None  # bot.context.Context, built once by the entry point
    extra: dict = field(default_factory=dict)


@dataclass
class Where:
    """Where an answer goes: the channel, and the thread (None: a new top-level message)."""

    channel: str | None
    thread_ts: str | None
    user_id: str | None = None
    team_id: str | None = None


def answer(deps: Deps, client: Any = None, *, surface: str, text: str, where: Where, event_id: str | None = None,
           retried: bool = False, overrides: dict[str, Any] | None = None, respond: Any = None) -> str:
    """For a listener that has acknowledged already: the question joins the outbox (answered, and its end
    recorded, like any other). A listener that can should record before its ack, as the mention, slash
    command and button listeners do."""
    from bot.slack.outbox import Job

    job = Job(kind="answer", surface=surface, text=text, channel_id=where.channel, thread_ts=where.thread_ts,
              user_id=where.user_id, team_id=where.team_id, event_id=event_id, overrides=dict(overrides or {}),
              response_url=getattr(respond, "response_url", None),
              keys=(f"event:{event_id}",) if event_id else ())
    return deps.outbox.accept(job, retry="yes" if retried else None)


def question_from(text: str | None) -> str:
    """What the person typed: Slack's escaping undone, mentions of the bot and control characters dropped."""
    return words.clean(words.slack_unescape(_BOT_MENTION.sub(" ", text or ""))).strip()


class Undeliverable(Exception):
    """The job cannot be delivered; the message is what its row says."""


class Stopping(Exception):
    """The process is stopping: the job stays in the log for the next one."""


class NotInChannel(Exception):
    pass


class Later(Exception):
    """The verdict is delivered; `step` (the details, the chart) runs when the outbox has no verdicts waiting."""

    def __init__(self, step: Callable[[], None]):
        super().__init__("the rest of the answer comes later")
        self.step = step


class Delivery:
    """One job, from the engine to Slack."""

    def __init__(self, box: Any, job: Any, *, leased_at: float = 0.0):
        self.box, self.job, self.policy = box, job, box.policy
        self.leased_at = leased_at  # time.monotonic() when this process leased the job
        self.client = box.client
        self.deadline = job.asked + dt.timedelta(seconds=self.policy.deadline_s)
        self.note: str | None = job.note

    def run(self, step: Callable[[], None] | None = None) -> bool:
        """Deliver the job, or (`step`) the rest of it that was put off; True when the rest is put off (Later:
        the outbox runs it when no verdict waits). Undeliverable and Stopping end it here; any other exception
        is a bug, for the outbox to retry a few times and then record."""
        job = self.job
        if job.id is None and job.question_id is None and job.kind == "answer":
            job.question_id = self.box.store.log(
                surface=job.surface, text=job.text, team_id=job.team_id, channel_id=job.channel_id,
                user_id=job.user_id, event_id=job.event_id, delivery="pending", delivery_error=job.note)
        try:
            if step is not None:
                step()
            elif dt.datetime.now(dt.UTC) > self.deadline:
                raise Undeliverable(f"expired: not delivered within {self.policy.deadline_s:g} s of being asked")
            elif job.kind == "command":
                self._command()
            else:
                self._answer()
        except Undeliverable as exc:
            log.warning("%s from %s not delivered: %s", job.surface, job.user_id, exc)
            self._finish("failed", str(exc))
        except Stopping:
            log.info("stopping: job %s stays in the outbox", job.id)
        except Later as later:
            self.box.later(self, later.step)
            return True
        else:
            self._finish("delivered", self.note)
        return False

    def give_up(self, error: str) -> None:
        """A bug kept the job from being delivered: the asker hears something went wrong (unless the verdict
        already reached them), and the row says why."""
        if not (self.job.answered or self.job.verdict_ts):
            with contextlib.suppress(Exception):
                self._apologise()
        self._finish("failed", error)

    def _finish(self, state: str, error: str | None) -> None:
        job = self.job
        end = {"job_id": job.id, "question_id": job.question_id, "state": state, "error": error,
               "verdict_ts": job.verdict_ts, "attempts": job.attempts}
        try:
            self.box.store.finish(**end)
        except StoreUnavailable as exc:
            log.error("job %s ended (%s) but the log could not record it (%s); trying again later", job.uid,
                      state, exc)
            if job.id is not None:
                self.box.unrecorded[job.id] = end

    def _mark(self, **fields: Any) -> None:
        """Remember progress on the job (in the log when it has a row) before the next step."""
        for name, value in fields.items():
            setattr(self.job, name, value)
        if self.job.id is not None:
            try:
                self.box.store.update_job(self.job.id, **fields)
            except StoreUnavailable as exc:
                log.warning("could not record the progress of job %s (%s)", self.job.id, exc)

    # -- what to say -----------------------------------------------------------------------------------

    def _answer(self) -> None:
        job = self.job
        overrides = self._follow_up(dict(job.overrides or {}))
        try:
            reply = self.box.ask(job.text, overrides or None)
        except Exception as exc:
            log.error("could not answer a %s question", job.surface, exc_info=exc)
            error = f"{type(exc).__name__}: {exc}"
            self._record(error=error)
            self._apologise()
            raise Undeliverable(f"engine: {error} (the asker was told something went wrong)") from None
        self._record(reply=reply)
        if job.in_place:
            return self._recompute_in_place(reply)
        private = job.surface == "slash" and bool(job.response_url)  # only the asker sees it, until shared
        verdict = views.verdict(reply, overrides=job.overrides, user_id=job.user_id, private=private,
                                asked=job.question_id)
        text, blocks = words.fallback("verdict.txt.j2", **verdict), words.blocks("verdict.json.j2", **verdict)
        read_start = _read_only_the_start(job.text_chars)
        if read_start:
            text += "\n" + read_start
            if len(blocks) < words.MAX_BLOCKS:
                blocks.insert(len(blocks) - 1, {"type": "context",
                                                "elements": [{"type": "mrkdwn", "text": read_start}]})
        has_details = reply.answer.status == "ok"
        if private:  # no thread to look in for what was sent: both parts now, never one of them twice
            self._respond(text, blocks)
            job.answered = True
            if has_details:
                self._respond(*self._details(reply))
            return
        if not job.verdict_ts:
            try:
                self._post("verdict", channel=job.channel_id, thread_ts=job.thread_ts, text=text, blocks=blocks)
            except NotInChannel as exc:
                if not job.response_url:
                    raise Undeliverable(f"slack: {exc}") from None
                self._respond(text, blocks)
                job.answered = True
                if has_details:
                    self._respond(*self._details(reply))
                self.note = f"answered privately: the bot could not post in the channel ({exc})"
                return
        job.answered = True
        if has_details and not job.details_ts:
            # The verdict is what the asker waits for: the details (and the chart) wait behind the verdicts of
            # other questions already taken in. The job stays leased and in hand here meanwhile.
            raise Later(lambda: self._post_details(reply))

    def _details(self, reply: Any) -> tuple[str, list]:
        details = views.details(reply)
        return words.fallback("details.txt.j2", **details), words.blocks("details.json.j2", **details)

    def _post_details(self, reply: Any) -> None:
        job = self.job
        thread = job.thread_ts or job.verdict_ts
        text, blocks = self._details(reply)
        self._post("details", channel=job.channel_id, thread_ts=thread, text=text, blocks=blocks)
        if self.box.chart:
            _charts.submit(self._first_chart, reply, thread).add_done_callback(_report)

    def _follow_up(self, overrides: dict[str, Any]) -> dict[str, Any]:
        """A mention or DM in a thread that has an answer continues it: the thread's last scenario, with what
        the follow-up says on top ("and at 20,000 tok/s?" keeps the model; naming a model replaces it). A DM
        outside a thread continues the conversation only when it names no model. A message that says nothing
        the parser reads ("thanks!") is not a follow-up. The thread's last question may be one the bot asked
        back about ("which model?"): naming the model in the thread answers it."""
        job = self.job
        if job.surface not in ("mention", "dm") or not job.channel_id:
            return overrides
        try:
            previous = self.box.store.thread_scenario(job.channel_id, job.thread_ts, before=job.question_id)
        except (StoreUnavailable, AttributeError) as exc:
            log.warning("job %s: cannot read the thread's last answer (%s); answering the message alone", job.uid, exc)
            return overrides
        if not previous:
            return overrides
        said = follow_up_fields(job.text, self._context())
        if not said or (job.thread_ts is None and "model" in said):
            return overrides  # "thanks!", or a new question in a DM: not a follow-up
        return previous | said | overrides

    def _first_chart(self, reply: Any, thread: str) -> None:
        """The answer's chart, its file remembered on the job: the chart a recompute replaces."""
        file_id = upload_chart(self.client, reply, self.job.channel_id, thread)
        if file_id and self.job.id is not None:
            try:
                self.box.store.update_job(self.job.id, chart_file=file_id)
            except StoreUnavailable as exc:
                log.warning("job %s: could not record its chart %s (%s); a recompute will leave it in the thread",
                            self.job.uid, file_id, exc)

    def _recompute_in_place(self, reply: Any) -> None:
        """A button's recompute replaces the verdict it was clicked on (chat.update, or the ephemeral message
        through response_url), the details below it and the chart in the thread."""
        job = self.job
        original = None
        if job.in_place == "chat":
            try:
                original = self.box.store.original(job.channel_id, job.update_ts)
            except (StoreUnavailable, AttributeError) as exc:
                log.warning("job %s: cannot find the question it recomputes (%s)", job.uid, exc)
        asker = (original or {}).get("user_id")
        private = job.in_place == "respond"  # only its asker sees it: the clicker
        verdict = views.verdict(reply, overrides=job.overrides, user_id=job.user_id if private else asker,
                                recomputed_by=None if private else job.user_id, private=private,
                                asked=job.recompute_of)
        text, blocks = words.fallback("verdict.txt.j2", **verdict), words.blocks("verdict.json.j2", **verdict)
        if job.in_place == "respond":
            self._respond(text, blocks, replace_original=True)
            return
        self._update("verdict", job.update_ts, text=text, blocks=blocks)
        self._mark(verdict_ts=job.update_ts)
        details_ts = (original or {}).get("details_ts")
        if details_ts and reply.answer.status == "ok":
            details = views.details(reply)
            self._update("details", details_ts, text=words.fallback("details.txt.j2", **details),
                         blocks=words.blocks("details.json.j2", **details))
            if self.box.chart:
                thread = original.get("thread_ts") or original.get("verdict_ts") or job.update_ts
                self._replace_chart(reply, thread, original.get("job_id"))

    def _replace_chart(self, reply: Any, thread: str, answer_job: int | None) -> None:
        """The recomputed chart goes into the thread and the one it replaces is deleted, so the thread holds one
        current chart. A retried job does not upload again (its chart's file id is on the job). The chart is
        optional: a failed upload or delete is logged, and the recompute is delivered all the same."""
        job = self.job
        if not job.chart_file:
            # The drawer thread is first-in first-out: the first answer's chart, if still being drawn, is
            # uploaded and recorded before this one, so it is the one replaced.
            try:
                file_id = _charts.submit(upload_chart, self.client, reply, job.channel_id, thread).result()
            except Exception as exc:  # drawing failed: the verdict and details are updated, the old chart stays
                log.error("job %s: could not draw the recomputed chart", job.uid, exc_info=exc)
                return
            if not file_id:
                return
            self._mark(chart_file=file_id)
        if answer_job is None:
            log.warning("job %s: the answer it recomputes has no job in the log; its chart stays", job.uid)
            return
        try:
            old = self.box.store.swap_chart(answer_job, job.chart_file)
        except StoreUnavailable as exc:
            log.warning("job %s: could not record the new chart %s (%s); the old one stays", job.uid, job.chart_file,
                        exc)
            return
        if old and old != job.chart_file:
            delete_chart(self.client, old)

    def _update(self, part: str, ts: str, **message: Any) -> None:
        """chat.update of one of our messages: safe to repeat, so retried like any call."""
        try:
            self._retrying(f"updating the {part}",
                           lambda: _said(self.client.chat_update, channel=self.job.channel_id, ts=ts, **message))
        except SlackSaid as said:
            raise Undeliverable(f"slack: updating the {part}: {said.error or said.status}") from None

    def _record(self, **answer: Any) -> None:
        if self.job.question_id is None:
            return
        try:
            self.box.store.record_answer(self.job.question_id, answer.get("reply"), error=answer.get("error"))
        except StoreUnavailable as exc:
            log.warning("could not put the answer's figures on row %s (%s)", self.job.question_id, exc)

    def _apologise(self) -> None:
        text = words.text("error.txt.j2")
        try:
            if self.job.channel_id and self.job.surface != "slash":
                self._post("apology", channel=self.job.channel_id, thread_ts=self.job.thread_ts, text=text)
            elif self.job.response_url:
                self._respond(text, None)
        except (Undeliverable, NotInChannel) as exc:
            log.warning("could not tell the asker either: %s", exc)

    def _context(self) -> Any:
        from bot.context import current

        return self.box.context or current()

    def _command(self) -> None:
        from bot.slack import catalog_views

        job = self.job
        from bot.render.locale import language
        from bot.slack.listeners.commands import SUBCOMMANDS

        word, _, rest = job.text.partition(" ")
        word = SUBCOMMANDS.get(word.lower(), "help")
        if word == "models":
            template, context = "models.json.j2", {"models": catalog_views.models(self.box.ask, self._context().catalogs)}
        elif word == "prices":
            ctx = self._context()
            template, context = "prices.json.j2", catalog_views.prices(rest.strip() or None, ctx.catalogs, ctx.now())
        elif word == "history":
            try:
                rows = self.box.store.recent(user_id=job.user_id, limit=10, questions_only=True)
            except StoreUnavailable as exc:
                log.warning("history without the log (%s)", exc)
                rows = []
            template, context = "history.json.j2", {"rows": rows}
        else:
            template, context = "help.json.j2", {"command": job.overrides.get("command", "/llmcost"),
                                                 "locale": language(job.text)}
        text, blocks = words.fallback(template.replace(".json.j2", ".txt.j2"), **context), words.blocks(template, **context)
        if job.response_url:
            self._respond(text, blocks)
        else:  # a mention or a DM: the answer goes where it was asked
            self._post("command", channel=job.channel_id, thread_ts=job.thread_ts, text=text, blocks=blocks)

    # -- saying it once --------------------------------------------------------------------------------

    def _post(self, part: str, **message: Any) -> str:
        """chat.postMessage once: retried until Slack accepts it or the deadline passes; its ts. Before each
        try the job says the part may be sent (one write, with the attempt); a try whose answer we did not
        see is looked for in the thread before the next."""
        job = self.job
        metadata = {"event_type": EVENT_TYPE, "event_payload": {"job_id": job.uid, "part": part}}

        def before() -> str | None:
            if job.maybe_sent == part:
                found = self._find(part, message["channel"], message.get("thread_ts"))
                if found:
                    log.info("job %s: the %s was posted before (ts %s); not posting it again", job.uid, part, found)
                    return self._posted(part, found)
            self._mark(maybe_sent=part, attempts=job.attempts + 1)
            return None

        def post() -> str:
            try:
                return _said(self.client.chat_postMessage, **message, metadata=metadata, unfurl_links=False,
                             unfurl_media=False)["ts"]
            except SlackSaid as said:
                if said.status == 429 or said.error == "ratelimited":
                    job.maybe_sent = None  # refused, so certainly not posted: no need to look for it next time
                raise

        try:
            return self._posted(part, self._retrying(f"posting the {part}", post, before=before, count=False))
        except SlackSaid as said:
            self._mark(maybe_sent=None)  # refused: certainly not posted
            if said.error in NOT_IN_CHANNEL:
                raise NotInChannel(said.error) from None
            raise Undeliverable(f"slack: {said.error or said.status}") from None

    def _posted(self, part: str, ts: str) -> str:
        fields: dict[str, Any] = {"maybe_sent": None}
        if part in ("verdict", "details"):
            fields[f"{part}_ts"] = ts
        self._mark(**fields)
        return ts

    def _find(self, part: str, channel: str, thread_ts: str | None) -> str | None:
        """The ts of this job's `part` if Slack has it, looking in the thread (or the channel's recent
        history for a top-level post); None when it is not there or cannot be looked for."""
        try:
            return self._retrying(
                f"looking for an earlier {part}",
                lambda: _said(find_message, self.client, channel, EVENT_TYPE, {"job_id": self.job.uid, "part": part},
                              thread_ts=thread_ts, oldest=self.job.asked.timestamp() - 60), count=False)
        except SlackSaid as said:  # missing_scope, not_in_channel: a duplicate is better than a lost answer
            log.warning("job %s: cannot check whether the %s was posted (%s); posting it again", self.job.uid, part,
                        said.error or said.status)
            return None

    def _respond(self, text: str, blocks: list | None, *, replace_original: bool = False) -> None:
        """An ephemeral answer through the slash command's response_url, retried like a post."""
        from slack_sdk.webhook import WebhookClient

        from bot.slack.app import sdk_logger

        hook = WebhookClient(self.job.response_url, timeout=self.policy.http_timeout_s, retry_handlers=[],
                             logger=sdk_logger())

        def send() -> None:
            if replace_original:
                response = hook.send(text=text, blocks=blocks, replace_original=True)
            else:
                response = hook.send(response_type="ephemeral", text=text, blocks=blocks)
            if response.status_code != 200:
                raise SlackSaid(response.status_code, None, response.headers, str(response.body)[:200])

        try:
            self._retrying("response_url", send)
        except SlackSaid as said:
            raise Undeliverable(f"response_url: {said.status} {said.body}") from None

    # -- the one retry policy --------------------------------------------------------------------------

    def _retrying(self, what: str, call: Callable[[], T], *, before: Callable[[], T | None] | None = None,
                  count: bool = True) -> T:
        """`call()` until it returns: a 429 waits out Retry-After; a 5xx, one of Slack's "try later" errors, a
        timeout or a network error backs off exponentially; either way the job is held meanwhile and given up
        at the deadline (Undeliverable). Anything else Slack says is raised (SlackSaid) for the caller to name.
        `before()`, if given, runs before each try and ends the loop with what it returns, if not None;
        `count` adds the try to the job's attempts."""
        tries = 0
        while True:
            if self.box.stopping.is_set():
                raise Stopping
            if before is not None and (done := before()) is not None:
                return done
            if count:
                self._mark(attempts=self.job.attempts + 1)
            try:
                return call()
            except SlackSaid as said:
                if said.status == 429 or said.error == "ratelimited":
                    wait, why = _retry_after(said.headers), f"{what}: 429 rate limited"
                elif said.status >= 500 or said.error in TRANSIENT:
                    wait, why = self._backoff(tries), f"{what}: slack: {said.status} {said.error or said.body}"
                else:
                    raise
            except (OSError, http.client.HTTPException) as exc:  # sent or not: we cannot know
                wait, why = self._backoff(tries), f"{what}: {type(exc).__name__}: {exc}"
            tries += 1
            self._wait(wait, why)

    def _backoff(self, tries: int) -> float:
        wait = min(self.policy.max_backoff_s, self.policy.backoff_s * 2**tries)
        return wait * random.uniform(0.9, 1.1)

    def _wait(self, seconds: float, why: str) -> None:
        """Sleep before the next try, holding on to the job; give up at the deadline."""
        job = self.job
        now = dt.datetime.now(dt.UTC)
        if now + dt.timedelta(seconds=seconds) > self.deadline:
            raise Undeliverable(f"gave up after {job.attempts} attempt(s) in "
                                f"{(now - job.asked).total_seconds():.0f} s: {why}")
        log.warning("job %s: %s; trying again in %.1f s", job.uid, why, seconds)
        if job.id is not None:
            with contextlib.suppress(StoreUnavailable):
                self.box.store.lease(job.id, self.box.owner, seconds + self.policy.lease_s)
        if self.box.stopping.wait(seconds):
            raise Stopping


class SlackSaid(Exception):
    """Slack answered, and not with success: its HTTP status, its `error`, its headers (Retry-After)."""

    def __init__(self, status: int, error: str | None, headers: Any = None, body: str = ""):
        super().__init__(f"{status} {error or body}")
        self.status, self.error, self.headers, self.body = status, error, headers, body


def _said(method: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """A Web API call whose refusal is a SlackSaid, like a response_url's."""
    try:
        return method(*args, **kwargs)
    except SlackApiError as exc:
        response = exc.response
        raise SlackSaid(response.status_code, response.get("error"), response.headers) from None


def follow_up_fields(text: str, context: Any) -> dict[str, Any]:
    """The scenario fields a follow-up says itself (JSON-ready), and nothing it would only assume."""
    from bot.parser import parse

    parsed = parse(text, context.catalogs, settings=context.settings)
    return parsed.scenario.model_dump(mode="json", exclude_unset=True)


def _retry_after(headers: Any) -> float:
    headers = {k.lower(): v for k, v in (headers or {}).items()}
    value = headers.get("retry-after", "1")
    if isinstance(value, list):
        value = value[0] if value else "1"
    try:
        return max(0.0, float(value))
    except ValueError:
        return 1.0


def _read_only_the_start(chars: int) -> str | None:
    """The line that says a long question was read only in part (prompts/slack/read_start.txt.j2)."""
    from bot.service import MAX_QUESTION_CHARS

    if chars <= MAX_QUESTION_CHARS:
        return None
    return words.text("read_start.txt.j2", read=MAX_QUESTION_CHARS, chars=chars)


# Drawing a chart is CPU work (~0.1 s) that holds the GIL: one drawer thread keeps a burst of questions
# from starving the verdicts, which go out first on the outbox's workers.
_charts = ThreadPoolExecutor(max_workers=1, thread_name_prefix="llmcost-chart")


def _report(done: Future) -> None:
    if (error := done.exception()) is not None:
        log.error("could not draw or upload a chart", exc_info=error)


def upload_chart(client: Any, reply: Any, channel: str, thread_ts: str) -> str | None:
    """The chart is the last, optional part of an answer: a failed upload is logged, not shouted. The
    uploaded file's id, or None."""
    from bot.render import chart

    image = chart.png(reply.answer)
    if image is None:
        return None
    labels = words.data("chart.json.j2", model_name=reply.answer.model_name or "", node_name=_node_name(reply))
    try:
        response = client.files_upload_v2(
            channel=channel,
            thread_ts=thread_ts,
            file=image,
            filename="llmcost-chart.png",
            title=labels["file_title"],
            alt_txt=labels["alt"],
        )
    except (SlackApiError, SlackRequestError, OSError) as exc:
        log.warning("chart upload failed: %s", _slack_error(exc))
        return None
    files = response.get("files") or []
    return files[0].get("id") if files else None


def delete_chart(client: Any, file_id: str) -> bool:
    """files.delete of a chart a recompute replaced. Failing (no files:write, already gone) is logged: the new
    chart is posted all the same, the old one stays in the thread."""
    try:
        client.files_delete(file=file_id)
    except (SlackApiError, SlackRequestError, OSError) as exc:
        log.warning("could not delete the replaced chart %s (%s); it stays in the thread", file_id, _slack_error(exc))
        return False
    return True


def _slack_error(exc: Exception) -> Any:
    response = getattr(exc, "response", None)
    return response.get("error") if response is not None else exc


def _node_name(reply: Any) -> str:
    node = reply.answer.chosen
    return node.name if node else ""

