"""Start-up work, in one place: what `llmcost ask` (a fresh process per question) does to start fast.

The Slack bot, the product, starts once and gains nothing from any of this; the one-shot CLI is what
people time against `genai-prices calc` (the README says the ratio). Each trick is kept because it pays:
`python bench/bench_engine.py --tricks` runs `llmcost ask --json` as shipped and with each trick undone,
and reports CPU time per run (wall time on a shared 2-core box is mostly other people's load). Measured
2026-11-30, 15 runs each: as shipped 345 ms, genai-prices calc 339 ms. Nothing here changes an answer: a
cache that cannot be used means the work is done again (tests/bot/test_cache.py), and LLMCOST_CACHE_DIR=off
turns every cache off.

1. Validated catalogs and genai-prices' data kept as pickles (`catalogs`, `prices`, via bot/cache.py),
   keyed on every file they were read from (size, mtime, ctime, inode: `cp -p` keeps an mtime, a
   replacement changes the inode), the code that reads them and the library versions. A warm run skips
   PyYAML and the validation of ~2,000 rows: +257 ms without it. `defer_build=True` on costcore's catalog
   models (costcore/catalog.py `Strict`) goes with it: a process that unpickles its catalogs never builds
   their validators (~40 ms at import otherwise).
2. Compiled jinja2 templates: the bytecode cache of the rendering package's environment factory, keyed on
   the environment's filters and the `bot` package's sources. It lives beside that factory because its key
   is the factory's settings; listed here so the list is whole.
3. Heavy libraries imported inside the handler that needs them (matplotlib, numpy, slack_bolt, gpuhunt,
   huggingface_hub, sqlite-utils, cheroot): `llmcost ask` imports none of them once its log exists
   (tests/bot/test_cli.py checks it); logging a question is one plain INSERT (bot/store.py `_up_to_date`).
4. `quick_exit`: after the answer is out and the log closed, run the exit handlers and leave without
   tearing the interpreter down (every module, every pydantic schema). +73 ms without it.
5. `one_shot`: no cyclic garbage collector (pydantic's schema building at import runs it again and again; a
   process that answers once frees what it drops by reference counting) and no pydantic plugin discovery
   (PYDANTIC_DISABLE_PLUGINS, pydantic's documented switch, which scans every installed package's
   metadata; an empty value keeps plugins). +127 ms without it. `serve` and `clock` keep both.
6. `keep_regexes`: the sre code `re` compiles each pattern to, kept in the cache folder per Python build, so
   a warm run hands it to `_sre.compile` instead of parsing the parser's few hundred patterns again (and
   the standard library's). +81 ms without it; installed by `one_shot`, and by `llmcost serve` before its
   warm-up: each serving process compiled the same ~600 patterns (~0.35 s of CPU a start) before taking a
   question, so a restart, or a supervisor starting one process per CPU, waited on that each time.


Removed: regular expressions compiled on first use (bot/parse/lazyre.py): it saved ~54 ms until trick 6;
with the compiled code kept, compiling every pattern at import costs nothing measurable (-2 ms).
Removed: hiding numpy from sys.modules while importing sqlite-utils (bot/store.py). A warm `llmcost ask`
never imports sqlite-utils, so it saved nothing there; it only spared the first question's migrations
and `llmcost log`/`digest` ~80 ms, at the price of a process-wide trick.
"""

from __future__ import annotations

import atexit
import gc
import logging
import os
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot import cache

if TYPE_CHECKING:
    from bot.context import Context
    from costcore.catalog import Catalogs
    from costcore.prices import PriceData


# -- 1. catalogs and price data kept warm -----------------------------------------------------------------

# In memory too: a process that builds several Contexts (tests, one per test; a bot whose environment never
# changes builds one) reads each version of the files once. Bounded, like the cache folder.
_LOADED: dict[tuple, Any] = {}


def _remember(memo: tuple, value: Any) -> Any:
    if len(_LOADED) >= 4 * cache.KEEP_ENTRIES:
        _LOADED.clear()
    _LOADED[memo] = value
    return value


def _kept(kind: str, key: Any, build: Any, folder: Path | None) -> Any:
    memo = (kind, repr(key), repr(folder))
    if memo in _LOADED:
        return _LOADED[memo]
    return _remember(memo, cache.cached_pickle(kind, key, build, folder=folder))


def priced(catalogs: Catalogs, prices: PriceData) -> Catalogs:
    """`catalogs` with `prices` attached, the same object for the same pair: what costcore derives from a
    Catalogs (indexes, a model's hosts) is computed once, not once per Context."""
    return _kept_pair(catalogs, prices)


def _kept_pair(catalogs: Any, prices: Any) -> Any:
    memo = ("priced", id(catalogs), id(prices))
    hit = _LOADED.get(memo)
    if hit is None or hit[0] is not catalogs or hit[1] is not prices:  # ids of dropped objects are reused
        hit = _remember(memo, (catalogs, prices, catalogs.with_prices(prices)))
    return hit[2]


def forget(kind: str | None = None) -> None:
    """Drop what this process loaded (of one kind, "catalogs" or "prices"): the next Context reads its
    files (or the cache folder) again."""
    for memo in [m for m in _LOADED if kind in (None, m[0])]:
        del _LOADED[memo]



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
    from costcore.catalog import catalog_files

    files = [*catalog_files(overrides, offers_snapshot=snapshot), Path(costcore.catalog.__file__)]
    return (sys.version, pydantic.VERSION, [_stamp(p) for p in files])


def catalogs(ctx: Context) -> Catalogs:
    """The catalogs `ctx` names (without price data), validated once per version of their files. A file
    that cannot be read is never cached: load_catalogs names it."""
    from costcore.catalog import load_catalogs

    overrides = list(ctx.node_overrides)
    snapshot = ctx.offers_snapshot()
    key = catalogs_key(overrides, snapshot)

    def load() -> Catalogs:
        return load_catalogs(node_overrides=overrides, offers_snapshot=snapshot)

    if any(stamp is None for stamp in key[2]):
        return load()
    return _kept("catalogs", key, load, cache.usable(ctx.cache_folder))


def prices(ctx: Context) -> PriceData:
    """genai-prices' data: LLMCOST_PRICES_FILE, else the newest refreshed snapshot, else the bundled data."""
    import genai_prices

    from bot.refresh import apis as snapshots
    from costcore import prices as price_data

    path = ctx.prices_file or snapshots.latest_snapshot(ctx.prices_dir)
    if path is None:
        return snapshots.bundled()
    code = [_stamp(Path(price_data.__file__)), _stamp(Path(snapshots.__file__))]
    key = (sys.version, genai_prices.__version__, _stamp(path), code)
    if key[2] is None:
        return _read_prices(path)  # names the missing file
    return _kept("prices", key, lambda: _read_prices(path), cache.usable(ctx.cache_folder))


def _read_prices(path: Path) -> PriceData:
    from bot.refresh.apis import read_snapshot
    from costcore.catalog import CatalogError

    try:
        return read_snapshot(path)
    except (OSError, ValueError, KeyError, TypeError) as exc:  # JSON and pydantic errors are ValueErrors
        raise CatalogError(f"{path}: cannot read genai-prices data: {type(exc).__name__}: {exc}") from exc


# -- 6. compiled regular expressions kept between runs -------------------------------------------------------

# What `re` compiles a pattern to (the sre code `re._compiler.compile` hands `_sre.compile`), per pattern and
# flags, kept in the cache folder: a warm run calls `_sre.compile` with it and skips parsing the pattern and
# generating its code. Keyed on the exact Python build (the code format is CPython's own and changes between
# versions); `_sre.compile` validates the code it is given; anything unexpected compiles the usual way.
# A write (only when a run compiled a pattern it did not have: a new version, another command) drops the
# patterns no run has used in the last `_REGEX_KEEP` writes, so patterns an upgrade retired do not pile up
# and slow every start (it had grown to 7.4 MB over six sessions of parser changes; one version is ~1.4 MB).
_REGEX: dict[tuple, tuple] = {}
_REGEX_NEW: list[int] = [0]
_REGEX_MAX = 5_000
_REGEX_KEEP = 5
_REGEX_SEEN: dict[tuple, int] = {}  # the write a pattern was last used by
_REGEX_GEN: list[int] = [1]  # this run's write


def _regex_file(folder: Path) -> Path:
    import hashlib

    return folder / f"regex-{hashlib.sha256(sys.version.encode()).hexdigest()[:16]}.pickle"


def keep_regexes(folder: Path | None) -> None:
    """Serve `re.compile` from (and add to) the kept sre code for this process (`save_regexes` writes it)."""
    import pickle
    import re._compiler as compiler

    if folder is None or getattr(compiler.compile, "_llmcost", False):
        return
    try:
        kept = pickle.loads(_regex_file(folder).read_bytes())
        _REGEX.update(kept["entries"])
        _REGEX_SEEN.update(kept["seen"])
        _REGEX_GEN[0] = int(kept["gen"]) + 1
    except Exception:  # none yet, truncated, another format: compile the usual way and write it again
        _REGEX.clear()
        _REGEX_SEEN.clear()
    original, sre = compiler.compile, compiler._sre

    class _Recorder:
        """`_sre` for one call of the original compile: what it is asked to build is what we keep."""

        def __init__(self) -> None:
            self.args: tuple | None = None

        def compile(self, *args: Any) -> Any:
            self.args = args
            return sre.compile(*args)

        def __getattr__(self, name: str) -> Any:
            return getattr(sre, name)

    def compile(p: Any, flags: int = 0) -> Any:
        if not isinstance(p, str | bytes):
            return original(p, flags)
        key = (type(p).__name__, p, int(flags))
        args = _REGEX.get(key)
        if args is not None:
            try:
                compiled = sre.compile(p, *args)
                _REGEX_SEEN[key] = _REGEX_GEN[0]
                return compiled
            except Exception:
                del _REGEX[key]
        recorder = _Recorder()
        compiler._sre = recorder
        try:
            compiled = original(p, flags)
        finally:
            compiler._sre = sre
        if recorder.args is not None and len(_REGEX) < _REGEX_MAX:
            _, flags_out, code, groups, groupindex, indexgroup = recorder.args
            _REGEX[key] = (int(flags_out), [int(op) for op in code], int(groups), dict(groupindex), tuple(indexgroup))
            _REGEX_SEEN[key] = _REGEX_GEN[0]
            _REGEX_NEW[0] += 1
        return compiled

    compile._llmcost = True  # type: ignore[attr-defined]
    compiler.compile = compile
    atexit.register(save_regexes, folder)


def save_regexes(folder: Path) -> None:
    """Write the kept sre code when this run compiled a pattern it did not have."""
    import pickle

    if _REGEX_NEW[0] and folder.is_dir():  # a folder removed since the start (a test session's) stays removed
        _REGEX_NEW[0] = 0
        gen = _REGEX_GEN[0]
        for key in [k for k in _REGEX if _REGEX_SEEN.get(k, 0) <= gen - _REGEX_KEEP]:
            del _REGEX[key]
            _REGEX_SEEN.pop(key, None)
        kept = {"gen": gen, "entries": _REGEX, "seen": _REGEX_SEEN}
        cache.write_atomically(_regex_file(folder), pickle.dumps(kept, protocol=pickle.HIGHEST_PROTOCOL))


# -- 4 and 5. a process that answers once ------------------------------------------------------------------

LONG_RUNNING = frozenset({"serve", "clock"})  # processes that run for days keep the defaults


def one_shot(argv: list[str]) -> None:
    """Tune this process for one answer, unless it is `serve` or `clock`."""
    if LONG_RUNNING.intersection(argv[:1]):
        return
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")  # set for pydantic, before it first looks
    gc.disable()
    from bot.context import current

    try:
        folder = cache.usable(current().cache_folder)
    except Exception:  # a variable that cannot be read: `main` says so in a sentence, not a traceback here
        return
    keep_regexes(folder)


def quick_exit(code: int) -> None:
    """Leave with `code`: flush the output, run every exit handler (atexit: logging's shutdown, anything a
    library or a later change registers), then end the process without tearing the interpreter down.

    Why this is safe: what interpreter teardown would still do after the exit handlers is join non-daemon
    threads, flush the standard streams and free memory the OS reclaims anyway. The streams are flushed
    here; when a non-daemon thread is alive (none in a CLI command today) this falls back to `sys.exit`,
    which waits for it. The log (bot/store.py) is committed and closed by the command before it returns.
    """
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:  # `llmcost ask … | head`: the reader has what it wanted
            pass
        except OSError:  # a full disk: the answer did not get out
            code = code or 1
    if any(t is not threading.main_thread() and not t.daemon and t.is_alive() for t in threading.enumerate()):
        sys.exit(code)
    atexit._run_exitfuncs()  # the documented atexit order (last registered first), as sys.exit would
    logging.shutdown()  # a no-op when the atexit run did it
    os._exit(code)
