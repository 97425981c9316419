"""Benchmark the Slack bot in HTTP mode under load: signed mentions N at a time plus a burst of slash commands.

Runs `llmcost serve --http` in a child process (exactly as the Procfile's `web` does) with SLACK_API_URL
pointing at the stand-in Slack Web API, sends 200 signed mentions 20 at a time and, while they flow, 50
slash commands at once, then reports:
- dropped: requests that got no HTTP answer (reset, refused, timed out) or not a 200;
- ack: from sending the signed request to its HTTP 200 (Slack wants it within 3 s);
- verdicts per question: how many verdict messages each question got (exactly one is the promise);
- verdict time: from sending to the stand-in receiving the verdict message;
- with --chart, chart time: from sending to files.completeUploadExternal into the question's thread;
- the server's CPU per question (all its processes, Linux), the figure to watch when verdicts queue.

The server runs as deployed: as many serving processes as `llmcost serve --http` starts by default (one per
CPU, at most 4, or $WEB_CONCURRENCY), unless --processes says otherwise.

    .venv/bin/python bench/bench_slack.py [--mentions 200] [--concurrency 20] [--commands 50] [--chart]
                                          [--processes N]

Exits 1 when a request was dropped or a question did not get exactly one verdict.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.bot.slack import signed  # noqa: E402
from tests.bot.slack.standin import StandIn  # noqa: E402

QUESTION = "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s?"


@dataclass
class Sent:
    kind: str  # "mention" or "command"
    key: str  # the mention's ts (its thread), or the command's channel
    started: float
    status: int | None = None  # None: dropped without an HTTP answer
    ack_s: float | None = None
    error: str = ""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_bot(slack: StandIn, db: Path, chart: bool, processes: int | None = None) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = os.environ | {
        "SLACK_BOT_TOKEN": signed.TOKEN, "SLACK_SIGNING_SECRET": signed.SECRET, "SLACK_API_URL": slack.api_url,
        "LLMCOST_DB": str(db), "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost",
    }
    command = [sys.executable, "-m", "bot.cli", "serve", "--http", "--host", "127.0.0.1", "--port", str(port)]
    if processes:
        command += ["--processes", str(processes)]
    if not chart:
        command.append("--no-chart")
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    said: list[str] = []  # its log, read all along (a full pipe would stall it)
    threading.Thread(target=lambda: said.extend(line.decode(errors="replace") for line in proc.stderr),
                     daemon=True).start()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            time.sleep(0.2)
            raise SystemExit(f"llmcost serve exited: {''.join(said)[-2000:]}")
        if _all_listening(said):
            base = f"http://127.0.0.1:{port}"
            with urllib.request.urlopen(base + "/readyz", timeout=5):
                return proc, base + "/slack/events"
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("llmcost serve did not start within 60 s")


def _all_listening(said: list[str]) -> bool:
    """Every serving process is accepting: a supervisor says how many it runs ("(N processes)"), and each of
    them, like a lone process, says "llmcost listening" once it is warmed up and serving."""
    lines = [line for line in list(said) if "llmcost listening on" in line]
    wanted = next((int(m.group(1)) for line in lines if (m := re.search(r"\((\d+) processes\)", line))), None)
    serving = [line for line in lines if "processes)" not in line]
    return len(serving) >= (wanted or 1)


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU of `pid` and its children so far (Linux /proc), or None elsewhere."""
    try:
        pids = [pid, *map(int, Path(f"/proc/{pid}/task/{pid}/children").read_text().split())]
        total = 0.0
        for p in pids:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total
    except (OSError, ValueError, IndexError):
        return None


def send(url: str, sent: Sent, body: str, content_type: str) -> Sent:
    sent.started = time.perf_counter()
    try:
        response = signed.post(url, body, content_type)
    except OSError as exc:  # reset, refused, timed out: Slack would see no ack
        sent.error = f"{type(exc).__name__}: {exc}"
        return sent
    sent.status, sent.ack_s = response.status, response.seconds
    return sent


def is_verdict(call) -> bool:
    blocks = call.params.get("blocks") or []
    return bool(blocks) and blocks[0].get("type") == "header"


def run(slack: StandIn, url: str, mentions: int, concurrency: int, commands: int) -> list[Sent]:
    results: list[Sent] = []
    lock = threading.Lock()

    def mention(i: int) -> None:
        ts = f"1690{i:06d}.000100"
        body = signed.event_body(signed.mention(QUESTION, ts=ts))
        done = send(url, Sent("mention", ts, 0.0), body, "application/json")
        with lock:
            results.append(done)

    def command(i: int, gate: threading.Barrier) -> None:
        channel = f"CCMD{i:05d}"
        body = signed.command_body(QUESTION, slack.response_url(f"cmd{i}"), channel=channel)
        gate.wait()
        # A slash answer is private first: it arrives through the command's response_url (keyed by its path).
        done = send(url, Sent("command", f"/respond/cmd{i}", 0.0), body, "application/x-www-form-urlencoded")
        with lock:
            results.append(done)

    def burst() -> None:  # all the slash commands at once, while the mentions are flowing
        gate = threading.Barrier(commands)
        with ThreadPoolExecutor(commands) as pool:
            for i in range(commands):
                pool.submit(command, i, gate)

    with ThreadPoolExecutor(concurrency) as pool:
        futures = [pool.submit(mention, i) for i in range(mentions)]
        if commands:
            while sum(f.done() for f in futures) < mentions // 3:
                time.sleep(0.01)
            burst_thread = threading.Thread(target=burst)
            burst_thread.start()
            burst_thread.join()
    return results


def verdicts(slack: StandIn, results: list[Sent], wait_s: float) -> tuple[Counter, list[float]]:
    """Verdict messages per question, and each question's time to its first verdict."""
    deadline = time.monotonic() + wait_s
    answered = [r for r in results if r.status == 200]
    def verdict_calls() -> list:
        return [c for c in slack.calls_to("chat.postMessage") + slack.calls_to("respond") if is_verdict(c)]

    while time.monotonic() < deadline:
        if len(verdict_calls()) >= len(answered):
            break
        time.sleep(0.1)
    slack.quiet_for(1.0)  # a second verdict would come now
    by_key: dict[str, list] = {}
    for call in verdict_calls():
        key = call.path if call.method == "respond" else call.params.get("thread_ts") or call.params.get("channel")
        by_key.setdefault(key, []).append(call)
    counts, times = Counter(), []
    for r in answered:
        got = by_key.get(r.key, [])
        counts[len(got)] += 1
        if got:
            times.append(min(c.at for c in got) - r.started)
    return counts, times


def chart_times(slack: StandIn, results: list[Sent], wait_s: float) -> list[float]:
    """Each answered question's time to its chart (completeUploadExternal carries the thread)."""
    started = {r.key: r.started for r in results if r.status == 200}
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        uploads = slack.calls_to("files.completeUploadExternal")
        if len(uploads) >= len(started):
            break
        time.sleep(0.2)
    times = []
    for call in slack.calls_to("files.completeUploadExternal"):
        key = call.params.get("thread_ts")
        if key not in started:  # a command's thread is its verdict's ts: find it by channel
            key = call.params.get("channel_id") or call.params.get("channel")
        if key in started:
            times.append(call.at - started[key])
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mentions", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=20, help="mentions in flight at once")
    parser.add_argument("--commands", type=int, default=50, help="slash commands sent at the same instant")
    parser.add_argument("--chart", action="store_true", help="also draw and upload the chart")
    parser.add_argument("--wait", type=float, default=120, help="seconds to wait for the verdicts")
    parser.add_argument("--processes", type=int, default=None,
                        help="serving processes (default: what `llmcost serve --http` starts on this machine)")
    args = parser.parse_args()
    ms = lambda v: f"{v * 1000:.1f} ms"  # noqa: E731
    print(f"llmcost serve --http against the stand-in: {args.mentions} signed mentions {args.concurrency} at a time, "
          f"plus {args.commands} slash commands at once; chart {'on' if args.chart else 'off'}")
    with StandIn() as slack, tempfile.TemporaryDirectory() as tmp:
        proc, url = start_bot(slack, Path(tmp) / "bench.db", args.chart, args.processes)
        try:
            cpu_before = cpu_seconds(proc.pid)
            results = run(slack, url, args.mentions, args.concurrency, args.commands)
            counts, times = verdicts(slack, results, args.wait)
            charts = chart_times(slack, results, args.wait) if args.chart else []
            cpu_after = cpu_seconds(proc.pid)
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    dropped = [r for r in results if r.status != 200]
    print(f"requests: {len(results)}, dropped: {len(dropped)}"
          + "".join(f"\n  {r.kind} {r.key}: {r.status or r.error}" for r in dropped[:10]))
    for kind in ("mention", "command", None):
        acks = [r.ack_s for r in results if r.ack_s is not None and (kind is None or r.kind == kind)]
        if acks:
            print(f"ack {kind or 'all'}: p50 {ms(statistics.median(acks))}, p99 {ms(percentile(acks, 99))}, "
                  f"max {ms(max(acks))}")
    exactly_one = counts.get(1, 0)
    print("verdicts per question: " + ", ".join(f"{n} verdict(s): {q}" for n, q in sorted(counts.items()))
          + f" -> exactly one for {exactly_one} of {sum(counts.values())}")
    if times:
        print(f"verdict: p50 {ms(statistics.median(times))}, p95 {ms(percentile(times, 95))}, max {ms(max(times))}")
    if charts:
        print(f"chart: {len(charts)} uploaded, p50 {ms(statistics.median(charts))}, p95 {ms(percentile(charts, 95))}")
    if cpu_before is not None and cpu_after is not None and results:
        print(f"server CPU: {cpu_after - cpu_before:.2f} s, {ms((cpu_after - cpu_before) / len(results))} a question "
              f"(os.cpu_count() = {os.cpu_count()})")
    return 0 if not dropped and exactly_one == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
