"""Every surface shows the node and the API the Answer names: no surface looks them up again."""

from __future__ import annotations

import pytest

from bot.render import contract_of, text, views
from bot.store import figures
from tests.conftest_store import reply


@pytest.mark.parametrize("verdict", ["node", "api"])
def test_the_verdict_the_thread_the_terminal_the_log_and_the_json_agree(verdict):
    answered = reply(verdict=verdict)
    a = answered.answer
    node, api = a.chosen, a.cheapest_api
    assert node is not None and node.id == a.fit.chosen_node and api is not None
    assert api.same_model and api.usd_per_million_output == min(
        line.usd_per_million_output for line in a.apis if line.same_model)

    glance = views.verdict(answered)
    assert (glance["node"]["name"], glance["api"]["provider_name"]) == (node.name, api.provider_name)
    marked = [n["name"] for n in views.details(answered)["nodes"] if n["chosen"]]
    assert marked == [node.name]
    assert f"* {node.id}" in text(a)
    row = figures(answered)
    assert (row["node_id"], row["api_provider"]) == (node.id, api.provider)
    assert contract_of(answered)["fit"]["chosen_node"] == node.id


def test_an_answer_without_a_fit_has_no_chosen_node():
    a = reply(model="gpt-5", tok_s=None, verdict=None, status="not_self_hostable").answer
    assert a.fit is None and a.chosen is None
