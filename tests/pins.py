"""What every test pins: the clock answers are priced at, genai-prices' data, the contract's schema.

A plain module (not conftest.py, which pytest loads itself and nothing should import): tests that need a
pin at import time (a parametrize list, a default) import it from here; the rest take the fixtures in
tests/conftest.py (`sept_2026`, `prices_file`, `repo_root`, `contract`), which return these same values.
"""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = Path(__file__).resolve().parent / "contract" / "answer.schema.json"
SHARED_SCHEMA = ROOT.parent / "shared" / "contract" / "answer.schema.json"

# genai-prices' data every test answers from unless it says otherwise: a dated subset of genai-prices' own
# data (tests/fixtures/make_genai_prices_fixture.py), so an upstream price change cannot turn a money test red.
PRICES_FIXTURE = Path(__file__).resolve().parent / "fixtures" / "genai_prices_snapshot.json"

# The worked example's month: September 2026 list prices. Tuesday 15 September, noon UTC.
SEPT_2026 = dt.datetime(2026, 9, 15, 12, 0, tzinfo=dt.UTC)


@functools.cache
def read_yaml(path: Path):
    """A test data file (the parser corpus, the probe's fresh sets), read with libyaml when PyYAML has it: the
    corpus is read by every test worker at collection, ten times faster than the pure-Python parser. Read once
    a process: three test modules collect the corpus and two the ~150 hand-written sets, and most of a read
    is building the Python objects, which libyaml leaves to PyYAML. What it returns is shared: read it, never
    change it."""
    import yaml

    return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
