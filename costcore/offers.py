"""Which offers may serve this question, and which of them the fit needs to look at.

Pure: the offers, the constraint and the date are arguments. Eligibility is residency (a region,
jurisdiction or country the asker named, or "the data must stay in the EU"), the provider whose account the
text must stay in ("our own AWS account") and billing (spot preempts a
latency SLO mid-stream, so it is never chosen unless asked for). Many offers share a shape (same GPU,
count, host RAM, network): the fit depends only on the shape, so only the cheapest offer of each shape
(plus any offer the asker named) goes on to the fit: one fit per shape, whatever the number of offers, and
a shape no better than a cheaper one (same GPUs, no more host RAM, no better network) is not fitted at all.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from costcore.catalog import UNSPECIFIED, Node

STALE_AFTER_DAYS = 90


@dataclass(frozen=True)
class Pool:
    """The offers that may serve, the ones the fit sees, and what was left out and why."""

    eligible: list[Node]
    shortlist: list[Node]
    region: str | None
    provider: str | None = None
    outside_region: int = 0
    outside_provider: int = 0
    spot_left_out: int = 0
    considered: int = 0
    by_shape: dict[tuple, int] = field(default_factory=dict)


def wanted_region(region: str | None, eu_residency: bool) -> str | None:
    """The residency constraint in force: the one named, else "EU" when the data must stay in the EU."""
    if region:
        return region
    return "EU" if eu_residency else None


def from_provider(node: Node, want: str) -> bool:
    """"AWS" is AWS's offers, whatever the case: the team's own account is with that provider."""
    return node.provider.strip().lower() == want.strip().lower()


def in_region(node: Node, want: str) -> bool:
    """A constraint names a jurisdiction ("EU", "US"), a country ("ES", "FI") or a region ("eu-north1",
    "eu-west" matches "eu-west-1"; "EU" is never a region prefix). An offer whose region is unspecified never matches."""
    key = want.strip().lower()
    if not key:
        return True
    if node.jurisdiction == UNSPECIFIED and node.region in (UNSPECIFIED, "any"):
        return False
    if key == node.jurisdiction.lower() or (node.country and key == node.country.lower()):
        return True
    if len(key) <= 2:  # "EU", "ES": a jurisdiction or country, never a region prefix (London is "eu-west-2")
        return False
    region = node.region.lower()
    return region == key or region.startswith(key + "-") or (len(key) > 3 and region.startswith(key))


_MEMO: dict[tuple, tuple[object, Pool]] = {}
MEMO_SIZE = 64


def select(nodes: Mapping[str, Node] | Iterable[Node], *, on: dt.date, region: str | None, allow_spot: bool,
           keep: str | None = None, provider: str | None = None) -> Pool:
    """Filter the offers by region, provider and billing, then keep the cheapest of each shape on `on` (and
    `keep`).

    The result depends only on its arguments, so it is remembered for the same offers (the same object: the
    catalogs a process loaded once), date, region, spot and named offer; a few hundred offers then cost
    nothing on the next question of the day."""
    key = (id(nodes), on, region, allow_spot, keep, provider)
    hit = _MEMO.get(key)
    if hit is not None and hit[0] is nodes:
        return hit[1]
    pool = _select(nodes, on=on, region=region, allow_spot=allow_spot, keep=keep, provider=provider)
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()  # a handful of (date, region, spot) combinations are live at once: start over
    _MEMO[key] = (nodes, pool)
    return pool


def _select(nodes: Mapping[str, Node] | Iterable[Node], *, on: dt.date, region: str | None, allow_spot: bool,
            keep: str | None, provider: str | None = None) -> Pool:
    everything = list(nodes.values()) if isinstance(nodes, Mapping) else list(nodes)
    theirs = everything if not provider else [n for n in everything if from_provider(n, provider)]
    local = theirs if region is None else [n for n in theirs if in_region(n, region)]
    eligible = [n for n in local if allow_spot or n.billing != "spot"]
    counts: dict[tuple, int] = {}
    cheapest: dict[tuple, tuple] = {}  # shape -> ((price, id), node): one fit per shape
    for node in eligible:
        shape = node.shape
        counts[shape] = counts.get(shape, 0) + 1
        price = node.price_on(on)
        rank = (price.usd_per_hour, -price.as_of.toordinal(), node.id)  # at one price, the newer observation
        if shape not in cheapest or rank < cheapest[shape][0]:
            cheapest[shape] = (rank, node)
    shortlist: list[Node] = []
    best: dict[tuple, list[Node]] = {}  # per (GPU, count, minimum rental): the offers kept so far, cheapest first
    for _, node in sorted(cheapest.values(), key=lambda entry: entry[0]):
        kept = best.setdefault((node.gpu, node.gpu_count, node.min_units), [])
        if not any(_covers(other, node) for other in kept):
            kept.append(node)
            shortlist.append(node)
    named = next((n for n in everything if n.id == keep), None) if keep else None
    if named is not None and named not in shortlist:
        shortlist.append(named)
    return Pool(
        eligible=eligible, shortlist=shortlist, region=region, provider=provider or None,
        outside_provider=len(everything) - len(theirs), outside_region=len(theirs) - len(local),
        spot_left_out=len(local) - len(eligible), considered=len(everything), by_shape=counts,
    )


def _covers(cheaper: Node, node: Node) -> bool:
    """An offer at most as dear with the same GPUs, at least the host RAM and a network at least as able to
    span nodes fits everything `node` fits, at no higher price: `node` can never be the one chosen."""
    return cheaper.host_ram_gb >= node.host_ram_gb and (cheaper.multi_node_ok or not node.multi_node_ok)


def age_days(as_of: dt.date, on: dt.date) -> int:
    return (on - as_of).days


def is_stale(as_of: dt.date, on: dt.date) -> bool:
    """A price observed more than 90 days before the question's date."""
    return age_days(as_of, on) > STALE_AFTER_DAYS


def matches_gpu(node: Node, want: str) -> bool:
    """"h100" is H100 (not H100NVL); "a100" is both A100 40GB and 80GB."""
    key, gpu = want.strip().lower().replace(" ", ""), node.gpu.lower()
    return key == gpu or gpu.startswith(key + "-")


def listing(nodes: Iterable[Node], on: dt.date, *, gpu: str | None = None, region: str | None = None,
            stale_only: bool = False) -> list[dict]:
    """Offers as rows for `llmcost prices`: the price in force on `on`, its date, age and source."""
    rows = []
    for node in nodes:
        if (gpu and not matches_gpu(node, gpu)) or (region and not in_region(node, region)):
            continue
        price = node.price_on(on)
        if stale_only and not is_stale(price.as_of, on):
            continue
        rows.append({
            "id": node.id, "provider": node.provider, "name": node.name, "gpu": node.gpu,
            "gpu_count": node.gpu_count, "shape": f"{node.gpu_count}×{node.gpu}", "usd_per_hour": price.usd_per_hour,
            "billing": node.billing, "region": node.region, "jurisdiction": node.jurisdiction, "as_of": price.as_of,
            "age_days": age_days(price.as_of, on), "stale": is_stale(price.as_of, on),
            "confidence": price.confidence, "source": price.source,
        })
    return sorted(rows, key=lambda r: (r["gpu"], r["gpu_count"], r["usd_per_hour"], r["id"]))
