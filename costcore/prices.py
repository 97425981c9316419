"""genai-prices' data, as a value: the shell loads one snapshot and passes it in; costcore never reaches for
genai-prices' process-wide snapshot, nor reads or writes a file (bot/refresh/apis.py does, for the shell).

`PriceData` wraps a `genai_prices.data_snapshot.DataSnapshot` (the bundled data, a snapshot `llmcost refresh`
saved, or a test fixture) with where it came from and when it was observed, and indexes what the engine asks
of it: one model at one provider, and every row of every provider.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from genai_prices.data_snapshot import DataSnapshot
from genai_prices.types import ModelInfo, Provider

MEMO_LIMIT = 20_000


class ApiNotPriced(LookupError):
    pass


@dataclass(eq=False)
class PriceData:
    snapshot: DataSnapshot
    source: str  # "genai-prices 0.2.3 (bundled)", a refresh URL, a fixture path
    as_of: dt.date | None = None  # when the data was observed, when known
    _found: dict[tuple[str, str], tuple[Provider, ModelInfo]] = field(default_factory=dict, repr=False)
    _memo: dict[Any, tuple[Any, Any]] = field(default_factory=dict, repr=False)

    def memo(self, key: Any, owner: Any, build: Any) -> Any:
        """`build()` once per `key` and `owner` (held, and compared by identity, so a new owner rebuilds):
        what is derived from this data (an index, a model's hosts) is computed once per process."""
        hit = self._memo.get(key)
        if hit is None or hit[0] is not owner:
            if len(self._memo) > MEMO_LIMIT:  # a long-running bot meets many request shapes: start afresh
                self._memo.clear()
            hit = self._memo[key] = (owner, build())
        return hit[1]

    @property
    def providers(self) -> list[Provider]:
        return self.snapshot.providers

    def lookup(self, provider_id: str, model_ref: str) -> tuple[Provider, ModelInfo]:
        key = (provider_id, model_ref)
        hit = self._found.get(key)
        if hit is None:
            try:
                hit = self.snapshot.find_provider_model(model_ref, None, provider_id, None)
            except LookupError as exc:
                raise ApiNotPriced(f"genai-prices has no {model_ref!r} at {provider_id!r}") from exc
            self._found[key] = hit
        return hit

    def find(self, model_ref: str) -> tuple[Provider, ModelInfo] | None:
        """Whichever provider genai-prices resolves a bare model name to, else None."""
        try:
            return self.snapshot.find_provider_model(model_ref, None, None, None)
        except LookupError:
            return None


def from_providers(providers: list[Provider], source: str, as_of: dt.date | None = None) -> PriceData:
    return PriceData(DataSnapshot(providers=providers, from_auto_update=False), source, as_of)


def from_json(raw: Any, source: str, as_of: dt.date | None = None) -> PriceData:
    """genai-prices' JSON data format (the payload `UpdatePrices` fetches) into PriceData."""
    from genai_prices.types import _providers_from_raw  # the reader genai-prices' own updater uses

    if not isinstance(raw, list):
        raise ValueError("expected genai-prices' provider array")
    return from_providers(_providers_from_raw(raw), source, as_of)


def from_payload(raw: Any, source: str) -> PriceData:
    """A saved snapshot's content: `{"as_of": "YYYY-MM-DD", "source": "...", "providers": [...]}`, or a bare
    provider array (genai-prices' own data.json), whose source is `source`."""
    if isinstance(raw, dict):
        as_of = dt.date.fromisoformat(raw["as_of"]) if raw.get("as_of") else None
        return from_json(raw["providers"], raw.get("source") or source, as_of)
    return from_json(raw, source)


def to_raw(value: Any) -> Any:
    """genai-prices' types back into its JSON data format (what `_providers_from_raw` reads). Usage
    extractors are not kept: answers never read API responses."""
    import dataclasses
    from decimal import Decimal

    from genai_prices.types import ModelPrice

    if isinstance(value, list):
        return [to_raw(v) for v in value]
    if isinstance(value, ModelPrice):
        return {k: to_raw(v) for k, v in vars(value).items() if v is not None and not k.startswith("_")}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {}
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if v is None or f.name.startswith("_") or f.name == "extractors":
                continue
            out[f.name.rstrip("_")] = to_raw(v)  # ClauseOr.or_ is "or" in the data
        return out
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: to_raw(v) for k, v in value.items()}
    return value


def to_payload(data: PriceData) -> dict[str, Any]:
    """What `from_payload` reads back: dated, with its source, in genai-prices' data format."""
    return {"as_of": data.as_of.isoformat() if data.as_of else None, "source": data.source,
            "providers": to_raw(data.providers)}
