"""The test suite's wall and CPU time: the figure README quotes for `python -m pytest`.

    python bench/bench_suite.py                # the suite as .ci/run and the README run it (addopts: -q -n auto)
    python bench/bench_suite.py --runs 3       # three runs, each reported, then the medians
    python bench/bench_suite.py -- -n 0 tests/bot/parse    # anything after `--` goes to pytest

Wall time is what a developer waits; CPU time (user + system of pytest, its workers and every process the
tests start) is what the suite costs, and says more than wall time on a shared machine, where wall time is
mostly other people's load. The load average before and after each run is printed beside the figures, so a
figure taken on a busy machine says so. Run it on a quiet machine for the README, not in a loop.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUMMARY = re.compile(r"(\d+) (passed|failed|xfailed|xpassed|skipped|errors?|deselected)")


def run(pytest_args: list[str]) -> dict[str, object]:
    """One run of `python -m pytest <args>` from the repository root: wall, CPU, counts, load."""
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr.strip()[-300:]
    counts = {kind: int(n) for n, kind in SUMMARY.findall(last)}
    return {
        "wall": wall,
        "cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
        "counts": counts,
        "tests": sum(n for kind, n in counts.items() if kind != "deselected"),
        "exit": done.returncode,
        "load": (load, os.getloadavg()[0]),
        "last": last,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="runs, one after the other (default 1)")
    parser.add_argument("pytest_args", nargs="*", help="after `--`: arguments for pytest")
    args = parser.parse_args()
    results = []
    for i in range(args.runs):
        r = run(args.pytest_args)
        results.append(r)
        print(f"run {i + 1}: wall {r['wall']:6.1f} s  CPU {r['cpu']:6.1f} s  tests {r['tests']}  exit {r['exit']}  "
              f"load {r['load'][0]:.1f} -> {r['load'][1]:.1f}  ({os.cpu_count()} CPUs)")
        print(f"        {r['last']}")
    if args.runs > 1:
        print(f"median: wall {statistics.median(r['wall'] for r in results):6.1f} s  "
              f"CPU {statistics.median(r['cpu'] for r in results):6.1f} s")
    return max(r["exit"] for r in results)


if __name__ == "__main__":
    sys.exit(main())
