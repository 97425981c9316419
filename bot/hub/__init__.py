"""Any open model: facts from the Hugging Face Hub when the catalog does not know the name.

`lookup(name, settings, today)` answers within `settings.timeout_s` whatever the Hub does: a `Model` built by
costcore.hubfacts from the repo's config.json and safetensors headers, or a `HubMiss` saying why not
(missing, gated, ambiguous, unreachable, too slow). Facts are cached on disk with their fetch date and
fetched again once older than `settings.max_age_days`; when the Hub cannot be reached, older cached facts
still answer, with their own date. Only the model name goes to the Hub.
"""

from __future__ import annotations

import datetime as dt
import logging
import queue
import threading
from dataclasses import dataclass

from bot.hub.cache import read_facts, read_repo, write_facts, write_repo
from bot.hub.fetch import HubMiss, fetch_facts, find_repo, unreachable
from bot.hub.settings import HubSettings, from_environ
from costcore.catalog import Model
from costcore.hubfacts import HubFacts, HubFactsError, model_from_hub

__all__ = ["HubLookup", "HubMiss", "HubSettings", "from_environ", "lookup"]

log = logging.getLogger("llmcost.hub")


@dataclass
class HubLookup:
    model: Model | None = None
    facts: HubFacts | None = None
    miss: HubMiss | None = None
    cached: bool = False


def _fresh(facts: HubFacts, settings: HubSettings, today: dt.date) -> bool:
    return (today - facts.fetched).days < settings.max_age_days


def _build(facts: HubFacts, cached: bool) -> HubLookup:
    try:
        return HubLookup(model=model_from_hub(facts), facts=facts, cached=cached)
    except (HubFactsError, ValueError) as exc:  # a config this engine cannot read: say so, never a traceback
        log.info("Hub facts for %s unusable: %s", facts.repo, exc)
        return HubLookup(miss=HubMiss("hub_unreadable", {"repo": facts.repo}))


def _fetch(name: str, settings: HubSettings, today: dt.date) -> HubLookup:
    repo = read_repo(settings.cache_dir, name) or find_repo(name, settings)
    write_repo(settings.cache_dir, name, repo)
    facts = fetch_facts(repo, settings, today)
    write_facts(settings.cache_dir, facts)
    return _build(facts, cached=False)


def lookup(name: str, settings: HubSettings, today: dt.date) -> HubLookup:
    """Facts for `name` (a model name or a repo id) within the time budget, or why there are none."""
    if not settings.enabled:
        return HubLookup(miss=HubMiss("hub_off"))
    repo = read_repo(settings.cache_dir, name)
    stale = read_facts(settings.cache_dir, repo) if repo else None
    if stale is not None and (settings.offline or _fresh(stale, settings, today)):
        return _build(stale, cached=True)
    if settings.offline:
        return HubLookup(miss=HubMiss("hub_unreachable", {"endpoint": settings.endpoint, "why": "offline mode"}))
    # The lookup runs in a daemon thread: a Hub that stalls costs the budget, never a hang at exit.
    done: queue.Queue = queue.Queue(maxsize=1)

    def work() -> None:
        try:
            if why := unreachable(settings):
                raise HubMiss("hub_unreachable", {"endpoint": settings.endpoint, "why": why})
            done.put(_fetch(name, settings, today))
        except HubMiss as miss:
            done.put(HubLookup(miss=miss))
        except Exception as exc:  # the answer must come back; the log keeps the cause
            log.warning("Hub lookup for %r failed: %s: %s", name, type(exc).__name__, exc)
            done.put(HubLookup(miss=HubMiss("hub_unreachable", {"endpoint": settings.endpoint, "why": "an error"})))

    threading.Thread(target=work, name="llmcost-hub", daemon=True).start()
    try:
        found = done.get(timeout=settings.timeout_s)
    except queue.Empty:
        found = HubLookup(miss=HubMiss("hub_timeout", {"seconds": settings.timeout_s, "endpoint": settings.endpoint}))
    if found.miss is not None and found.miss.code in ("hub_timeout", "hub_unreachable") and stale is not None:
        return _build(stale, cached=True)  # old facts, with their own date, beat no answer
    return found
