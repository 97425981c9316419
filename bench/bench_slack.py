"""Benchmark the Slack bot in HTTP mode: 50 signed mentions against the stand-in Slack Web API.

Runs `llmcost serve --http` in a child process (as production would, minus gunicorn) with SLACK_API_URL
pointing at the stand-in, once without the chart and once with it, and reports:
- ack latency: from sending the signed request to its HTTP 200 (Slack wants it within 3 s);
- time to verdict: from sending to the stand-in receiving the verdict message in the thread;
- time to chart: from sending to files.completeUploadExternal into the thread.

    .venv/bin/python bench/bench_slack.py [--mentions 50] [--interval 0.1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.slack import signed  # noqa: E402
from tests.slack.standin import StandIn  # noqa: E402

QUESTION = "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s?"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_bot(slack: StandIn, db: Path, chart: bool) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = os.environ | {
        "SLACK_BOT_TOKEN": signed.TOKEN, "SLACK_SIGNING_SECRET": signed.SECRET, "SLACK_API_URL": slack.api_url,
        "LLMCOST_DB": str(db), "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost",
    }
    command = [sys.executable, "-m", "bot.cli", "serve", "--http", "--host", "127.0.0.1", "--port", str(port)]
    if not chart:
        command.append("--no-chart")
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"llmcost serve exited: {proc.stderr.read().decode()[-2000:]}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1):
                return proc, base + "/slack/events"
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("llmcost serve did not start within 60 s")


def run(mentions: int, interval: float, chart: bool) -> dict[str, list[float]]:
    with StandIn() as slack, tempfile.TemporaryDirectory() as tmp:
        proc, url = start_bot(slack, Path(tmp) / "bench.db", chart)
        try:
            sent: dict[str, float] = {}
            acks: list[float] = []
            for i in range(mentions):
                ts = f"1690000{i:03d}.000100"
                body = signed.event_body(signed.mention(QUESTION, ts=ts))
                sent[ts] = time.perf_counter()
                response = signed.post(url, body, "application/json")
                assert response.status == 200, response
                acks.append(response.seconds)
                time.sleep(interval)
            verdict_times, chart_times = [], []
            for ts, started in sent.items():
                verdict = slack.wait_for("chat.postMessage", 1, timeout=60, thread_ts=ts)[0]
                verdict_times.append(verdict.at - started)
                if chart:
                    done = slack.wait_for("files.completeUploadExternal", 1, timeout=60, thread_ts=ts)[0]
                    chart_times.append(done.at - started)
            replies = len([c for c in slack.calls_to("chat.postMessage") if c.params["blocks"][0]["type"] == "header"])
            assert replies == mentions, f"{replies} verdicts for {mentions} mentions"
            return {"ack": acks, "verdict": verdict_times, "chart": chart_times}
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mentions", type=int, default=50)
    parser.add_argument("--interval", type=float, default=0.1, help="seconds between mentions (0: a burst)")
    args = parser.parse_args()
    ms = lambda v: f"{v * 1000:7.1f} ms"  # noqa: E731
    print(f"{args.mentions} signed mentions, one every {args.interval:g} s, llmcost serve --http against the stand-in")
    for chart in (False, True):
        r = run(args.mentions, args.interval, chart)
        label = "with chart   " if chart else "without chart"
        line = (f"{label}: ack p50 {ms(statistics.median(r['ack']))}  p99 {ms(percentile(r['ack'], 99))}"
                f" | verdict p50 {ms(statistics.median(r['verdict']))}  p95 {ms(percentile(r['verdict'], 95))}")
        if chart:
            line += f" | chart p95 {ms(percentile(r['chart'], 95))}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
