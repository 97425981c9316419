"""Everything loaded once per process: catalogs, settings, templates. The shell reads the environment here,
so costcore never has to."""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

from bot.cache import cache_dir, cached_pickle
from costcore.catalog import Catalogs, catalog_files, load_catalogs
from costcore.scenario import Settings


def node_override_files() -> list[Path]:
    """LLMCOST_NODES_FILE: one or more YAML files (os.pathsep-separated) of node rows that add or replace."""
    raw = os.environ.get("LLMCOST_NODES_FILE", "")
    return [Path(p) for p in raw.split(os.pathsep) if p.strip()]


def _stamp(path: Path) -> tuple[str, int, int, int, int] | None:
    """A file's identity and version: an edit changes the size or a time (ctime even when `cp -p` or
    `rsync -t` restores the mtime), a replacement the inode."""
    try:
        stat = os.stat(path)
    except (OSError, TypeError):
        return None
    return (str(path), stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino)


def catalogs_key(overrides: list[Path]) -> tuple:
    """What validated catalogs depend on: every file read, the code of the models that read them, and the
    versions of Python and pydantic. Any change is a new key, so a stale entry is never read."""
    import pydantic

    import costcore.catalog

    files = [*catalog_files(overrides), Path(costcore.catalog.__file__)]
    return (sys.version, pydantic.VERSION, [_stamp(p) for p in files])


@cache
def catalogs() -> Catalogs:
    """The catalogs, validated once per version of their files (a warm `llmcost ask` skips PyYAML and
    pydantic validation). A file that cannot be read is never cached: load_catalogs names it."""
    overrides = node_override_files()
    key = catalogs_key(overrides)
    if any(stamp is None for stamp in key[2]):
        return load_catalogs(node_overrides=overrides)
    return cached_pickle("catalogs", key, lambda: load_catalogs(node_overrides=overrides))


@cache
def settings() -> Settings:
    return Settings()


@cache
def hub_settings():
    """The Hub lookup's settings (LLMCOST_HUB, HF_ENDPOINT, HF_TOKEN, LLMCOST_HUB_TIMEOUT, ...)."""
    from bot.hub.settings import from_environ

    return from_environ(dict(os.environ), cache_dir())
