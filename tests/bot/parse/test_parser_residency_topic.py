"""When residency is named but not decided the parser asks (bot/parse/residency_topic.py): a residency topic with
no ruling asks `residency_unclear`; the same topic with a ruling is answered, and a topic waived says the text may leave.
Composed from parts in English and Spanish, so each case is the rule, not a phrasing."""

from __future__ import annotations

import itertools

import pytest

from bot.parser import parse

HEAD = {"en": "qwen3 30b a3b at 120 tok/s. ", "es": "qwen3 30b a3b a 120 tok/s. "}
TOPIC = {"en": ["Data residency", "Data classification", "Where the data is processed"],
         "es": ["Residencia de datos", "Clasificación de los datos", "Dónde se procesan los datos"]}
OPEN = {"en": [": TBD", ": see the attached policy", " is still an open point"],
        "es": [": por definir", ": ver la política adjunta", " sigue abierto"]}
RULED = {"en": [("{t}: TBD. Legal said no to external APIs.", False), ("{t}: TBD. Hosted APIs are fine.", True)],
         "es": [("{t}: por definir. Legal dijo que no a las APIs externas.", False), ("{t}: por definir. Las APIs externas están permitidas.", True)]}
WAIVED = {"en": ["There is no data residency requirement.", "We don't need data residency.",
                 "We don't have a data residency requirement.", "Data residency is not required."],
          "es": ["La residencia de datos no es un requisito.", "No necesitamos residencia de datos.",
                 "No hay requisito de residencia de datos.", "La residencia de datos no es obligatoria."]}


@pytest.mark.parametrize(("lang", "topic", "tail"), [(g, t, o) for g in HEAD for t, o in itertools.product(TOPIC[g], OPEN[g])])
def test_a_topic_without_a_ruling_asks(lang, topic, tail, catalogs):
    result = parse(HEAD[lang] + topic + tail, catalogs)
    assert result.clarification is not None and result.clarification.code == "residency_unclear"


@pytest.mark.parametrize(("lang", "row"), [(g, r) for g in HEAD for r in RULED[g]])
def test_a_topic_with_a_ruling_is_answered(lang, row, catalogs):
    text, leaves = row
    result = parse(HEAD[lang] + text.format(t=TOPIC[lang][0]), catalogs)
    assert result.clarification is None and result.scenario.data_may_leave is leaves


@pytest.mark.parametrize(("lang", "text"), [(g, t) for g in HEAD for t in WAIVED[g]])
def test_a_topic_waived_says_the_text_may_leave_and_asks_nothing(lang, text, catalogs):
    """No residency requirement is no rule: the text may leave, said, in both languages alike (parseR; the
    English "there is no data residency requirement" used to set nothing while its Spanish twin set True)."""
    result = parse(HEAD[lang] + text, catalogs)
    assert result.clarification is None
    assert result.scenario.model_dump(exclude_unset=True).get("data_may_leave") is True


def test_a_model_family_is_not_protected_health_information():
    """"phi-4" names a model family; "PHI" alone is health data (the sensitive row reads the one, not the other)."""
    from bot.parse.residency_sensitive import sensitive

    assert sensitive("phi-4 at 90 tok/s, phi 3.5 too", 0, 30) is None
    assert sensitive("the prompts contain PHI", 0, 23) is not None
