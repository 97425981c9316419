"""The one-stream ceiling is a rule over catalog data (bot/parse/rate_kind.py, lexicon/stream_limits.yaml): the
fastest per-stream tok/s any hosted API row lists × a margin. Streams at an ordinary stream's speed are per stream,
near the fastest stream "each or in total?" asks, well above any stream the figure is their total. Every figure
here is computed from the catalog and the margin file, never typed."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from bot.parse import rate_kind
from bot.parser import parse
from tests.pins import read_yaml

LIMITS = read_yaml(Path(rate_kind.__file__).parent / "lexicon" / "stream_limits.yaml")


def _fastest(catalogs) -> float:
    return max(row.per_stream_tok_s[1] for rows in catalogs.apis.serving.values() for row in rows if row.per_stream_tok_s)


def test_the_ceiling_is_the_catalogs_fastest_stream_times_the_margin(catalogs):
    assert rate_kind.fastest_stream_tok_s() == _fastest(catalogs)
    assert rate_kind.one_person_max_tok_s() == pytest.approx(_fastest(catalogs) * LIMITS["margin"])
    assert rate_kind.apart_max_tok_s() == pytest.approx(rate_kind.one_person_max_tok_s() * LIMITS["apart_share"])
    assert LIMITS["margin"] > 1  # "well above any single stream"


@pytest.mark.parametrize("template", ["gpt-oss 20b, 200 sessions at {r} tok/s", "gpt-oss 20b, 200 sesiones a {r} tok/s"])
def test_streams_at_a_rate_by_the_three_zones(template, catalogs):
    ordinary = math.floor(rate_kind.apart_max_tok_s()) - 1
    near = math.floor(_fastest(catalogs))
    above = math.ceil(rate_kind.one_person_max_tok_s()) + 1
    per_stream = parse(template.format(r=ordinary), catalogs)
    assert per_stream.clarification is None
    assert (per_stream.scenario.slo_kind, per_stream.scenario.concurrency) == ("per_stream", 200)
    asked = parse(template.format(r=near), catalogs)
    assert asked.clarification is not None and asked.clarification.code == "slo_kind_unclear"
    total = parse(template.format(r=f"{above:,}".replace(",", "" if "sesiones" in template else ",")), catalogs)
    assert total.clarification is None
    assert (total.scenario.slo_tok_s, total.scenario.slo_kind) == (above, "aggregate")


@pytest.mark.parametrize("template", ["llama 3 70b for 500 users at {r} tok/s", "llama 3 70b para 500 usuarios a {r} tok/s"])
def test_people_ask_up_to_the_ceiling_and_add_up_above_it(template, catalogs):
    below = math.floor(rate_kind.one_person_max_tok_s())
    above = math.ceil(rate_kind.one_person_max_tok_s()) + 1
    asked = parse(template.format(r=below), catalogs)
    assert asked.clarification is not None and asked.clarification.code == "slo_kind_unclear"
    total = parse(template.format(r=above), catalogs)
    assert total.clarification is None and total.scenario.slo_tok_s == above
