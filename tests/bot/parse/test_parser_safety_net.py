"""The safety net, generated (issue 14, "account for every word"): questions the parser reads correctly,
each with one more clause that holds a word which usually changes the answer. The answer must read that
word (the field it would change is set), ask, or name it in the "I did not use" note: never an `ok` that
passes over it in silence. The clauses are unrelated to the base question, in English and Spanish, at the
end and in the middle."""

from __future__ import annotations

import pytest

from bot.parser import parse

BASES = (
    "deepseek flash at 300 tok/s",
    "gpt-oss 120b, 1.2k tok/s",
    "deepseek flash: 6 squads, each wants 200 tok/s",
    "qwen3 30b a3b a 120 tok/s",
    "deepseek flash, 30 analysts at once, 50 tok/s each",
    "deepseek flash, doce clientes, cada uno a 250 tok/s",
    "deepseek flash a noventa tokens por segundo",
    "deepseek flash: 12 sedes; por sede necesitamos 300 tok/s",
)

# (clause, the fields that reading it would set: any one is enough)
CLAUSES = (
    ("and our prompts are way longer than the replies", {"input_per_output"}),
    ("and finance can't split the bill between teams", {"gateway_pain"}),
    ("and everyone shares one API key", {"gateway_pain"}),
    ("and we have no idea who spent what last month", {"gateway_pain"}),
    ("and legal still has to look at it", {"data_may_leave"}),
    ("the texts are customer contracts", {"data_may_leave"}),
    ("nothing may go outside our network", {"data_may_leave"}),
    ("with the same system prefix on every call", {"cache_hit_rate"}),
    ("conversations need a long context", {"context_tokens"}),
    ("mostly on business days", {"calendar"}),
    ("our team sits in Trondheim", {"tz"}),
    ("and that's per user", {"slo_kind", "concurrency"}),
    ("all of them at the same time", {"concurrency", "slo_kind"}),
    ("priced in pounds please", {"currency"}),
    ("pero la factura no la sabe repartir nadie", {"gateway_pain"}),
    ("y todos usamos la misma clave", {"gateway_pain"}),
    ("y son historiales clínicos", {"data_may_leave"}),
    ("las respuestas son mucho más cortas que las preguntas", {"input_per_output"}),
    ("en horario de oficina", {"calendar"}),
    ("con el mismo prompt de sistema siempre", {"cache_hit_rate"}),
    ("y lo queremos en libras", {"currency"}),
    ("todos conectados a la vez", {"concurrency", "slo_kind"}),
    ("and by the way we're a hospital", {"data_may_leave"}),
    ("the manuals are 300 pages long", {"context_tokens"}),
    ("y por cierto somos un banco", {"data_may_leave"}),
    ("nadie sabe quién gastó qué el mes pasado", {"gateway_pain"}),
    ("los documentos son contratos enteros", {"context_tokens", "data_may_leave"}),
)


def _placements(base: str, clause: str) -> list[str]:
    out = [f"{base}, {clause}"]
    if "," in base:  # in the middle: after the first comma
        head, tail = base.split(",", 1)
        out.append(f"{head}, {clause},{tail}")
    return out


CASES = [(q, fields) for base in BASES for clause, fields in CLAUSES for q in _placements(base, clause)]


def test_the_bases_are_read_without_notes(catalogs):
    for base in BASES:
        result = parse(base, catalogs)
        assert result.clarification is None, base
        assert all(n.code != "words_not_used" for n in result.notes), base


@pytest.mark.parametrize(("question", "fields"), CASES, ids=[q[:70] for q, _ in CASES])
def test_a_watched_word_is_read_asked_or_named(question, fields, catalogs):
    result = parse(question, catalogs)
    said = set(result.scenario.model_dump(exclude_unset=True))
    named = {f for n in result.notes if n.code == "words_not_used" for f in n.params["fields"]}
    noted = any(n.code == "currency_unsupported" for n in result.notes)
    assert result.clarification is not None or said & fields or named & fields or noted, (
        f"ok and silent: {sorted(said)}, notes {[n.code for n in result.notes]}"
    )


def test_an_unused_word_is_named_as_typed(catalogs):
    """The scan reads the text in lower case; the note quotes the words as the user wrote them."""
    result = parse("deepseek flash at 300 tok/s, and That's Per User", catalogs)
    note = next(n for n in result.notes if n.code == "words_not_used")
    assert note.params == {"words": ["That's Per User"], "fields": ["slo_kind"]}


# --- figures (parseX): a figure that can change the verdict, in a form no reader may know, is read, asked about
# or named with the field it may change; a figure of something else (a price, a latency, a GPU count, a date, a
# version, a node's benchmark, today's throughput, a vendor's limit, a model's size) sets nothing and is not named.
FIGURES = (
    ("Output TPM: 90k", "slo_tok_s"),
    ("TPM de salida: 90k", "slo_tok_s"),
    ("volumen diario de 86,4M tokens de salida", "slo_tok_s"),
    ("tokens per day ≈ 43.2M", "slo_tok_s"),
    ("2 peticiones/s", "slo_tok_s"),
    ("throughput target: 900", "slo_tok_s"),
    ("TPS pico: 1.100", "slo_tok_s"),
    ("completions per minute ≈ 240", "slo_tok_s"),
    ("peticiones por minuto: 120", "slo_tok_s"),
    ("output_tpm: 90000", "slo_tok_s"),
    ("tokens_diarios: 43200000", "slo_tok_s"),
    ("150 rpm", "slo_tok_s"),
    ("2 mensajes por segundo", "slo_tok_s"),
    ("1.2 million output tokens every 10 minutes", "slo_tok_s"),
)
LOOKALIKES = (
    "the API lists it at $0.60 per 1M input tokens",
    "la API cobra 0,60 $ por millón de tokens",
    "we pay $1.10 per million tokens",
    "p99 latency 1.8 s",
    "on 4 GPUs",
    "vLLM 0.10.2",
    "since 2026-03-01",
    "one H100 node does 2,400 tok/s in our benchmark",
    "today the vendor gives us 180 tok/s",
    "the model has 1T params",
    "80 GB de VRAM por tarjeta",
    "our rate limit is 100k TPM",
    "el límite del proveedor es de 2M TPM",
    "each prompt is ~2k tokens",
    "ratelimit_tpm: 90000",
    "tpm_limit: 90000",
    "max_tokens: 4096",
    "our 500 RPM limit is fine",
    "nuestro límite es de 10k RPM",
)
FIGURE_BASES = BASES[:3] + BASES[4:6]


def _reading(question: str, catalogs):
    result = parse(question, catalogs)
    named = {f for n in result.notes if n.code == "words_not_used" for f in n.params["fields"]}
    return result, result.scenario.model_dump(exclude_unset=True), named


def _figures_named(result) -> list[str]:
    return [w for n in result.notes if n.code == "words_not_used" for w in n.params["words"] if any(c.isdigit() for c in w)]


@pytest.mark.parametrize("base", FIGURE_BASES)
@pytest.mark.parametrize(("clause", "field"), FIGURES)
def test_a_figure_no_reader_read_is_named(base, clause, field, catalogs):
    _, said_before, _ = _reading(base, catalogs)
    result, said, named = _reading(f"{base}, {clause}", catalogs)
    assert result.clarification is not None or said != said_before or field in named, f"ok and silent: {said}"


@pytest.mark.parametrize("base", FIGURE_BASES)
@pytest.mark.parametrize("clause", LOOKALIKES)
def test_a_figure_of_something_else_is_not_named(base, clause, catalogs):
    _, said_before, _ = _reading(base, catalogs)
    result, said, _ = _reading(f"{base}, {clause}", catalogs)
    assert result.clarification is None and said == said_before and not _figures_named(result), said


def test_a_figure_is_named_as_typed_with_its_unit(catalogs):
    result = parse("qwen3 30b a3b at 120 tok/s. TPM: 90k, steady all day", catalogs)
    note = next(n for n in result.notes if n.code == "words_not_used")
    assert note.params == {"words": ["TPM: 90k"], "fields": ["slo_tok_s"]}


def test_a_count_handed_a_figure_in_another_message_is_read_or_named(catalogs):
    """The count in one message of a pasted thread, "each <noun>" and the rate in the next."""
    for text in (
        "[10:02] ana: we're onboarding 15 squads onto llama 3.1 8b\n[10:05] ben: each squad will need ~120 tok/s",
        "[10:02] ana: vamos a sumar 15 equipos a llama 3.1 8b\n[10:05] ben: cada equipo necesita ~120 tok/s",
    ):
        result, said, named = _reading(text, catalogs)
        assert result.clarification is not None or said.get("slo_tok_s") == 1800 or named & {"slo_kind", "concurrency"}


# --- askS (session 9): a note is still an answer with a wrong figure. Where the unread figure is the only rate the
# text gives (or a count whose each-or-total nothing says), it asks one question naming it as typed; beside a rate
# a reader did read, it stays a note. A rate in mind said with no figure asks for it; no rate in mind does not.
ONLY_RATE = (
    "TPM: 90k, steady all day",
    "TPM: 90k, estable",
    "rate: 800",
    "tasa: 800",
    "2 peticiones/s, cada una 3k de entrada y 400 de salida",
    "completions per minute ≈ 240, 300 tokens each",
)


@pytest.mark.parametrize("clause", ONLY_RATE)
@pytest.mark.parametrize("base", ["qwen3 30b a3b", "deepseek flash"])
def test_the_only_rate_unread_is_asked_not_noted(base, clause, catalogs):
    result = parse(f"{base}\n{clause}", catalogs)
    assert result.clarification is not None and result.clarification.code == "figure_unread", result.notes
    assert result.clarification.params["field"] == "slo_tok_s"
    assert result.clarification.params["said"] in clause  # named as typed


@pytest.mark.parametrize(
    "clause", ["we send 12 requests per second", "mandamos 12 peticiones por segundo", "TPM: 90k on the dashboard"]
)
def test_beside_a_rate_read_an_unread_figure_stays_a_note(clause, catalogs):
    result = parse(f"deepseek flash at 300 tok/s, {clause}", catalogs)
    assert result.clarification is None
    assert result.scenario.slo_tok_s == 300
    assert any(n.code == "words_not_used" and "slo_tok_s" in n.params["fields"] for n in result.notes)


def test_a_count_nothing_composed_asks_each_or_total(catalogs):
    # (a per-shift token volume with its hours is composed since countV: 450 × 60k per 8 h shift is a rate)
    q = "Capacity note: 450 support agents on glm 4.6, each sends about 40 requests per shift"
    result = parse(q, catalogs)
    assert result.clarification is not None
    assert result.clarification.code in ("figure_unread", "slo_kind_unclear", "users_at_once")


VAGUE = (
    "a healthy number of tok/s",
    "a serious amount of tokens per second",
    "a decent throughput",
    "a respectable tokens-per-second figure",
    "muchísimos tokens por segundo",
    "un buen puñado de tok/s",
    "una cantidad razonable de tokens por segundo",
    "un rendimiento decente",
)
NO_RATE_IN_MIND = (
    "what tok/s would we need?",
    "at what rate does it pay off?",
    "¿a partir de cuántos tokens por segundo compensa?",
    "¿qué throughput haría falta para que salga rentable?",
    "which throughput makes it worth it?",
)


@pytest.mark.parametrize("said", VAGUE)
def test_a_vague_rate_asks_for_the_figure(said, catalogs):
    result = parse(f"llama 3.3 70b with {said}", catalogs)
    assert result.clarification is not None and result.clarification.code == "slo_not_numeric"


@pytest.mark.parametrize("said", NO_RATE_IN_MIND)
def test_no_rate_in_mind_stays_on_the_break_even(said, catalogs):
    result = parse(f"llama 3.3 70b: {said}", catalogs)
    assert result.clarification is None and result.scenario.slo_tok_s is None


@pytest.mark.parametrize(
    ("config", "tok_s"),
    [
        ('{"slo_tok_s": 900, "region": "eu-west-1"}', 900),
        ("sla:\n  tok_per_sec: 700", 700),
        ("ratelimit_tps: 2000\ntarget_tps: 500", 500),
        ("limite_tps: 3000\ntokens_por_segundo: 520", 520),
        ("output_tpm: 90000", 1500),
        ("tpm_salida: 60000", 1000),
    ],
)
def test_a_config_key_naming_the_rate_is_read(config, tok_s, catalogs):
    result = parse(f"gpt-oss 120b\n```\n{config}\n```", catalogs)
    assert result.clarification is None and result.scenario.slo_tok_s == pytest.approx(tok_s)
