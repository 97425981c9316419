"""Hub facts kept on disk as JSON, one file per repo, with the date they were fetched.

A cache that cannot be read or written only means the Hub is asked again: it never stops an answer.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import os
import tempfile
from dataclasses import asdict
from pathlib import Path

from costcore.catalog import normalise
from costcore.hubfacts import HubFacts

VERSION = 1


def _path(folder: Path, kind: str, key: str) -> Path:
    digest = hashlib.sha256(key.encode()).hexdigest()[:24]
    return folder / kind / f"{digest}.json"


def _read(path: Path) -> dict | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("version") == VERSION else None


def _write(path: Path, data: dict) -> None:
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"version": VERSION, **data}, fh)
        os.replace(tmp, path)


def read_repo(folder: Path | None, name: str) -> str | None:
    """The repo a name was resolved to before (a repo id resolves to itself)."""
    if folder is None:
        return None
    data = _read(_path(folder, "names", normalise(name)))
    return str(data["repo"]) if data and data.get("repo") else None


def write_repo(folder: Path | None, name: str, repo: str) -> None:
    if folder is not None:
        _write(_path(folder, "names", normalise(name)), {"name": name, "repo": repo})


def read_facts(folder: Path | None, repo: str) -> HubFacts | None:
    if folder is None:
        return None
    data = _read(_path(folder, "repos", repo.lower()))
    if not data:
        return None
    try:
        data.pop("version")
        data["fetched"] = dt.date.fromisoformat(data["fetched"])
        return HubFacts(**data)
    except (KeyError, TypeError, ValueError):
        return None


def write_facts(folder: Path | None, facts: HubFacts) -> None:
    if folder is not None:
        data = asdict(facts) | {"fetched": facts.fetched.isoformat()}
        _write(_path(folder, "repos", facts.repo.lower()), data)


def all_facts(folder: Path | None) -> list[HubFacts]:
    """Every repo whose facts are cached, newest fetch first (for `llmcost models`)."""
    if folder is None:
        return []
    found = []
    for path in sorted((folder / "repos").glob("*.json")):
        data = _read(path)
        if data and data.get("repo"):
            facts = read_facts(folder, str(data["repo"]))
            if facts is not None:
                found.append(facts)
    return sorted(found, key=lambda f: (f.fetched, f.repo), reverse=True)
