"""A list of places as the residency rule (bot/parse/residency_places.py) and data sensitive by its category
(bot/parse/residency_sensitive.py), composed from parts in English and Spanish so each case is the rule, not a
phrasing (parseR, issue 14)."""

from __future__ import annotations

import itertools

import pytest

from bot.parser import parse

HEAD = {"en": "qwen3 30b a3b at 120 tok/s, ", "es": "qwen3 30b a3b a 120 tok/s, "}
LEAD = {"en": ["data must stay in {p}", "prompts may only be processed in {p}", "only {p} are allowed", "{p} only"],
        "es": ["los datos deben quedarse en {p}", "solo se puede usar {p}", "todo debe alojarse únicamente en {p}"]}
JOIN = {"en": " or ", "es": " o "}
EU_LISTS = [["eu-west-1", "eu-central-1"], ["europe-west4", "francecentral"], ["Dublin", "Amsterdam"], ["eu-south-2"]]
US_LISTS = [["us-east-1", "us-west-2"], ["Ohio", "us-east-2"]]
MIXED_LISTS = [["eu-central-1", "us-east-1"], ["Frankfurt", "Virginia"], ["eu-west-1", "eu-west-2"]]  # eu-west-2: London


def _cases(lists):
    return [(g, lead, p) for g in HEAD for lead, p in itertools.product(LEAD[g], lists)]


@pytest.mark.parametrize(("lang", "lead", "places"), _cases(EU_LISTS))
def test_every_place_in_the_eu_is_eu_residency(lang, lead, places, catalogs):
    result = parse(HEAD[lang] + lead.format(p=JOIN[lang].join(places)), catalogs)
    said = result.scenario.model_dump(exclude_unset=True)
    assert result.clarification is None
    assert said.get("eu_residency") is True and said.get("data_may_leave", True) is True
    assert "tz" not in said  # where the data may be is not where the office is


@pytest.mark.parametrize(("lang", "lead", "places"), _cases(US_LISTS))
def test_every_place_in_one_other_country_keeps_the_text_home_there(lang, lead, places, catalogs):
    result = parse(HEAD[lang] + lead.format(p=JOIN[lang].join(places)), catalogs)
    said = result.scenario.model_dump(exclude_unset=True)
    assert result.clarification is None
    assert said.get("data_may_leave") is False and said.get("region") == "US" and "eu_residency" not in said


@pytest.mark.parametrize(("lang", "lead", "places"), _cases(MIXED_LISTS))
def test_places_across_jurisdictions_ask(lang, lead, places, catalogs):
    result = parse(HEAD[lang] + lead.format(p=JOIN[lang].join(places)), catalogs)
    assert result.clarification is not None and result.clarification.code == "residency_unclear"


@pytest.mark.parametrize("text", ["our team sits in Frankfurt and Paris", "we don't need to stay in eu-west-1 or eu-central-1",
                                  "we picked eu-west-1 for latency", "el equipo está en Madrid y Lisboa"])
def test_places_not_said_as_a_rule_set_no_residency(text, catalogs):
    said = parse(HEAD["en"] + text, catalogs).scenario.model_dump(exclude_unset=True)
    assert not {"eu_residency", "data_may_leave", "region"} & set(said)


CATEGORIES = {
    "en": ["scanned passports", "driver's licences", "therapy session transcripts", "psychiatric notes", "criminal records",
           "genetic test results", "union membership lists", "sexual orientation", "payslips", "privileged attorney-client correspondence"],
    "es": ["DNI y NIE escaneados", "permisos de conducir", "sesiones de terapia", "informes psicológicos", "antecedentes penales",
           "pruebas genéticas", "afiliación sindical", "orientación sexual", "datos salariales", "documentos bajo secreto profesional"],
}
DATA = {"en": "the inputs include {x}", "es": "las entradas incluyen {x}"}
ABOUT = {"en": "it writes blog posts about {x}", "es": "escribe artículos sobre {x}"}


@pytest.mark.parametrize(("lang", "item"), [(g, x) for g in CATEGORIES for x in CATEGORIES[g]])
def test_data_sensitive_by_its_category_stays(lang, item, catalogs):
    said = parse(HEAD[lang] + DATA[lang].format(x=item), catalogs).scenario.model_dump(exclude_unset=True)
    assert said.get("data_may_leave") is False


@pytest.mark.parametrize(("lang", "item"), [(g, x) for g in CATEGORIES for x in CATEGORIES[g]])
def test_writing_about_a_category_is_no_data_of_it(lang, item, catalogs):
    said = parse(HEAD[lang] + ABOUT[lang].format(x=item), catalogs).scenario.model_dump(exclude_unset=True)
    assert "data_may_leave" not in said


@pytest.mark.parametrize("text", ["it writes letters to customers about their orders", "it sends emails to users about renewals",
                                  "escribe cartas a los clientes sobre sus pedidos"])
def test_an_item_written_to_a_holder_is_not_theirs(text, catalogs):
    said = parse(HEAD["en"] + text, catalogs).scenario.model_dump(exclude_unset=True)
    assert "data_may_leave" not in said
