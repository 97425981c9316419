"""warm_up: what a serving process does before its first question (bot/slack/app.py)."""

from __future__ import annotations

import os

from bot.context import Context
from bot.parser import parse
from bot.slack.app import WARM_UP, create_app, warm_up
from bot.store import LogStore
from tests.bot.parse.test_parser_fallback import StandIn
from tests.bot.slack import signed


def test_warm_up_asks_no_second_reader_and_logs_nothing(stand_in):
    """A configured second reader gets no made-up questions at start, and the log stays empty."""
    store, app = LogStore.memory(), None
    with StandIn() as reader:
        try:
            ctx = Context.from_env(os.environ | {"LLMCOST_READER_URL": reader.url})
            assert ctx.reader.enabled and ctx.reader.url == reader.url
            app = create_app(token=signed.TOKEN, signing_secret=signed.SECRET, store=store, chart=False,
                             context=ctx)
            warm_up(app)
            assert reader.requests == []
            assert store.recent() == []
            assert {c.method for c in stand_in.calls} <= {"auth.test"}  # nothing posted to Slack either
        finally:
            if app is not None:
                app.llmcost.outbox.stop()
            store.close()


def test_the_warm_up_questions_reach_the_readers_they_are_there_for(catalogs):
    """Each question warms what its comment says: counts × rates, a city, mix, cache, context, currency,
    residency (a doubt, asked), gateway pain, per-stream Spanish with EU residency. If a reader stops
    recognising them, the warm-up silently stops warming it, so this says which one."""
    parsed = [parse(q, catalogs) for q in WARM_UP]
    figures = parsed[1].scenario
    assert (figures.slo_tok_s, figures.tz, figures.input_per_output, figures.cache_hit_rate) == (
        3000, "Asia/Tokyo", 6, 0.75)
    assert figures.context_tokens == 128_000 and figures.currency == "EUR"
    assert parsed[2].clarification is not None and parsed[2].clarification.code == "residency_unclear"
    assert parsed[3].scenario.gateway_pain is True
    spanish = parsed[4].scenario
    assert (spanish.slo_kind, spanish.concurrency, spanish.eu_residency) == ("per_stream", 25, True)
