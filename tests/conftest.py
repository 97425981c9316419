"""Shared fixtures: the real catalogs, a fixed clock, the answer contract."""

from __future__ import annotations

import gc
import itertools
import json
import os
import shutil
import tempfile

import pytest

from tests import readings
from tests.pins import PRICES_FIXTURE, ROOT, SCHEMA, SEPT_2026
from tests.servers import servers  # noqa: F401 (the fixture: processes a test starts die with it, tests/servers.py)

# The package's modules are imported by the fixtures that need them, not here: xdist's controller process
# loads this file too, before it starts the workers, and runs no test.

# The start-up cache (bot/cache.py): one folder for the session, made by its process and shared by the workers
# of -n and what they start (`llmcost` and `serve` subprocesses), as one user's runs share theirs. Each cached
# thing (the catalogs, the lexicon's and the grouped patterns, the pattern analyses and compiled code a CLI or
# `serve` process keeps) is then built once a session instead of once a worker: writes are atomic and keyed on
# what they were built from, as they are for processes that run side by side. Tests of the cache itself use
# folders of their own (tests/bot/test_cache.py).
_SESSION_CACHE_ENV = "LLMCOST_TEST_CACHE"
_OWN_CACHE_DIR = not os.environ.get(_SESSION_CACHE_ENV)
_CACHE_DIR = os.environ.get(_SESSION_CACHE_ENV) or tempfile.mkdtemp(prefix="llmcost-test-cache-")
# Each test's log (LLMCOST_DB, _isolated_env below): a file of its own, in a folder of this test process's.
_LOG_DIR = tempfile.mkdtemp(prefix="llmcost-test-logs-")
_LOG_NUMBERS = itertools.count(1)
# The parser's readings of the questions several tests read (tests/readings.py), shared by the workers of -n.
_READINGS_DIR = tempfile.mkdtemp(prefix="llmcost-test-readings-")


def pytest_xdist_auto_num_workers(config):
    """`-n auto`: one worker more than the cores. About a third of the suite waits on something other than
    its own CPU (a serving process starting, a stand-in answering, a socket timing out), so one spare worker
    keeps every core busy. Measured on this 2-core machine, quiet: 2 workers 65 s, 3 workers 57 s,
    4 workers 56 s. Again after the waits were cut (2026-11-30, load ~12 from other suites, so wall times say
    little): 2 workers 77 s of CPU, 3 workers 92 s (each worker collects the whole suite and warms its own
    caches); 196 s and 192 s wall. Check again on a quiet machine before changing it."""
    return (os.cpu_count() or 1) + 1


def pytest_configure(config):
    """The start-up cache (bot/cache.py) of a test run lives in a folder of its own, not the user's."""
    os.environ["LLMCOST_CACHE_DIR"] = _CACHE_DIR
    # Nor does it read an offers snapshot a `llmcost refresh` left in the user's data directory.
    os.environ["LLMCOST_OFFERS_FILE"] = os.path.join(_CACHE_DIR, "no-offers-snapshot.json")
    # No test reaches the Hub unless it starts a stand-in and turns the lookup on (tests/bot/hub/).
    os.environ["LLMCOST_HUB"] = "off"
    os.environ["HF_ENDPOINT"] = "http://127.0.0.1:9"
    os.environ["LLMCOST_PRICES_FILE"] = str(PRICES_FIXTURE)  # the shell (and CLI subprocesses) answer from it
    os.environ.pop("LLMCOST_READER_URL", None)  # nor a second reader (tests/bot/parse/test_parser_second.py starts one)
    if not hasattr(config, "workerinput"):  # the session's process (the workers of -n inherit its environment)
        os.environ[readings.FOLDER_ENV] = _READINGS_DIR
        os.environ[_SESSION_CACHE_ENV] = _CACHE_DIR
        _keep_bytecode(config)


def _keep_bytecode(config):
    """Where the environment says not to write bytecode beside the sources (PYTHONDONTWRITEBYTECODE, which some
    sandboxes set), the test processes write it to pytest's cache folder instead (PYTHONPYCACHEPREFIX), as
    bench/bench_engine.py keeps its CLI's: otherwise each worker of -n compiles every module and rewrites every
    test module's asserts again on every run, and each CLI or `serve` process the tests start compiles `bot`
    again. Measured 2026-12-01, `--collect-only -n 0`, CPU of one collection: 5.5 s without, 3.3 s with. Set
    in this process before the workers start: they, and what the tests start, inherit it."""
    if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX"):
        os.environ["PYTHONPYCACHEPREFIX"] = str(config.rootpath / ".pytest_cache" / "pycache")
        del os.environ["PYTHONDONTWRITEBYTECODE"]


# The cyclic garbage collector, tuned for a test process: collection imports every module and builds ~3,000
# test items, and each of those allocations counts toward the next collection, which walks everything still
# alive. A larger first generation (700 by default) lets short-lived garbage die by reference counting
# between collections; what collection built is moved out of the collector's sight once it is done
# (gc.freeze), so later collections walk only what tests allocate. Cycles are still collected, only less
# often: a leaked socket still warns, at a later collection or at exit. Measured on `--collect-only -n 0`,
# CPU of one worker's collection, three runs each: 5.3 s with the defaults, 3.5-3.65 s with these.
gc.set_threshold(20_000, 20, 20)


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()


def pytest_unconfigure(config):
    if _OWN_CACHE_DIR:  # the session's process's: the workers' is the same folder
        shutil.rmtree(_CACHE_DIR, ignore_errors=True)
        os.environ.pop(_SESSION_CACHE_ENV, None)
    shutil.rmtree(_LOG_DIR, ignore_errors=True)
    shutil.rmtree(_READINGS_DIR, ignore_errors=True)


@pytest.fixture(scope="session")
def fixture_prices():
    from bot.refresh.apis import read_snapshot

    return read_snapshot(PRICES_FIXTURE)


@pytest.fixture(scope="session")
def catalogs(fixture_prices):
    from costcore.catalog import load_catalogs

    return readings.share(load_catalogs(prices=fixture_prices))


@pytest.fixture(scope="session")
def live_catalogs():
    """The catalogs with the genai-prices data installed today: for properties that must hold on whatever
    genai-prices ships (no deprecated row answers), never for dollar figures."""
    from bot.refresh.apis import bundled
    from costcore.catalog import load_catalogs

    return load_catalogs(prices=bundled())


@pytest.fixture(scope="session")
def settings():
    from costcore.scenario import Settings

    return Settings()


@pytest.fixture(scope="session")
def schema():
    return json.loads(SCHEMA.read_text())


@pytest.fixture(scope="session")
def contract(schema):
    """The contract's validator, built once. The schema itself is checked against its draft's meta-schema by
    jsonschema (the reference implementation); documents are validated by jsonschema-rs, which implements the
    same draft (2020-12, the JSON-Schema-Test-Suite) about 80 times faster: ~0.03 ms a document instead of
    ~2.2 ms, over a thousand documents in the corpus-wide contract test."""
    import jsonschema
    import jsonschema_rs

    jsonschema.validators.validator_for(schema).check_schema(schema)
    return jsonschema_rs.validator_for(schema)


@pytest.fixture(scope="session")
def sept_2026():
    """The worked example's clock (SEPT_2026)."""
    return SEPT_2026


@pytest.fixture(scope="session")
def prices_file():
    """The pinned genai-prices snapshot every test answers from (PRICES_FIXTURE)."""
    return PRICES_FIXTURE


@pytest.fixture(scope="session")
def repo_root():
    return ROOT


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch):
    """No test writes the user's real log or reads a team's override file. Each test's log is a file no other
    test names, not a file in the test's own `tmp_path`: most tests never open their log, and a `tmp_path`
    for each of ~3,000 tests cost ~1 s of CPU and more of waiting on the disk per 1,000 tests (pytest numbers
    each folder by listing the ones made before). Tests that need a folder ask for `tmp_path`."""
    monkeypatch.setenv("LLMCOST_DB", os.path.join(_LOG_DIR, f"llmcost-{next(_LOG_NUMBERS)}.db"))
    # Shell tests assert dollar figures from answers priced at the shell's clock: pin it (the composition
    # root reads LLMCOST_NOW) as the price data is pinned (LLMCOST_PRICES_FILE, pytest_configure).
    monkeypatch.setenv("LLMCOST_NOW", SEPT_2026.isoformat())
    monkeypatch.delenv("LLMCOST_NODES_FILE", raising=False)
    monkeypatch.delenv("SLACK_BOT_TOKEN", raising=False)
