"""Names the catalog lacks against words that only look like names (bot/parse/model_unknown.py): what is no
model comes from data (the catalog's GPUs, the lexicon's `not_model_name`), so a new GPU or a new product is a
row, not a branch."""

from __future__ import annotations

import pytest

from bot.parser import parse


def _with_gpu(catalogs, gpu_id: str):
    """The catalogs with one more GPU, copied from the first row under another name."""
    first = next(iter(catalogs.gpus.values()))
    gpu = first.model_copy(update={"id": gpu_id, "name": gpu_id, "aliases": [gpu_id]})
    return catalogs.model_copy(update={"gpus": {**catalogs.gpus, gpu_id: gpu}})


def test_a_gpu_the_catalog_lists_is_no_model(catalogs):
    question = "our Nova-40B cluster at 300 tok/s"
    assert parse(question, catalogs).scenario.model == "Nova-40B"  # a name-shaped word the catalog lacks
    result = parse(question, _with_gpu(catalogs, "Nova"))
    assert result.scenario.model is None and result.clarification.code == "missing_model"


@pytest.mark.parametrize("gpu", ["A100-40G", "H100 80GB", "L40S", "MI300X", "B200"])
def test_the_catalogs_gpus_with_a_memory_size_name_no_model(gpu, catalogs):
    result = parse(f"we have {gpu} boxes, 300 tok/s", catalogs)
    assert result.scenario.model is None and result.clarification.code == "missing_model"


@pytest.mark.parametrize(
    ("question", "model"),
    [
        ("phi-4 at 300 tok/s", "phi-4"),
        ("Phi 4 at 300 tok/s", "Phi 4"),
        ("¿SmolLM3 a 300 tok/s?", "SmolLM3"),
        ("Yi-1.5-34B, 200 tok/s", "Yi-1.5-34B"),
    ],
)
def test_a_clear_name_is_read_as_typed(question, model, catalogs):
    result = parse(question, catalogs)
    assert result.clarification is None and result.scenario.model == model


@pytest.mark.parametrize(
    "question",
    [
        "phase 2 at 300 tok/s",  # a numbered plain word, lower case: only after a run verb would it be a name
        "Phase 2 at 300 tok/s",  # the lexicon's plain words, capitalised too
        "Fase 2 a 300 tok/s",
        "Windows 11 at 300 tok/s",
        "SOC2 says we self-host, 300 tok/s",
        "RTX 4090 at 300 tok/s",
        "JIRA-4412 at 300 tok/s",
    ],
)
def test_a_lookalike_asks_which_model(question, catalogs):
    result = parse(question, catalogs)
    assert result.scenario.model is None and result.clarification.code == "missing_model"


def test_a_glued_name_needs_a_question_about_models(catalogs):
    """ "phi-4" where nothing is about running a model (no tok/s, no run verb, no "model") is no name."""
    assert parse("the phi-4 review is on Tuesday", catalogs).scenario.model is None
    assert parse("the phi-4 review is on Tuesday: 300 tok/s", catalogs).scenario.model == "phi-4"
