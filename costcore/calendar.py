"""When tokens flow: one reference week of UTC intervals, weighted up to a month of hours.

A month is 730 hours around the clock, or 8 h × 22 working days in business hours. Prices are looked up
on the real week that contains the question's date, in the asker's time zone, so daylight saving and
dated price changes land where they should.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from costcore.scenario import CalendarKind, Settings

UTC = dt.UTC


class UnknownTimeZone(ValueError):
    pass


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as exc:
        raise UnknownTimeZone(name) from exc


@dataclass(frozen=True)
class Calendar:
    """Token-bearing intervals of one week (UTC) and the month of hours they stand for."""

    kind: CalendarKind
    tz: str
    intervals: tuple[tuple[dt.datetime, dt.datetime], ...]
    hours_per_month: int

    @property
    def week_hours(self) -> Fraction:
        seconds = sum(int((end - start).total_seconds()) for start, end in self.intervals)
        return Fraction(seconds, 3600)


def hours_per_month(kind: CalendarKind, settings: Settings) -> int:
    if kind == "business_hours":
        return settings.business_hours_per_day * settings.working_days_per_month
    return settings.hours_per_month


PERIODS = ("minute", "hour", "day", "week", "month", "year")


def period_hours(period: str, kind: CalendarKind, settings: Settings) -> Fraction:
    """Hours of token traffic in one period: "a day" of business hours is 8 h, not 24."""
    business = kind == "business_hours"
    day = settings.business_hours_per_day if business else 24
    table = {
        "minute": Fraction(1, 60),
        "hour": Fraction(1),
        "day": Fraction(day),
        "week": Fraction(day * (5 if business else 7)),
        "month": Fraction(hours_per_month(kind, settings)),
        "year": Fraction(12 * hours_per_month(kind, settings)),
    }
    return table[period]


def reference_week(kind: CalendarKind, tz: str, now: dt.datetime, settings: Settings) -> Calendar:
    """The Monday-to-Sunday week (in `tz`) that contains `now`, as UTC intervals of token traffic."""
    tzinfo = zone(tz)
    local_now = now.astimezone(tzinfo)
    monday = local_now.date() - dt.timedelta(days=local_now.weekday())
    if kind == "24x7":
        start = dt.datetime.combine(monday, dt.time(0), tzinfo).astimezone(UTC)
        end = dt.datetime.combine(monday + dt.timedelta(days=7), dt.time(0), tzinfo).astimezone(UTC)
        intervals: tuple[tuple[dt.datetime, dt.datetime], ...] = ((start, end),)
    else:
        opens = dt.time(settings.business_hours_start)
        spans = []
        for offset in range(5):  # Monday to Friday
            day_start = dt.datetime.combine(monday + dt.timedelta(days=offset), opens, tzinfo)
            day_end = day_start + dt.timedelta(hours=settings.business_hours_per_day)
            spans.append((day_start.astimezone(UTC), day_end.astimezone(UTC)))
        intervals = tuple(spans)
    return Calendar(kind=kind, tz=tz, intervals=intervals, hours_per_month=hours_per_month(kind, settings))


def split(
    intervals: tuple[tuple[dt.datetime, dt.datetime], ...], cuts: list[dt.datetime]
) -> list[tuple[dt.datetime, dt.datetime]]:
    """Cut every interval at the given instants, so a price regime is constant inside each piece."""
    pieces = []
    ordered = sorted(set(cuts))
    for start, end in intervals:
        edges = [start, *(c for c in ordered if start < c < end), end]
        pieces.extend(zip(edges, edges[1:], strict=False))
    return pieces


def daily_cuts(
    intervals: tuple[tuple[dt.datetime, dt.datetime], ...], times: list[dt.time], tz: dt.tzinfo = UTC
) -> list[dt.datetime]:
    """Every instant in the span of `intervals` at which a daily time in `tz` comes round (midnight too)."""
    if not intervals:
        return []
    first = min(s for s, _ in intervals).astimezone(tz).date() - dt.timedelta(days=1)
    last = max(e for _, e in intervals).astimezone(tz).date() + dt.timedelta(days=1)
    cuts = []
    day = first
    while day <= last:
        for t in [dt.time(0), *times]:
            naive = t.replace(tzinfo=None)
            local_tz = t.tzinfo or tz
            cuts.append(dt.datetime.combine(day, naive, local_tz).astimezone(UTC))
        day += dt.timedelta(days=1)
    return cuts
