"""The parser's vocabulary files (bot/parse/lexicon/): one per language, the same concepts in each, whole
words only, and places that name real IANA zones."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from bot.parse import lexicon


def test_every_language_has_every_concept():
    files = lexicon._files()
    assert set(files["en"]) == set(files["es"])


SAMPLES = {
    "group_nouns": "tenants", "person_nouns": "engineers", "egress": "leave", "authority": "legal",
    "forbid": "forbid", "each": "each", "total": "total", "rule": "rule", "refuse": "vetoed", "at_once": "together",
    "contrast": "but", "doubt": "pending", "withdrawn": "was dropped", "mix_input": "inputs", "cache_miss": "cache misses",
}  # fmt: skip


@pytest.mark.parametrize("concept", sorted(SAMPLES))
def test_a_concept_matches_whole_words_only(concept):
    pattern, word = lexicon.pattern(concept), SAMPLES[concept]
    assert pattern.search(f"so {word} here")
    assert not pattern.search(f"xx{word}xx")


def test_watched_words_are_whole_words():
    """A watched word inside another word ('nda' in 'mandamos') is no reason to ask."""
    for field, _asks, pattern in lexicon.watch():
        for word in ("mandamos", "legalese", "cachet", "agendas", "superleave"):
            assert not pattern.search(word), (field, word)


def test_places_name_real_zones():
    for city, zone in lexicon.places().items():
        assert city == city.lower()
        ZoneInfo(zone)


def test_tables_are_numbers():
    for concept in ("number_words", "fractions"):
        assert all(isinstance(v, int | float) and v > 0 for v in lexicon.mapping(concept).values())


def test_country_zones_are_real_zones():
    for country, zone in lexicon.country_zones().items():
        assert country == country.lower()
        ZoneInfo(zone)


def test_signal_rows_name_signals_the_scenario_knows():
    """A `signals` row sets its signal by name; cue words are plain lower-case text the reader looks for."""
    from costcore.scenario import SIGNAL_ORDER

    for lang in lexicon.LANGUAGES:
        for row in lexicon.rows(lang, "signals"):
            assert row["signal"] in SIGNAL_ORDER, (lang, row["signal"])
            assert row["cues"] and all(cue == cue.lower() for cue in row["cues"]), (lang, row)
    for concept in ("currency_cue", "commitment_cue"):
        assert all(cue == cue.lower() for cue in lexicon.fragments(concept)), concept


def test_vat_tables_name_countries():
    """`vat_country` gives an ISO 3166 code; every `vat_demonym` names a row of `vat_country`."""
    countries = lexicon.mapping("vat_country")
    assert all(len(code) == 2 and code.isupper() for code in countries.values())
    assert all(country in countries for country in lexicon.mapping("vat_demonym").values())


def test_every_node_provider_has_a_cloud_row(catalogs):
    """`clouds.yaml` holds the words for a team's own cloud; the providers are the node catalog's, so a provider
    added to costcore/data/nodes.yaml without a row here could never be named ("in our own Nebius account")."""
    rows = {provider.lower() for provider in lexicon.clouds().values()}
    assert {node.provider.lower() for node in catalogs.nodes.values()} <= rows
