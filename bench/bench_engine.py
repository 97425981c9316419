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

    from bot.context import current
    from bot.refresh.offers import check_price, gpu_for, to_row

    gpus = current().catalogs.gpus
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

    from bot import startup
    from bot.context import current, reset

    def forget_catalogs() -> None:  # the next Context reads the catalogs (and the new snapshot) again
        reset()
        startup.forget("catalogs")

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "offers.json"
        count = many_offers_snapshot(path)
        before = os.environ.get("LLMCOST_OFFERS_FILE")
        os.environ["LLMCOST_OFFERS_FILE"] = str(path)
        forget_catalogs()
        try:
            total = len(current().catalogs.nodes)
            assert total >= count
            return total, in_process(rounds)
        finally:
            if before is None:
                os.environ.pop("LLMCOST_OFFERS_FILE", None)
            else:
                os.environ["LLMCOST_OFFERS_FILE"] = before
            forget_catalogs()


# The realistic dense pastes: what a user pastes when the question is buried in a thread, a table or a config.
_THREAD = [  # 20 messages
    ("ana", "we're looking at running llama 3.3 70b ourselves, ~300 tok/s per user at peak. the API bill is getting silly and "
            "nobody can tell which team spends what"),
    ("ben", "peak is 9 to 5 Madrid time, maybe 40 people at once, each wants 25 tok/s. nights and weekends are nearly idle, "
            "a few batch jobs only"),
    ("chen", "legal says customer data can't leave the EU, so no US APIs. prompts contain patient records for the health team"),
    ("ana", "what about qwen3 235b? it was 2x faster in our test, 1,200 tok/s on 8xH100 with vLLM, tensor parallel 8"),
    ("dev", "cache hits are around 60% on the support bot, inputs ~6x the outputs. the RAG one is more like 20x"),
    ("ben", "we spend $18k/month on the API today, 26M tokens a day, about 80% of it during business hours"),
    ("chen", "compliance hasn't decided on the EU thing yet fwiw, I'd plan for it staying in the EU"),
    ("eli", "gpt-oss-120b at 5000 tok/s total would cover both teams, if the quality holds up on the evals"),
    ("dev", "context is 32k for most calls, 128k for the RAG ones. a few 500k-token contexts from the legal team"),
    ("ana", "finance can't split the bill, everyone shares one provider key and one team keeps eating the rate limit"),
    ("fay", "we have 12 tenants, every one of them needs about 250 tok/s at their peak, and they don't all peak together"),
    ("ben", "300 engineers each use about 50k output tokens a day in the IDE plugin, mostly Tokyo and Mexico City offices"),
    ("eli", "the H200 nodes on CoreWeave are $38/hour for 8 GPUs on our contract, 2048 GB RAM, infiniband"),
    ("chen", "we had a no-external-APIs rule but it was dropped last quarter. legally yes, but security said no to US regions"),
    ("dev", "llama 3.1 8b handles the classifier at 1,500 tok/s, it's tiny. could share the nodes with the 70b"),
    ("fay", "do we need 24/7? the support bot runs round the clock, the rest is office hours CET, Monday to Friday"),
    ("ana", "kimi k2 came up too but it's huge, 1T params. deepseek v3 the same. let's stick to 70b class"),
    ("ben", "VAT is 21% here, prices in EUR please, our budget is 15,000 EUR a month all in"),
    ("eli", "latency target: first token under 500 ms, 40 tok/s per stream for chat, 25 concurrent streams per tenant"),
    ("ana", "ok so: can we run llama 3.3 70b ourselves at 300 tok/s per user, 40 users, EU only, business hours Madrid?"),
]
_TABLE_ROWS = [  # 30 rows, in the table below
    ("llama 3.1 8b", 1200, 50, "8k", 40, "eu-west-1"), ("llama 3.1 70b", 300, 20, "32k", 55, "eu-central-1"),
    ("qwen3 30b", 900, 35, "32k", 30, "us-east-1"), ("gpt-oss-20b", 1500, 60, "16k", 25, "eu-west-1"),
    ("gemma 3 27b", 450, 15, "8k", 70, "europe-west4"), ("mixtral 8x7b", 700, 25, "32k", 10, "us-west-2"),
]
_CONFIG = """  - name: {name}
    model: {repo}
    max_num_seqs: {seqs}
    tensor_parallel_size: {tp}
    slo_tok_s: {tok}
    context_tokens: {ctx}
    cache_hit_rate: 0.{cache}
    tz: Europe/Madrid
"""
_CONFIG_ROWS = [
    ("chat", "meta-llama/Llama-3.3-70B-Instruct", 64, 4, 300, 32768, 55),
    ("batch", "Qwen/Qwen3-30B-A3B", 128, 2, 2000, 16384, 30),
    ("agents", "openai/gpt-oss-120b", 32, 2, 800, 131072, 60),
]


def pastes() -> dict[str, str]:
    """4,000-character pastes (the most the parser reads), by kind: three synthetic ones (a sentence dense with
    figures repeated, ~180 model mentions, one long word) and three a user would paste."""
    chunk = "deepseek flash 1 500 tok/s per user, ~500~ 26M tokens a day, not 24/7, 50% cache hits, GMT+1. "
    thread = "\n".join(f"{who}  10:{2 * i + 3:02d} AM\n{said}" for i, (who, said) in enumerate(_THREAD))
    header = ("| team | model | target tok/s | users | context | cache hits | region | monthly API bill |\n"
              "|---|---|---|---|---|---|---|---|\n")
    table = header + "".join(
        f"| team {i + 1} | {m} | {t} tok/s | {u} users | {c} | {h}% | {r} | ${(i + 3) * 1_150:,} |\n"
        for i, (m, t, u, c, h, r) in enumerate(_TABLE_ROWS * 5))
    config = "deployments:\n" + "".join(_CONFIG.format(name=f"{n}-{i}", repo=r, seqs=s, tp=tp, tok=t, ctx=c, cache=h)
                                         for i in range(20) for n, r, s, tp, t, c, h in _CONFIG_ROWS)
    return {
        "figures sentence x40": (chunk * 60)[:4000],
        "llama 3.1 70b and 8b? x180": ("llama 3.1 70b and 8b? " * 200)[:4000],
        "one long word": ("x" * 3999) + "?",
        "Slack thread": thread[:4000],
        "markdown table": table[:4000],
        "YAML config": config[:4000],
    }


def parse_times(repeats: int = 20) -> tuple[list[float], dict[str, tuple[list[float], list[float]]]]:
    """The parser alone: every corpus question, and each kind of 4,000-character paste `repeats` times
    (wall time and CPU time: the CPU time hardly moves when other processes load the machine)."""
    from pathlib import Path

    import yaml

    from bot.context import current
    from bot.parser import parse

    catalogs = current().catalogs
    corpus = [
        entry["q"]
        for path in sorted((Path(__file__).resolve().parent.parent / "tests" / "bot" / "parse" / "corpus").glob("*.yaml"))
        for entry in yaml.safe_load(path.read_text(encoding="utf-8"))
    ]
    kinds = pastes()
    for q in corpus + list(kinds.values()):  # warm
        parse(q, catalogs)
    typical = []
    for q in corpus:
        start = time.perf_counter()
        parse(q, catalogs)
        typical.append((time.perf_counter() - start) * 1000)
    long: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in kinds}
    for _ in range(repeats):  # interleaved, so drift in the machine's load falls on every kind alike
        for name, q in kinds.items():
            start, cpu = time.perf_counter(), time.process_time()
            parse(q, catalogs)
            long[name][1].append((time.process_time() - cpu) * 1000)
            long[name][0].append((time.perf_counter() - start) * 1000)
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
    parser.add_argument("--paste-repeats", type=int, default=20, help="times each kind of paste is parsed")
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
    typical, long = parse_times(args.paste_repeats)
    print(summary("parse, every corpus question", typical))
    print(summary("parse, 4,000-character pastes, every kind", [ms for wall, _ in long.values() for ms in wall]))
    for name, (wall, cpu) in long.items():
        print(summary(f"  {name} (wall)", wall))
        print(summary(f"  {name} (CPU)", cpu))
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
