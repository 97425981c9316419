"""The unused-word safety net, end to end: what no reader used is said among the answer's warnings (not
buried in the assumptions), in words, and a residency word that decides the verdict asks."""

from __future__ import annotations

import datetime as dt

from bot import render
from bot.parser import parse
from bot.render import contract_of, text
from bot.service import ask

NOW = dt.datetime(2026, 9, 1, 12, tzinfo=dt.UTC)


def test_an_unused_word_is_a_visible_warning():
    # A city neither places.yaml nor the zone database names (Timbuktu is Africa/Timbuktu there).
    reply = ask("deepseek flash 300 tok/s in business hours, our office is in Trondheim", now=NOW)
    assert reply.answer.status == "ok"
    assert reply.answer.warnings[0].code == "words_not_used"
    assert all(f.code != "words_not_used" for f in reply.answer.assumptions)
    assert "I did not use: “Trondheim”" in text(reply.answer)
    assert contract_of(reply)["warnings"][0].startswith("I did not use")


def test_words_a_reader_used_are_not_reported(catalogs):
    for question in (
        "deepseek flash 300 tok/s in business hours in Tokyo",
        "deepseek flash 300 tok/s, we don't care about GDPR",
        "deepseek flash at 300 tok/s; GPU utilisation is 40% on our cache servers",
        "deepseek flash, every one of our 12 tenants needs 250 tok/s",
    ):
        assert all(n.code != "words_not_used" for n in parse(question, catalogs).notes), question


def test_a_count_next_to_each_that_nothing_composed_asks(catalogs):
    """A head count with 'each' that the composer could not bind still never passes in silence."""
    result = parse("deepseek flash 250 tok/s; each of the 12 tenants, roughly, with bursts", catalogs)
    assert result.clarification is not None and result.clarification.code == "slo_kind_unclear"
    assert result.clarification.params == {"tok_s": 250, "users": 12, "who": "tenants"}
    assert render.finding(result.clarification) == (
        "Is 250 tok/s what each of the 12 tenants gets, or what all of them share?"
    )


def test_data_that_may_not_leave_asks_when_no_reader_read_it(catalogs):
    result = parse("deepseek flash 300 tok/s, it's a summariser for customer data", catalogs)
    assert result.clarification is not None and result.clarification.code == "residency_unclear"
