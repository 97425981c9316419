"""Calendars: peak windows at their exact minutes, weekends, business days in a time zone."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from fractions import Fraction

import pytest

from costcore import pricing
from costcore.calendar import period_hours, reference_week
from costcore.engine import answer
from costcore.scenario import Scenario
from tests.pins import SEPT_2026

UTC = dt.UTC
OFF, PEAK = Decimal("0.6"), Decimal("1.2")  # deepseek-flash output $/M, off-peak and peak


@pytest.mark.parametrize(
    ("when", "output_price"),
    [
        (dt.datetime(2026, 9, 14, 0, 59, tzinfo=UTC), OFF),  # Monday
        (dt.datetime(2026, 9, 14, 1, 0, tzinfo=UTC), PEAK),
        (dt.datetime(2026, 9, 14, 3, 59, tzinfo=UTC), PEAK),
        (dt.datetime(2026, 9, 14, 4, 0, tzinfo=UTC), OFF),
        (dt.datetime(2026, 9, 14, 5, 59, tzinfo=UTC), OFF),
        (dt.datetime(2026, 9, 14, 6, 0, tzinfo=UTC), PEAK),
        (dt.datetime(2026, 9, 14, 9, 59, tzinfo=UTC), PEAK),
        (dt.datetime(2026, 9, 14, 10, 0, tzinfo=UTC), OFF),
        (dt.datetime(2026, 9, 18, 7, 0, tzinfo=UTC), PEAK),  # Friday
        (dt.datetime(2026, 9, 19, 7, 0, tzinfo=UTC), OFF),  # Saturday: off-peak all day
        (dt.datetime(2026, 9, 20, 2, 0, tzinfo=UTC), OFF),  # Sunday
    ],
)
def test_deepseek_peak_windows_to_the_minute(catalogs, when, output_price):
    price = pricing.price_at(catalogs.prices, "deepseek", "deepseek-flash", when, catalogs.apis)
    assert price.output_mtok == output_price


def test_genai_prices_alone_would_charge_peak_on_saturday(catalogs):
    # The weekday rule is ours: without it genai-prices prices a Saturday morning at peak.
    saturday = dt.datetime(2026, 9, 19, 7, 0, tzinfo=UTC)
    _, model = catalogs.prices.lookup("deepseek", "deepseek-flash")
    assert model.get_prices(saturday).output_mtok == PEAK


@pytest.mark.parametrize(
    ("now", "peak_hours_a_day"),
    [
        # September: Madrid is UTC+2, 09:00-17:00 = 07:00-15:00 UTC, 3 peak hours (07-10).
        (dt.datetime(2026, 9, 15, 12, tzinfo=UTC), 3),
        # November: Madrid is UTC+1, 09:00-17:00 = 08:00-16:00 UTC, 2 peak hours (08-10).
        (dt.datetime(2026, 11, 24, 12, tzinfo=UTC), 2),
    ],
)
def test_a_business_day_in_madrid(catalogs, now, peak_hours_a_day):
    a = answer(Scenario(model="deepseek-flash", slo_tok_s=300, calendar="business_hours", tz="Europe/Madrid"),
               catalogs, now=now)
    line = next(x for x in a.apis if x.provider == "deepseek")
    assert a.hours_per_month == 176  # 8 h × 22 working days
    assert a.tokens.output_per_month == 300 * 3600 * 176
    assert line.peak_share == pytest.approx(peak_hours_a_day / 8)
    offpeak_per_m = Decimal("0.15") * 4 + Decimal("0.6")
    expected = offpeak_per_m * (1 + Decimal(peak_hours_a_day) / 8) * a.tokens.output_per_month / 1_000_000
    assert line.usd_per_month.quantize(Decimal("0.01")) == expected.quantize(Decimal("0.01"))


def test_business_hours_week_is_monday_to_friday_in_local_time(settings):
    # Monday 00:30 in Madrid is still Sunday in UTC: the week is the local one.
    now = dt.datetime(2026, 11, 29, 23, 30, tzinfo=UTC)  # Monday 30 Nov, 00:30 in Madrid
    week = reference_week("business_hours", "Europe/Madrid", now, settings)
    assert week.intervals[0][0] == dt.datetime(2026, 11, 30, 8, 0, tzinfo=UTC)
    assert len(week.intervals) == 5
    assert week.week_hours == 40


def test_a_week_that_crosses_a_month(catalogs):
    # Monday 28 September to Sunday 4 October 2026: same weekly peak share as any other week.
    a = answer(Scenario(model="deepseek-flash", slo_tok_s=300), catalogs,
               now=dt.datetime(2026, 10, 1, 12, tzinfo=UTC))
    line = next(x for x in a.apis if x.provider == "deepseek")
    assert line.peak_share == pytest.approx(35 / 168)


def test_the_node_bill_does_not_depend_on_the_calendar(catalogs):
    always = answer(Scenario(model="deepseek-flash", slo_tok_s=300), catalogs, now=SEPT_2026)
    office = answer(Scenario(model="deepseek-flash", slo_tok_s=300, calendar="business_hours"), catalogs,
                    now=SEPT_2026)
    bills = {n.id: n.usd_per_month for n in always.fit.nodes}
    assert bills == {n.id: n.usd_per_month for n in office.fit.nodes}
    assert office.tokens.output_per_month < always.tokens.output_per_month


@pytest.mark.parametrize("tok_s", [1, 300, 12_345.5])
def test_twice_the_tok_s_is_twice_the_api_bill(catalogs, tok_s):
    once = answer(Scenario(model="deepseek-flash", slo_tok_s=tok_s), catalogs, now=SEPT_2026)
    twice = answer(Scenario(model="deepseek-flash", slo_tok_s=2 * tok_s), catalogs, now=SEPT_2026)
    for a, b in zip(once.apis, twice.apis, strict=True):
        assert b.usd_per_month == pytest.approx(2 * a.usd_per_month, rel=Decimal("1e-9"))
    assert [n.usd_per_month for n in once.fit.nodes] == [n.usd_per_month for n in twice.fit.nodes]


@pytest.mark.parametrize(
    ("period", "around_the_clock", "business"),
    [("minute", Fraction(1, 60), Fraction(1, 60)), ("hour", 1, 1), ("day", 24, 8), ("week", 168, 40),
     ("month", 730, 176), ("year", 8_760, 2_112)],
)
def test_a_period_holds_the_hours_its_calendar_says(settings, period, around_the_clock, business):
    assert period_hours(period, "24x7", settings) == around_the_clock
    assert period_hours(period, "business_hours", settings) == business
