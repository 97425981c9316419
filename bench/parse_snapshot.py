"""Dump everything the parser makes of a fixed set of texts, to prove a speed-up changed no reading.

The texts: every corpus question (tests/bot/parse/corpus/*.yaml), every hand-written fresh set
(bench/fresh_parser_set*.yaml), the generated probe (bench/probe_parser_cases.py), the bench's
4,000-character pastes (bench_engine.pastes: three synthetic, a Slack thread, a table, a config), and pastes
made of corpus questions run together (so a reader that skips a sentence it should have read shows up in a
long text too). Each line is one text's full reading as JSON: the
scenario's fields said, the question back, every question the readers queued (not only the first), the
notes, the spans each reader consumed, and the model reader's spans.

    python bench/parse_snapshot.py > /tmp/before.jsonl     # before a change
    python bench/parse_snapshot.py > /tmp/after.jsonl      # after it
    cmp /tmp/before.jsonl /tmp/after.jsonl                 # byte-identical, or the change altered a reading
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_engine import pastes as bench_pastes  # noqa: E402
from probe_parser_cases import generate  # noqa: E402

from bot import context  # noqa: E402
from bot import parser as parser_module  # noqa: E402


def texts() -> list[str]:
    corpus = [
        entry["q"]
        for path in sorted((HERE.parent / "tests" / "bot" / "parse" / "corpus").glob("*.yaml"))
        for entry in yaml.safe_load(path.read_text(encoding="utf-8"))
    ]
    fresh = [row["q"] for path in sorted(HERE.glob("fresh_parser_set*.yaml")) for row in yaml.safe_load(path.read_text(encoding="utf-8"))]
    probe = [case.q for case in generate()]
    pastes = list(bench_pastes().values())
    rng = random.Random(14)  # fixed: the same pastes every run
    joined = []
    for size in (300, 1000, 4000, 4500):
        for _ in range(15):
            parts: list[str] = []
            while sum(len(p) + 1 for p in parts) < size:
                parts.append(rng.choice(corpus + fresh))
            joined.append(rng.choice([" ", "\n", ". "]).join(parts))
    return corpus + fresh + probe + pastes + joined


class _Recorder:
    """Keeps the last Draft the parser made and the model reader's result, without touching the parser."""

    def __init__(self) -> None:
        self.draft = None
        self.model = None
        real_draft, real_read = parser_module.Draft, parser_module.read_model
        recorder = self

        class Recording(real_draft):  # type: ignore[misc, valid-type]
            def __init__(self, *args, **kwargs) -> None:
                super().__init__(*args, **kwargs)
                recorder.draft = self

        def read_model(*args, **kwargs):
            recorder.model = real_read(*args, **kwargs)
            return recorder.model

        parser_module.Draft = Recording
        parser_module.read_model = read_model


def dump(text: str, catalogs, recorder: _Recorder) -> str:
    recorder.draft = recorder.model = None
    result = parser_module.parse(text, catalogs)
    draft, model = recorder.draft, recorder.model
    record = {
        "q": text,
        "said": result.scenario.model_dump(mode="json", exclude_unset=True),
        "clarification": result.clarification.model_dump(mode="json") if result.clarification else None,
        "notes": [n.model_dump(mode="json") for n in result.notes],
        "asks": [[p, f.model_dump(mode="json")] for p, f in draft.asks] if draft else None,
        "fields": {k: repr(v) for k, v in draft.fields.items()} if draft else None,
        "used": [list(u) for u in draft.used] if draft else None,
        "model_spans": [list(s) for s in model.spans] if model else None,
    }
    return json.dumps(record, ensure_ascii=False, sort_keys=True)


def main() -> int:
    catalogs = context.current().catalogs
    recorder = _Recorder()
    out = sys.stdout
    for text in texts():
        out.write(dump(text, catalogs, recorder) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
