"""A per-user cache of work that is the same on every run: compiled templates, validated catalogs.

`llmcost ask` is a fresh process per question, so start-up is what the user waits for (bot/startup.py
lists what is cached and why). The folder is the Context's `cache_folder` (bot/context.py:
$LLMCOST_CACHE_DIR, else the user's cache directory; LLMCOST_CACHE_DIR=off turns caching off). A cache that
cannot be read or written (read-only home, full disk, a corrupt or stale entry) only means the work is
done again: it never stops an answer. Entries are keyed on what they were built from (file sizes and
modification times, library versions), so an edited file is never served stale.

The catalogs are kept as a pickle, which skips both YAML parsing and pydantic validation. Loading a
pickle runs code named in it; the folder is the user's own cache directory (as jedi and parso keep
theirs), so an entry there is as trusted as the user's own files.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import pickle
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger("llmcost.cache")


def usable(path: Path | None) -> Path | None:
    """`path`, created if needed, or None when caching is off (None) or the folder is unusable."""
    if path is None:
        return None
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        log.debug("no cache: cannot create %s (%s)", path, exc)
        return None
    return path


def cache_dir() -> Path | None:
    """The process's cache folder (the current Context's), for code not handed a folder of its own."""
    from bot.context import current

    return usable(current().cache_folder)


def _key(parts: Any) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` to `path` so a reader never sees half a file; failures are logged, not raised."""
    tmp = None
    try:
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".tmp-", delete=False) as f:
            tmp = f.name
            f.write(data)
        os.replace(tmp, path)
    except OSError as exc:
        log.debug("cache: cannot write %s (%s)", path, exc)
        if tmp:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def prune(folder: Path, pattern: str, keep: int) -> None:
    """Keep the `keep` most recently modified entries of `folder` matching `pattern`, remove the rest: every
    edit of a catalog or of the code leaves an entry no key will ask for again."""
    try:
        entries = sorted(folder.glob(pattern), key=lambda p: p.stat().st_mtime_ns, reverse=True)
    except OSError:
        return
    for old in entries[keep:]:
        with contextlib.suppress(OSError):
            if old.is_dir():
                shutil.rmtree(old)
            else:
                old.unlink()


KEEP_ENTRIES = 8  # per kind: a few override files in use side by side, and nothing older


_PROCESS = object()  # `folder` not given: the process's cache folder


def cached_pickle(kind: str, key: Any, build: Callable[[], Any], *, folder: Any = _PROCESS) -> Any:
    """`build()`'s result, kept as a pickle under `kind` and `key` (anything with a stable repr) in `folder`
    (None: not kept)."""
    if folder is _PROCESS:
        folder = cache_dir()
    if folder is None:
        return build()
    path = folder / f"{kind}-{_key(key)}.pickle"
    try:
        return pickle.loads(path.read_bytes())
    except FileNotFoundError:
        pass
    except Exception as exc:  # truncated, from another version of a class: rebuild
        log.debug("cache: ignoring %s (%s: %s)", path, type(exc).__name__, exc)
    value = build()
    write_atomically(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    prune(folder, f"{kind}-*.pickle", keep=KEEP_ENTRIES)
    return value
