"""The mix and the cache hit rate as composition (issue 14): each relation read both ways round gives
reciprocal readings, a share of misses is the complement of the same share of hits, and what is no mix
(price, speed) or another cache (redis, a CDN) sets nothing. Templates × sides × figures, English and Spanish."""

from __future__ import annotations

import pytest

from bot.parser import parse

# (template, input word, output word): "{a}" is the first side said, "{b}" the second; "{n}" the figure.
# Each template says "{a} = {n} × {b}" in its own words.
RELATIONS = [
    ("deepseek flash at 300 tok/s, {a} are about {n} times as long as the {b}", "prompts", "answers"),
    ("deepseek flash at 300 tok/s, {a} run {n}x longer than {b}", "inputs", "outputs"),
    ("deepseek flash at 300 tok/s, {n}x more {a} than {b}", "input tokens", "output tokens"),
    ("deepseek flash at 300 tok/s, for each {b} token there are {n} {a} tokens", "input", "output"),
    ("deepseek flash at 300 tok/s, {a} to {b} is {n} to 1", "input", "output"),
    ("deepseek flash at 300 tok/s, typical call: {n}k tokens {a}, 1k {b}", "in", "out"),
    ("deepseek flash a 300 tok/s, {a} son unas {n} veces más largas que {b}", "las entradas", "las salidas"),
    ("deepseek flash a 300 tok/s, por cada token de {b} hay {n} de {a}", "entrada", "salida"),
    ("deepseek flash a 300 tok/s, relación {a}/{b} de {n} a 1", "entrada", "salida"),
]
# "{a} = {b} / {n}": the same relation said with a fraction or a "less" word.
INVERSE = [
    ("deepseek flash at 300 tok/s, {a} are {n}x shorter than the {b}", "prompts", "answers"),
    ("deepseek flash at 300 tok/s, {a} are about 1/{n} the length of the {b}", "prompts", "answers"),
    ("deepseek flash a 300 tok/s, {a} son {n} veces más cortas que {b}", "las entradas", "las salidas"),
]
FIGURES = [2, 5, 8]


def _mix(text: str, catalogs) -> float | None:
    result = parse(text, catalogs)
    assert result.clarification is None, (text, result.clarification)
    return result.scenario.model_dump(exclude_unset=True).get("input_per_output")


@pytest.mark.parametrize("template,inp,out", RELATIONS)
@pytest.mark.parametrize("n", FIGURES)
def test_a_relation_reads_the_same_both_ways_round(template, inp, out, n, catalogs):
    said_input_first = _mix(template.format(a=inp, b=out, n=n), catalogs)
    said_output_first = _mix(template.format(a=out, b=inp, n=n), catalogs)
    assert said_input_first == pytest.approx(n, rel=1e-3)
    assert said_output_first == pytest.approx(1 / n, rel=1e-3)


@pytest.mark.parametrize("template,inp,out", INVERSE)
@pytest.mark.parametrize("n", FIGURES)
def test_a_fraction_or_a_less_word_turns_the_figure_round(template, inp, out, n, catalogs):
    assert _mix(template.format(a=inp, b=out, n=n), catalogs) == pytest.approx(1 / n, rel=1e-3)
    assert _mix(template.format(a=out, b=inp, n=n), catalogs) == pytest.approx(n, rel=1e-3)


@pytest.mark.parametrize(
    "text",
    [
        "deepseek flash at 300 tok/s, output tokens cost 4x what input tokens cost",
        "deepseek flash at 300 tok/s, prompts are 3x longer than last year",
        "deepseek flash a 300 tok/s, las salidas cuestan 4 veces más que las entradas",
    ],
)
def test_price_speed_or_one_side_is_no_mix(text, catalogs):
    assert _mix(text, catalogs) is None


def test_an_unfinished_relation_is_noted_not_silent(catalogs):
    for text in (
        "deepseek flash at 300 tok/s, we read way more than we write",
        "deepseek flash a 300 tok/s, mucha más entrada que salida",
    ):
        result = parse(text, catalogs)
        assert "input_per_output" not in result.scenario.model_dump(exclude_unset=True)
        assert any(n.code == "words_not_used" for n in result.notes), text


CACHE = [
    ("deepseek flash at 300 tok/s, {n} % of prompt tokens {verb} the cache", "come from", "miss"),
    ("deepseek flash at 300 tok/s, the prompt cache {verb} {n}% of the time", "hits", "misses"),
    ("deepseek flash a 300 tok/s, el {n} % de los prompts {verb} en la caché", "aciertan", "fallan"),
]


@pytest.mark.parametrize("template,hit,miss", CACHE)
@pytest.mark.parametrize("n", [20, 35, 90])
def test_a_share_of_misses_is_the_complement_of_hits(template, hit, miss, n, catalogs):
    hits = parse(template.format(n=n, verb=hit), catalogs).scenario.cache_hit_rate
    misses = parse(template.format(n=n, verb=miss), catalogs).scenario.cache_hit_rate
    assert hits == pytest.approx(n / 100)
    assert misses == pytest.approx(1 - n / 100)


@pytest.mark.parametrize(
    "text",
    [
        "deepseek flash at 300 tok/s, the redis cache hits 90% of lookups",
        "deepseek flash at 300 tok/s, CDN cache misses about 30%",
        "deepseek flash a 300 tok/s, la caché de redis acierta el 95 %",
    ],
)
def test_another_cache_is_not_the_prompt_cache(text, catalogs):
    assert "cache_hit_rate" not in parse(text, catalogs).scenario.model_dump(exclude_unset=True)
