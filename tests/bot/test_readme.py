"""The README's promises: the phrasings it shows are understood without a question back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.parser import parse

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
SHOWN = re.search(r"It understands, among others:\n\n```\n(.*?)```", README, re.S).group(1).splitlines()
EXPECTED = {  # what each line must at least set
    0: {"model": "deepseek-v4.1-flash", "slo_tok_s": 12_000, "data_may_leave": False},
    1: {"model": "deepseek-v4.1-flash", "currency": "EUR", "vat_rate": 0.21},
    2: {"model": "deepseek-v4.1-flash", "slo_tok_s": 300, "calendar": "business_hours", "tz": "Europe/Madrid"},
    3: {"model": "llama-3.1-70b", "slo_kind": "per_stream", "concurrency": 50, "context_tokens": 128_000,
        "cache_hit_rate": 0.5},
    4: {"model": "gpt-oss-120b", "slo_tok_s": 2_000, "data_may_leave": False},
    5: {"gateway_pain": True},
}


def test_the_readme_shows_what_the_tests_check():
    assert len(SHOWN) == len(EXPECTED)


@pytest.mark.parametrize("n", sorted(EXPECTED))
def test_a_readme_phrasing_is_understood(catalogs, n):
    text = re.sub(r"^[@/]llmcost\s+", "", SHOWN[n])
    result = parse(text, catalogs)
    said = result.scenario.model_dump(exclude_unset=True)
    assert result.clarification is None, SHOWN[n]
    for field, value in EXPECTED[n].items():
        assert said.get(field) == value, (SHOWN[n], field, said.get(field))
