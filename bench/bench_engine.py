"""How fast is an answer? In-process full answers per second, and the CLI's wall time beside genai-prices'.

Run: python bench/bench_engine.py [--rounds N] [--cli-runs N]
A "full answer" is everything a Slack reply needs: parse, fit on every node, every API line priced over
the calendar, the verdict, and the JSON contract rendered.
"""

from __future__ import annotations

import argparse
import datetime as dt
import shutil
import statistics
import subprocess
import sys
import time

QUESTIONS = [
    "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s?",
    "llama 3 70b at 2k tok/s in business hours, Madrid",
    "kimi k2 at 5000 tok/s, data can't leave",
    "gpt-oss-120b 40 tok/s per user, 50 concurrent users",
]


def in_process(rounds: int) -> list[float]:
    from bot.service import ask

    now = dt.datetime(2026, 9, 15, 12, tzinfo=dt.UTC)
    for q in QUESTIONS:  # warm: catalogs, templates, genai-prices lookups
        ask(q, now=now)
    samples = []
    for i in range(rounds):
        q = QUESTIONS[i % len(QUESTIONS)]
        start = time.perf_counter()
        ask(q, now=now)
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def wall(cmd: list[str], runs: int) -> list[float]:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def summary(name: str, ms: list[float]) -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    return f"{name:<46} median {statistics.median(ms):8.1f} ms   p95 {p95:8.1f} ms   (n={len(ms)})"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=400)
    parser.add_argument("--cli-runs", type=int, default=10)
    args = parser.parse_args()

    samples = in_process(args.rounds)
    print(summary("full answer, in-process", samples))
    print(f"{'':<46} {1000 / statistics.mean(samples):8.0f} answers/s")

    llmcost = shutil.which("llmcost") or f"{sys.prefix}/bin/llmcost"
    genai = shutil.which("genai-prices") or f"{sys.prefix}/bin/genai-prices"
    ours = wall([llmcost, "ask", "--json", "--no-log", QUESTIONS[0]], args.cli_runs)
    theirs = wall([genai, "calc", "-i", "3153600000", "-o", "788400000", "deepseek:deepseek-flash"], args.cli_runs)
    print(summary("llmcost ask --json (wall)", ours))
    print(summary("genai-prices calc, one model (wall)", theirs))


if __name__ == "__main__":
    main()
