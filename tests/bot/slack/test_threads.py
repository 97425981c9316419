"""A thread is a conversation: a follow-up starts from the thread's last answer, with what it says applied.
Subcommands work in mentions and DMs too, and an empty mention gets the help."""

from __future__ import annotations

from tests.bot.slack import signed

QUESTION = "can we run DeepSeek-V4.1-Flash at 300 tok/s?"


def headline(call) -> str:
    return call.params["blocks"][0]["text"]["text"]


def say(bot, text: str, ts: str, *, thread_ts: str | None = None, posts: int):
    """Mention the bot; once the outbox has delivered, the `posts`-th chat.postMessage so far."""
    bot.event(signed.mention(text, ts=ts, thread_ts=thread_ts))
    call = bot.slack.wait_for("chat.postMessage", posts)[posts - 1]
    bot.drain()
    return call


def test_a_follow_up_in_the_thread_keeps_the_model_and_applies_the_new_rate(make_bot, stand_in):
    bot = make_bot(chart=False)
    say(bot, QUESTION, "1699990000.000100", posts=2)
    follow = say(bot, "and at 20,000 tok/s?", "1699990001.000100", thread_ts="1699990000.000100", posts=3)
    assert follow.params["thread_ts"] == "1699990000.000100"
    assert "DeepSeek-V4.1-Flash" in headline(follow) and "Which model" not in str(follow.params["blocks"])
    fields = next(b for b in follow.params["blocks"] if "fields" in b)["fields"]
    assert "20,000 tok/s" in fields[3]["text"]
    latest, first = bot.store.recent(limit=2)
    assert (latest["model"], latest["slo_tok_s"]) == (first["model"], 20_000)
    assert latest["text"] == "and at 20,000 tok/s?"


def test_follow_ups_chain_in_english_and_spanish(make_bot, stand_in):
    bot = make_bot(chart=False)
    say(bot, QUESTION, "1699990100.000100", posts=2)
    say(bot, "what if the text may not leave?", "1699990101.000100", thread_ts="1699990100.000100", posts=4)
    say(bot, "y en horario laboral?", "1699990102.000100", thread_ts="1699990100.000100", posts=6)
    spanish, private, first = bot.store.recent(limit=3)
    assert private["scenario"]["data_may_leave"] is False and private["model"] == first["model"]
    assert spanish["scenario"]["data_may_leave"] is False  # the thread's last scenario, not the first
    assert spanish["scenario"]["calendar"] == "business_hours" and spanish["slo_tok_s"] == 300


def test_a_follow_up_that_names_a_model_replaces_it(make_bot, stand_in):
    bot = make_bot(chart=False)
    say(bot, QUESTION, "1699990200.000100", posts=2)
    say(bot, "and kimi-k2?", "1699990201.000100", thread_ts="1699990200.000100", posts=3)
    latest = bot.store.recent(limit=1)[0]
    assert latest["model"] == "kimi-k2" and latest["slo_tok_s"] == 300


def test_a_dm_reply_in_the_verdicts_thread_is_a_follow_up(make_bot, stand_in):
    bot = make_bot(chart=False)
    bot.event(signed.dm(QUESTION, ts="1699990300.000100"))
    stand_in.wait_for("chat.postMessage", 2)
    bot.drain()
    verdict_ts = stand_in.posted(channel="D0001")[0]["ts"]
    bot.event(signed.dm("and at 20,000 tok/s?", ts="1699990301.000100", thread_ts=verdict_ts))
    follow = stand_in.wait_for("chat.postMessage", 3)[2]
    bot.drain()
    assert follow.params["thread_ts"] == verdict_ts
    latest = bot.store.recent(limit=1)[0]
    assert latest["model"] and latest["slo_tok_s"] == 20_000


def test_a_new_thread_without_a_model_is_not_a_follow_up(make_bot, stand_in):
    bot = make_bot(chart=False)
    say(bot, QUESTION, "1699990400.000100", posts=2)
    asked_back = say(bot, "and at 20,000 tok/s?", "1699990401.000100", posts=3)  # top level: another conversation
    assert bot.store.recent(limit=1)[0]["status"] != "ok"
    assert asked_back.params["thread_ts"] == "1699990401.000100"


def test_subcommands_in_a_dm_and_a_mention_run_and_an_empty_mention_gets_the_help(make_bot, stand_in):
    bot = make_bot(chart=False)
    bot.event(signed.dm("models", ts="1699990500.000100"))
    models = stand_in.wait_for("chat.postMessage")[0]
    bot.drain()
    assert models.params["channel"] == "D0001" and "DeepSeek" in str(models.params["blocks"])
    help_ = say(bot, "", "1699990501.000100", posts=2)
    assert help_.params["thread_ts"] == "1699990501.000100"
    assert "@llmcost models" in str(help_.params["blocks"])
    again = say(bot, "help", "1699990502.000100", thread_ts="1699990501.000100", posts=3)
    assert again.params["text"] == help_.params["text"]
    assert bot.store.recent() == []  # subcommands are not questions


def test_naming_the_model_in_the_thread_answers_the_bots_question(make_bot, stand_in):
    bot = make_bot(chart=False)
    asked_back = say(bot, "can we self-host it at 300 tok/s?", "1699990600.000100", posts=1)
    assert "One thing first" in headline(asked_back)
    answer = say(bot, "DeepSeek-V4.1-Flash", "1699990601.000100", thread_ts="1699990600.000100", posts=2)
    assert "DeepSeek-V4.1-Flash" in headline(answer)
    latest = bot.store.recent(limit=1)[0]
    assert (latest["status"], latest["slo_tok_s"]) == ("ok", 300)


def test_thanks_in_the_thread_is_not_a_recompute(make_bot, stand_in):
    bot = make_bot(chart=False)
    say(bot, QUESTION, "1699990700.000100", posts=2)
    reply = say(bot, "thanks!", "1699990701.000100", thread_ts="1699990700.000100", posts=3)
    assert "One thing first" in headline(reply)  # read alone: it names no model
