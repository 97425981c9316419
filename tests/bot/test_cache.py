"""The start-up cache: a warm `llmcost ask` skips PyYAML, catalog validation and template compiling, and
the cache never serves something stale, never mixes environments and never stops an answer."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal

import pytest
from jinja2 import DictLoader

from bot import cache
from bot.render.env import make_environment
from costcore.catalog import load_catalogs
from tests import runtime
from tests.pins import SEPT_2026


@pytest.fixture
def cache_in(tmp_path, monkeypatch):
    def use(value):
        monkeypatch.setenv("LLMCOST_CACHE_DIR", str(value))
        runtime.catalogs.cache_clear()

    yield use
    runtime.catalogs.cache_clear()


def test_cached_catalogs_equal_the_yaml(cache_in, tmp_path):
    cache_in(tmp_path / "c")
    cold = runtime.catalogs()
    assert list((tmp_path / "c").glob("catalogs-*.pickle"))
    runtime.catalogs.cache_clear()
    warm = runtime.catalogs()
    assert warm == cold == load_catalogs(prices=runtime.prices())


ROW = (  # one node row of an override file, at a price
    "- {{id: ours, name: Our H200 box, provider: us, gpu: H200, gpu_count: 8, host_ram_gb: 2048,"
    " interconnect: infiniband, billing: on_demand,"
    " prices: [{{usd_per_hour: '{price}', source: contract, as_of: 2026-10-01, confidence: high}}]}}\n"
)


def test_an_edited_override_file_is_read_again(cache_in, tmp_path, monkeypatch):
    cache_in(tmp_path / "c")
    nodes = tmp_path / "nodes.yaml"
    nodes.write_text(ROW.format(price=40))
    monkeypatch.setenv("LLMCOST_NODES_FILE", str(nodes))
    assert runtime.catalogs().nodes["ours"].prices[0].usd_per_hour == 40
    nodes.write_text(ROW.format(price=41.5))  # a new size: a new cache key, whatever the clock says
    runtime.catalogs.cache_clear()
    assert runtime.catalogs().nodes["ours"].prices[0].usd_per_hour == Decimal("41.5")


def test_a_corrupt_entry_is_rebuilt(cache_in, tmp_path):
    cache_in(tmp_path / "c")
    expected = runtime.catalogs()
    entries = list((tmp_path / "c").glob("catalogs-*.pickle"))
    assert entries
    for entry in entries:
        entry.write_bytes(entry.read_bytes()[:100])  # a write cut short
    runtime.catalogs.cache_clear()
    assert runtime.catalogs() == expected
    runtime.catalogs.cache_clear()
    assert runtime.catalogs() == expected  # and the rebuilt entry reads back


@pytest.mark.parametrize("where", ["a-file", "off"])
def test_no_usable_cache_still_answers(cache_in, tmp_path, where):
    target = tmp_path / "a-file"
    target.write_text("not a folder")
    cache_in(target if where == "a-file" else "off")
    assert cache.cache_dir() is None
    assert runtime.catalogs() == load_catalogs(prices=runtime.prices())
    assert make_environment().from_string("{{ 1 + 1 }}").render() == "2"


def test_environments_with_different_filters_do_not_share_compiled_templates(cache_in, tmp_path):
    """jinja2 compiles `{{ "x" | strong }}` to its result: a shared cache would print one environment's
    markup through the other (the digest's Slack bold in the terminal)."""
    cache_in(tmp_path / "c")
    loud = make_environment(filters={"strong": lambda s: f"*{s}*"})
    plain = make_environment(filters={"strong": str})
    for env in (loud, plain):  # DictLoader goes through the same bytecode cache as PackageLoader
        env.loader = DictLoader({"t.j2": '{{ "Catalog gaps" | strong }}'})
    assert loud.get_template("t.j2").render() == "*Catalog gaps*"
    assert plain.get_template("t.j2").render() == "Catalog gaps"
    shapes = {p.name for p in (tmp_path / "c" / "templates").iterdir()}
    assert len(shapes) == 2


_WARM_RUN = """
import sys
from bot import startup
startup.one_shot(["ask"])  # as the console script starts (bot/cli.py `run`)
import jinja2
import re._parser
compiled, parsed = [], []
original = jinja2.Environment.compile
def counting(self, *args, **kwargs):
    compiled.append(args[1] if len(args) > 1 else kwargs.get("name"))
    return original(self, *args, **kwargs)
jinja2.Environment.compile = counting
original_parse = re._parser.parse
re._parser.parse = lambda *a, **k: parsed.append(a[0]) or original_parse(*a, **k)
from bot.cli import main
code = main(["ask", "--json", "--no-log", "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s, in Spain?"])
from costcore.catalog import Model
built = Model.__pydantic_complete__  # False: no catalog row was validated in this process
print("RESULT", code, "yaml" in sys.modules, built, len(compiled), len(parsed), file=sys.stderr)
startup.quick_exit(code)
"""


@pytest.fixture(scope="module")
def cold_then_warm(tmp_path_factory):
    """Two `llmcost ask --json` runs on one new cache folder, the first cold, the second warm: what each test
    below checks of the warm run is a different thing of the same two runs (a cold run is ~10 s of CPU)."""
    folder = tmp_path_factory.mktemp("cold-then-warm")
    env = {"LLMCOST_CACHE_DIR": str(folder / "c"), "LLMCOST_DB": str(folder / "db"), "PATH": "",
           "LLMCOST_NOW": SEPT_2026.isoformat()}  # one clock for both runs: the same answer to the byte
    runs = [subprocess.run([sys.executable, "-c", _WARM_RUN], env=env, capture_output=True, text=True)
            for _ in range(2)]
    cold, warm = (run.stderr.split("RESULT")[-1].split() for run in runs)
    return runs, cold, warm, folder / "c"


def test_a_warm_run_reads_no_yaml_validates_no_row_and_compiles_no_template(cold_then_warm):
    runs, cold, warm, _ = cold_then_warm
    assert cold[0] == warm[0] == "0"
    assert cold[1:3] == ["True", "True"] and int(cold[3]) > 0  # parses, validates, compiles
    assert warm[1:4] == ["False", "False", "0"]
    cold_answer, warm_answer = (json.loads(run.stdout) for run in runs)
    cold_answer.pop("priced_at"), warm_answer.pop("priced_at")
    assert cold_answer == warm_answer  # and the answer is the same


def test_a_warm_run_parses_no_regular_expression(cold_then_warm):
    """bot/startup.py trick 6: the second run gets every pattern's compiled code from the cache folder."""
    runs, cold, warm, folder = cold_then_warm
    assert cold[0] == warm[0] == "0" and int(cold[4]) > 50  # the parser compiles a few hundred patterns
    assert warm[4] == "0"
    assert runs[0].stdout == runs[1].stdout  # the same answer to the byte
    assert list(folder.glob("regex-*.pickle"))


def test_a_damaged_template_cache_is_recompiled(cache_in, tmp_path):
    """A truncated bytecode file made jinja2 raise UnpicklingError on every reply until it was deleted."""
    cache_in(tmp_path / "c")
    source = {"t.j2": "{{ 6 * 7 }}"}
    make = lambda: make_environment(filters={"x": str})  # noqa: E731
    first = make()
    first.loader = DictLoader(source)
    assert first.get_template("t.j2").render() == "42"
    files = list((tmp_path / "c" / "templates").rglob("*.cache"))
    assert files
    for f in files:
        f.write_bytes(f.read_bytes()[:40])
    again = make()
    again.loader = DictLoader(source)
    assert again.get_template("t.j2").render() == "42"


def test_an_edit_that_keeps_size_and_mtime_is_still_seen(cache_in, tmp_path, monkeypatch):
    """`cp -p`, `rsync -t` and tar restore the mtime: the key also holds ctime and inode."""
    import os

    cache_in(tmp_path / "c")
    nodes = tmp_path / "nodes.yaml"
    nodes.write_text(ROW.format(price=40))
    monkeypatch.setenv("LLMCOST_NODES_FILE", str(nodes))
    assert runtime.catalogs().nodes["ours"].prices[0].usd_per_hour == 40
    stat = nodes.stat()
    replacement = tmp_path / "new.yaml"
    replacement.write_text(ROW.format(price=47))  # same size
    os.utime(replacement, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    replacement.replace(nodes)  # what a copy that keeps times does: same size, same mtime
    assert nodes.stat().st_size == stat.st_size and nodes.stat().st_mtime_ns == stat.st_mtime_ns
    runtime.catalogs.cache_clear()
    assert runtime.catalogs().nodes["ours"].prices[0].usd_per_hour == 47


def test_old_entries_are_pruned(cache_in, tmp_path):
    cache_in(tmp_path / "c")
    for n in range(cache.KEEP_ENTRIES + 5):
        assert cache.cached_pickle("demo", n, lambda n=n: n) == n
    assert len(list((tmp_path / "c").glob("demo-*.pickle"))) == cache.KEEP_ENTRIES


_KEEP_RUN = """
import pickle, re, sys
from pathlib import Path
from bot import startup
folder = Path(sys.argv[1])
startup.keep_regexes(folder)
for pattern in sys.argv[2:]:
    re.compile(pattern)
startup.save_regexes(folder)
kept = pickle.loads(startup._regex_file(folder).read_bytes())
print(" ".join(sorted(k[1] for k in kept["entries"] if k[1].startswith("zz"))))
"""


def test_kept_patterns_no_run_uses_are_dropped_after_a_few_writes(tmp_path):
    """bot/startup.py trick 6 keeps no pattern forever: one that no run used in the last `_REGEX_KEEP` writes
    (a retired pattern after upgrades) is dropped, one every run uses stays."""
    from bot import startup

    def run(*patterns: str) -> list[str]:
        done = subprocess.run([sys.executable, "-c", _KEEP_RUN, str(tmp_path), *patterns],
                              capture_output=True, text=True, check=True)
        return done.stdout.split()

    assert run("zzold", "zzused") == ["zzold", "zzused"]
    for write in range(2, startup._REGEX_KEEP + 1):  # writes 2..KEEP: each compiles a pattern it did not have
        assert "zzold" in run("zzused", f"zznew{write}"), write
    newer = [f"zznew{w}" for w in range(2, startup._REGEX_KEEP + 1)]  # used within the last writes: kept
    assert run("zzused", "zzlast") == sorted(["zzlast", "zzused", *newer])  # "zzold" is gone


def test_the_exit_saves_do_not_make_a_removed_folder_again(cache_in, tmp_path, monkeypatch):
    """A test session removes its cache folder at its end; the exit handlers of its processes (the pattern
    analyses of bot/parse/lazyre.py, the sre code of bot/startup.py) used to make it again and leave it behind."""
    import shutil

    from bot import startup
    from bot.parse import lazyre

    folder = tmp_path / "c"
    cache_in(folder)
    assert cache.cache_dir() == folder and folder.is_dir()
    shutil.rmtree(folder)
    monkeypatch.setitem(lazyre._KEPT_STATE, "new", 1)
    lazyre._save_kept()
    was = startup._REGEX_NEW[0]
    startup._REGEX_NEW[0] = 1
    try:
        startup.save_regexes(folder)
    finally:
        startup._REGEX_NEW[0] = was
    assert not folder.exists()
    # a folder that is there is written to, as before
    folder.mkdir()
    monkeypatch.setitem(lazyre._KEPT_STATE, "new", 1)
    lazyre._save_kept()
    assert list(folder.glob("lazyre-*.pickle"))
