"""`--measured-from FILE`: a team's own throughput, from the JSON its benchmark tool already wrote.

Two formats, read as the tools write them:
- `vllm bench serve --save-result` (vllm/benchmarks/serve.py): one JSON object with `output_throughput`
  (output tok/s over the run), `max_concurrency`, `model_id`, `date` and, per percentile metric,
  `mean_tpot_ms` / `median_tpot_ms`; `--append-result` writes one object per line, one per run.
- an AIPerf profile export (`profile_export_aiperf.json`): metrics keyed by tag, each with `unit` and
  `avg`, either at the top level or under `records` (older releases): `output_token_throughput`,
  `output_token_throughput_per_user`, `inter_token_latency`; the load under `input_config.loadgen`.

The figure is the output tok/s the benchmarked deployment sustained: one node, as far as we can tell.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.errors import UserError


@dataclass(frozen=True)
class Measurement:
    output_tok_s: float
    tool: str
    model: str | None = None
    concurrency: int | None = None
    per_user_tok_s: float | None = None
    when: str | None = None

    @property
    def source(self) -> str:
        parts = [f"{self.tool} result"]
        if self.model:
            parts.append(self.model)
        if self.concurrency:
            parts.append(f"{self.concurrency} concurrent")
        if self.per_user_tok_s:
            parts.append(f"{self.per_user_tok_s:,.0f} tok/s per user")
        if self.when:
            parts.append(self.when)
        return ", ".join(parts)


def _number(value: Any) -> float | None:
    if isinstance(value, dict):
        value = value.get("avg")
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _vllm(run: dict) -> Measurement:
    tpot = _number(run.get("median_tpot_ms")) or _number(run.get("mean_tpot_ms"))
    concurrency = run.get("max_concurrency")
    return Measurement(
        output_tok_s=float(run["output_throughput"]), tool="vllm bench serve", model=run.get("model_id"),
        concurrency=int(concurrency) if isinstance(concurrency, int | float) else None,
        per_user_tok_s=1000 / tpot if tpot else None, when=run.get("date"))


def _aiperf(data: dict) -> Measurement | None:
    metrics = data.get("records") if isinstance(data.get("records"), dict) else data
    output = _number(metrics.get("output_token_throughput"))
    if output is None:
        return None
    per_user = _number(metrics.get("output_token_throughput_per_user"))
    if per_user is None and (itl := _number(metrics.get("inter_token_latency"))):
        per_user = 1000 / itl
    config = data.get("input_config") or {}
    load = config.get("loadgen") or {}
    names = (config.get("endpoint") or {}).get("model_names") or [None]
    concurrency = load.get("concurrency")
    return Measurement(
        output_tok_s=output, tool="AIPerf profile export", model=names[0],
        concurrency=int(concurrency) if isinstance(concurrency, int | float) else None,
        per_user_tok_s=per_user, when=data.get("start_time"))


def read(path: str | Path) -> Measurement:
    """The measurement in `path`; a file that is neither format is a UserError that says what it expected."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UserError(f"--measured-from: cannot read {path}: {exc.strerror or exc}") from exc
    try:
        documents = [json.loads(text)]
    except ValueError:
        try:  # vllm bench serve --append-result: one JSON object per line
            documents = [json.loads(line) for line in text.splitlines() if line.strip()]
        except ValueError as exc:
            raise UserError(f"--measured-from: {path} is not JSON ({exc})") from exc
    runs = [d for d in documents if isinstance(d, dict)]
    if runs and all("output_throughput" in r for r in runs):
        return _vllm(runs[-1])  # the last run appended
    if len(runs) == 1 and (found := _aiperf(runs[0])):
        return found
    raise UserError(f"--measured-from: {path} is neither a `vllm bench serve --save-result` file "
                    "(output_throughput) nor an AIPerf profile export (output_token_throughput)")
