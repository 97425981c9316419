"""Which hosted APIs serve an open model's own weights in real time, read from genai-prices' data.

Every provider genai-prices lists is a candidate when one of its rows matches the model's weights patterns
(apis.yaml `weights`), unless the row is deprecated, is a batch or free tier, or the provider is a route in
front of other hosts (apis.yaml `routes`). The overlay (apis.yaml `serving`) adds what genai-prices lacks:
which ref a first party uses, per-stream speeds, and when a vendor's own API stopped serving the weights.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from genai_prices.types import ModelInfo, Provider

from costcore.catalog import ApiOverlay, ServedBy
from costcore.prices import ApiNotPriced, PriceData

_HOST_PREFIX = re.compile(r"^(?:databricks-|openai\.|meta\.|mistral\.|deepseek\.|qwen\.|moonshot(?:ai)?\.)")
_VERSION_SUFFIX = re.compile(r"-v?\d+:\d+$")  # AWS Bedrock's "-1:0", "-v0:1"
_FIREWORKS_DOT = re.compile(r"(?<=\d)p(?=\d)")  # "llama-v3p1-70b" -> "llama-v3.1-70b"


def normalise_ref(model_id: str) -> str:
    """The part of a genai-prices id that names the weights: "accounts/fireworks/models/llama-v3p1-8b-instruct"
    -> "llama-3.1-8b-instruct", "openai.gpt-oss-120b-1:0" -> "gpt-oss-120b", "deepseek/deepseek_v3" ->
    "deepseek-v3"."""
    tail = model_id.lower().rsplit("/", 1)[-1]
    tail = _HOST_PREFIX.sub("", tail)
    tail = _VERSION_SUFFIX.sub("", tail)
    tail = _FIREWORKS_DOT.sub(".", tail)
    tail = re.sub(r"(?<=\d)_(?=\d)", ".", tail).replace("_", "-")  # "llama-3_3-70b", "deepseek_v3"
    return re.sub(r"(llama)-v(\d)", r"\1-\2", tail)


@dataclass(frozen=True)
class Host:
    provider: Provider
    info: ModelInfo
    ref: str  # the id quoted in the answer: the overlay's model ref, else genai-prices' model id
    served: ServedBy | None = None  # the overlay row, when there is one


@dataclass(frozen=True)
class Withdrawn:
    """The vendor's own API for these weights, no longer sold: withdrawn (overlay) or deprecated (genai-prices)."""

    provider_name: str
    model_ref: str
    on: dt.date | None  # when the overlay knows it
    deprecated: bool


@dataclass
class Hosts:
    real_time: list[Host] = field(default_factory=list)
    withdrawn: list[Withdrawn] = field(default_factory=list)
    batch: list[str] = field(default_factory=list)  # provider names whose batch tier was left out


def _tier(overlay: ApiOverlay, model_id: str) -> tuple[str | None, str]:
    """(kind of non-real-time tier or None, the id without the tier's suffix)."""
    for t in overlay.tiers:
        if model_id.lower().endswith(t.suffix):
            return t.kind, model_id[: -len(t.suffix)]
    return None, model_id


def _unpriced(info: ModelInfo) -> bool:
    """A row with no per-token price at all: a free-of-charge endpoint with no paid tier (Google's Gemini-API
    Gemma rows say so in genai-prices), not a real-time API anyone pays for."""
    prices = info.prices
    if isinstance(prices, list):
        return all(not p.prices._comparable_values() for p in prices)
    return not prices._comparable_values()


def _has_batch_variant(info: ModelInfo) -> bool:
    return any(v.when.get("processing") == "batch" for v in info.price_variants or ())


def _rows(overlay: ApiOverlay, prices: PriceData) -> list[tuple[Provider, ModelInfo, str | None, str]]:
    """Every row of the data with its tier and normalised id, computed once per data and overlay."""

    def build() -> list[tuple[Provider, ModelInfo, str | None, str]]:
        out = []
        for provider in prices.providers:
            for info in provider.models:
                tier, bare = _tier(overlay, info.id)
                out.append((provider, info, tier, normalise_ref(bare)))
        return out

    return prices.memo("rows", overlay, build)


def same_weights(model_id: str, overlay: ApiOverlay, prices: PriceData) -> Hosts:
    """The hosts of `model_id`'s weights in `prices`, found once per data and overlay."""
    return prices.memo(("same_weights", model_id), overlay, lambda: _same_weights(model_id, overlay, prices))


def _same_weights(model_id: str, overlay: ApiOverlay, prices: PriceData) -> Hosts:
    out = Hosts()
    taken: set[str] = set()
    for row in overlay.serving.get(model_id, []):
        try:
            provider, info = prices.lookup(row.provider, row.model_ref)
        except ApiNotPriced:
            continue  # this snapshot does not list it: nothing to price
        taken.add(row.provider)
        if row.withdrawn_on or info.deprecated:
            if row.first_party:
                out.withdrawn.append(Withdrawn(provider.name, row.model_ref, row.withdrawn_on, bool(info.deprecated)))
            continue
        out.real_time.append(Host(provider, info, row.model_ref, row))
    if model_id not in overlay.weights:
        return out
    routed: list[tuple[str, Host]] = []  # (the host a route bills for, the route's row)
    for provider, info, tier, ref in _rows(overlay, prices):
        if not overlay.same_weights(model_id, ref):
            continue
        if (tier == "batch" or _has_batch_variant(info)) and provider.name not in out.batch:
            out.batch.append(provider.name)
        route = overlay.route(provider.id)
        if tier or info.deprecated or provider.id in taken or (route and not route.via) or _unpriced(info):
            continue
        if route and route.via:
            routed.append((route.via, Host(provider, info, info.id)))
        else:
            out.real_time.append(Host(provider, info, info.id))
    direct = {h.provider.id for h in out.real_time}
    out.real_time += [host for via, host in routed if via not in direct]
    return out
