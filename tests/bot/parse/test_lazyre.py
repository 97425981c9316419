"""The skip of bot/parse/lazyre.py: a long text without a pattern's required strings has no match, and a
skipped scan answers exactly what the scan would have. Checked on the parser's own patterns and questions."""

from __future__ import annotations

import importlib
import pkgutil
import re
from functools import cache
from pathlib import Path

import pytest

import bot.parse
from bot.parse.lazyre import DIGIT, DIGIT_START, LONG, Pattern, gated, lazy, required, words
from tests.pins import read_yaml

CORPUS = Path(__file__).parent / "corpus"


@cache
def _questions(every: int = 1) -> list[str]:
    """The corpus questions (every `every`-th of each file: each file is one topic, so a sample keeps them all)."""
    return [row["q"] for path in sorted(CORPUS.glob("*.yaml")) for row in read_yaml(path)[::every]]


@cache
def _parser_patterns() -> dict[str, Pattern]:
    """The parser's module-level patterns and the lexicon's (every concept, the watched words, the cue scans).
    Gathered once per process (six tests read them; callers only read the dict)."""
    from bot.parse import context, lexicon

    found: dict[str, Pattern] = {}
    for info in pkgutil.iter_modules(bot.parse.__path__):
        module = importlib.import_module(f"bot.parse.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, Pattern):
                found[f"{info.name}.{name}"] = value
    concepts = {c for lang in lexicon.LANGUAGES for c, v in lexicon._files()[lang].items() if isinstance(v, list)}
    for concept in sorted(concepts):
        if all(isinstance(f, str) for f in lexicon.fragments(concept)):
            found[f"lexicon.{concept}"] = lexicon.pattern(concept)
    found |= {f"watch.{i}": row[2] for i, row in enumerate(lexicon.watch())}
    found |= {"watch_all": lexicon._watch_all(True), "watch_all_lower": lexicon._watch_all(False)}
    found |= {f"cue.{c}": context._cue(c) for c in ("residency_cue", "gateway_cue")}
    from bot import parser
    from tests import runtime

    found |= {f"parser.{k}": v for k, v in vars(parser).items() if isinstance(v, Pattern)}
    found["parser.hf_org"] = parser._hf_org(runtime.catalogs())
    return found


@pytest.mark.parametrize(
    ("pattern", "flags", "strings"),
    [
        (r"business\s+hours", re.I, {"business"}),  # the longest literal run of a sequence
        (r"(?:foo)?bar", 0, {"bar"}),  # an optional part requires nothing
        (r"x{0,3}y", 0, {"y"}),
        (r"ab|c", 0, {"ab", "c"}),  # a branch: one of its alternatives' strings
        (r"\bGMT\b", 0, {"gmt"}),  # compared in lower case
        (r"\d+\s*%", 0, {"%"}),  # a digit is weaker than any other character
        (r"\d+\s*h", 0, {"h"}),
        (r"[0-3]", 0, {"0", "1", "2", "3"}),
        (r"[0-3]\d", 0, {DIGIT}),  # one string to look for beats four
        (r"\d\d", 0, {DIGIT}),
        (r"hours|hour", 0, {"hour"}),  # "hours" holds "hour"
        (r"\d+\s?h(?:ours?|rs)\b", re.I, {"hour", "hrs"}),  # what a run of fixed text consumes, whole
        (r"(?=\w)\bnine[\s-]to\b", 0, {"nine"}),  # look-arounds consume nothing
        (r"0?9\s?am", 0, {"am"}),
        (r"(?:per|a)\s+(?:business|work)\s+day", 0, {"business", "work"}),
    ],
)
def test_required_strings_are_read_from_the_pattern(pattern: str, flags: int, strings: set[str]) -> None:
    assert required(pattern, flags) == frozenset(strings)


@pytest.mark.parametrize(
    "pattern",
    [r"(?=abc)\w+", r"[^a]+", r"\w+", r"a|\s", r"(?:ab)*", r"\S{2}", r"(a)?(?(1)b|c)", r"µ", r"\b\w+\b"],
)
def test_nothing_is_required_where_a_match_may_hold_no_fixed_string(pattern: str) -> None:
    assert required(pattern) is None


@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        (r"sun", "ſun"),  # the long s is an s to a case-blind pattern
        (r"istanbul", "İstanbul"),  # so is the dotted capital I an i
        (r"kelvin", "\u212aelvin"),  # and the Kelvin sign a k
        (r"\d+ tok", "٣٠٠ tok"),  # Arabic-Indic digits are digits to \d
        (r"d[ií]as", "DÍAS"),
    ],
)
def test_letters_re_folds_are_never_skipped(pattern: str, text: str) -> None:
    long = " " * LONG + text
    compiled = lazy(pattern, re.I)
    assert compiled.compiled.search(long)
    assert compiled.search(long) is not None


def test_a_skipped_scan_answers_what_the_scan_would() -> None:
    compiled = lazy(r"(\d+)\s*(?:hours|h)\b", re.I)
    without, with_ = "x " * LONG, "x " * LONG + "12 hours and 3h"
    assert compiled.absent(without) and not compiled.absent(with_)
    for text in (without, with_):
        raw = compiled.compiled
        assert compiled.search(text) is None if raw.search(text) is None else compiled.search(text).span() == raw.search(text).span()
        assert [m.span() for m in compiled.finditer(text)] == [m.span() for m in raw.finditer(text)]
        assert compiled.findall(text) == raw.findall(text)
        assert compiled.sub("N", text) == raw.sub("N", text)
        assert compiled.subn("N", text) == raw.subn("N", text)
        assert compiled.split(text) == raw.split(text)
    assert compiled.search("12 hours") is not None  # a short text is scanned as compiled


def test_no_parser_pattern_is_skipped_on_a_text_it_matches() -> None:
    """Every lazy pattern of the parser, on every corpus question (each alone, checked as if long) and on pastes
    of them: where the pattern finds a match, the skip must not say the text lacks its required strings."""
    patterns = _parser_patterns()
    assert len(patterns) > 50
    questions = _questions(every=5)  # the suite's time: ~280 questions and three pastes of them
    texts = questions + [" ".join(questions[i::3])[:4000] for i in range(3)]
    checked = 0
    for text in texts:  # text by text, as the parser reads: lazyre keeps the last few texts' lower case
        for name, pattern in patterns.items():
            if pattern.compiled.search(text) is not None:
                pattern._last = None  # ask afresh, whatever the text's length
                assert not pattern.absent(text), (name, text[:120])
                checked += 1
    assert checked > 300


def test_no_window_of_a_long_text_is_skipped_where_the_pattern_matches() -> None:
    """A reader scanning a window of a long text (a sentence, the words around a figure): each corpus question
    as a window of a long paste, on either side of it; where the pattern finds a match there, no skip."""
    patterns = _parser_patterns()
    pad = "x " * LONG
    checked = 0
    for question in _questions(every=5):
        text = pad + question + " " + pad
        lo, hi = len(pad), len(pad) + len(question)
        for name, pattern in patterns.items():
            if pattern.compiled.search(text, lo, hi) is not None:
                assert pattern.search(text, lo, hi) is not None, (name, question)
                assert next(pattern.finditer(text, lo, hi), None) is not None, (name, question)
                checked += 1
    assert checked > 300


def test_every_character_a_case_blind_letter_matches_folds_to_it() -> None:
    """The soundness of comparing in lower case: for each letter the required strings may hold, every Unicode
    character `re` matches to it case-blind becomes that letter in the text's lower case (after the folds)."""
    from bot.parse.lazyre import _FOLD, _safe

    letters = [chr(c) for c in range(1, 0x100) if _safe(chr(c))]
    any_of = re.compile("[" + "".join(map(re.escape, letters)) + "]", re.I)
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    for char in any_of.findall(every):  # one scan of every character, then only those that match a letter
        folded = char.translate(_FOLD).lower()
        for letter in letters:
            if re.fullmatch(re.escape(letter), char, re.I):
                assert folded == letter.lower(), (hex(ord(char)), letter)


def test_no_reader_compares_a_match_pattern_by_identity():
    """A match's `.re` is the compiled pattern, not the `lazy` wrapper the module holds, so `m.re is PATTERN`
    is always False and silently takes the wrong branch (it did, once, in mix_forms.py after a merge).
    Compare `.pattern` instead."""
    root = Path(__file__).resolve().parents[3] / "bot"
    offenders = [f"{p.relative_to(root)}:{n}" for p in root.rglob("*.py")
                 for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
                 if re.search(r"\.re\s+is\s+(?:not\s+)?[A-Za-z_]", line)]
    assert not offenders, offenders


@pytest.mark.parametrize(
    ("pattern", "flags", "gate"),
    [
        (r"\bal\s+doble\b", re.I, "(?=[a])"),  # what the first character can be, in the pattern's own case
        (r"\b(?:\d+x|double|half)\s", re.I, "(?=[\\ddh])"),  # each branch's first character
        (r"(?:a?)b", 0, "(?=[ab])"),  # an optional part: what follows may come first
        (r"x?(?P<n>[0-3])", 0, "(?=[0-3x])"),
    ],
)
def test_a_gate_is_the_characters_a_match_can_start_with(pattern: str, flags: int, gate: str) -> None:
    from bot.parse.lazyre import _gate_code

    assert _gate_code(pattern, flags) is not None
    assert _gate_code(f"{gate}(?:{pattern})", flags) is None  # gated already: not twice


@pytest.mark.parametrize("pattern", [r"a*", r"\b\w+", r"(?:x|)y", r"[^a]b", r"foo", r"(?=[ab])\b(?:a|b)"])
def test_no_gate_where_a_match_may_start_with_anything_or_re_skips_already(pattern: str) -> None:
    from bot.parse.lazyre import _gate_code

    assert _gate_code(pattern, 0) is None


def test_a_gated_pattern_finds_what_the_pattern_finds() -> None:
    """Every parser pattern a gate applies to, on pastes of corpus questions and on each question as a window
    of a long text: the same matches (spans, groups), and the same `.pattern` and group names (readers compare
    patterns by `.pattern`)."""
    pairs = []
    for name, pattern in _parser_patterns().items():
        fast = gated(pattern.compiled)
        if fast is pattern.compiled:
            continue
        assert (fast.pattern, fast.flags, fast.groupindex) == (pattern.pattern, pattern.compiled.flags, pattern.groupindex)
        pairs.append((pattern.compiled, fast, name))
    _finds_the_same(pairs)
    assert len(pairs) > 40


def _finds_the_same(pairs: list[tuple[re.Pattern[str], object, str]], windows: tuple[tuple[int, int], ...] = ()) -> None:
    """For each (raw, fast, name): `fast` finds what `raw` finds (spans, groups; search and finditer) on pastes
    of corpus questions, on `windows` of them, and on each question as a window of a long text. Text by text,
    every pattern on each, as the parser reads: lazyre indexes the last few texts' words (`_heads`), and a
    pattern-by-pattern loop over more texts than it keeps rebuilt the index for every pattern (~3x the time)."""
    questions = _questions(every=5)
    pad = "x " * LONG
    spans = [(pad + q + " " + pad, len(pad), len(pad) + len(q)) for q in questions[::4]]
    for text in [" ".join(questions[i::3])[:4000] for i in range(3)]:
        spans += [(text, 0, len(text))] + [(text, lo, hi) for lo, hi in windows]
    for text, lo, hi in spans:
        for raw, fast, name in pairs:
            want, got = raw.search(text, lo, hi), fast.search(text, lo, hi)  # type: ignore[attr-defined]
            assert (want and (want.span(), want.groups())) == (got and (got.span(), got.groups())), (name, text[lo:hi][:80])
            want_all = [(m.span(), m.groups()) for m in raw.finditer(text, lo, hi)]
            assert [(m.span(), m.groups()) for m in fast.finditer(text, lo, hi)] == want_all, (name, text[lo:hi][:80])  # type: ignore[attr-defined]


def test_a_wide_pattern_on_a_short_text_finds_what_the_pattern_finds() -> None:
    """A wide pattern (the lexicon's concepts) tries a short text only where its words begin as a match may
    (`WIDE`): on every corpus question, whole and in windows (a reader's sentence of it), the same matches as the
    compiled pattern, text by text as the parser reads."""
    from bot.parse.lazyre import WIDE

    wide = [(p.compiled, p, name) for name, p in _parser_patterns().items() if len(p.pattern) >= WIDE]
    assert len(wide) > 40
    for text in (q for q in _questions(every=9) if len(q) < LONG):
        for raw, fast, name in wide:
            for lo, hi in ((0, len(text)), (len(text) // 3, len(text)), (2, max(2, len(text) - 5))):
                want, got = raw.search(text, lo, hi), fast.search(text, lo, hi)
                assert (want and (want.span(), want.groups())) == (got and (got.span(), got.groups())), (name, text)
                want_all = [(m.span(), m.groups()) for m in raw.finditer(text, lo, hi)]
                assert [(m.span(), m.groups()) for m in fast.finditer(text, lo, hi)] == want_all, (name, text)


def test_a_short_texts_places_are_the_word_index_ones() -> None:
    """text_index.starts_at (a short text's keys met in a pattern's by one set intersection) gives the places the
    long text's word index (`heads`) gives for the same keys and sifts: in order, each once, a word of one or two
    characters (filed twice under one key) and a digit's word (`DIGIT_START`) too."""
    from bot.parse.text_index import heads, lowered, spaced, starts_at

    texts = ["a b 12 tok/s, A\ndata the therapy a", "x", "El 3er día: ok; o o 7", *_questions(every=97)]
    keysets = [frozenset({"a", "th", "the", DIGIT_START}), frozenset({"o", "o ", "el ", "dat"}), frozenset({"zz"}), frozenset({"a", "a "})]
    for text in (t for t in texts if len(t) < LONG):
        low = lowered(text)[0]
        index = heads(text, low)
        for indexed in keysets:
            for longer in ({}, {"the": ("the d",), "a": ("a d", "a\nd")}):
                want: set[int] = set()
                for s in indexed:
                    at = index[len(s)].get(s, [])
                    want |= {p for p in at if s not in longer or spaced(text, low).startswith(longer[s], p)}
                assert starts_at(text, low, indexed, longer) == sorted(want), (text, indexed, longer)


def test_words_match_as_their_plain_alternation() -> None:
    """lazyre.words groups names by first letter; the order within a letter (longest first, "new york city"
    before "new york") decides what matches and must be kept, in either case when re.I."""
    names = ["new york city", "New York", "newark", "nyc", "madrid", "Málaga", "ma", "york"]
    text = "NEW YORK CITY, new york; Newark and NYC, madrid or málaga, ma, York, newyork"
    for flags in (0, re.I):
        plain = re.compile("|".join(map(re.escape, names)), flags)
        grouped = re.compile(words(names, flags), flags)
        assert [m.span() for m in grouped.finditer(text)] == [m.span() for m in plain.finditer(text)]
    assert words(["ſt", "st"], re.I) == "ſt|st"  # a letter re folds to another: not grouped


@pytest.mark.parametrize(
    ("pattern", "indexed", "found"),
    [
        (r"(?<!\w)(?:(?:our\s+|the\s+)?(?:customers?|clients?)\s+data)", {"our", "the", "cus", "cli"}, set()),  # optional parts
        (r"\b(?:a|an|in\s+a)\s+day", {"a", "an", "in "}, set()),  # a word cut short: still how the match begins
        (r"(?<!\w)(?:a|an)\s+day", {"a ", "an "}, set()),  # `\s`: any space, which the index reads as " "
        (r"(?<![\w'])x?(?:ab|c)", {"xab", "xc", "ab", "c"}, set()),
        (r"\ba(?:b|c)*", {"a", "ab", "ac"}, set()),
        (r"(?<!\w)(?:foo|=\s*per)", {"foo"}, {"="}),  # no word character: looked for where it is (any space after it)
        (r"(?:\bab|cd)", {"ab"}, {"cd"}),  # not every match begins a word: each row's beginnings where its matches begin
        (r"(?=[^\s\d])(?:(?=[s])(?:\bsol\w*|s(?:ó|o)lo\s+en)|\beu)", {"sol", "eu"}, {"sól", "sol"}),  # both kinds: looked for
        (r"(?<![^\W\d_])abc", set(), {"abc"}),  # after a digit too: no word beginning
        (r"\b(?:\d+x|double)", {DIGIT_START, "dou"}, set()),  # a digit first: the words that begin with one
        (r"(?<![\w.,])(?P<n>\d(?:[\d.,]*\d)?)\s?%", {DIGIT_START}, set()),
        (r"\bx\d", {"x"}, set()),  # a digit after fixed text: the fixed text begins the match
    ],
)
def test_word_starts_are_what_every_match_begins_with(pattern: str, indexed: set[str], found: set[str]) -> None:
    from bot.parse.lazyre import _word_starts_of

    assert _word_starts_of(pattern, re.I) == (indexed, found)


def test_a_sift_keeps_each_key_s_longer_beginnings() -> None:
    """Up to six characters of what a match begins with, by the first three: "the" of `the\\s+board` is "the "
    (any space after it), of `therapy` "therap"; a key a shorter beginning ("t") also begins is not sifted, and
    neither is any key of a pattern a digit may begin."""
    from bot.parse.lazyre import _sift_of

    assert _sift_of(r"(?<!\w)(?:therapy|the\s+board|eu|euro\w*)", re.I) == {"the": ("the ", "therap")}
    assert _sift_of(r"(?<!\w)(?:therapy|the\s+board|t)", re.I) is None
    assert _sift_of(r"(?<!\w)(?:therapy|\d+\s+boards)", re.I) is None


def test_a_sifted_pattern_finds_what_the_pattern_finds() -> None:
    """A pattern long enough to be sifted, on a text whose "then" begins no match (a candidate of "the", sifted
    out) but "THE\\tnotes board" and "therapy" do: the same matches as its own scan, in windows too."""
    from bot.parse import lazyre

    rows = "|".join(f"therapy\\s+{n}|the\\s+{n}\\s+board" for n in ("notes", "sessions", "records"))
    compiled = lazy(rf"(?<!\w)(?:{rows}|" + "|".join(f"x{i:05d}" for i in range(lazyre._SIFTED // 6)) + r")\b", re.I)
    assert lazyre.sift(compiled) is not None
    text = ("then data, " * LONG) + "THE\tnotes board, therapy sessions; the  records board. Therapy\nnotes"
    assert len(compiled._candidates(text)) == 4  # not the 600 "then" as well
    assert [m.span() for m in compiled.finditer(text)] == [m.span() for m in compiled.compiled.finditer(text)] != []
    for pos in (0, len(text) - 60, len(text) - 20):
        assert compiled.search(text, pos).span() == compiled.compiled.search(text, pos).span()


@pytest.mark.parametrize(
    "pattern", [r"\b\w+bar", r"\b(?:x)?", r"(?<![\d:])\d{1,2}:", r"\d+%", r"x", r"(?:a|bc)\s", r"\s+x",
                r"(?:\bab|\w+cd)", r"(?:\bab|c)"]  # a row may begin anywhere, or with a lone letter anywhere
)  # a digit first where a word need not begin (after a letter, "a1:"): no index finds it
def test_no_word_starts_where_a_match_may_begin_with_anything_or_a_lone_letter(pattern: str) -> None:
    from bot.parse.lazyre import _word_starts_of

    assert _word_starts_of(pattern, re.I) is None


def test_a_pattern_tried_at_word_starts_finds_what_the_pattern_finds() -> None:
    """Every parser pattern whose matches begin words with known strings (`word_starts`), tried only where a word
    begins so, on pastes of corpus questions, on windows of them and on each question as a window of a long text:
    the same matches (spans, groups) as the pattern's own scan."""
    from bot.parse.lazyre import word_starts

    pairs = [(pattern.compiled, pattern, name) for name, pattern in _parser_patterns().items()
             if word_starts(pattern) is not None]
    _finds_the_same(pairs, windows=((0, 700), (350, 1400), (1000, 1100)))
    assert len(pairs) > 40


def test_a_row_that_may_begin_with_any_word_leaves_the_others_to_the_word_index() -> None:
    """A concept with one row that may begin with any word ("(?:[\\w-]+\\s+)?committee"): the other rows' beginnings
    go to the word index, that row's literal strings are the rest strings (`rest_starts`); a window holding none of
    them is tried only at the indexed words, one holding one is scanned. The same matches either way."""
    from bot.parse.lazyre_rows import rest_starts

    wide = "|".join(f"x{i:04d}" for i in range(100))  # a pattern shorter than WIDE is scanned: cheaper
    pattern = rf"(?<!\w)(?:legal(?:ly)?|the\s+board|(?:the\s+|our\s+)?(?:[\w-]+\s+)?(?:committee|council)|dpo|{wide})\b"
    assert rest_starts(pattern, re.I) == ({"leg", "the", "dpo", "x00"}, set(), {"committee", "council"})
    assert rest_starts(rf"(?<!\w)(?:legal|[\w-]+\s+board|{wide})", re.I) == ({"leg", "x00"}, set(), {"board"})
    assert rest_starts(rf"(?<!\w)(?:legal|\w+|{wide})", re.I) is None  # a row with no literal string: nothing gained
    assert rest_starts(rf"(?<!\w)(?:legal|\w+\s+the|{wide})", re.I) is None  # "the": in most windows
    assert rest_starts(r"(?<!\w)(?:legal|[\w-]+\s+board)", re.I) is None  # not WIDE
    compiled = lazy(pattern, re.I)
    text = ("y " * LONG) + "The board said no. Legally fine. Our works council. The ethics committee. DPO: ok. legalese"
    assert [m.group(0) for m in compiled.finditer(text)] == ["The board", "Legally", "Our works council",
                                                            "The ethics committee", "DPO"]
    for lo, hi in ((0, len(text)), (text.index("Legally"), text.index("Our")), (text.index("Our") - 3, len(text))):
        assert [m.span() for m in compiled.finditer(text, lo, hi)] == [m.span() for m in compiled.compiled.finditer(text, lo, hi)]
        assert (compiled.search(text, lo, hi) or 0) and compiled.search(text, lo, hi).span() == compiled.compiled.search(text, lo, hi).span()


def test_a_pattern_with_rows_the_index_cannot_place_finds_what_the_pattern_finds() -> None:
    """Every parser pattern without known beginnings whose other rows have them (`rest_starts`), on pastes of corpus
    questions and windows of them: the same matches (spans, groups) as the pattern's own scan."""
    from bot.parse.lazyre import _kept_answer, _rest_of, word_starts

    pairs = [(pattern.compiled, pattern, name) for name, pattern in _parser_patterns().items()
             if word_starts(pattern) is None and _kept_answer(pattern.pattern, pattern.flags, "rest", _rest_of)]
    _finds_the_same(pairs, windows=((0, 700), (350, 1400), (1000, 1100)))
    assert len(pairs) >= 5


def test_a_pattern_that_begins_with_a_digit_is_tried_at_every_word_that_does() -> None:
    """`\\d` is any Unicode decimal digit: words that begin with Arabic-Indic or full-width digits are tried too."""
    compiled = lazy(r"(?<![\w.,])(\d+)\s?(?:tokens|tok)\b", re.I)
    text = ("x " * LONG) + "١٢٠ tokens, ８ tok, 3 tokens, a4 tokens, 5,6 tokens"
    assert [m.group(1) for m in compiled.finditer(text)] == ["١٢٠", "８", "3"]  # not after a letter or a comma
    assert [m.span() for m in compiled.finditer(text)] == [m.span() for m in compiled.compiled.finditer(text)]
    assert compiled.search(text, text.index("3 tok") - 1).group(1) == "3"  # a window: the first digit word in it


def test_a_space_in_what_a_match_begins_with_is_any_space() -> None:
    """`\\s` matches any Unicode space (str.isspace): the word index reads each as " ", and a literal newline too."""
    from bot.parse.lazyre import _SPACES

    spaces = {chr(c) for c in range(0x110000) if chr(c).isspace()}
    assert spaces == {chr(c) for c in range(0x110000) if re.match(r"\s", chr(c))}
    assert spaces - {" "} == {chr(k) for k in _SPACES} and all(c.translate(_SPACES) == " " for c in spaces)
    for pattern in (r"(?<!\w)in\s+(\d+)", r"(?<!\w)in[ \t\n\u00a0]+(\d+)", "(?<!\\w)in\n(\\d+)"):
        compiled = lazy(pattern, re.I)
        text = ("x " * LONG) + "in 1, in\n2, in\u00a03, in\t4, in\u20035, into 6"
        assert [m.span() for m in compiled.finditer(text)] == [m.span() for m in compiled.compiled.finditer(text)], pattern
        assert len(list(compiled.finditer(text))) >= 1


def test_the_parser_modules_compile_through_lazy_and_the_stdlib_is_left_alone() -> None:
    """Every reader compiles with `lazy` (one object per pattern and flags), never `re.compile`: a reader written
    with `re.compile` would miss the skip, the gate and the word index. The stdlib's `re.compile` is untouched."""
    from pathlib import Path

    from bot.parse import counts
    from bot.parse.lazyre import lazy

    root = Path(__file__).resolve().parents[3] / "bot"
    sources = [root / "parser.py", *(p for p in (root / "parse").glob("*.py") if p.name not in ("lazyre.py", "text_index.py"))]  # lazy's own
    assert [p.name for p in sources if "re.compile(" in p.read_text(encoding="utf-8")] == []
    assert isinstance(counts.ANY_NOUN, Pattern)
    assert type(re.compile(r"x(\d)")) is re.Pattern
    first = lazy(r"\bab+c", re.I)
    assert first is lazy(r"\bab+c", re.I) and first is not lazy(r"\bab+c")
    assert first.pattern == r"\bab+c" and first.flags == re.compile(r"\bab+c", re.I).flags
