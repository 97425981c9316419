"""Figures said in words before a tok/s unit (bot/parse/spelled.py): the value of each form, and that words
which are no figure, or a figure already in digits, add nothing."""

from __future__ import annotations

import pytest

from bot.parse import spelled
from bot.parser import parse

FORMS = {
    "ninety": 90,
    "a hundred and twenty": 120,
    "one hundred twenty": 120,
    "two hundred": 200,
    "fifteen hundred": 1500,
    "two thousand": 2000,
    "two thousand five hundred": 2500,
    "twenty-five": 25,
    "seventy five": 75,
    "noventa": 90,
    "ciento veinte": 120,
    "cien": 100,
    "doscientos": 200,
    "mil quinientos": 1500,
    "dos mil": 2000,
    "setenta y cinco": 75,
    "veinticinco": 25,
}


@pytest.mark.parametrize(("words", "value"), FORMS.items())
def test_a_run_of_number_words_is_its_value(words, value):
    assert spelled.value(words) == value


@pytest.mark.parametrize("words", ["and", "a", "y", "one", "lots"])
def test_words_that_say_no_figure_are_none(words):
    assert spelled.value(words) is None


@pytest.mark.parametrize(("words", "value"), FORMS.items())
def test_a_figure_in_words_before_the_unit_is_the_slo(words, value, catalogs):
    for unit in ("tok/s", "tokens per second", "tokens por segundo"):
        result = parse(f"deepseek flash at {words} {unit}", catalogs)
        assert result.clarification is None, (words, unit)
        assert result.scenario.slo_tok_s == value, (words, unit)


def test_words_elsewhere_are_not_figures(catalogs):
    result = parse("deepseek flash, two teams share one key, 300 tok/s", catalogs)
    assert result.scenario.slo_tok_s == 300
    assert parse("deepseek flash at 12.5 thousand tok/s", catalogs).scenario.slo_tok_s == 12_500
    # "a couple" is two: "a couple (of) hundred" is 200, "un par de cientos" too (num15b s15)
    for couple in ("a couple hundred", "a couple of hundred", "un par de cientos de"):
        assert parse(f"deepseek flash at {couple} tok/s", catalogs).scenario.slo_tok_s == 200, couple
    for vague in ("lots of", "several thousand", "a few hundred", "cientos de", "unos cuantos miles de"):
        result = parse(f"deepseek flash at {vague} tok/s", catalogs)
        assert result.clarification.code == "slo_not_numeric", vague
        assert result.scenario.slo_tok_s is None, vague
