"""A question in Spanish is answered in Spanish: the headline, the fields, the buttons, and the help."""

from __future__ import annotations

from bot.slack.locale import language
from tests.slack import signed

PREGUNTA = "¿podemos correr DeepSeek-V4.1-Flash nosotros a 300 tok/s?"


def test_the_language_is_read_from_the_question():
    assert language(PREGUNTA) == "es"
    assert language("y en horario laboral?") == "es"
    assert language("can we run DeepSeek-V4.1-Flash at 300 tok/s?") == "en"
    assert language("and at 20,000 tok/s?") == "en"
    assert language("kimi-k2 300 tok/s") == "en"  # nothing to go by: English


def test_a_spanish_question_gets_a_spanish_verdict(make_bot, stand_in):
    bot = make_bot(chart=False)
    bot.event(signed.mention(PREGUNTA, ts="1699991000.000100"))
    verdict = stand_in.wait_for("chat.postMessage", 2)[0]
    bot.drain()
    blocks = verdict.params["blocks"]
    assert blocks[0]["text"]["text"] == "☁️ DeepSeek-V4.1-Flash: gana la API"
    fields = [f["text"] for f in next(b for b in blocks if "fields" in b)["fields"]]
    assert fields[0].startswith("*Nodos, al mes*") and fields[2].startswith("*Punto de equilibrio*")
    assert fields[3].startswith("*Pedido*\n300 tok/s = ")
    labels = [e["text"]["text"] for b in blocks if b["type"] == "actions" for e in b["elements"]]
    assert labels == ["Recalcular: el texto no puede salir", "Recalcular: solo horario laboral",
                      "Recalcular: tok/s por usuario"]
    assert "<@U0001> preguntó" in blocks[-1]["elements"][0]["text"]
    assert verdict.params["text"].startswith("☁️ DeepSeek-V4.1-Flash: gana la API.")


def test_a_spanish_follow_up_in_an_english_thread_is_answered_in_spanish(make_bot, stand_in):
    bot = make_bot(chart=False)
    bot.event(signed.mention("can we run DeepSeek-V4.1-Flash at 300 tok/s?", ts="1699991100.000100"))
    english = stand_in.wait_for("chat.postMessage", 2)[0]
    bot.drain()
    bot.event(signed.mention("y en horario laboral?", ts="1699991101.000100", thread_ts="1699991100.000100"))
    spanish = stand_in.wait_for("chat.postMessage", 3)[2]
    bot.drain()
    assert "the API wins" in english.params["blocks"][0]["text"]["text"]
    assert "Pedido" in str(spanish.params["blocks"]) and "Horario laboral" not in english.params["text"]


def test_ayuda_gets_the_help_in_spanish(make_bot, stand_in):
    bot = make_bot(chart=False)
    bot.event(signed.dm("ayuda", ts="1699991200.000100"))
    call = stand_in.wait_for("chat.postMessage")[0]
    bot.drain()
    assert call.params["blocks"][0]["text"]["text"].startswith("llmcost: ¿podemos correr")
    assert "Pregunta con tus palabras" in call.params["blocks"][1]["text"]["text"]
    assert call.params["text"].startswith("Cómo preguntar a llmcost")
