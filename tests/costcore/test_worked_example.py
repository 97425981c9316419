"""The worked example of hosting-economics.md §1, reproduced from catalog data and genai-prices."""

from __future__ import annotations

from decimal import Decimal

import pytest

from costcore.engine import answer
from costcore.scenario import Scenario
from tests.pins import SEPT_2026

CENT = Decimal("0.01")


@pytest.fixture(scope="module")
def worked(catalogs):
    # The brief's example is priced on CoreWeave's 8×H200; the catalog now holds cheaper 8×H200 offers
    # (Nebius), so the example names its node, as an asker would.
    return answer(Scenario(model="DeepSeek-V4.1-Flash", slo_tok_s=300, node="coreweave-8xh200"), catalogs,
                  now=SEPT_2026)


def deepseek(a):
    return next(line for line in a.apis if line.provider == "deepseek")


def test_tokens_a_month(worked):
    assert worked.tokens.output_per_month == 788_400_000  # 300 × 3,600 × 730
    assert worked.tokens.input_per_month == 3_153_600_000  # × 4


def test_deepseek_all_off_peak_is_946_08(worked):
    assert deepseek(worked).usd_all_offpeak.quantize(CENT) == Decimal("946.08")


def test_calendar_weighted_month_prices_weekday_peaks_at_double(worked):
    # Peak: 01-04 and 06-10 UTC, Monday to Friday = 35 of the week's 168 hours, at twice the price.
    line = deepseek(worked)
    assert line.peak_share == pytest.approx(35 / 168)
    expected = Decimal("946.08") * (1 + Decimal(35) / Decimal(168))
    assert line.usd_per_month.quantize(CENT) == expected.quantize(CENT)
    assert line.usd_per_month > line.usd_all_offpeak


def test_the_node_is_36821_a_month_and_33875_euro(worked):
    node = next(n for n in worked.fit.nodes if n.id == "coreweave-8xh200")
    assert node.usd_per_month == Decimal("50.44") * 730 == Decimal("36821.20")
    assert int(node.usd_per_month * worked.fx_usd_to_eur) == 33_875
    assert worked.fit.chosen_node == "coreweave-8xh200"
    assert round(node.usd_per_month / deepseek(worked).usd_all_offpeak) == 39  # "~39× the API"


def test_off_peak_break_even_against_deepseek_is_about_11700(worked):
    """§1's line: the node against DeepSeek's own off-peak price ($1.20 per million output with its input)."""
    node = next(n for n in worked.fit.nodes if n.id == "coreweave-8xh200")
    per_million = deepseek(worked).usd_per_million_output_offpeak
    assert per_million == Decimal("1.20")  # 4 × 0.15 + 0.60
    offpeak = float(node.usd_per_month / per_million) / (730 * 3600) * 1e6
    assert offpeak == pytest.approx(36821.20 / 1.20 / (730 * 3600) * 1e6)
    assert round(offpeak, -2) == 11_700
    assert 300 / offpeak == pytest.approx(0.026, abs=0.001)  # "2.6 % of that line"


def test_verdict_is_the_api_against_the_cheapest_real_time_host(worked):
    """Every real-time host of the same weights is compared (issue 12): the verdict's API is the cheapest of
    them, which is at most DeepSeek's own calendar-weighted price."""
    assert worked.status == "ok"
    assert worked.verdict == "api"
    same = [line for line in worked.apis if line.same_model]
    assert worked.cheapest_api == min(same, key=lambda line: line.usd_per_million_output)
    assert worked.cheapest_api.usd_per_month <= deepseek(worked).usd_per_month
    reason = worked.reasons[0]
    assert reason.code == "money_api"
    node = next(n for n in worked.fit.nodes if n.id == "coreweave-8xh200")
    expected = float(node.usd_per_month / worked.cheapest_api.usd_per_million_output) / (730 * 3600) * 1e6
    assert node.break_even_tok_s == pytest.approx(expected)
