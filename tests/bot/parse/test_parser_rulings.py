"""Rulings weighed in time and across authorities (bot/parse/rulings.py), escalation past the EU and the EU
allowed against foreign clouds (bot/parse/eu_rule.py), data sensitive by nature as a holder and an item of
theirs: composed from parts in English and Spanish, so each case is a rule, not a phrasing."""

from __future__ import annotations

import itertools

import pytest

from bot.parse import rulings
from bot.parse.stance import LEAVES, NONE, STAYS, UNSURE, Stance
from bot.parser import parse

HEAD = {"en": "deepseek flash 300 tok/s, ", "es": "deepseek flash a 300 tok/s, "}
WHO = {"en": ["legal", "compliance", "the CISO"], "es": ["legal", "cumplimiento", "seguridad"]}
NO = {"en": ["said no", "vetoed it"], "es": ["dijo que no", "lo vetó"]}
YES = {"en": ["approved it", "signed off"], "es": ["lo aprobó", "dio el visto bueno"]}
BACK = {"en": ["revoked it", "withdrew the approval"], "es": ["lo retiró", "dio marcha atrás"]}
THEN = {"en": ["{a} {x} in March, then {y}", "{a} {x} in March. In May they {y}."],
        "es": ["{a} {x} en marzo y después {y}", "{a} {x} en marzo; en mayo {y}"]}
LANGS = ("en", "es")


def _leaves(question: str, catalogs) -> bool | None:
    result = parse(question, catalogs)
    if result.clarification is not None:
        return None
    return result.scenario.data_may_leave


def test_who_is_one_key_per_authority():
    assert rulings.who("the legal team") == rulings.who("legally") == rulings.who("Legal's") == "legal"
    assert rulings.who("our CISO") == "ciso"
    assert rulings.who("el equipo de seguridad") == "seguridad"


def _ruling(kind: str, who: str) -> Stance:
    return Stance(kind, 0, 1, ruled=True, who=who)


@pytest.mark.parametrize(("first", "second"), list(itertools.product((STAYS, UNSURE, LEAVES), repeat=2)))
def test_the_latest_of_one_authority_and_the_strictest_of_two(first, second):
    rank = {LEAVES: 0, UNSURE: 1, STAYS: 2}
    same = [s.kind for s in rulings.weigh([_ruling(first, "legal")], _ruling(second, "legal")) if not s.spent]
    assert same == [second]
    two = {s.kind for s in rulings.weigh([_ruling(first, "legal")], _ruling(second, "security")) if s.kind != NONE}
    assert two == {max(first, second, key=rank.__getitem__)}


def test_a_stance_of_no_authority_is_not_weighed():
    fact = Stance(STAYS, 0, 1)  # "prompts contain patient records"
    assert [s.kind for s in rulings.weigh([fact], _ruling(LEAVES, "legal"))] == [STAYS, LEAVES]


@pytest.mark.parametrize("lang", LANGS)
def test_order_in_time_for_one_authority(lang, catalogs):
    for tpl, a, k in itertools.product(THEN[lang], WHO[lang], range(2)):
        assert _leaves(HEAD[lang] + tpl.format(a=a, x=NO[lang][k], y=YES[lang][k]), catalogs) is True, (tpl, a, k)
        assert _leaves(HEAD[lang] + tpl.format(a=a, x=YES[lang][k], y=BACK[lang][k]), catalogs) is False, (tpl, a, k)


@pytest.mark.parametrize("lang", LANGS)
def test_the_stricter_of_two_authorities_wins_in_either_order(lang, catalogs):
    but = {"en": "but", "es": "pero"}[lang]
    for (a, b), k in itertools.product(itertools.permutations(WHO[lang], 2), range(2)):
        assert _leaves(HEAD[lang] + f"{a} {YES[lang][k]}, {but} {b} {NO[lang][k]}", catalogs) is False
        assert _leaves(HEAD[lang] + f"{a} {NO[lang][k]}, {but} {b} {YES[lang][k]}", catalogs) is False


@pytest.mark.parametrize(
    ("question", "leaves", "eu"),
    [
        ("not even an EU-hosted API is acceptable", False, False),
        ("ni siquiera un proveedor europeo nos vale", False, False),
        ("nothing goes to US clouds, EU providers are fine", True, True),
        ("nada a nubes americanas; proveedores de la UE sí", True, True),
        ("we use an EU region for latency", True, False),
        ("usamos una región de la UE por la latencia", True, False),
    ],
)
def test_escalation_past_the_eu_and_the_eu_against_foreign_clouds(question, leaves, eu, catalogs):
    result = parse(HEAD["en"] + question, catalogs)
    assert result.clarification is None
    assert (result.scenario.data_may_leave, result.scenario.eu_residency) == (leaves, eu)


HOLDERS = {"en": ["patients", "customers", "employees", "applicants"], "es": ["pacientes", "clientes", "empleados", "candidatos"]}
ITEMS = {"en": ["letters", "names and phone numbers", "home addresses", "bank statements"],
         "es": ["cartas", "nombres y teléfonos", "direcciones", "extractos de cuenta"]}
HELD = {"en": "the prompts carry {i} of our {h}", "es": "los prompts llevan {i} de nuestros {h}"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_holder_and_an_item_of_theirs_keep_the_text_home(lang, catalogs):
    for h, i in itertools.product(HOLDERS[lang], ITEMS[lang]):
        assert _leaves(HEAD[lang] + HELD[lang].format(h=h, i=i), catalogs) is False, (h, i)


@pytest.mark.parametrize(
    "question",
    [
        "our customers email us their questions about pricing",
        "400 users send questions about our public docs",
        "the data is employee names from the public staff directory",
        "los usuarios nos mandan correos con dudas",
        "security approved the budget",
        "seguridad aprobó el piloto",
        "the RFC says we MUST log every call",
    ],
)
def test_lookalikes_set_nothing(question, catalogs):
    result = parse(HEAD["en"] + question, catalogs)
    assert result.clarification is None
    assert "data_may_leave" not in result.scenario.model_dump(exclude_unset=True)


@pytest.mark.parametrize(("before", "after"), [(STAYS, LEAVES), (LEAVES, STAYS)])
def test_going_back_is_the_opposite_of_the_same_authoritys_ruling(before, after):
    back = Stance(STAYS, 2, 3, ruled=True, who="legal", flips=True)
    assert [s.kind for s in rulings.weigh([_ruling(before, "legal")], back) if not s.spent] == [after]
    assert [s.kind for s in rulings.settled([back])] == [UNSURE]  # alone: which way is not said, so it asks


REVERSED = {"en": "{a} {x} in 2024. This year {a} reversed it.", "es": "{a} {x} en 2024. Este año {a} cambió de opinión."}


@pytest.mark.parametrize("lang", LANGS)
def test_going_back_on_a_refusal_or_an_approval(lang, catalogs):
    for a, k in itertools.product(WHO[lang], range(2)):
        assert _leaves(HEAD[lang] + REVERSED[lang].format(a=a, x=NO[lang][k]), catalogs) is True, (a, k)
        assert _leaves(HEAD[lang] + REVERSED[lang].format(a=a, x=YES[lang][k]), catalogs) is False, (a, k)


def test_a_ruling_set_aside_by_a_stricter_one_weighs_no_more():
    """Three authorities, the newest weaker than the first and stronger than the second: it is set aside once,
    and the rulings after are weighed without it (this raised KeyError 'none' on a paste of corpus questions)."""
    out = [Stance(STAYS, 0, 5, who="legal"), Stance(LEAVES, 10, 15, who="security")]
    weighed = rulings.weigh(out, Stance(UNSURE, 20, 25, who="compliance"))
    assert weighed[0].kind == STAYS  # the strictest holds
    assert weighed[2].kind == NONE and weighed[2].was == UNSURE and weighed[2].spent


@pytest.mark.parametrize("lang", LANGS)
def test_a_weaker_ruling_after_two_stricter_ones_is_set_aside_once(lang, catalogs):
    """Two authorities refused, a third approved: the approval is set aside by the first refusal and must not be
    weighed again against the second (it crashed the parse: KeyError 'none')."""
    no, yes = NO[lang][0], YES[lang][0]
    question = HEAD[lang] + ". ".join(f"{who} {said}" for who, said in zip(WHO[lang], (no, no, yes), strict=True))
    assert _leaves(question, catalogs) is False
    out = rulings.weigh(rulings.weigh([_ruling(STAYS, "a")], _ruling(STAYS, "b")), _ruling(LEAVES, "c"))
    assert [s.kind for s in out] == [STAYS, STAYS, NONE]
