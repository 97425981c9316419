"""The shape of a pasted message (bot/parse/structure.py, bot/parse/voices.py).

The cue of voices.py (`voice_cue`, words) is a speed-up, never a filter that changes a reading: over
every question of the corpus, the probe and the hand-written sets, settling with the cue gives what settling
every text gives. Config keys are read by their words in both languages, whatever the case style; serving
settings never become a figure; a correction takes the latest figure of its kind or size, or asks."""

from __future__ import annotations

import pytest

from bot.parse import structure, voices
from bot.parse.draft import Draft
from bot.parse.markup import to_plain
from bot.parser import parse
from tests.bot.parse.test_parser_stance import (  # the corpus, the probe and every hand-written set
    QUESTIONS,
    readings_held_back,
)


def _settled(text: str) -> tuple[str, list]:
    draft = Draft()
    out = voices.settle(structure.reshape(to_plain(text), draft), draft)
    return out, [(n.code, n.params) for n in draft.notes] + [(f.code, f.params) for _, f in draft.asks]


SLICES = 2  # every question, in slices that parallel workers share


@pytest.mark.parametrize("part", range(SLICES))
def test_the_cue_loses_no_reading(monkeypatch, part):
    """Each question is settled with the cue, and settled again without it where the cue said no. The cue is
    read only through `voices._cued`: where every call of it said yes, settling without the cue is, call for
    call, the same settling, so only the questions the cue turned away (~85 %) are settled twice."""
    questions = QUESTIONS[part::SLICES]
    gated = readings_held_back(monkeypatch, voices, "_cued", lambda said, text, toks: not said, _settled, questions)
    assert gated, "the cue turned no question away: the check below checks nothing"
    monkeypatch.setattr(voices, "_cued", lambda text, toks: True)
    changed = [q for q, settled in gated.items() if _settled(q) != settled]
    assert not changed, changed[:5]


@pytest.mark.parametrize(
    ("pair", "field", "value"),
    [
        ("target_tps: 800", "slo_tok_s", 800),
        ("TARGET_TOK_S=600", "slo_tok_s", 600),
        ("tokensPerSecond: 1200", "slo_tok_s", 1200),
        ('"throughput": "1.5k"', "slo_tok_s", 1500),
        ("objetivo_tok_s: 450", "slo_tok_s", 450),
        ("tokens-por-segundo = 700", "slo_tok_s", 700),
        ("max_model_len: 131072", "context_tokens", 131072),
        ("contextWindow: 32768", "context_tokens", 32768),
        ("contexto_max: 16384", "context_tokens", 16384),
        ("ventana_de_contexto: 8192", "context_tokens", 8192),
        ("concurrent_users: 40", "concurrency", 40),
        ("usuarios_simultaneos: 25", "concurrency", 25),
    ],
)
def test_config_keys_are_words(pair, field, value, catalogs):
    said = parse(f"deepseek flash\n{pair}", catalogs).scenario.model_dump(exclude_unset=True)
    assert said.get(field) == value, said


@pytest.mark.parametrize(
    "pair",
    ["replicas: 3", "nvidia.com/gpu: 8", "tensor_parallel_size: 4", "port: 8000", "réplicas: 2", "puerto: 8080",
     "gpu_memory_utilization: 0.9", "temperature: 0.7", "p99_latency_ms: 800", "maxReplicas: 12"],
)  # fmt: skip
def test_serving_settings_are_no_figure(pair, catalogs):
    result = parse(f"deepseek flash at 300 tok/s\n{pair}", catalogs)
    said = result.scenario.model_dump(exclude_unset=True)
    assert said == {"model": "deepseek-v4.1-flash", "slo_tok_s": 300}, said
    assert result.clarification is None


@pytest.mark.parametrize(
    ("text", "tok_s"),
    [
        ("deepseek flash at 300 tok/s. no wait, 500 tok/s", 500),
        ("deepseek flash a 300 tok/s. no, espera, 500 tok/s", 500),
        ("deepseek flash at 300 tok/s, 64k context. update: make it 500", 500),  # not the context's size
        ("deepseek flash a 300 tok/s, contexto de 64k. Actualización: que sean 500", 500),
        ("> deepseek flash at 300 tok/s\nwe need 450 tok/s now", 450),
        ("> deepseek flash a 300 tok/s\nal final necesitamos 450 tok/s", 450),
    ],
)
def test_the_latest_word_wins_and_says_so(text, tok_s, catalogs):
    result = parse(text, catalogs)
    assert result.scenario.slo_tok_s == tok_s and result.clarification is None
    assert [n.code for n in result.notes].count("figure_replaced") == 1


@pytest.mark.parametrize(
    "text",
    [
        "> can we run deepseek flash at 300 tok/s?",  # a message that is all quote is the question
        "deepseek flash at 300 tok/s; we update the index nightly with 500 new documents",
        "deepseek flash at 300 tok/s, actually the 2x H100 box is free",
        "deepseek flash a 300 tok/s; hoy tenemos 12 equipos",
    ],
)
def test_lookalikes_replace_nothing(text, catalogs):
    result = parse(text, catalogs)
    assert result.scenario.slo_tok_s == 300
    assert "figure_replaced" not in [n.code for n in result.notes]
