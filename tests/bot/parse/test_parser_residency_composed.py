"""Residency by composition (sensD, session 9, issue 14): data sensitive as holder × held item and as documents by
kind; made-up data and people who leave a place set nothing; keep-in rules as subject × verb × boundary; a list of
places as the condition of a permission; doubt that loops in whoever rules. Each case is built from parts in English
and Spanish, so what is tested is the rule, not a phrasing."""

from __future__ import annotations

import itertools

import pytest

from bot.parser import parse

HEAD = {"en": "deepseek flash at 300 tok/s; ", "es": "deepseek flash a 300 tok/s; "}

HELD = {
    "en": (["it summarises {h}' {i}", "it reads the {i} of our {h}", "it sorts the {i} our {h} upload"],
           ["tenants", "inmates", "donors", "taxpayers", "policyholders", "players"],
           ["case files", "records", "histories", "receipts", "statements"]),
    "es": (["resume {i} de los {h}", "lee {i} que nos envían los {h}"],
           ["internos", "donantes", "contribuyentes", "prestatarios", "residentes", "jugadores"],
           ["los expedientes", "los historiales", "los recibos", "las fichas", "los mensajes"]),
}
KINDS = {
    "en": ["discharge summaries", "nursing notes", "radiology reports", "blood test results", "scanned prescriptions",
           "KYC files", "credit histories", "unreleased quarterly earnings", "the M&A data room documents",
           "board minutes"],
    "es": ["informes de alta", "notas de enfermería", "informes de radiología", "analíticas de sangre",
           "recetas médicas", "expedientes KYC", "historiales crediticios", "resultados trimestrales sin publicar",
           "la documentación de la fusión", "actas del consejo"],
}
FAKE = {"en": "it generates {f} for our demo", "es": "genera {f} para la demo"}
FAKE_KINDS = {"en": ["synthetic patient records", "dummy KYC files", "mock prescriptions", "made-up discharge summaries"],
              "es": ["historias clínicas sintéticas", "expedientes KYC ficticios", "informes de alta inventados"]}
KEEP = {
    "en": (["{s} must never {v} {b}", "{s} can't {v} {b}"],
           ["requests", "prompts", "inference traffic", "the data"],
           ["cross", "exit", "go beyond"],
           ["our VPC", "our tenant", "the firewall", "our DC", "the colo"]),
    "es": (["{s} no pueden {v} {b}", "{s} nunca debe {v} {b}"],
           ["las peticiones", "los prompts", "el tráfico"],
           ["cruzar", "atravesar", "salir de"],
           ["nuestro tenant", "el cortafuegos", "el CPD", "nuestra red"]),
}
INTERNET = {"en": ["nothing we process may reach the public internet", "no prompt can touch the internet",
                   "nothing may cross our VPC", "not a single byte may exit the colo"],
            "es": ["nada de lo que procesamos puede llegar a internet", "ningún prompt puede salir a internet"]}
PEOPLE = {"en": ["our team never leaves the building", "our engineers never leave the office before six",
                 "the nurses never leave the ward"],
          "es": ["el equipo nunca sale del edificio", "la plantilla nunca sale de la oficina antes de las seis"]}
GRANT = {"en": ["a hosted API is fine only if it runs in {p}", "a vendor is ok as long as it's hosted in {p}"],
         "es": ["una API externa vale solo si corre en {p}", "un proveedor vale siempre que esté en {p}"]}
JOIN = {"en": " or ", "es": " o "}
DOUBT = {"en": ["I'd loop in our DPO before anything goes to a vendor",
                "we'd have to get sign-off from compliance before using a hosted API",
                "not sure we can even use an outside API, infosec would know"],
         "es": ["antes de mandar nada fuera lo validaría con cumplimiento",
                "habría que consultarlo con legal antes de usar una API externa",
                "¿podemos usar un modelo alojado? privacidad lo sabrá"]}
MONEY = {"en": ["I'd check with finance before we commit to the GPUs"],
         "es": ["habría que preguntarle a finanzas por el presupuesto"]}


def _said(text: str, catalogs):
    result = parse(text, catalogs)
    return result, result.scenario.model_dump(exclude_unset=True)


def _held_cases():
    return [(g, t.format(h=h, i=i)) for g, (ts, hs, items) in HELD.items() for t, h, i in itertools.product(ts, hs, items)]


@pytest.mark.parametrize(("lang", "clause"), _held_cases())
def test_a_holders_item_keeps_the_text_home(lang, clause, catalogs):
    result, said = _said(HEAD[lang] + clause, catalogs)
    assert result.clarification is None and said.get("data_may_leave") is False, clause


@pytest.mark.parametrize(("lang", "kind"), [(g, k) for g, ks in KINDS.items() for k in ks])
def test_a_document_sensitive_by_its_kind_keeps_the_text_home(lang, kind, catalogs):
    verb = {"en": "it summarises ", "es": "resume "}[lang]
    result, said = _said(HEAD[lang] + verb + kind, catalogs)
    assert result.clarification is None and said.get("data_may_leave") is False, kind


@pytest.mark.parametrize(("lang", "fake"), [(g, f) for g, fs in FAKE_KINDS.items() for f in fs])
def test_made_up_data_is_no_ones(lang, fake, catalogs):
    result, said = _said(HEAD[lang] + FAKE[lang].format(f=fake), catalogs)
    assert result.clarification is None and "data_may_leave" not in said, fake


def _keep_cases():
    return [(g, t.format(s=s, v=v, b=b)) for g, (ts, ss, vs, bs) in KEEP.items()
            for t, s, v, b in itertools.product(ts, ss, vs, bs)]


@pytest.mark.parametrize(("lang", "clause"), _keep_cases() + [(g, c) for g, cs in INTERNET.items() for c in cs])
def test_a_subject_that_may_not_cross_a_boundary_stays_home(lang, clause, catalogs):
    result, said = _said(HEAD[lang] + clause, catalogs)
    assert result.clarification is None and said.get("data_may_leave") is False, clause


@pytest.mark.parametrize(("lang", "clause"), [(g, c) for g, cs in PEOPLE.items() for c in cs])
def test_people_who_leave_a_place_are_no_text_leaving(lang, clause, catalogs):
    result, said = _said(HEAD[lang] + clause, catalogs)
    assert result.clarification is None and "data_may_leave" not in said, clause
    assert "words_not_used" not in [n.code for n in result.notes]


@pytest.mark.parametrize(("lang", "lead", "places"), [
    (g, lead, places) for g in GRANT for lead in GRANT[g]
    for places in (["Dublin", "Amsterdam"], ["Frankfurt"], ["eu-west-1", "eu-central-1"])])
def test_a_permission_on_condition_of_eu_places_is_eu_residency(lang, lead, places, catalogs):
    result, said = _said(HEAD[lang] + lead.format(p=JOIN[lang].join(places)), catalogs)
    assert result.clarification is None
    assert said.get("eu_residency") is True and said.get("data_may_leave", True) is True


@pytest.mark.parametrize(("lang", "lead", "places"), [
    (g, lead, places) for g in GRANT for lead in GRANT[g] for places in (["Ohio", "Virginia"], ["Texas"], ["us-east-1"])])
def test_a_permission_on_condition_of_one_other_country_names_the_region_and_lets_it_go(lang, lead, places, catalogs):
    result, said = _said(HEAD[lang] + lead.format(p=JOIN[lang].join(places)), catalogs)
    assert result.clarification is None
    assert said.get("region") == "US" and said.get("data_may_leave") is True and "eu_residency" not in said
    assert "words_not_used" not in [n.code for n in result.notes]  # "Ohio" is where the data may go, not a zone


@pytest.mark.parametrize(("country", "code"), [("Chile", "CL"), ("Colombia", "CO"), ("Argentina", "AR"),
                                               ("Perú", "PE"), ("Corea del Sur", "KR"), ("Vietnam", "VN")])
def test_a_country_a_latin_american_or_asian_team_names_is_the_region(country, code, catalogs):
    for text in (f"{HEAD['es']}los datos no pueden salir de {country}", f"{HEAD['en']}everything has to stay in {country}"):
        result, said = _said(text, catalogs)
        assert said.get("region") == code and said.get("data_may_leave") is False, text


@pytest.mark.parametrize(("lang", "clause"), [(g, c) for g, cs in DOUBT.items() for c in cs])
def test_looping_in_whoever_rules_asks(lang, clause, catalogs):
    result, _ = _said(HEAD[lang] + clause, catalogs)
    assert result.clarification is not None and result.clarification.code == "residency_unclear", clause


@pytest.mark.parametrize(("lang", "clause"), [(g, c) for g, cs in MONEY.items() for c in cs])
def test_checking_with_finance_is_no_residency_doubt(lang, clause, catalogs):
    result, said = _said(HEAD[lang] + clause, catalogs)
    assert result.clarification is None and "data_may_leave" not in said, clause
