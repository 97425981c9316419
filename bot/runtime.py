"""Everything loaded once per process: catalogs, settings, templates. The shell reads the environment here,
so costcore never has to."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from costcore.catalog import Catalogs, load_catalogs
from costcore.scenario import Settings


def node_override_files() -> list[Path]:
    """LLMCOST_NODES_FILE: one or more YAML files (os.pathsep-separated) of node rows that add or replace."""
    raw = os.environ.get("LLMCOST_NODES_FILE", "")
    return [Path(p) for p in raw.split(os.pathsep) if p.strip()]


@cache
def catalogs() -> Catalogs:
    return load_catalogs(node_overrides=node_override_files())


@cache
def settings() -> Settings:
    return Settings()
