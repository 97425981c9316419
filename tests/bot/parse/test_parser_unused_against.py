"""Evidence against a reading (bot/parse/unused_against.py): a field set from one span, or left at its default,
while other words of the question bear on it, is named in the "I did not use" note; lookalikes stay quiet.
Written from the meaning (cue18, session 18), EN and ES, not copied from any held-out set."""

from __future__ import annotations

import pytest

from bot.parser import parse


def _noted(question: str, catalogs) -> dict[str, list[str]]:
    """Per field the note names, its words (empty when there is no note)."""
    result = parse(question, catalogs)
    assert result.clarification is None, result.clarification
    out: dict[str, list[str]] = {}
    for note in result.notes:
        if note.code == "words_not_used":
            for field in note.params["fields"]:
                out[field] = note.params["words"]
    return out


@pytest.mark.parametrize(
    ("question", "field", "word"),
    [
        # a tok/s read, then kept as a node's throughput: not the need ("at 400 tok/s on a node" is the need since
        # rate_units.at_target, lead s18; said without "at" it is still kept as the node's)
        ("Nobody can see which team is spending what on the LLM bill, it all goes through one account. "
         "Would gemma 4 31b, 400 tok/s on a node, fix that?", "slo_tok_s", "400 tok/s"),
        # a mix figure said after the one read, by its shape or beside a side of the mix
        ("Input is 9x the output, not 5x as the wiki says. deepseek flash at 300 tok/s.", "input_per_output", "5x"),
        ("Nos equivocamos antes: la proporción no es 5 a 1 sino 8 a 1, entrada sobre salida. gemma 4 31b a 200 tok/s.",
         "input_per_output", "8 a 1"),
        # a ratio by its shape beside a side of the mix, and no mix read
        ("Corrijo: la entrada no es 3 a 1 sino 7 a 1. gemma 4 31b a 200 tok/s.", "input_per_output", "7 a 1"),
        # business hours kept in UTC beside a city of the zone table
        ("el equipo de bogotá lo usa en horario de oficina, qwen3 30b a 150 tok/s", "tz", "bogotá"),
        # how many at once from a count said under "each" of a group nothing multiplied
        ("We run 4 call centres. Each centre has 30 agents online at the same time, 35 tok/s per agent. gpt-oss 120b.",
         "concurrency", "4 call centres"),
        # a figure of tokens and no tok/s read
        ("Cada noche procesamos 10.000 contratos de unos 4.000 tokens de entrada y 400 de salida. "
         "¿gpt-oss 120b en nodo propio?", "slo_tok_s", "tokens"),
        # a residency question answered by "not known", read as a ruling
        ("¿pueden los expedientes de RRHH ir a una API externa? ni idea. gpt-oss-120b 200 tok/s", "data_may_leave", "ni idea"),
    ],
)
def test_words_against_a_reading_are_named(question, field, word, catalogs):
    noted = _noted(question, catalogs)
    assert field in noted, noted
    if word:
        assert word in noted[field], noted


@pytest.mark.parametrize(
    "question",
    [
        "Our Lisbon team uses it during office hours, deepseek flash 200 tok/s",  # the zone was read
        "120 agents online at the same time, 35 tok/s each, gpt-oss 120b.",  # one count, read
        "Tenemos 5 hospitales y en cada uno hay 40 médicos conectados a la vez, 20 tok/s por médico. gemma 4 31b.",
        "Traffic doubled and inputs are 4:1 to outputs. llama 3.1 70b at 200 tok/s.",  # one mix figure
        # the last mix said is the one read: the earlier one is its past
        "Prompts used to be 3:1 against completions, but since we added few-shot examples it's more like 8:1. "
        "qwen3 30b at 250 tok/s.",
        "deepseek flash: we measured 2k tok/s per instance",  # a node's figure said as measured
        "one shared key, nine teams, nobody knows who spends what. qwen3 30b on our own node?",  # no tokens said
        # "No idea" about the tok/s, two sentences after the residency ruling
        "The transcripts can go to an external API, legal confirmed. How many tok/s do we need? "
        "No idea, say 300 tok/s on deepseek flash.",
    ],
)
def test_lookalikes_stay_quiet(question, catalogs):
    assert _noted(question, catalogs) == {}
