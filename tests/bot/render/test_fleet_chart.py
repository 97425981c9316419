"""The chart draws the fleet as a staircase: a rental step higher each time the volume outgrows it."""

from __future__ import annotations

import pytest

from bot.render import chart
from bot.service import ask
from tests.pins import SEPT_2026


def test_the_fleet_is_drawn_as_steps():
    reply = ask("llama 3.1 70b at 5000 tok/s", {"measured_tok_s_per_node": 2535}, now=SEPT_2026)
    node = next(n for n in reply.answer.fit.nodes if n.id == reply.answer.fit.chosen_node)
    volumes, costs = chart.fleet_steps(node, 12_000)
    step_usd = float(node.usd_per_month) * node.nodes_per_step
    assert volumes[:4] == [0, 2535, 5070, 7605]
    assert costs[:4] == [pytest.approx(step_usd * k) for k in (1, 2, 3, 4)]
    assert volumes[-1] == 12_000 and costs == sorted(costs)
    # The asked volume sits on the second step: the two-node fleet's price.
    assert costs[1] == pytest.approx(float(node.usd_per_month_fleet))
    assert chart.png(reply.answer).startswith(b"\x89PNG")


def test_a_rack_is_one_step_of_eighteen_trays():
    reply = ask("deepseek flash at 300 tok/s", {"node": "coreweave-gb200-tray"}, now=SEPT_2026)
    tray = next(n for n in reply.answer.fit.nodes if n.id == "coreweave-gb200-tray")
    volumes, costs = chart.fleet_steps(tray, tray.capacity_tok_s * 18 * 2.5)
    assert costs[0] == pytest.approx(18 * float(tray.usd_per_month))
    assert volumes[1] == pytest.approx(18 * tray.capacity_tok_s)
