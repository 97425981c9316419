"""A sample of the paraphrase probe (bench/probe_parser.py runs all of it): no silent error, and no
question where the generated reading is complete."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

from probe_parser import judge  # noqa: E402
from probe_parser_cases import generate  # noqa: E402

SAMPLE = list(generate())[::7]


@pytest.mark.parametrize("case", SAMPLE, ids=lambda c: c.q[:60])
def test_probe_sample(case, catalogs):
    assert judge(case, catalogs) in ("ok", "asked")


def test_the_probe_covers_every_family():
    questions = [c.q for c in generate()]
    assert len(questions) > 150
    for word in ("tenants", "clientes", "a la vez", "patient", "dropped", "nadie sabe", "misses", "veces", "Seoul", "contexts",
                 "forbid", "prohíben", "TBD", "¿pueden salir", "until last month", "legalmente sí", "nadie sabe quién",
                 "chargeback", "la factura"):
        assert any(word in q for q in questions), word
    # the figures grammar (session 4): unlisted nouns, each of unknowns, volumes per unit, cache and mix
    # orders, contexts per request, zone-database cities, a question after a pasted log
    for word in ("hospitals", "call centers", "per tenant per day", "miss the prompt cache", "for every output token",
                 "conversations grow", "Dhaka", "latency_ms="):
        assert any(word in q for q in questions), word
