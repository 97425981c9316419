"""`llmcost ask --json` keeps the contract in shared/contract/answer.schema.json."""

from __future__ import annotations

import json
import subprocess
import sys

import jsonschema
import pytest

from bot.render import contract_of, finding, to_contract
from costcore.engine import answer
from costcore.scenario import Scenario
from tests.pins import SCHEMA, SEPT_2026, SHARED_SCHEMA
from tests.servers import READY_S

CASES = {
    "worked example": dict(model="deepseek-flash", slo_tok_s=300),
    "private, euro, vat": dict(model="deepseek-flash", slo_tok_s=300, data_may_leave=False, currency="EUR",
                               vat_rate=0.21),
    "no tok/s": dict(model="llama 3 70b"),
    "multi-node": dict(model="kimi-k2", slo_tok_s=5000),
    "closed": dict(model="gpt-5.6-sol", slo_tok_s=300),
    "unknown": dict(model="mystery-9000", slo_tok_s=300),
    "clarify": dict(slo_tok_s=300),
    "per stream": dict(model="deepseek-flash", slo_tok_s=400, slo_kind="per_stream", concurrency=4),
}


def test_vendored_schema_matches_shared():
    if not SHARED_SCHEMA.exists():
        pytest.skip("shared/ is not beside this checkout")
    assert json.loads(SCHEMA.read_text()) == json.loads(SHARED_SCHEMA.read_text())


@pytest.mark.parametrize("case", CASES)
def test_answers_validate(catalogs, schema, case):
    a = answer(Scenario(**CASES[case]), catalogs, now=SEPT_2026)
    doc = to_contract("q", a)
    jsonschema.validate(doc, schema)
    assert json.loads(json.dumps(doc)) == doc  # plain JSON, nothing Decimal or datetime left


def test_every_finding_renders(catalogs):
    for fields in CASES.values():
        a = answer(Scenario(**fields, signals=["two_h100", "cut_gpus", "commitment_before_legal", "buy_in_case",
                                               "ollama", "max_tokens_small", "spot"]), catalogs, now=SEPT_2026)
        found = a.reasons + a.warnings + a.assumptions + ([a.clarification] if a.clarification else [])
        found += [n.reason for n in (a.fit.nodes if a.fit else [])]
        for f in found:
            sentence = finding(f)
            assert sentence and "{{" not in sentence and "{%" not in sentence, f.code


def test_the_cli_prints_the_contract(schema, tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "bot.cli", "ask", "--json", "--no-log",
         "can we run DeepSeek-V4.1-Flash ourselves at 300 tok/s?"],
        capture_output=True, text=True, check=True, timeout=READY_S,  # a bound on a hang, not a speed check
    )
    doc = json.loads(out.stdout)
    jsonschema.validate(doc, schema)
    assert doc["verdict"] == "api" and doc["scenario"]["model"] == "deepseek-v4.1-flash"
    assert doc["tokens"]["output_per_month"] == 788_400_000


CHUNKS = 6  # the corpus in slices, so parallel workers share it (tests/bot/parse/test_parser_corpus.py: ~600 questions)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_corpus_question_gets_a_valid_contract_and_readable_text(contract, catalogs, monkeypatch, chunk):
    """Whatever the parser makes of a question (an answer, a question back, a note), the reply validates
    against the contract and renders as text: the corpus is the widest set of replies we have.

    `ask` runs whole, but its parse of each question is the session's one reading of it (tests/readings.py),
    which the corpus tests (tests/bot/parse/test_parser_corpus.py) made or will make anyway: the parser is a
    function of the text, the catalogs and the settings, and `ask`'s catalogs and settings are checked equal to
    the ones those readings were made with. This test parsed the corpus a second time (~40 % of its CPU)."""
    from bot import service
    from bot.render import text
    from bot.service import ask
    from costcore.scenario import Settings
    from tests import readings
    from tests.bot.parse.test_parser_corpus import CORPUS
    from tests.runtime import context

    ctx = context()
    assert ctx.settings == Settings()
    assert ctx.catalogs.model_copy(update={"prices": None}) == catalogs.model_copy(update={"prices": None})
    same = [(c.prices.snapshot.providers, c.prices.as_of) for c in (ctx.catalogs, catalogs)]
    assert same[0] == same[1]  # the same pinned genai-prices rows (PriceData and DataSnapshot also compare their memos)
    real_parse = service.parse

    def parse(question, cats, *, settings=None, calendar=None):
        if cats is ctx.catalogs and settings is ctx.settings and calendar is None:
            return readings.parsed(question, catalogs)
        return real_parse(question, cats, settings=settings, calendar=calendar)

    monkeypatch.setattr(service, "parse", parse)
    for entry in CORPUS[chunk::CHUNKS]:
        reply = ask(entry["q"], now=SEPT_2026)
        contract.validate(contract_of(reply))
        assert text(reply.answer).strip(), entry["q"]
