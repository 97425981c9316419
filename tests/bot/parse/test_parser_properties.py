"""Properties of the parser: it answers any text without raising, and a number means the same however
it is written. Example counts stay modest so the suite stays fast; nothing here times anything."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.parse.numbers import parse_number
from bot.parser import ParseResult, parse
from costcore.catalog import load_catalogs
from costcore.scenario import Scenario

CATALOGS = load_catalogs()
# The autouse env fixture is function-scoped; the parser does not read the environment, so sharing it
# across examples is safe.
PROPERTY = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

FRAGMENTS = [
    "deepseek flash", "DeepSeek-V4.1-Flash-1017", "llama 3 70b", "lama 3 70b", "qwen3 235b", "kimi k3", "Claude Opus 5",
    "gpt-5", "claude", "scout", "Mixtral", "300", "12k", "1.2M", "-5", "0", "2,5", "12 000", "12.000", "tok/s", "tps",
    "tokens per second", "per user", "por usuario", "concurrent users", "128k-token sessions", "full context", "4:1",
    "1:3", "9:00", "RAG-heavy", "50%", "150 %", "cache", "VAT", "IVA", "€", "in dollars", "EU endpoint",
    "can't leave", "no pueden salir", "on-prem", "GDPR", "budgets", "chargeback", "business hours", "24/7",
    "horario laboral", "in Madrid", "CET", "Europe/Berlin", "Mars/Olympus", "two H100s", "ollama", "max_tokens=64",
    "spot", "<@U123>", "<!channel>", "<https://x.example/llama-405b|the card>", "*", "_", "`", "```", ":fire:",
    "&amp;", "&lt;", "{{ x }}", "{%", "\x00", "\u202e", "¿", "?", "\n", "26 million output tokens a day",
    "1B tokens per month", "2B input tokens a day", "we measured 9,000 tok/s per node", "p5en.48xlarge",
    "phase 1 500", "option 2", "~500~", "~", "1\u00a0500", "12\u202f000", "each", "apiece", "not per user",
    "per GPU", "one H100 does", "3 teams ×", "x", "per team", "4 teams", "per day per user", "50 users",
    "at a time", "in total", "over 8 hours", "per business day", "TPM", "300+", ".5k", "two hundred",
    "cache hit rate", "30-40%", "VAT 30%", "output:input", "2:1", "ctx: 8192", "8k prompts", "a second",
]  # fmt: skip


def _parsed(text: str) -> ParseResult:
    result = parse(text, CATALOGS)
    assert isinstance(result, ParseResult) and isinstance(result.scenario, Scenario)
    assert result.text == text
    # parse_failed is the safety net for a parser bug: no input may reach it
    assert result.clarification is None or result.clarification.code != "parse_failed", text
    return result


@PROPERTY
@given(st.text(max_size=400))
def test_any_text_gets_a_result(text):
    _parsed(text)


@PROPERTY
@given(
    st.lists(st.sampled_from(FRAGMENTS), max_size=14),
    st.lists(st.sampled_from([" ", ", ", "", "-", "/", " a "]), min_size=1),
)
def test_any_mix_of_the_words_it_reads_gets_a_result(words, separators):
    text = "".join(word + separators[i % len(separators)] for i, word in enumerate(words))
    result = _parsed(text)
    said = result.scenario.model_dump(exclude_unset=True)
    if "slo_tok_s" in said:
        assert 0 < said["slo_tok_s"] <= 10_000_000
    if result.scenario.model in CATALOGS.models:
        assert result.clarification is None or result.clarification.code not in (
            "two_models",
            "ambiguous_model",
        )


def _forms(n: int) -> list[str]:
    forms = [str(n), f"{n:,}", f"{n:,}".replace(",", " ")]
    if n >= 1000:
        forms.append(f"{n:,}".replace(",", "."))  # Spanish grouping
    if n % 100 == 0 and n >= 1000:
        forms += [f"{n / 1000:g}k", f"{n / 1000:g}K", f"{n / 1000:g} thousand".replace("e+", "e")]
        forms.append(f"{n / 1000:g} mil".replace(".", ","))  # "1,2 mil" (askS)
    if n % 100_000 == 0 and n >= 1_000_000:
        forms += [f"{n / 1_000_000:g}M", f"{n / 1_000_000:g} million"]
    if n % 1000 == 0:
        mantissa, exponent = f"{n:e}".split("e")  # 3.000000e+05 -> 3e5
        scientific = f"{float(mantissa):g}e{int(exponent)}"
        assert float(scientific) == n
        comma = [scientific.replace(".", ",")] if "." in scientific else []  # "2,5e3": a decimal comma (askS)
        return [f for f in forms if "e" not in f.lower().replace("thousand", "")] + [scientific, *comma]
    return [f for f in forms if "e" not in f.lower().replace("thousand", "")]


@PROPERTY
@given(
    st.one_of(
        st.integers(1, 10_000_000),
        st.integers(1, 100).map(lambda k: k * 100_000),
        st.integers(1, 999).map(lambda k: k * 100),
    )
)
def test_a_number_reads_the_same_in_every_form(n):
    for form in _forms(n):
        assert parse_number(form) == n, form
        said = _parsed(f"can we run deepseek flash at {form} tok/s?").scenario
        assert said.slo_tok_s == n, form


@PROPERTY
@given(st.integers(1, 9999), st.integers(1, 9))
def test_decimals_read_the_same_with_a_point_or_a_comma(whole, tenth):
    value = whole + tenth / 10
    for form in (f"{whole}.{tenth}", f"{whole},{tenth}"):
        assert _parsed(f"llama 3 70b at {form} tokens per second").scenario.slo_tok_s == pytest.approx(value)


@PROPERTY
@given(st.integers(1, 100_000))
def test_twice_the_tok_s_reads_as_twice(n):
    once = _parsed(f"kimi k2 at {n} tok/s").scenario.slo_tok_s
    twice = _parsed(f"kimi k2 at {2 * n} tok/s").scenario.slo_tok_s
    assert twice == 2 * once


@PROPERTY
@given(
    st.integers(1, 500),
    st.sampled_from([("a day", 24, 8), ("per month", 730, 176), ("a week", 168, 40)]),
    st.booleans(),
)
def test_a_volume_is_sustained_tok_s_over_its_calendar(millions, period, business):
    words, hours, business_hours = period
    calendar = ", business hours only" if business else ""
    result = _parsed(f"deepseek flash, {millions} million output tokens {words}{calendar}")
    seconds = (business_hours if business else hours) * 3_600
    assert result.scenario.slo_tok_s == pytest.approx(millions * 1e6 / seconds)
    assert [n.code for n in result.notes] == ["volume_converted"]


def test_twenty_kilobytes_of_hostile_text():
    chunk = "deepseek flash {{ x }} \x00\x1b[31m <@U1> 300 tok/s &amp; ¿? :fire: " * 10
    result = _parsed((chunk * 40)[:20_000])
    assert result.scenario.model == "deepseek-v4.1-flash"
    long_noise = _parsed("lorem ipsum " * 2_000)
    assert long_noise.clarification is not None and long_noise.clarification.code == "missing_model"


LABELS = ["phase", "option", "step", "item", "tier", "stage", "v", "fase", "opción", "paso"]


@PROPERTY
@given(st.sampled_from(LABELS), st.integers(1, 9), st.integers(100, 999))
def test_a_label_number_is_not_a_thousands_group(label, ordinal, rate):
    """ "phase 1 500 tok/s" is phase 1 at 500, never 1,500."""
    said = _parsed(f"llama 3 70b: {label} {ordinal} {rate} tok/s").scenario
    assert said.slo_tok_s == rate


@PROPERTY
@given(st.integers(1, 9), st.integers(100, 999), st.sampled_from(["\u00a0", "\u202f", "\u2009"]))
def test_a_no_break_or_thin_space_always_groups(head, tail, space):
    said = _parsed(f"kimi k2, team {head}{space}{tail} tok/s").scenario
    assert said.slo_tok_s == head * 1000 + tail


@PROPERTY
@given(st.integers(1, 10_000), st.integers(1, 10_000))
def test_a_struck_figure_is_withdrawn(struck, meant):
    said = _parsed(f"deepseek flash at ~{struck}~ {meant} tok/s").scenario
    assert said.slo_tok_s == meant


@PROPERTY
@given(
    st.integers(1, 100_000),
    st.sampled_from(
        [
            "Each user gets about 20.",
            "We cap 10 requests per user.",
            "A request is about 500 tokens.",
            "Budgets per user are a separate topic.",
            "Not per user, in total.",
        ]
    ),
)
def test_per_user_in_another_sentence_is_not_a_per_stream_rate(n, other):
    said = _parsed(f"kimi k2 at {n} tok/s. {other}").scenario
    assert said.slo_tok_s == n and said.slo_kind == "aggregate"


_LETTERS = "abcdeklmnopqrstuvwxyz0123456789"


@st.composite
def _typo_pairs(draw):
    """A name and a word near it (one or two edits), so that matches are common, plus unrelated pairs."""
    head = draw(st.text(_LETTERS, min_size=3, max_size=14))
    word = head
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(word)))
        edit = draw(st.sampled_from(["insert", "delete", "replace"]))
        letter = draw(st.sampled_from(_LETTERS))
        word = word[:at] + (letter if edit != "delete" else "") + word[at + (edit != "insert") :]
    if draw(st.booleans()):
        word = draw(st.text(_LETTERS, min_size=1, max_size=14))
    return word or "x", head


@PROPERTY
@given(_typo_pairs(), st.sampled_from([75, 80, 88]))
def test_the_typo_prefilter_never_turns_away_a_match(pair, cutoff):
    """model_index._could_reach skips rapidfuzz for words that cannot reach the cutoff: never for one that can."""
    from rapidfuzz import fuzz

    from bot.parse.model_index import _could_reach

    word, head = pair
    assert _could_reach(word, head, cutoff) or fuzz.ratio(word, head) < cutoff


@pytest.mark.parametrize("figure", ["600", "2,000", "1.5k", "12"])
@pytest.mark.parametrize("said", ["peaks at {}", "bursting to {}", "ideally {}"])
def test_the_question_back_quotes_the_whole_figure(said, figure):
    """Which figure is the SLO is asked with the words quoted: the whole figure, never its first digit
    ("peaks at 2" for "peaks at 2,000")."""
    words = said.format(figure)
    result = parse(f"deepseek flash averages 150 tok/s and {words} tok/s", CATALOGS)
    assert result.clarification is not None and result.clarification.code == "slo_unclear"
    assert result.clarification.params["said"] == words
