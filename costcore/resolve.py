"""Which model was meant: a catalog id, a closed API model (no weights), or an unknown name."""

from __future__ import annotations

from dataclasses import dataclass, field

from costcore.catalog import Catalogs, Model, normalise
from costcore.scenario import Finding

SUGGEST_CUTOFF = 60


@dataclass
class Resolved:
    model: Model | None
    status: str = "ok"
    finding: Finding | None = None
    suggestions: list[str] = field(default_factory=list)


def closed_provider(name: str, catalogs: Catalogs) -> str | None:
    """The vendor of a closed model genai-prices knows by this name, if any (closed.yaml decides)."""
    if catalogs.prices is None or catalogs.closed.is_open_family(name):
        return None
    for ref in {name.strip().lower(), "-".join(name.strip().lower().split())}:
        hit = catalogs.prices.find(ref)
        if hit is None:
            continue
        provider, model = hit
        if catalogs.closed.is_closed(provider.id, model.id):
            vendor = catalogs.closed.vendor_of(provider.id)
            return vendor.vendor if vendor else provider.name
    return None


def suggestions(name: str, catalogs: Catalogs, limit: int = 3) -> list[str]:
    from rapidfuzz import process  # only unknown names pay for the import
    from rapidfuzz.fuzz import WRatio

    choices = {alias: model_id for alias, model_id in catalogs.alias_index.items()}
    found = process.extract(normalise(name), list(choices), scorer=WRatio, limit=limit * 4)
    out: list[str] = []
    for alias, score, _ in found:
        model_id = choices[alias]
        if score >= SUGGEST_CUTOFF and model_id not in out:
            out.append(model_id)
    return out[:limit]


def resolve_model(name: str, catalogs: Catalogs) -> Resolved:
    model = catalogs.find_model(name)
    if model is not None:
        return Resolved(model)
    provider = closed_provider(name, catalogs)
    if provider:
        alternatives = [m for m in catalogs.closed.open_alternatives if m in catalogs.models]
        return Resolved(None, "not_self_hostable", Finding(code="closed_model", params={
            "model": name, "provider": provider,
            "alternatives": [catalogs.models[m].name for m in alternatives]}), alternatives)
    close = suggestions(name, catalogs)
    return Resolved(None, "unknown_model", Finding(code="unknown_model", params={
        "model": name, "suggestions": [catalogs.models[m].name for m in close]}), close)
