"""Where the service meets the Hub: which name to look up, and what the answer is told about it.

The catalog always wins: the Hub is asked only when the catalog cannot resolve the name and it is not a
closed model. Only that name (or the repo id pasted in the question) is sent, never the question.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from bot.hub.settings import HubSettings
from costcore.catalog import Catalogs, Model, normalise
from costcore.hubfacts import hub_model_id, with_model
from costcore.resolve import resolve_model
from costcore.scenario import Finding, Scenario

HUB_PREFIX = hub_model_id("")  # "hub:": a model answered from the Hub before, named by its id
PASTED_REPO = re.compile(r"(?<![\w/.-])([A-Za-z0-9][\w.-]{0,95}/[A-Za-z0-9][\w.-]{0,95})(?![\w/])")


@dataclass
class HubStep:
    catalogs: Catalogs
    scenario: Scenario
    notes: list[Finding] = field(default_factory=list)


def pasted_repo(question: str, name: str) -> str | None:
    """The repo id in the question whose name is the one the parser read ("google/gemma-3-27b-it")."""
    key = normalise(name)
    for match in PASTED_REPO.finditer(question):
        repo = match.group(1).rstrip(".")
        tail = normalise(repo.rsplit("/", 1)[-1])
        if key and (tail == key or key in tail or normalise(repo) == key):
            return repo
    return None


def _curated(catalogs: Catalogs, repo: str | None) -> Model | None:
    """The curated row for a Hub repo: its declared repo, or its serving repo."""
    if not repo:
        return None
    for model in catalogs.models.values():
        known = {model.hub_repo, model.serving.repo if model.serving else None}
        if model.origin == "catalog" and repo.lower() in {r.lower() for r in known if r}:
            return model
    return None


def _facts_note(model: Model, cached: bool) -> Finding:
    return Finding(code="hub_facts", params={
        "repo": model.hub_repo, "fetched": model.as_of.isoformat(), "licence": model.licence,
        "gated": model.gated, "cached": cached})


def consult(question: str, scenario: Scenario, catalogs: Catalogs, settings: HubSettings, today: dt.date,
            lookup) -> HubStep:
    """The catalogs and scenario to answer with, and what to tell the asker about where the facts came from."""
    name = scenario.model
    if not name:
        return HubStep(catalogs, scenario)
    repo = name.removeprefix(HUB_PREFIX) if name.startswith(HUB_PREFIX) else pasted_repo(question, name)
    known = catalogs.find_model(repo or name) or catalogs.find_model(name)
    if known is not None:
        if repo:  # a pasted repo the catalog knows: the curated row wins, and the answer says so
            return HubStep(catalogs, scenario, [Finding(code="catalog_facts", params={
                "model": known.name, "as_of": known.as_of.isoformat(), "repo": repo})])
        return HubStep(catalogs, scenario)
    if resolve_model(name, catalogs).status != "unknown_model":
        return HubStep(catalogs, scenario)  # a closed model: no weights to look up
    found = lookup(repo or name, settings, today)
    curated = _curated(catalogs, found.model.hub_repo) if found.model is not None else None
    if curated is not None:  # the Hub's search led to a repo a curated row describes: the row wins
        return HubStep(catalogs, scenario.model_copy(update={"model": curated.id}), [Finding(
            code="catalog_facts", params={"model": curated.name, "as_of": curated.as_of.isoformat(),
                                          "repo": found.model.hub_repo})])
    if found.model is not None:
        extended = with_model(catalogs, found.model)
        return HubStep(extended, scenario.model_copy(update={"model": found.model.id}),
                       [_facts_note(found.model, found.cached)])
    if found.miss is None or found.miss.code == "hub_off":
        return HubStep(catalogs, scenario)
    params = dict(found.miss.params)
    if found.miss.code == "hub_gated":
        params["endpoint"] = settings.endpoint
    return HubStep(catalogs, scenario, [Finding(code=found.miss.code, params=params)])
