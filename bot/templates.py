"""The one way llmcost builds a jinja2 environment for prompts/: same settings everywhere, compiled
templates kept in the cache folder (bot.cache) so a fresh `llmcost ask` does not recompile them.

Compiled code is not the same for every environment: jinja2 folds constants through the filters of the
environment that compiles (`{{ "Catalog gaps" | strong }}` is compiled as `*Catalog gaps*`), and
trimming, `finalize` and how each filter is called are compiled in too. So each shape of environment
keeps its bytecode in a folder of its own, named by those settings, the filters and the code that
defines them (size and time of every module of the `bot` package): edit a filter and it recompiles.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from bot.cache import cache_dir, prune

KEEP_SHAPES = 16  # environment shapes kept: a handful in use, the rest left by earlier versions of the code

log = logging.getLogger("llmcost.templates")


class _BytecodeCache(jinja2.FileSystemBytecodeCache):
    """jinja2's own bytecode cache (checked against each template's source), but a cache that cannot be
    read or written is skipped rather than failing the reply."""

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception as exc:  # truncated (UnpicklingError), unreadable, from another jinja2: recompile
            log.debug("template cache: cannot read %s (%s)", bucket.key, exc)
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError as exc:
            log.debug("template cache: cannot write %s (%s)", bucket.key, exc)


@cache
def _code_stamp() -> tuple[tuple[str, int, int], ...]:
    package = Path(__file__).resolve().parent
    stamp = []
    for path in sorted(package.rglob("*.py")):
        with contextlib.suppress(OSError):
            st = path.stat()
            stamp.append((str(path.relative_to(package)), st.st_size, st.st_mtime_ns))
    return tuple(stamp)


def _who(fn: Any) -> str:
    return "" if fn is None else f"{getattr(fn, '__module__', '')}.{getattr(fn, '__qualname__', repr(fn))}"


def _shape(folder: str, trim: bool, finalize: Any, filters: dict[str, Any]) -> str:
    """What compiled code depends on besides the template's source (which jinja2 checks itself)."""
    named = sorted((name, _who(fn)) for name, fn in filters.items())
    parts = (jinja2.__version__, folder, trim, _who(finalize), named, _code_stamp())
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:16]


def bytecode_cache(shape: str) -> jinja2.BytecodeCache | None:
    folder = cache_dir()
    if folder is None:
        return None
    target = folder / "templates" / shape
    try:
        fresh = not target.exists()
        target.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    if fresh:  # a new shape (an edit to the bot package): drop the shapes nobody has used lately
        prune(target.parent, "*", keep=KEEP_SHAPES)
    return _BytecodeCache(str(target))


def make_environment(
    folder: str = "",
    *,
    filters: dict[str, Callable[..., Any]] | None = None,
    finalize: Callable[[Any], Any] | None = None,
    trim: bool = True,
) -> jinja2.Environment:
    """An environment over prompts/<folder>: strict about undefined names, no HTML escaping (the Slack
    surface escapes with its own filters), block tags that do not leave blank lines when `trim`."""
    filters = filters or {}
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("prompts", folder),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        finalize=finalize,
        trim_blocks=trim,
        lstrip_blocks=trim,
        keep_trailing_newline=False,
        bytecode_cache=bytecode_cache(_shape(folder, trim, finalize, filters)),
        # Templates are package files: no stat() of each one on every render (the bot renders several a message).
        auto_reload=False,
    )
    env.filters.update(filters)
    return env
