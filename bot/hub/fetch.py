"""The calls to the Hub, through huggingface_hub: which repo a name means, its config.json, its safetensors
headers (parameter counts per dtype, never the weights) and its card metadata.

Only a model name or repo id is ever sent: never the question's text. Errors come back as `HubMiss`
codes the answer turns into a sentence; nothing here raises past `fetch_facts` or `find_repo`.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import re
import socket
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from bot.hub.settings import HubSettings
from costcore.catalog import digit_groups, normalise
from costcore.hubfacts import HubFacts, split_tensors

log = logging.getLogger("llmcost.hub")

REPO_ID = re.compile(r"^[A-Za-z0-9][\w.-]{0,95}/[A-Za-z0-9][\w.-]{0,95}$")
SEARCH_LIMIT = 8
CLEAR_LEAD = 3  # the most downloaded candidate must have this many times the runner-up's downloads


@dataclass
class HubMiss(Exception):
    """Why the Hub gave no facts: code is a finding code (hub_missing, hub_gated, hub_timeout, ...)."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)


def _api(settings: HubSettings):
    from huggingface_hub import HfApi
    from huggingface_hub.utils import disable_progress_bars
    from huggingface_hub.utils.logging import set_verbosity_error

    disable_progress_bars()  # a CLI answer or a Slack reply, never a tqdm bar on stderr
    set_verbosity_error()  # nor huggingface_hub's "Retrying in 1s" lines: a miss is said in the answer
    return HfApi(endpoint=settings.endpoint, token=settings.token or False)


def unreachable(settings: HubSettings) -> str | None:
    """Why the Hub's host cannot be reached at all (no DNS, nothing listening), found in one short connect,
    so an offline machine answers at once instead of spending the budget on huggingface_hub's retries."""
    url = urlsplit(settings.endpoint)
    port = url.port or (443 if url.scheme == "https" else 80)
    try:
        socket.create_connection((url.hostname or "", port), timeout=min(1.0, settings.timeout_s)).close()
    except socket.gaierror:
        return "its host name does not resolve"
    except OSError:
        return "no connection"
    return None


def _miss(exc: Exception, repo: str, settings: HubSettings) -> HubMiss:
    """An exception from huggingface_hub or the network as a finding code."""
    from huggingface_hub.errors import (
        GatedRepoError,
        HfHubHTTPError,
        NotASafetensorsRepoError,
        OfflineModeIsEnabled,
        RepositoryNotFoundError,
        SafetensorsParsingError,
    )

    if isinstance(exc, HubMiss):
        return exc
    if isinstance(exc, GatedRepoError):
        return HubMiss("hub_gated", {"repo": repo, "token_set": bool(settings.token)})
    if isinstance(exc, RepositoryNotFoundError):
        return HubMiss("hub_missing", {"name": repo})
    if isinstance(exc, NotASafetensorsRepoError | SafetensorsParsingError):
        return HubMiss("hub_no_safetensors", {"repo": repo})
    if isinstance(exc, OfflineModeIsEnabled):
        return HubMiss("hub_unreachable", {"endpoint": settings.endpoint, "why": "offline mode"})
    if isinstance(exc, HfHubHTTPError):
        status = getattr(getattr(exc, "response", None), "status_code", None)
        why = "rate-limited" if status == 429 else f"HTTP {status}" if status else "an HTTP error"
        return HubMiss("hub_unreachable", {"endpoint": settings.endpoint, "why": why})
    if any("Timeout" in kind.__name__ for kind in type(exc).__mro__):  # the HTTP client's, whichever it is
        return HubMiss("hub_timeout", {"seconds": settings.timeout_s, "endpoint": settings.endpoint})
    if isinstance(exc, ValueError | KeyError | json.JSONDecodeError):
        return HubMiss("hub_unreadable", {"repo": repo})
    log.info("Hub lookup for %s failed: %s: %s", repo, type(exc).__name__, exc)
    return HubMiss("hub_unreachable", {"endpoint": settings.endpoint, "why": "no connection"})


def find_repo(name: str, settings: HubSettings) -> str:
    """The repo a name means: a repo id as given, else the Hub's search when one result clearly leads."""
    name = name.strip()
    if REPO_ID.match(name):
        return name
    query = "-".join(name.split())
    try:
        found = list(_api(settings).list_models(search=query, sort="downloads", limit=SEARCH_LIMIT))
    except Exception as exc:  # every failure becomes a sentence
        raise _miss(exc, name, settings) from exc
    candidates = [m for m in found if "gguf" not in m.id.lower()]
    groups = digit_groups(name)
    # A candidate whose number groups differ is another model ("gemma 3 27b" is not gemma-3-270m).
    same = [m for m in candidates if _groups_fit(groups, m.id)] or candidates
    if not same:
        raise HubMiss("hub_missing", {"name": name})
    exact = [m for m in same if normalise(m.id.rsplit("/", 1)[-1]) == normalise(name)]
    if exact:
        return max(exact, key=lambda m: m.downloads or 0).id
    ranked = sorted(same, key=lambda m: -(m.downloads or 0))
    if len(ranked) == 1 or (ranked[0].downloads or 0) >= CLEAR_LEAD * max(ranked[1].downloads or 0, 1):
        return ranked[0].id
    raise HubMiss("hub_ambiguous", {"name": name, "candidates": [m.id for m in ranked[:3]]})


def _groups_fit(groups: tuple[str, ...], repo: str) -> bool:
    theirs = digit_groups(repo.rsplit("/", 1)[-1])
    return theirs[: len(groups)] == groups


def fetch_facts(repo: str, settings: HubSettings, today: dt.date) -> HubFacts:
    """config.json, safetensors header counts and card metadata of one repo."""
    from huggingface_hub import hf_hub_download

    api = _api(settings)
    budget = settings.timeout_s
    try:
        info = api.model_info(repo, timeout=budget)
        config_path = hf_hub_download(
            repo, "config.json", revision=info.sha or None, endpoint=settings.endpoint, token=settings.token or False,
            cache_dir=str(settings.cache_dir / "files") if settings.cache_dir else None, etag_timeout=budget,
        )
        with open(config_path, encoding="utf-8") as fh:
            config = json.load(fh)
        meta = api.get_safetensors_metadata(repo, revision=info.sha or None, timeout=budget)
    except Exception as exc:  # every failure becomes a sentence
        raise _miss(exc, repo, settings) from exc
    if not isinstance(config, dict):
        raise HubMiss("hub_unreadable", {"repo": repo})
    tensors = [
        (name, tensor.dtype, _elements(tensor.shape))
        for file in meta.files_metadata.values()
        for name, tensor in file.tensors.items()
    ]
    counts, scales = split_tensors(tensors)
    card = info.card_data.to_dict() if info.card_data is not None else {}
    licence = card.get("license_name") if card.get("license") == "other" else card.get("license")
    return HubFacts(
        repo=info.id or repo, config=config, dtype_counts=counts, scale_counts=scales, fetched=today,
        licence=str(licence) if licence else None, gated=str(info.gated) if info.gated else None, sha=info.sha,
    )


def _elements(shape: list[int]) -> int:
    out = 1
    for dim in shape:
        out *= int(dim)
    return out
