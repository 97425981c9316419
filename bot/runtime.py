"""Everything loaded once per process: catalogs, genai-prices' data, settings, the clock. The shell reads the
environment here, so costcore never has to.

Price data: LLMCOST_PRICES_FILE names a genai-prices snapshot to answer from (a test pins one; a team may pin
one too); otherwise the newest snapshot `llmcost refresh` saved (bot/refresh/apis.py); otherwise the data
genai-prices ships with. LLMCOST_NOW (an ISO date-time) fixes the clock answers are priced at: for tests
and reproductions, never needed in production.
"""

from __future__ import annotations

import datetime as dt
import os
import sys
from functools import cache
from pathlib import Path

from bot.cache import cache_dir, cached_pickle
from costcore import prices as price_data
from costcore.catalog import CatalogError, Catalogs, catalog_files, load_catalogs
from costcore.scenario import Settings


def node_override_files() -> list[Path]:
    """LLMCOST_NODES_FILE: one or more YAML files (os.pathsep-separated) of node rows that add or replace."""
    raw = os.environ.get("LLMCOST_NODES_FILE", "")
    return [Path(p) for p in raw.split(os.pathsep) if p.strip()]


def offers_snapshot_path() -> Path:
    """LLMCOST_OFFERS_FILE, else offers.json in the user's data directory: where `llmcost refresh` writes the
    dated snapshot of current offers and where answers read it from."""
    if env := os.environ.get("LLMCOST_OFFERS_FILE", "").strip():
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("llmcost")) / "offers.json"


def offers_snapshot() -> Path | None:
    """The snapshot answers use, if a refresh has written one (the shipped catalog alone otherwise)."""
    path = offers_snapshot_path()
    return path if path.is_file() else None


def _stamp(path: Path) -> tuple[str, int, int, int, int] | None:
    """A file's identity and version: an edit changes the size or a time (ctime even when `cp -p` or
    `rsync -t` restores the mtime), a replacement the inode."""
    try:
        stat = os.stat(path)
    except (OSError, TypeError):
        return None
    return (str(path), stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino)


def catalogs_key(overrides: list[Path], snapshot: Path | None = None) -> tuple:
    """What validated catalogs depend on: every file read, the code of the models that read them, and the
    versions of Python and pydantic. Any change is a new key, so a stale entry is never read."""
    import pydantic

    import costcore.catalog

    files = [*catalog_files(overrides, offers_snapshot=snapshot), Path(costcore.catalog.__file__)]
    return (sys.version, pydantic.VERSION, [_stamp(p) for p in files])


@cache
def catalogs() -> Catalogs:
    """The catalogs with genai-prices' data attached, validated once per version of their files (a warm
    `llmcost ask` skips PyYAML and pydantic validation). A file that cannot be read is never cached:
    load_catalogs names it."""
    overrides = node_override_files()
    snapshot = offers_snapshot()
    key = catalogs_key(overrides, snapshot)

    def load() -> Catalogs:
        return load_catalogs(node_overrides=overrides, offers_snapshot=snapshot)

    loaded = load() if any(stamp is None for stamp in key[2]) else cached_pickle("catalogs", key, load)
    return loaded.with_prices(prices())


@cache
def prices() -> price_data.PriceData:
    """genai-prices' data answers use: LLMCOST_PRICES_FILE, else the newest refreshed snapshot, else bundled."""
    import genai_prices

    from bot.refresh import apis as snapshots

    pinned = os.environ.get("LLMCOST_PRICES_FILE", "").strip()
    path = Path(pinned) if pinned else snapshots.latest_snapshot()
    if path is None:
        return snapshots.bundled()
    code = [_stamp(Path(price_data.__file__)), _stamp(Path(snapshots.__file__))]
    key = (sys.version, genai_prices.__version__, _stamp(path), code)
    if key[2] is None:
        return _read_prices(path)  # names the missing file
    return cached_pickle("prices", key, lambda: _read_prices(path))


def _read_prices(path: Path) -> price_data.PriceData:
    from bot.refresh.apis import read_snapshot

    try:
        return read_snapshot(path)
    except (OSError, ValueError, KeyError, TypeError) as exc:  # JSON and pydantic errors are ValueErrors
        raise CatalogError(f"{path}: cannot read genai-prices data: {type(exc).__name__}: {exc}") from exc


def now() -> dt.datetime:
    """The instant answers are priced at: LLMCOST_NOW when set (tests, reproductions), else the real clock."""
    pinned = os.environ.get("LLMCOST_NOW", "").strip()
    if not pinned:
        return dt.datetime.now(dt.UTC)
    when = dt.datetime.fromisoformat(pinned)
    return when if when.tzinfo else when.replace(tzinfo=dt.UTC)


@cache
def settings() -> Settings:
    return Settings()


@cache
def hub_settings():
    """The Hub lookup's settings (LLMCOST_HUB, HF_ENDPOINT, HF_TOKEN, LLMCOST_HUB_TIMEOUT, ...)."""
    from bot.hub.settings import from_environ

    return from_environ(dict(os.environ), cache_dir())


@cache
def reader_settings():
    """The optional second reader (LLMCOST_READER_URL, _MODEL, _KEY, _INTERNAL, _TIMEOUT_S): off unless a URL is set."""
    from bot.parse.fallback import ReaderSettings

    return ReaderSettings.from_env(os.environ)
