"""`/llmcost` with each subcommand, through signed HTTP; ephemeral answers go to the response_url."""

from __future__ import annotations

import pytest

QUESTION = "can we run DeepSeek-V4.1-Flash at 300 tok/s?"


def texts(blocks: list[dict]) -> str:
    out = []
    for b in blocks:
        if "text" in b:
            out.append(b["text"]["text"])
        out += [f["text"] for f in b.get("fields", [])] + [e.get("text", "") for e in b.get("elements", [])]
    return "\n".join(str(t) for t in out)


def respond_call(bot):
    call = bot.slack.wait_for("respond")[0]
    assert call.params["response_type"] == "ephemeral"
    assert call.params["text"]
    return call


@pytest.mark.parametrize("text", ["", "help", "HELP"])
def test_help(bot, text):
    assert bot.command(text).status == 200
    call = respond_call(bot)
    body = texts(call.params["blocks"])
    assert "/llmcost models" in body and "/llmcost history" in body and "/llmcost prices" in body


def test_models_lists_the_catalog_with_a_fit_line_each(bot):
    bot.command("models")
    body = texts(respond_call(bot).params["blocks"])
    assert "DeepSeek-V4.1-Flash" in body and "Kimi-K2" in body
    assert "fits CoreWeave" in body and "break-even" in body


def test_prices_without_a_model_lists_dated_node_prices(bot):
    bot.command("prices")
    body = texts(respond_call(bot).params["blocks"])
    assert "$50.44/h" in body and "2026-09-01" in body and "coreweave.com/pricing" in body
    assert "/llmcost prices deepseek-flash" in body


def test_prices_for_a_model_lists_its_apis_with_sources(bot):
    bot.command("prices deepseek-flash")
    body = texts(respond_call(bot).params["blocks"])
    assert "Hosted APIs for DeepSeek-V4.1-Flash" in body
    assert "Deepseek" in body and "output $0.60" in body and "DeepSeek API docs" in body


def test_prices_for_an_unknown_model_says_so(bot):
    bot.command("prices <!here> nonsense-model")
    body = texts(respond_call(bot).params["blocks"])
    assert "I don't know the model" in body and "&lt;!here&gt;" in body and "<!here>" not in body


def test_history_lists_the_askers_recent_questions(bot):
    bot.store.log(surface="mention", text="older question about kimi", user_id="U0001")
    bot.store.log(surface="mention", text="someone else's question", user_id="U0999")
    bot.command("history", user="U0001")
    body = texts(respond_call(bot).params["blocks"])
    assert "older question about kimi" in body and "someone else" not in body


def test_history_when_empty(bot):
    bot.command("history", user="U0404")
    assert "Nothing yet" in texts(respond_call(bot).params["blocks"])


def share_value(call) -> str:
    return next(e["value"] for b in call.params["blocks"] if b["type"] == "actions" for e in b["elements"]
                if e["action_id"] == "llmcost_share")


def test_a_question_is_answered_privately_first_and_shared_in_the_channel_on_a_click(bot):
    bot.command(QUESTION, channel="C0042")
    verdict, details = bot.slack.wait_for("respond", 2)
    bot.drain()
    assert verdict.params["response_type"] == details.params["response_type"] == "ephemeral"
    assert "the API wins" in verdict.params["blocks"][0]["text"]["text"]
    assert "vllm serve" in texts(details.params["blocks"])
    assert bot.slack.calls_to("chat.postMessage") == []  # nobody else sees it yet
    question = bot.store.recent()[0]
    assert question["surface"] == "slash" and question["text"] == QUESTION and question["channel_id"] == "C0042"

    bot.click("llmcost_share", share_value(verdict), message_ts="1700000099.000100", channel="C0042", user="U0001")
    shared, thread = bot.slack.wait_for("chat.postMessage", 2)
    assert shared.params["channel"] == "C0042" and shared.params.get("thread_ts") is None
    assert shared.params["blocks"][0] == verdict.params["blocks"][0]  # the same verdict, now in the channel
    assert "llmcost_share" not in str(shared.params["blocks"])
    assert thread.params["thread_ts"] == bot.slack.posted()[0]["ts"]  # under the shared verdict
    bot.slack.wait_for("files.completeUploadExternal", thread_ts=thread.params["thread_ts"])
    bot.drain()
    share = bot.store.recent()[0]
    assert (share["surface"], share["recompute_of"]) == ("share", question["id"])  # not a second question
    bot.command("history", user="U0001")
    history = bot.slack.wait_for("respond", 3)[2]
    assert texts(history.params["blocks"]).count("DeepSeek-V4.1-Flash") == 1  # one question, shared


def test_sharing_in_a_channel_the_bot_is_not_in_tells_the_asker(bot):
    bot.command(QUESTION, channel="C0404")
    verdict = bot.slack.wait_for("respond", 2)[0]
    bot.drain()
    bot.slack.fail("chat.postMessage", "not_in_channel")
    bot.click("llmcost_share", share_value(verdict), message_ts="1700000099.000100", channel="C0404", user="U0001")
    first, second = bot.slack.wait_for("respond", 4)[2:]
    assert "the API wins" in first.params["blocks"][0]["text"]["text"]
    assert "vllm serve" in texts(second.params["blocks"])
    assert first.params["response_type"] == second.params["response_type"] == "ephemeral"


def test_a_failing_command_tells_the_asker_privately(make_bot, stand_in):
    def broken(text, overrides=None):
        raise RuntimeError("engine down")

    bot = make_bot(ask=broken)
    bot.command(QUESTION, channel="C0042")
    call = respond_call(bot)
    assert "something went wrong" in call.params["text"].lower()
    assert stand_in.calls_to("chat.postMessage") == []
    assert "engine down" in bot.store.recent()[0]["error"]
