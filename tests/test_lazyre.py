"""bot/parse/lazyre: a pattern compiled on first use behaves as re.compile's."""

from __future__ import annotations

import re

from bot.parse.lazyre import lazy


def test_a_lazy_pattern_compiles_on_first_use_and_answers_like_re():
    pattern, flags = r"\b(\d+)\s?tok/s\b", re.I
    late = lazy(pattern, flags)
    assert late._compiled is None  # importing a module full of patterns compiles none
    eager = re.compile(pattern, flags)
    text = "300 TOK/S now, 500 tok/s later"
    assert late.search(text).group(1) == eager.search(text).group(1) == "300"
    assert [m.span() for m in late.finditer(text)] == [m.span() for m in eager.finditer(text)]
    assert late.match(text, 15).group(1) == "500"
    assert late.pattern == pattern and late.flags == eager.flags
    assert late._compiled is not None
