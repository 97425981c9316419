"""The count nouns' lists grouped by first letter (bot/parse/grouped.py `by_letter`, used by counts.py and figures.PEOPLE)
find what the plain lexicon alternations find: on every corpus and hand-written question, at every word start, the same
spans. A speed-up only (a 4,000-character paste of figures tries each number's noun against ~10 branches, not ~150)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.parse import grouped, lexicon
from tests.pins import read_yaml

ROOT = Path(__file__).resolve().parents[3]
TEXTS = sorted(
    {e["q"] for p in (ROOT / "tests" / "bot" / "parse" / "corpus").glob("*.yaml") for e in read_yaml(p)}
    | {e["q"] for p in (ROOT / "bench").glob("fresh_parser_set*.yaml") for e in read_yaml(p)}
)
WORD = re.compile(r"(?<!\w)\w")


@pytest.mark.parametrize("concept", ["person_nouns", "group_nouns"])
def test_by_letter_matches_like_the_lexicon(concept):
    plain = re.compile(rf"(?:{lexicon.alternation(concept)})(?!\w)", re.I)
    fast = re.compile(rf"(?:{grouped.by_letter(concept)})(?!\w)", re.I)
    for text in TEXTS:
        for w in WORD.finditer(text):
            a, b = plain.match(text, w.start()), fast.match(text, w.start())
            assert (a and a.span()) == (b and b.span()), (concept, text, w.start())
    assert grouped.by_letter(concept).count("(?=[") >= 10  # grouped in fact


def test_by_letter_keeps_a_branch_that_starts_with_a_group_everywhere():
    """A branch that starts with a group or a class ("(?:x|y)", "[hab]") is tried at every letter."""
    assert grouped._top_branches(r"a(?:b|c)|[de]f|g\|h") == ["a(?:b|c)", "[de]f", r"g\|h"]
