"""Optional: ask an OpenAI-compatible endpoint (the company's own gateway, say) when the rules find no model.

Off unless LLMCOST_PARSER_URL is set (with LLMCOST_PARSER_MODEL and, if the endpoint wants one,
LLMCOST_PARSER_KEY). The reply is validated with the same Scenario model the rules fill, and it is only
used when it names a model the catalog knows: a language model may help read a question, never invent
the model it is about. Any failure leaves the rules' answer as it was.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from functools import cache
from typing import Any

from pydantic import ValidationError

from costcore.catalog import Catalogs
from costcore.scenario import Scenario

log = logging.getLogger("llmcost.parser")
TIMEOUT_S = 8.0
MAX_REPLY_BYTES = 64_000


@dataclass(frozen=True)
class Endpoint:
    url: str
    model: str
    key: str | None
    second: bool = False  # LLMCOST_PARSER_MODE=second: every question is read again (bot/parse/second.py)
    internal: bool = False  # LLMCOST_PARSER_INTERNAL=1: text that may not leave may go to it


_YES = {"1", "true", "yes", "on"}


def endpoint_from_env() -> Endpoint | None:
    url = os.environ.get("LLMCOST_PARSER_URL", "").strip()
    if not url:
        return None
    model = os.environ.get("LLMCOST_PARSER_MODEL", "").strip() or "default"
    return Endpoint(
        url.rstrip("/"),
        model,
        os.environ.get("LLMCOST_PARSER_KEY") or None,
        second=os.environ.get("LLMCOST_PARSER_MODE", "").strip().lower() == "second",
        internal=os.environ.get("LLMCOST_PARSER_INTERNAL", "").strip().lower() in _YES,
    )


@cache
def _template() -> Any:
    from bot.render.env import untrimmed

    return untrimmed().get_template("parser_fallback.j2")


def _post(endpoint: Endpoint, payload: dict[str, Any]) -> dict[str, Any]:
    import urllib.request  # only when a fallback is configured: ~8 ms of every start-up otherwise

    request = urllib.request.Request(
        f"{endpoint.url}/chat/completions",
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json"}
        | ({"Authorization": f"Bearer {endpoint.key}"} if endpoint.key else {}),
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
        return json.loads(response.read(MAX_REPLY_BYTES))


def read(text: str, catalogs: Catalogs, endpoint: Endpoint, *, require_model: bool = True) -> Scenario | None:
    """The endpoint's reading of `text`, validated; None when it fails or (unless `require_model` is off)
    names no catalog model."""
    prompt = _template().render(model_ids=sorted(catalogs.models))
    payload = {
        "model": endpoint.model,
        "temperature": 0,
        "response_format": {"type": "json_object"},
        "messages": [{"role": "system", "content": prompt}, {"role": "user", "content": text}],
    }
    try:
        reply = _post(endpoint, payload)
        content = reply["choices"][0]["message"]["content"]
        fields = json.loads(content)
        scenario = Scenario.model_validate(fields)
    except (OSError, ValueError, KeyError, IndexError, TypeError, ValidationError) as exc:
        log.warning("parser fallback unusable: %s", exc)
        return None
    known = catalogs.find_model(scenario.model or "")
    if known is None:
        return None if require_model else scenario
    return scenario.model_copy(update={"model": known.id})
