"""bot/render/formats.py: one rule per kind of figure, and both surfaces follow it."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from bot.render import text, views, words
from bot.render.env import slack_escape
from bot.render.formats import gb, money, num, pct, times
from tests.pins import SEPT_2026

BOT = Path(__file__).resolve().parents[3] / "bot"


@pytest.mark.parametrize(("value", "shown"), [
    (Decimal("36821.2"), "$36,821"),  # a month's node bill: whole dollars, as the domain brief writes it
    (Decimal("946.08"), "$946.08"),  # below 1,000 it keeps cents: the brief's API month, to the cent
    (Decimal("1000"), "$1,000"),
    (Decimal("999.995"), "$1,000.00"),  # the rule looks at the amount, then rounds it half-even to cents
    (Decimal("50.444"), "$50.44"),  # an hourly price keeps its cents
    (Decimal("0.0749"), "$0.07"),
    (Decimal("2.675"), "$2.68"),  # half-even on the Decimal itself; the float 2.675 is 2.67499…
    (Decimal("-1234.5"), "-$1,234"),
    (None, "—"),  # unknown is not $0
])
def test_money_is_whole_from_1000_and_cents_below(value, shown):
    assert money(value) == shown


def test_a_float_and_its_decimal_read_the_same_away_from_a_rounding_edge():
    assert money(946.08) == money(Decimal("946.08")) and money(12.5) == money(Decimal("12.5")) == "$12.50"
    assert money(Decimal("1143.18"), "€") == "€1,143"


@pytest.mark.parametrize(("value", "shown"), [
    (12_000, "12,000"), (3153.6, "3,154"), (788.4, "788.4"), (100, "100"), (40.0, "40"), (12.54, "12.5"),
    (1, "1"), (0.256, "0.26"), (0.5, "0.5"), (Decimal("7.30"), "7.3"),
])
def test_quantities_are_whole_from_1000_one_decimal_from_1_two_below(value, shown):
    assert num(value) == shown


@pytest.mark.parametrize(("fraction", "shown"), [
    (0.125, "12.5 %"), (Decimal("0.21"), "21 %"), (0.2, "20 %"), (3.5, "350 %"), (0.0035, "0.35 %"),
])
def test_pct_always_takes_a_fraction(fraction, shown):
    assert pct(fraction) == shown


def test_sizes_and_ratios():
    assert (gb(85.5), gb(Decimal("7.26")), times(12.3), times(2.46)) == ("85.5 GB", "7.3 GB", "~12×", "2.5×")


def test_the_terminal_and_slack_write_the_same_bill_the_same_way():
    from tests.conftest_store import reply

    answered = reply(verdict="node")  # the asked volume: the fleet's month and the API's month are both shown
    a = answered.answer
    fleet, api = money(a.chosen.usd_per_month_fleet), money(a.cheapest_api.usd_per_month)
    cli = text(a)
    slack = "\n".join(str(b) for b in words.blocks("verdict.json.j2", **views.verdict(answered)))
    assert a.priced_at == SEPT_2026
    for shown in (fleet, api):
        assert shown in cli and shown in slack


def test_slack_escape_escapes_and_drops_control_characters():
    assert slack_escape("<!channel> & co\u202e\x00") == "&lt;!channel&gt; &amp; co"
    assert slack_escape("plain text, 300 tok/s") == "plain text, 300 tok/s"
    assert slack_escape(12.5) == "12.5"


def test_no_module_outside_bot_render_builds_an_environment_or_formats_money():
    builds = re.compile(r"jinja2\.Environment\(|make_environment\(|\bEnvironment\(")
    money_format = re.compile(r"""f["']\$\{|["']\$["']\s*\+|f["']€\{""")
    offenders = [
        str(path.relative_to(BOT.parent))
        for path in BOT.rglob("*.py")
        if "render" not in path.relative_to(BOT).parts[:1]
        and (builds.search(source := path.read_text(encoding="utf-8")) or money_format.search(source))
    ]
    assert offenders == []
