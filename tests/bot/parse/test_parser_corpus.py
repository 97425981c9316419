"""The parser against questions as engineers type them (tests/bot/parse/corpus/*.yaml).

Each entry says what the question means; the parser must set exactly those fields (the engine lists
the rest as assumptions), ask exactly when the entry says so, and never name a wrong catalog model.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from bot import render
from bot.parse.closed import is_closed
from bot.parser import ParseResult, parse
from costcore.catalog import normalise
from costcore.scenario import Finding
from tests.pins import read_yaml
from tests.readings import parsed, parsed_all  # one parse of each question per session: several tests read it

HERE = Path(__file__).resolve().parent
CORPUS = [
    entry
    for path in sorted((HERE / "corpus").glob("*.yaml"))
    for entry in read_yaml(path)
]
PROMPTS = HERE.parents[2] / "prompts"


def _id(entry: dict) -> str:
    return entry["q"][:60] or "<empty>"


@pytest.fixture(scope="module")
def findings_words():
    env = Environment(loader=FileSystemLoader(PROMPTS), undefined=StrictUndefined, autoescape=False)
    return env.get_template("parser_findings.j2").module


def test_corpus_is_broad_enough():
    assert len(CORPUS) >= 80
    assert (
        sum(any(ch in e["q"] for ch in "¿¡áéíóúñ") or " nosotros" in e["q"] for e in CORPUS) >= 10
    )  # Spanish
    for status in ("ok", "unknown", "closed", "clarify"):
        assert any(e["status"] == status for e in CORPUS), status


def _approx(actual, expected):
    if isinstance(expected, float | int) and not isinstance(expected, bool):
        return actual == pytest.approx(expected, rel=1e-3)
    return actual == expected


def _known_gaps(entries: list[dict]) -> list:
    """A row whose reading the parser still gets wrong carries `xfail: <why>`: its expectation stays what the
    question means (never changed to match), and it fails loudly (strict) the day the parser reads it right."""
    return [
        pytest.param(e, marks=pytest.mark.xfail(reason=e["xfail"], strict=True)) if e.get("xfail") else e
        for e in entries
    ]


@pytest.mark.parametrize("entry", _known_gaps(CORPUS), ids=_id)
def test_question(entry, catalogs):
    result = parsed(entry["q"], catalogs)
    scenario = result.scenario
    said = scenario.model_dump(exclude_unset=True)
    expect = entry["expect"]

    assert set(said) == set(expect), f"fields set {sorted(said)}, expected {sorted(expect)}"
    for name, value in expect.items():
        assert _approx(said[name], value), f"{name}: {said[name]!r} != {value!r}"
    assert [n.code for n in result.notes] == entry.get("notes", [])

    status = entry["status"]
    if status == "clarify":
        assert result.clarification is not None and result.clarification.code == entry["ask"]
        return
    assert result.clarification is None, result.clarification
    if status == "ok":
        assert scenario.model in catalogs.models
    elif status == "unknown":
        assert catalogs.find_model(scenario.model) is None
    elif status == "closed":
        assert is_closed(scenario.model, catalogs)


def test_no_question_is_answered_for_a_wrong_model(catalogs):
    """A catalog id the parser returns is the one the question names; where the question is unclear it asks."""
    wrong = []
    for entry, result in zip(CORPUS, parsed_all([e["q"] for e in CORPUS], catalogs), strict=True):
        model = result.scenario.model
        expected = entry["expect"].get("model")
        if model in catalogs.models and model != expected:
            wrong.append((entry["q"], model, expected))
        if (
            expected is None
            and entry["status"] == "clarify"
            and entry["ask"] in ("two_models", "missing_model")
        ):
            assert model is None, entry["q"]
    assert wrong == []


def _words(words, finding: Finding) -> str:
    return str(getattr(words, finding.code)(**finding.params)).strip()


@pytest.mark.parametrize("entry", CORPUS, ids=_id)
def test_every_finding_has_words(entry, catalogs, findings_words):
    """Each Finding the parser emits renders through its macro to one plain sentence, params as JSON."""
    result = parsed(entry["q"], catalogs)
    for finding in [*result.notes, *([result.clarification] if result.clarification else [])]:
        json.dumps(finding.params)
        assert hasattr(findings_words, finding.code), f"no macro for {finding.code}"
        sentence = _words(findings_words, finding)
        assert sentence and "\n" not in sentence and sentence[-1] in ".?", sentence
        assert render.finding(finding) == sentence  # as the reply renders it, whitespace control and all


def test_every_clarification_asks(catalogs, findings_words):
    for entry, result in zip(CORPUS, parsed_all([e["q"] for e in CORPUS], catalogs), strict=True):
        if result.clarification:
            assert _words(findings_words, result.clarification).endswith("?"), entry["q"]


def test_a_fuzzy_tie_asks_instead_of_choosing(catalogs):
    """Two catalog models a typo fits equally well: the parser asks which one."""
    extra = {"mixtral-8x7b": "acme-coder 7b", "mixtral-8x22b": "acme-codex 7b"}
    models = dict(catalogs.models)
    for model_id, alias in extra.items():
        models[model_id] = models[model_id].model_copy(update={"aliases": [*models[model_id].aliases, alias]})
    aliases = dict(catalogs.alias_index) | {normalise(alias): model_id for model_id, alias in extra.items()}
    twin = catalogs.model_copy(update={"models": models, "alias_index": aliases})
    result = parse("can we run acmecodet 7b at 300 tok/s?", twin)
    assert result.clarification is not None and result.clarification.code == "ambiguous_model"
    assert set(result.clarification.params["candidates"]) == {"mixtral-8x7b", "mixtral-8x22b"}
    assert result.scenario.model is None


def test_the_text_is_kept_as_asked(catalogs):
    question = "<@U1> *deepseek-flash* at 300 tok/s"
    result = parse(question, catalogs)
    assert isinstance(result, ParseResult) and result.text == question


def test_the_business_day_comes_from_the_settings(catalogs):
    """A team whose business day opens at 8 prices "8:00-16:00" as its own day, with no note."""
    from costcore.scenario import Settings

    said = "deepseek flash, 26M output tokens a day, 8:00-16:00"
    default = parse(said, catalogs)
    early = parse(said, catalogs, settings=Settings(business_hours_start=8))
    assert [n.code for n in default.notes] == ["business_hours_shifted", "volume_converted"]
    assert [n.code for n in early.notes] == ["volume_converted"]
    assert early.scenario.calendar == default.scenario.calendar == "business_hours"
    ten_hours = parse(said.replace("16:00", "18:00"), catalogs, settings=Settings(business_hours_per_day=10))
    assert ten_hours.clarification is None and ten_hours.scenario.slo_tok_s == pytest.approx(26e6 / (10 * 3600))
