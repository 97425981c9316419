"""Optional: an OpenAI-compatible endpoint (the team's own gateway or a self-hosted model) that reads a question.

Off unless LLMCOST_READER_URL is set; bot/context.py reads the settings (`ReaderSettings.from_env`, in
bot/parse/reader_settings.py), nothing here reads the environment. The endpoint gets a strict JSON schema (`response_format: json_schema, strict`); its reply
is validated against it (`Reading`) and the Scenario's ranges. Every failure (the time budget, an HTTP or network
error, not JSON, outside the schema, a refusal) is a `Failure` reason, never an exception. bot/parse/second.py
decides what a reading changes.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from bot.parse.reader_settings import ReaderSettings
from costcore.catalog import Catalogs
from costcore.scenario import Scenario

log = logging.getLogger("llmcost.parser")
MAX_REPLY_BYTES = 64_000


class Reading(BaseModel):
    """The fields the endpoint may return: None is "the question does not say". Mirrors SCHEMA."""

    model_config = ConfigDict(extra="forbid")

    model: str | None = None
    slo_tok_s: float | None = None
    slo_kind: Literal["per_stream", "aggregate"] | None = None
    concurrency: int | None = None
    context_tokens: int | None = None
    calendar: Literal["business_hours", "24x7"] | None = None
    tz: str | None = None
    input_per_output: float | None = None
    cache_hit_rate: float | None = None
    data_may_leave: bool | None = None
    eu_residency: bool | None = None
    currency: Literal["USD", "EUR"] | None = None
    vat_rate: float | None = None
    gateway_pain: bool | None = None

    def said(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


_JSON_TYPES = {str: "string", float: "number", int: "integer", bool: "boolean"}


def _property(annotation: Any) -> dict[str, Any]:
    """One nullable JSON-schema property from a `Reading` annotation (strict mode: every key required)."""
    (inner, _none) = annotation.__args__
    if getattr(inner, "__origin__", None) is Literal:
        values = list(inner.__args__)
        return {"type": ["string", "null"], "enum": [*values, None]}
    return {"type": [_JSON_TYPES[inner], "null"]}


SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {name: _property(f.annotation) for name, f in Reading.model_fields.items()},
    "required": list(Reading.model_fields),
    "additionalProperties": False,
}


@dataclass(frozen=True)
class Failure:
    """Why the endpoint gave no usable reading: timeout, error, not_json, invalid, refused."""

    reason: str


@cache
def _template() -> Any:
    from bot.render.env import untrimmed

    return untrimmed().get_template("parser_fallback.j2")


def payload(text: str, catalogs: Catalogs, reader: ReaderSettings) -> dict[str, Any]:
    prompt = _template().render(model_ids=sorted(catalogs.models))
    return {
        "model": reader.model,
        "temperature": 0,
        "response_format": {
            "type": "json_schema",
            "json_schema": {"name": "scenario_reading", "strict": True, "schema": SCHEMA},
        },
        "messages": [{"role": "system", "content": prompt}, {"role": "user", "content": text}],
    }


def post(reader: ReaderSettings, body: dict[str, Any]) -> dict[str, Any]:
    import urllib.error
    import urllib.request  # only when a reader is configured: ~8 ms of every start-up otherwise

    request = urllib.request.Request(
        f"{reader.url}/chat/completions",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"}
        | ({"Authorization": f"Bearer {reader.key}"} if reader.key else {}),
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=reader.timeout_s) as response:
            return json.loads(response.read(MAX_REPLY_BYTES))
    except urllib.error.HTTPError as exc:  # its body is the endpoint's, maybe echoing the request: not logged
        exc.close()
        raise OSError(f"HTTP {exc.code} from the second reader") from None


Post = Callable[[ReaderSettings, dict[str, Any]], dict[str, Any]]


def _within(seconds: float, call: Callable[[], dict[str, Any]]) -> dict[str, Any] | Failure:
    """`call()` if it returns within `seconds`; else a timeout (the call is left to end on its socket
    timeout in a daemon thread: the answer never waits past the budget)."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["reply"] = call()
        except Exception as exc:  # noqa: BLE001 - every failure of the endpoint is one reason, told below
            box["error"] = exc

    worker = threading.Thread(target=run, name="llmcost-second-reader", daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        log.warning("second reader: no reply within %g s", seconds)
        return Failure("timeout")
    if "error" in box:
        exc = box["error"]
        # the socket's own timeout (the same budget) may fire just before the join does
        timed_out = isinstance(exc, TimeoutError) or isinstance(getattr(exc, "reason", None), TimeoutError)
        reason = "not_json" if isinstance(exc, ValueError) else "timeout" if timed_out else "error"
        log.warning("second reader: %s (%s)", type(exc).__name__, str(exc)[:200])
        return Failure(reason)
    return box["reply"]


def read(text: str, catalogs: Catalogs, reader: ReaderSettings, *, send: Post = post) -> Reading | Failure:
    """The endpoint's reading of `text`, validated against the schema and the Scenario, or why there is none."""
    reply = _within(reader.timeout_s, lambda: send(reader, payload(text, catalogs, reader)))
    if isinstance(reply, Failure):
        return reply
    try:
        message = dict(reply["choices"][0]["message"])
    except (KeyError, IndexError, TypeError, ValueError):
        log.warning("second reader: the reply has no choices[0].message")
        return Failure("invalid")
    if message.get("refusal"):
        log.warning("second reader refused to read the question")
        return Failure("refused")
    try:
        fields = json.loads(message.get("content") or "")
    except (ValueError, TypeError):
        log.warning("second reader: the content is not JSON")
        return Failure("not_json")
    try:
        reading = Reading.model_validate(fields)
        Scenario.model_validate(reading.said())  # the Scenario's own ranges: tok/s above 0, rates in [0, 1]
    except ValidationError as exc:
        log.warning("second reader: the reading breaks the schema (%s)", exc.errors()[0].get("msg"))
        return Failure("invalid")
    return reading


__all__ = ["Failure", "Reading", "ReaderSettings", "SCHEMA", "payload", "post", "read"]
