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
    result = parse("qwen3 30b a3b. Output TPM: 90k, steady all day", catalogs)
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
