"""Current node offers from gpuhunt (dstack's maintained GPU price catalog) as rows of our Node shape.

gpuhunt publishes one catalog per provider under its base URL (GPUHUNT_CATALOG_URL, else dstack's bucket):
`{provider}/version` names the latest version and `{provider}/{version}/catalog.zip` holds `{provider}.csv`
(columns instance_name, location, price, cpu, memory, gpu_count, gpu_name, gpu_memory, spot, …). We read it
through gpuhunt's own Catalog, so its format rules (legacy columns, TPU names) are its own.

Public catalogs have shipped broken rows ($0 or $0.01 GPUs): every row is checked against its GPU's sanity
bounds (gpus.yaml) and rejected, with the reason, when outside them.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import os
import re
import socket
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from decimal import Decimal
from typing import Any

from bot.refresh.regions import place
from bot.render.formats import money
from costcore.catalog import Gpu

PROVIDERS = ("aws", "azure", "gcp", "lambdalabs", "nebius", "oci", "runpod", "verda", "cloudrift")
NAMES = {"aws": "AWS", "azure": "Azure", "gcp": "GCP", "lambdalabs": "Lambda", "nebius": "Nebius", "oci": "OCI",
         "runpod": "RunPod", "verda": "Verda", "cloudrift": "CloudRift"}
DSTACK_URL = "https://dstack-gpu-pricing.s3.eu-west-1.amazonaws.com/v3"  # gpuhunt's default, for the record


@dataclass(frozen=True)
class Rejected:
    provider: str
    instance: str
    location: str
    gpu: str
    gpu_count: int
    usd_per_hour: float
    reason: str


@dataclass
class Pulled:
    """What one refresh found: offers in our row shape, rows rejected, rows for GPUs we do not model."""

    base_url: str
    observed: dt.date
    offers: list[dict[str, Any]] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)
    unmodelled: dict[str, int] = field(default_factory=dict)  # gpu name -> rows skipped
    versions: dict[str, str] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)
    kept: dict[str, int] = field(default_factory=dict)

    def snapshot(self, fetched_at: dt.datetime) -> dict[str, Any]:
        return {
            "fetched_at": fetched_at.isoformat(), "source": self.base_url, "versions": self.versions,
            "offers": self.offers, "rejected": [asdict(r) for r in self.rejected],
        }


def gpu_for(name: str | None, memory_gb: float | None, gpus: dict[str, Gpu]) -> Gpu | None:
    """Our GPU for a catalog row: an alias matches the name, and the memory is within 10 % when given."""
    if not name:
        return None
    key = name.replace(" ", "").lower()
    for gpu in gpus.values():
        named = any(alias.replace(" ", "").lower() == key for alias in gpu.aliases)
        if named and (memory_gb is None or abs(memory_gb - gpu.memory_gb) <= 0.1 * gpu.memory_gb):
            return gpu
    return None


def check_price(gpu: Gpu, usd_per_hour: float, gpu_count: int) -> str | None:
    """Why a row's price cannot be right, or None: outside its GPU's sanity bounds per GPU-hour."""
    if gpu.usd_per_gpu_hour_bounds is None:
        return f"no sanity bounds for {gpu.id} in gpus.yaml"
    low, high = gpu.usd_per_gpu_hour_bounds
    per_gpu = Decimal(str(usd_per_hour)) / gpu_count
    if not low <= per_gpu <= high:
        return f"{money(per_gpu)} per {gpu.id}-hour is outside {money(low)}–{money(high)}"
    return None


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def to_row(provider: str, item: Any, gpu: Gpu, *, version: str, url: str, observed: dt.date) -> dict[str, Any]:
    jurisdiction, country = place(item.location)
    spot = bool(item.spot)
    name = NAMES.get(provider, provider)
    return {
        # RunPod names a pod by its GPU, whatever the count: the count is part of the id
        "id": f"gh-{provider}-{_slug(item.instance_name)}-{item.gpu_count}x-{_slug(item.location)}"
              f"{'-spot' if spot else ''}",
        "provider": name,
        "name": f"{name} {item.instance_name} ({item.gpu_count}×{gpu.id}), {'spot' if spot else 'on demand'}",
        "gpu": gpu.id, "gpu_count": int(item.gpu_count), "host_ram_gb": float(item.memory or 0),
        "interconnect": "ethernet",  # the catalog does not say: never counted on for multi-node serving
        "billing": "spot" if spot else "on_demand",
        "region": item.location, "jurisdiction": jurisdiction, "country": country,
        "prices": [{"usd_per_hour": str(Decimal(str(item.price))), "as_of": observed.isoformat(),
                    "source": f"gpuhunt catalog, {provider} version {version} ({url})", "confidence": "medium"}],
    }


@contextlib.contextmanager
def _catalog_url(base_url: str, timeout: float) -> Iterator[None]:
    """gpuhunt reads its base URL from GPUHUNT_CATALOG_URL and opens URLs without a timeout: set both for
    the refresh only, and keep its per-provider failures out of the terminal (we report them)."""
    before = os.environ.get("GPUHUNT_CATALOG_URL")
    old_timeout = socket.getdefaulttimeout()
    logger = logging.getLogger("gpuhunt")
    quiet = logging.NullHandler()  # a handler of its own, so Python's last-resort handler prints nothing
    propagate = logger.propagate
    os.environ["GPUHUNT_CATALOG_URL"] = base_url
    socket.setdefaulttimeout(timeout)
    logger.addHandler(quiet)
    logger.propagate = False
    try:
        yield
    finally:
        logger.removeHandler(quiet)
        logger.propagate = propagate
        socket.setdefaulttimeout(old_timeout)
        if before is None:
            os.environ.pop("GPUHUNT_CATALOG_URL", None)
        else:
            os.environ["GPUHUNT_CATALOG_URL"] = before


def pull(base_url: str, gpus: dict[str, Gpu], *, providers: tuple[str, ...] = PROVIDERS, timeout: float = 30,
         today: dt.date) -> Pulled:
    """Every offer of `providers` in gpuhunt's catalog at `base_url`, checked and in our row shape."""
    import gpuhunt

    base_url = base_url.rstrip("/")
    out = Pulled(base_url=base_url, observed=today)
    catalog = gpuhunt.Catalog(balance_resources=False, auto_reload=False)
    with _catalog_url(base_url, timeout):
        try:
            catalog.load()
        except Exception as exc:  # gpuhunt raises when no provider could be loaded at all
            out.failed = {p: f"{type(exc).__name__}: {exc}" for p in providers}
            return out
    loaded = getattr(catalog, "catalog", {})  # gpuhunt's per-provider catalogs, with their versions
    seen: dict[str, dict[str, Any]] = {}
    for provider in providers:
        if provider not in loaded:
            out.failed[provider] = "not published at this URL, or could not be read"
            continue
        version = str(getattr(loaded[provider], "version", "unknown"))
        out.versions[provider] = version
        url = f"{base_url}/{provider}/{version}/catalog.zip"
        out.kept[provider] = 0
        for item in catalog.query(provider=provider):
            if not item.gpu_count or not item.gpu_name:
                continue
            gpu = gpu_for(item.gpu_name, item.gpu_memory, gpus)
            if gpu is None:
                label = f"{item.gpu_name} {item.gpu_memory:g} GB" if item.gpu_memory else item.gpu_name
                out.unmodelled[label] = out.unmodelled.get(label, 0) + 1
                continue
            reason = check_price(gpu, item.price, item.gpu_count)
            if reason:
                out.rejected.append(Rejected(provider, item.instance_name, item.location, gpu.id, item.gpu_count,
                                             float(item.price), reason))
                continue
            row = to_row(provider, item, gpu, version=version, url=url, observed=today)
            previous = seen.get(row["id"])
            if previous is None or Decimal(row["prices"][0]["usd_per_hour"]) < Decimal(
                    previous["prices"][0]["usd_per_hour"]):
                if previous is None:
                    out.kept[provider] += 1
                seen[row["id"]] = row
    out.offers = list(seen.values())
    return out
