"""The genai-prices half of `llmcost refresh`: fetch current API prices through genai-prices' own updater
into a dated local snapshot that answers use from then on (the Context, bot/context.py, reads the newest one
when answers first need price data).

Never called while answering. The URL is genai-prices' own (`DEFAULT_UPDATE_URL`) unless a caller, or
LLMCOST_GENAI_PRICES_URL, names another (a mirror; a test's stand-in on 127.0.0.1). Snapshots live in
$LLMCOST_PRICES_DIR, else the user's data directory, one file per day: genai-prices-YYYY-MM-DD.json.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from costcore.prices import PriceData, from_payload, to_payload

NAME = re.compile(r"^genai-prices-(\d{4}-\d{2}-\d{2})\.json$")
MIN_PROVIDERS = 5  # a payload with fewer is a broken mirror, not a price list


class RefreshFailed(RuntimeError):
    """The fetch failed or returned something that is not a price list; the previous snapshot stays."""


@dataclass
class ApisRefreshed:
    path: Path
    as_of: dt.date
    url: str
    providers: int
    models: int
    missing: list[str] = field(default_factory=list)  # overlay rows (apis.yaml) the new data no longer lists
    deprecated: list[str] = field(default_factory=list)  # overlay rows the new data marks deprecated


def read_snapshot(path: Path) -> PriceData:
    """A snapshot file (written by `write_snapshot`, or genai-prices' own data.json) as PriceData."""
    return from_payload(json.loads(Path(path).read_text(encoding="utf-8")), str(path))


def write_snapshot(data: PriceData, path: Path) -> None:
    """Save `data` where `read_snapshot` reads it; a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(to_payload(data), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)


def bundled() -> PriceData:
    """The data genai-prices ships with the installed package."""
    from genai_prices import __version__
    from genai_prices.data_snapshot import _bundled_snapshot

    return PriceData(_bundled_snapshot(), f"genai-prices {__version__} (bundled)")


def snapshot_dir() -> Path:
    """Where refreshed snapshots are kept: the process Context's `prices_dir` (LLMCOST_PRICES_DIR, else the
    user's data directory)."""
    from bot.context import current

    return current().prices_dir


def latest_snapshot(directory: Path | None = None) -> Path | None:
    """The newest dated snapshot a refresh saved, or None."""
    folder = directory or snapshot_dir()
    try:
        names = sorted(p.name for p in folder.iterdir() if NAME.match(p.name))
    except OSError:
        return None
    return folder / names[-1] if names else None


def refresh_apis(*, url: str | None = None, directory: Path | None = None, now: dt.datetime | None = None,
                 timeout_s: float = 10.0, catalogs=None) -> ApisRefreshed:
    """Fetch genai-prices' current data with its own `UpdatePrices.fetch` and save it, dated `now`.

    `catalogs`, when given, is checked against the new data: overlay rows it no longer lists, or lists as
    deprecated, are reported (not fatal: answers skip them)."""
    import httpx2
    from genai_prices.update_prices import DEFAULT_UPDATE_URL, UpdatePrices

    if url is None:  # the process Context's LLMCOST_GENAI_PRICES_URL, else genai-prices' own
        from bot.context import current

        url = current().refresh.genai_prices_url or DEFAULT_UPDATE_URL
    when = now or dt.datetime.now(dt.UTC)
    updater = UpdatePrices(url=url, request_timeout=httpx2.Timeout(timeout=timeout_s, connect=min(5.0, timeout_s)))
    try:
        snapshot = updater.fetch()
    except Exception as exc:  # httpx2 errors, JSON and validation errors: one message for the user
        raise RefreshFailed(f"genai-prices data from {url}: {type(exc).__name__}: {exc}") from exc
    if snapshot is None or len(snapshot.providers) < MIN_PROVIDERS:
        count = 0 if snapshot is None else len(snapshot.providers)
        raise RefreshFailed(f"genai-prices data from {url}: {count} providers, expected at least {MIN_PROVIDERS}")
    data = PriceData(snapshot, url, when.date())
    path = (directory or snapshot_dir()) / f"genai-prices-{when.date().isoformat()}.json"
    write_snapshot(data, path)
    missing, deprecated = _check(data, catalogs) if catalogs is not None else ([], [])
    return ApisRefreshed(path=path, as_of=when.date(), url=url, providers=len(snapshot.providers),
                         models=sum(len(p.models) for p in snapshot.providers), missing=missing,
                         deprecated=deprecated)


def _check(data: PriceData, catalogs) -> tuple[list[str], list[str]]:
    from costcore.prices import ApiNotPriced

    missing, deprecated = [], []
    for rows in catalogs.apis.serving.values():
        for row in rows:
            try:
                _, info = data.lookup(row.provider, row.model_ref)
            except ApiNotPriced:
                missing.append(f"{row.provider}/{row.model_ref}")
                continue
            if info.deprecated and not row.withdrawn_on:
                deprecated.append(f"{row.provider}/{row.model_ref}")
    return missing, deprecated
