"""How fast is an answer? In-process full answers per second, and the CLI's wall time beside genai-prices'.

Run: python bench/bench_engine.py [--rounds N] [--cli-runs N]
The CLI is timed as users run it: a warm start-up cache (bot/cache.py) after the first run.
A "full answer" is everything a Slack reply needs: parse, fit on every node, every API line priced over
the calendar, the verdict, and the JSON contract rendered.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

QUESTIONS = [
    "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s?",
    "llama 3 70b at 2k tok/s in business hours, Madrid",
    "kimi k2 at 5000 tok/s, data can't leave",
    "gpt-oss-120b 40 tok/s per user, 50 concurrent users",
]


def in_process(rounds: int) -> list[float]:
    from bot.render import contract_of
    from bot.service import ask

    now = dt.datetime(2026, 9, 15, 12, tzinfo=dt.UTC)
    for q in QUESTIONS:  # warm: catalogs, templates, genai-prices lookups
        contract_of(ask(q, now=now))
    samples = []
    for i in range(rounds):
        q = QUESTIONS[i % len(QUESTIONS)]
        start = time.perf_counter()
        contract_of(ask(q, now=now))  # the reply and its JSON, as `llmcost ask --json` prints it
        samples.append((time.perf_counter() - start) * 1000)
    return samples


# Locations the few-hundred-offer variant spreads the fixture catalog's rows over (timing only: the rows are
# tests/fixtures/gpuhunt's, with their prices, repeated per location the way real catalogs list a shape per zone).
LOCATIONS = ["us-east-1", "us-east-2", "us-west-2", "eu-west-1", "eu-central-1", "eu-north-1", "eu-south-2",
             "europe-west4-a", "europe-west4-b", "us-central1-a", "us-central1-b", "westeurope", "eastus"]


def many_offers_snapshot(path) -> int:
    """A snapshot in `llmcost refresh`'s format with a few hundred offers, from the test fixture catalog."""
    import csv
    import json
    from pathlib import Path
    from types import SimpleNamespace

    from bot import runtime
    from bot.refresh.offers import check_price, gpu_for, to_row

    gpus = runtime.catalogs().gpus
    today = dt.date(2026, 9, 15)
    offers = {}
    fixtures = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "gpuhunt"
    for csv_path in sorted(fixtures.glob("*.csv")):
        provider = csv_path.stem
        for row in csv.DictReader(csv_path.open(encoding="utf-8")):
            gpu = gpu_for(row["gpu_name"], float(row["gpu_memory"]), gpus)
            if gpu is None or check_price(gpu, float(row["price"]), int(row["gpu_count"])):
                continue
            for location in LOCATIONS:
                item = SimpleNamespace(instance_name=row["instance_name"], location=location, price=row["price"],
                                       gpu_count=int(row["gpu_count"]), memory=float(row["memory"]),
                                       spot=row["spot"] == "True")
                offer = to_row(provider, item, gpu, version="bench", url="tests/fixtures/gpuhunt", observed=today)
                offers[offer["id"]] = offer
    path.write_text(json.dumps({"fetched_at": today.isoformat(), "offers": list(offers.values())}))
    return len(offers)


def in_process_many_offers(rounds: int) -> tuple[int, list[float]]:
    """The full answer again, with a few hundred offers loaded (a refreshed snapshot's size)."""
    import tempfile
    from pathlib import Path

    from bot import runtime

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "offers.json"
        count = many_offers_snapshot(path)
        before = os.environ.get("LLMCOST_OFFERS_FILE")
        os.environ["LLMCOST_OFFERS_FILE"] = str(path)
        runtime.catalogs.cache_clear()
        try:
            total = len(runtime.catalogs().nodes)
            assert total >= count
            return total, in_process(rounds)
        finally:
            if before is None:
                os.environ.pop("LLMCOST_OFFERS_FILE", None)
            else:
                os.environ["LLMCOST_OFFERS_FILE"] = before
            runtime.catalogs.cache_clear()


def parse_times() -> tuple[list[float], list[float]]:
    """The parser alone: every corpus question, and 4,000-character pastes (the most it reads)."""
    from pathlib import Path

    import yaml

    from bot import runtime
    from bot.parser import parse

    catalogs = runtime.catalogs()
    corpus = [
        entry["q"]
        for path in sorted((Path(__file__).resolve().parent.parent / "tests" / "bot" / "parse" / "corpus").glob("*.yaml"))
        for entry in yaml.safe_load(path.read_text(encoding="utf-8"))
    ]
    chunk = "deepseek flash 1 500 tok/s per user, ~500~ 26M tokens a day, not 24/7, 50% cache hits, GMT+1. "
    pastes = [(chunk * 60)[:4000], ("llama 3.1 70b and 8b? " * 200)[:4000], ("x" * 3999) + "?"]
    for q in corpus:  # warm
        parse(q, catalogs)
    typical, long = [], []
    for q in corpus:
        start = time.perf_counter()
        parse(q, catalogs)
        typical.append((time.perf_counter() - start) * 1000)
    for q in pastes * 5:
        start = time.perf_counter()
        parse(q, catalogs)
        long.append((time.perf_counter() - start) * 1000)
    return typical, long


def walls(cmds: dict[str, list[str]], runs: int, env: dict[str, str]) -> dict[str, list[float]]:
    """Wall time of each command, interleaved (a, b, c, a, b, c …) so drift in the machine's load falls on
    every command alike. One untimed run of each first: the start-up cache is warm, as after any use."""
    for cmd in cmds.values():
        subprocess.run(cmd, check=True, capture_output=True, env=env)
    samples: dict[str, list[float]] = {name: [] for name in cmds}
    for _ in range(runs):
        for name, cmd in cmds.items():
            start = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True, env=env)
            samples[name].append((time.perf_counter() - start) * 1000)
    return samples


def summary(name: str, ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return f"{name:<46} median {statistics.median(ms):8.1f} ms   p95 {p95:8.1f} ms   (n={len(ms)})"


# What each start-up trick (bot/startup.py) saves: the same `llmcost ask --json --no-log`, once as shipped and
# once with one trick undone. Each variant is a `python -c` so they pay the same interpreter start.
_ASK = ["ask", "--json", "--no-log", QUESTIONS[0]]
_SHIPPED = "from bot import startup; startup.one_shot(['ask']); from bot.cli import main; startup.quick_exit(main({argv!r}))"
TRICKS = {
    "as shipped": _SHIPPED,
    "without the pickled catalogs (LLMCOST_CACHE_DIR=off)": _SHIPPED,
    "without quick_exit (interpreter teardown)": (
        "import sys; from bot import startup; startup.one_shot(['ask']); from bot.cli import main; "
        "sys.exit(main({argv!r}))"),
    "without one_shot (gc on, pydantic plugins looked for)": (
        "from bot import startup; from bot.cli import main; startup.quick_exit(main({argv!r}))"),
    "without kept regexes (every pattern parsed again)": (
        "from bot import startup; startup.keep_regexes = lambda folder: None; " + _SHIPPED),
}


def tricks(runs: int, env: dict[str, str]) -> dict[str, list[float]]:
    cmds = {name: [sys.executable, "-c", code.format(argv=_ASK)] for name, code in TRICKS.items()}
    genai = shutil.which("genai-prices") or f"{sys.prefix}/bin/genai-prices"
    cmds["genai-prices calc, one model"] = [genai, "calc", "-i", "3153600000", "-o", "788400000",
                                            "deepseek:deepseek-flash"]
    off = env | {"LLMCOST_CACHE_DIR": "off"}
    for name, cmd in cmds.items():  # untimed: a warm cache, as after any use
        subprocess.run(cmd, check=True, capture_output=True, env=off if "CACHE_DIR=off" in name else env)
    samples: dict[str, list[float]] = {name: [] for name in cmds}
    for _ in range(runs):
        for name, cmd in cmds.items():
            samples[name].append(cpu_ms(cmd, off if "CACHE_DIR=off" in name else env))
    return samples


def cpu_ms(cmd: list[str], env: dict[str, str]) -> float:
    """The CPU time (user + system) one run of `cmd` takes: unlike wall time, it hardly moves when other
    processes load the machine, so a trick's few milliseconds show on a busy 2-core box."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, capture_output=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--cli-runs", type=int, default=30)
    parser.add_argument("--in-process-only", action="store_true", help="skip the CLI wall-time runs")
    parser.add_argument("--tricks", action="store_true",
                        help="only the CLI, with each start-up trick of bot/startup.py undone in turn")
    args = parser.parse_args()
    if args.tricks:
        with tempfile.TemporaryDirectory() as tmp:
            env = os.environ | {"LLMCOST_DB": os.path.join(tmp, "bench.db")}
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            results = tricks(args.cli_runs, env)
        base = statistics.median(results["as shipped"])
        print("CPU time (user + system) per run:")
        for name, ms in results.items():
            print(summary(name, ms) + f"   {statistics.median(ms) - base:+6.0f} ms")
        return

    samples = in_process(args.rounds)
    print(summary("full answer, in-process", samples))
    print(f"{'':<46} {1000 / statistics.mean(samples):8.0f} answers/s")
    offers, many = in_process_many_offers(args.rounds)
    print(summary(f"full answer, in-process, {offers} offers", many))
    typical, long = parse_times()
    print(summary("parse, every corpus question", typical))
    print(summary("parse, 4,000-character pastes", long))
    if args.in_process_only:
        return

    llmcost = shutil.which("llmcost") or f"{sys.prefix}/bin/llmcost"
    genai = shutil.which("genai-prices") or f"{sys.prefix}/bin/genai-prices"
    with tempfile.TemporaryDirectory() as tmp:
        env = os.environ | {"LLMCOST_DB": os.path.join(tmp, "bench.db")}  # never the user's own log
        # As on a user's machine: the warm-up run leaves bytecode behind (genai-prices' was compiled when pip
        # installed it). Some sandboxes set PYTHONDONTWRITEBYTECODE, which would recompile our sources on
        # every timed run.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        cmds = {
            "llmcost ask --json (logs the question)": [llmcost, "ask", "--json", QUESTIONS[0]],
            "llmcost ask --json --no-log": [llmcost, "ask", "--json", "--no-log", QUESTIONS[0]],
            "genai-prices calc, one model": [
                genai, "calc", "-i", "3153600000", "-o", "788400000", "deepseek:deepseek-flash"
            ],
        }
        results = walls(cmds, args.cli_runs, env)
        cpu = {name: [cpu_ms(cmd, env) for _ in range(args.cli_runs)] for name, cmd in cmds.items()}
    for name, ms in results.items():
        print(summary(name + " (wall)", ms))
    for name, ms in cpu.items():
        print(summary(name + " (CPU)", ms))
    reference = statistics.median(results["genai-prices calc, one model"])
    reference_cpu = statistics.median(cpu["genai-prices calc, one model"])
    for name in list(cmds)[:2]:
        print(f"{name}: {statistics.median(results[name]) / reference:.2f}x genai-prices calc (wall), "
              f"{statistics.median(cpu[name]) / reference_cpu:.2f}x (CPU)")


if __name__ == "__main__":
    main()
