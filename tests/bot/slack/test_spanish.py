"""A question in Spanish is answered in Spanish: the headline, the fields, the buttons, and the help."""

from __future__ import annotations

import json
import re

import pytest
from jinja2.runtime import Macro

from bot import render
from bot.render import cli, env
from bot.render.locale import language
from costcore.scenario import Finding
from tests.bot.slack import signed

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


# ---- the findings (reasons, warnings, assumptions, clarifications) and the details thread, in Spanish ----

ENGLISH_FINDINGS = ("the API is cheaper", "Around the clock", "a month", "input:output", "concurrent sessions",
                    "Watch out", "never beats the API", "list price", "Does not fit", "Measure your own")


def _public_macros(module) -> dict[str, tuple[str, ...]]:
    return {name: value.arguments for name, value in vars(module).items() if isinstance(value, Macro)}


def test_every_english_finding_has_a_spanish_twin_with_the_same_parameters():
    for name in cli.FINDING_TEMPLATES:
        english = _public_macros(env.plain().get_template(name).module)
        spanish = _public_macros(env.plain().get_template(f"es/{name}").module)
        assert english, name
        assert english == spanish, f"es/{name}: {set(english) ^ set(spanish) or 'parameters differ'}"


def test_a_finding_renders_in_spanish_and_falls_back_to_english_only_for_a_missing_macro():
    money = Finding(code="default_calendar", params={"hours": 730})
    assert render.finding(money) == "Around the clock: 730 hours a month."
    assert render.finding(money, "es") == "Todo el día: 730 horas al mes."
    spanish_only = cli._finding_modules("es")
    assert all(not hasattr(m, "no_such_code") for m in spanish_only)
    with pytest.raises(KeyError):
        render.finding(Finding(code="no_such_code", params={}), "es")


def _texts(call) -> str:
    return json.dumps(call.params.get("blocks"), ensure_ascii=False) + call.params.get("text", "")


def test_a_spanish_question_gets_spanish_reasons_assumptions_and_details(make_bot, stand_in):
    bot = make_bot(chart=False)
    bot.event(signed.mention(PREGUNTA, ts="1699991300.000100"))
    verdict, details = stand_in.wait_for("chat.postMessage", 2)[:2]
    bot.drain()
    reasons = verdict.params["blocks"][1]["text"]["text"]
    # the money reason: the fleet's monthly bill against the API's, in Spanish, figures as the filters print them
    assert re.search(r"300 tok/s necesitan 1 × .+ = \$[\d,]+ al mes; Avian cuesta \$[\d,.]+: la API es más "
                     r"barata \(la flota cuesta ~\d+× la API\)\.", reasons), reasons
    assert "Usa Avian y pon un tope en el gateway." in reasons
    assumptions = verdict.params["blocks"][3]["elements"][0]["text"]
    assert "Todo el día: 730 horas al mes." in assumptions and "4:1 entrada:salida (agéntico)." in assumptions
    thread = _texts(details)
    assert "*¿Cabe DeepSeek-V4.1-Flash?* Pesos" in thread and "*Cuidado*" in thread
    assert "nunca supera a la API en dinero" in thread and "precio de lista de confianza" in thread
    assert "no cabe: No cabe en un nodo" in thread and "*API alojadas*, al mes a 300 tok/s" in thread
    assert details.params["text"].startswith("Encaje, precios de API alojadas")
    for english in ENGLISH_FINDINGS:
        assert english not in _texts(verdict) and english not in thread, english


def test_a_spanish_clarification_is_asked_in_spanish(make_bot, stand_in):
    bot = make_bot(chart=False)
    bot.event(signed.mention("¿podemos correr nosotros un modelo a 300 tok/s?", ts="1699991400.000100"))
    call = stand_in.wait_for("chat.postMessage")[0]
    bot.drain()
    assert "¿Qué modelo quieres ejecutar" in _texts(call) and "Which model" not in _texts(call)


def test_an_english_question_keeps_the_english_findings(make_bot, stand_in):
    bot = make_bot(chart=False)
    bot.event(signed.mention("can we run DeepSeek-V4.1-Flash at 300 tok/s?", ts="1699991500.000100"))
    verdict, details = stand_in.wait_for("chat.postMessage", 2)[:2]
    bot.drain()
    assert "the API is cheaper" in verdict.params["blocks"][1]["text"]["text"]
    assert "Around the clock: 730 hours a month." in _texts(verdict)
    assert "*Watch out*" in _texts(details) and "never beats the API on money" in _texts(details)
    assert "*Does DeepSeek-V4.1-Flash fit?*" in _texts(details) and "Cuidado" not in _texts(details)
    assert "la API" not in _texts(verdict) + _texts(details)
