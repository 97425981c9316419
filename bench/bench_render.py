"""How long does rendering one Slack message take? Median ms per Block Kit message, and per CLI answer.

Run: python bench/bench_render.py [--rounds N]
Each question is answered once (the engine is not what is measured); then, N rounds over the questions, the
verdict message (views.verdict + its blocks + its fallback text) and the thread's details message are rendered
as the outbox renders them, and the terminal text as `llmcost ask` prints it. Prices are the test fixture's,
the clock is pinned: the figures (and so the text) are the same on every run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

QUESTIONS = [
    "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s?",
    "llama 3 70b at 2k tok/s in business hours, Madrid",
    "kimi k2 at 5000 tok/s, data can't leave",
    "gpt-oss-120b 40 tok/s per user, 50 concurrent users",
    "¿podemos correr qwen3 235b a 800 tok/s en euros con IVA del 21 %?",
    "can we run gpt-5 ourselves?",
]
NOW = dt.datetime(2026, 9, 15, 12, 0, tzinfo=dt.UTC)


def _renderers():
    """(verdict message, details message, CLI text) for this checkout: bot/render/ or the older modules."""
    from bot import render

    try:
        from bot.render import views, words
    except ImportError:  # before the rendering package: bot/slack/{views,words}.py
        from bot.slack import views

    def verdict(reply):
        context = views.verdict(reply, user_id="U0001")
        return words.fallback("verdict.txt.j2", **context), words.blocks("verdict.json.j2", **context)

    def details(reply):
        context = views.details(reply)
        return words.fallback("details.txt.j2", **context), words.blocks("details.json.j2", **context)

    return verdict, details, lambda reply: render.text(reply.answer)


def _median_ms(fn, replies, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        for reply in replies:
            started = time.perf_counter()
            fn(reply)
            times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    os.environ.setdefault("LLMCOST_PRICES_FILE", str(ROOT / "tests" / "fixtures" / "genai_prices_snapshot.json"))
    os.environ.setdefault("LLMCOST_HUB", "off")
    from bot.service import ask

    replies = [ask(q, now=NOW) for q in QUESTIONS]
    verdict, details, text = _renderers()
    ok = [r for r in replies if r.answer.status == "ok"]
    for fn, some in ((verdict, replies), (details, ok), (text, replies)):  # compile every template first
        for reply in some:
            fn(reply)
    print(f"{len(replies)} questions ({len(ok)} answered), {args.rounds} rounds, median ms per message:")
    print(f"  verdict message (blocks + fallback): {_median_ms(verdict, replies, args.rounds):.2f}")
    print(f"  details message (blocks + fallback): {_median_ms(details, ok, args.rounds):.2f}")
    print(f"  CLI text:                            {_median_ms(text, replies, args.rounds):.2f}")


if __name__ == "__main__":
    main()
