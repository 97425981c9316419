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


SLICES = 8  # every question, in slices that parallel workers share (~50 s of CPU in one piece, 2026-12-02)


def _read_all(text: str) -> tuple:
    return stance.read(text), _gateway(text), _residency(text)


def readings_held_back(monkeypatch, owner, name: str, held_back, read, questions: list[str]) -> dict[str, tuple]:
    """Each question's reading by `read`, with `owner.name` (the one place the readers see a cue) watched: the
    readings of the questions where some call of it gave `held_back(result, *args)`, i.e. where the cue kept
    something back. Every other question's reading is, call for call, the reading without the cue."""
    real = getattr(owner, name)
    kept_back = [False]

    def watched(*args, **kwargs):
        out = real(*args, **kwargs)
        kept_back[0] = kept_back[0] or held_back(out, *args, **kwargs)
        return out

    monkeypatch.setattr(owner, name, watched)
    out: dict[str, tuple] = {}
    for q in questions:
        kept_back[0] = False
        reading = read(q)
        if kept_back[0]:
            out[q] = reading
    return out


@pytest.mark.parametrize("part", range(SLICES))
def test_cues_lose_no_reading(monkeypatch, part):
    """Each question is read with the cues, and read again with every sentence where the cues kept a sentence
    back. The readers see the cues only through `context.cued`: a reading in which every call of it returned
    the sentences `_every_sentence` returns is, call for call, the reading with every sentence (the readers are
    functions of the text, tests/readings.py), so a second reading of it could not differ. Only the others
    (~85 % of the questions) are read twice: ~12 % less CPU, the same questions able to fail."""
    questions = QUESTIONS[part::SLICES]

    def kept_a_sentence_back(spans, text: str, concept: str, limit: int = context.MAX_SENTENCES) -> bool:
        return list(spans) != _every_sentence(text, concept, limit)

    cued = readings_held_back(monkeypatch, context, "cued", kept_a_sentence_back, _read_all, questions)
    assert cued, "no question has a sentence without a cue: the check below checks nothing"
    monkeypatch.setattr(context, "cued", _every_sentence)
    differ = [q for q, reading in cued.items() if _read_all(q) != reading]
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
