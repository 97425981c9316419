"""The residency stance and the gateway reader read only sentences holding a cue (bot/parse/lexicon/*.yaml
`residency_cue`, `gateway_cue`). The cues are a speed-up, never a filter that changes a reading: over every
question of the corpus, the probe and the hand-written sets, reading with the cues gives what reading every
sentence gives."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bot.parse import context, gateway, lexicon, residency, stance
from bot.parse.draft import Draft
from tests.pins import read_yaml

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bench"))

from probe_parser_cases import generate  # noqa: E402

QUESTIONS = sorted(
    {e["q"] for p in (ROOT / "tests" / "bot" / "parse" / "corpus").glob("*.yaml") for e in read_yaml(p)}
    | {e["q"] for p in (ROOT / "bench").glob("fresh_parser_set*.yaml") for e in read_yaml(p)}
    | {c.q for c in generate()}
)


def _every_sentence(text: str, concept: str, limit: int = context.MAX_SENTENCES) -> list[tuple[int, int]]:
    return context.sentences(text)[:limit]


def _gateway(text: str) -> tuple:
    draft = Draft()
    gateway.read_gateway(text, draft)
    return draft.fields.get("gateway_pain"), sorted(draft.used)


def _residency(text: str) -> tuple:
    draft = Draft()
    residency.read_residency(text, draft)
    return sorted(draft.fields.items()), [f.code for _, f in draft.asks], sorted(draft.used)


SLICES = 4  # every question, in slices that parallel workers share (~3 s in one piece)


@pytest.mark.parametrize("part", range(SLICES))
def test_cues_lose_no_reading(monkeypatch, part):
    questions = QUESTIONS[part::SLICES]
    cued = [(stance.read(q), _gateway(q), _residency(q)) for q in questions]
    monkeypatch.setattr(context, "cued", _every_sentence)
    full = [(stance.read(q), _gateway(q), _residency(q)) for q in questions]
    differ = [q for q, a, b in zip(questions, cued, full, strict=True) if a != b]
    assert not differ, differ[:5]


@pytest.mark.parametrize("concept", ["residency_cue", "gateway_cue"])
def test_cue_words_start_with_a_letter(concept):
    """The cue pattern groups its words by first character: a word starting with a class or a group would
    never match."""
    words = [w for f in lexicon.fragments(concept) for w in context.top_level(f)]
    assert words and all(w[0].isalnum() for w in words)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("legally yes, but security said no", stance.STAYS),
        ("contracts allow it; however our CISO said no", stance.STAYS),
        ("security initially said no but later approved", stance.LEAVES),
        ("until last month data couldn't leave the company, now it can", stance.LEAVES),
        ("hasta marzo no se podía usar ninguna API externa; desde abril sí", stance.LEAVES),
        ("does the data have to stay in Spain?", stance.UNSURE),
        ("¿pueden salir los datos de la empresa?", stance.UNSURE),
        ("legal hasn't signed off yet", stance.UNSURE),
        ("our contracts forbid customer data leaving the company", stance.STAYS),
    ],
)
def test_one_stance_per_sentence_group(text, kind):
    said = stance.read(text)
    assert [s.kind for s in said][-1:] == [kind]


def test_an_answered_question_is_no_doubt():
    """"can the data leave? no": the answer follows, so the question is not left open."""
    assert all(s.kind != stance.UNSURE for s in stance.read("can the data leave the company? no"))


def test_grouped_patterns_find_what_the_lexicon_patterns_find():
    """bot/parse/grouped.py only reorders the branches by first letter: on every corpus question, each residency
    concept finds the same spans as its plain lexicon pattern, and the long ones are in fact grouped."""
    import pathlib

    from bot.parse import grouped, lexicon

    corpus = pathlib.Path(__file__).parent / "corpus"
    texts = [r["q"] for f in sorted(corpus.glob("*.yaml")) for r in read_yaml(f)]  # libyaml: ~0.1 s, not ~0.85 s
    concepts = ("authority", "egress", "sensitive", "sensitive_held", "keep_in", "forbid", "doubt", "approve", "refuse", "scrubbed")
    for concept in concepts:
        plain, fast = lexicon.pattern(concept), grouped.pattern(concept)
        for text in texts:
            assert [m.span() for m in plain.finditer(text)] == [m.span() for m in fast.finditer(text)], (concept, text)
    assert "(?=[" in grouped.alternation("sensitive") and "(?=[" in grouped.alternation("egress")
