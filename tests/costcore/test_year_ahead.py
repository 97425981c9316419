"""Issue 10: the answers hold with genai-prices' data swapped for a fixture snapshot and the clock a year
ahead. Nothing here reads the data genai-prices ships or the real clock."""

from __future__ import annotations

import datetime as dt
import json
import os
from decimal import Decimal

import pytest

from bot.render import to_contract
from costcore.engine import answer
from costcore.scenario import Scenario

YEAR_AHEAD = dt.datetime(2027, 11, 30, 12, tzinfo=dt.UTC)
CENT = Decimal("0.01")


def test_the_fixture_is_genai_prices_data_not_the_bundled_one(catalogs):
    assert catalogs.prices.source.endswith("subset by tests/fixtures/make_genai_prices_fixture.py")
    assert catalogs.prices.as_of == dt.date(2026, 11, 30)


@pytest.mark.parametrize("tok_s", [None, 300])
def test_every_catalog_model_answers_sensibly_a_year_ahead(catalogs, contract, tok_s):
    for model_id, model in catalogs.models.items():
        a = answer(Scenario(model=model_id, slo_tok_s=tok_s), catalogs, now=YEAR_AHEAD)
        assert a.status == "ok", model_id
        assert a.priced_at == YEAR_AHEAD
        for line in a.apis:
            assert line.usd_per_million_output > 0, (model_id, line.provider)
            assert (line.usd_per_month > 0) == bool(tok_s), (model_id, line.provider)
        same = [line for line in a.apis if line.same_model]
        if same:
            assert a.cheapest_api == min(same, key=lambda line: line.usd_per_million_output)
        contract.validate(to_contract(f"{model.name} at {tok_s} tok/s", a))


def test_the_worked_example_prices_the_same_a_year_ahead_on_the_same_data(catalogs, sept_2026):
    """No price in the fixture changes after November 2026, so a year on the DeepSeek line is the same."""
    lines = [next(line for line in answer(Scenario(model="DeepSeek-V4.1-Flash", slo_tok_s=300), catalogs,
                                          now=when).apis if line.provider == "deepseek")
             for when in (sept_2026, YEAR_AHEAD)]
    for line in lines:
        assert line.usd_all_offpeak.quantize(CENT) == Decimal("946.08")
        assert line.usd_per_month.quantize(CENT) == Decimal("1143.18")


def test_the_cli_answers_from_the_pinned_data_at_the_pinned_clock(tmp_path, prices_file, capsys):
    """The CLI's entry point with the Context it builds from these variables (in this process: a separate
    `python -m bot.cli ask --json` process is tests/bot/render/test_contract.py's)."""
    from bot.cli import main
    from bot.context import Context

    env = dict(os.environ, LLMCOST_NOW=YEAR_AHEAD.isoformat(), LLMCOST_PRICES_FILE=str(prices_file),
               LLMCOST_DB=str(tmp_path / "t.db"))
    code = main(["ask", "--no-log", "--json", "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s?"],
                context=Context.from_env(env))
    out = capsys.readouterr()
    assert code == 0, out.err
    doc = json.loads(out.out)
    assert doc["priced_at"].startswith("2027-11-30")
    first_party = next(line for line in doc["apis"] if line["provider"] == "deepseek")
    assert (first_party["usd_all_offpeak"], first_party["usd_per_month"]) == (946.08, 1143.18)


def test_every_api_line_names_the_price_data_it_was_priced_on(catalogs):
    a = answer(Scenario(model="gpt-oss-120b", slo_tok_s=300), catalogs, now=YEAR_AHEAD)
    assert a.apis and all(line.price_source == catalogs.prices.source for line in a.apis)
    assert all(line.price_as_of == dt.date(2026, 11, 30) for line in a.apis)
    doc = to_contract("gpt-oss-120b at 300 tok/s", a)
    assert doc["apis"][0]["price_as_of"] == "2026-11-30" and "genai-prices" in doc["apis"][0]["price_source"]
