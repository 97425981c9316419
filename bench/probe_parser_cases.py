"""The probe's generator: templates × synonyms × word orders × languages × number forms, each with the
reading it must give. Kept apart from the corpus: these are generated, the corpus is written by hand."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field

MODEL = ("deepseek flash", "deepseek-v4.1-flash")


@dataclass(frozen=True)
class Case:
    q: str
    status: str
    expect: dict = field(default_factory=dict)


def _numbers(value: int) -> list[str]:
    """The number forms a value is typed in: 3000, 3,000, 3k, 3.000 (Spanish grouping), 3e3."""
    forms = [str(value), f"{value:,}"]
    if value % 1000 == 0:
        forms += [f"{value // 1000}k", f"{value // 1000}e3"]
    return list(dict.fromkeys(forms))


GROUPS = {"en": ["tenants", "teams", "customers", "product teams", "apps"], "es": ["clientes", "equipos", "aplicaciones"]}
PEOPLE = {"en": ["people", "engineers", "analysts", "users"], "es": ["personas", "ingenieros", "analistas"]}


def counts_times_rates() -> Iterator[Case]:
    templates = {
        "en": [
            "{m}, every one of our {n} {g} needs {r} tok/s",
            "{m}: {n} {g}, each needs {r} tok/s",
            "{m}, each of our {n} {g} will push {r} tok/s",
            "{m} at {r} tok/s each for {n} {g}",
        ],
        "es": [
            "{m}, cada uno de nuestros {n} {g} necesita {r} tok/s",
            "{m}: {n} {g}, cada uno con {r} tok/s",
        ],
    }
    for lang, tpls in templates.items():
        for tpl, g, (n, r) in itertools.product(tpls, GROUPS[lang], [(12, 250), (4, 1000)]):
            for rs in _numbers(r)[:3]:
                yield Case(tpl.format(m=MODEL[0], n=n, g=g, r=rs), "ok", {"model": MODEL[1], "slo_tok_s": n * r})


def people_at_once() -> Iterator[Case]:
    templates = {
        "en": ["{m}, {n} {p} at once, each should get {r} tok/s", "{m}: {r} tok/s each for {n} {p} working simultaneously"],
        "es": ["{m}, {n} {p} a la vez, cada una con {r} tok/s"],
    }
    for lang, tpls in templates.items():
        for tpl, p in itertools.product(tpls, PEOPLE[lang]):
            yield Case(tpl.format(m=MODEL[0], n=25, p=p, r=40), "ok",
                       {"model": MODEL[1], "slo_tok_s": 40, "slo_kind": "per_stream", "concurrency": 25})


def volumes_each() -> Iterator[Case]:
    templates = {
        "en": ["{m}: {n} {p} each use about {v} output tokens a day", "{m}, each of our {n} {p} generates {v} output tokens a day"],
        "es": ["{m}: {n} {p}, cada uno genera {v} tokens de salida al día"],
    }
    for lang, tpls in templates.items():
        for tpl, p in itertools.product(tpls, PEOPLE[lang]):
            for v in ("50k", "50,000", "50000"):
                yield Case(tpl.format(m=MODEL[0], n=300, p=p, v=v), "ok",
                           {"model": MODEL[1], "slo_tok_s": 300 * 50_000 / 86_400})


RESIDENCY = {
    False: {
        "en": ["our contracts forbid customer data leaving the company", "nothing may go outside our network",
               "prompts contain patient records", "legally yes, but security said no",
               "security vetoed sending anything to external APIs", "customer records are in every prompt"],
        "es": ["los contratos prohíben que los datos salgan de la empresa", "nada puede salir fuera de nuestra red",
               "los prompts llevan historiales médicos"],
    },
    True: {
        "en": ["we had a no-external-APIs rule but it was dropped", "the ban on third-party APIs was lifted",
               "legal said yes"],
        "es": ["teníamos una prohibición de APIs externas pero fue eliminada"],
    },
    None: {
        "en": ["legal hasn't signed off yet", "compliance hasn't decided", "security is still reviewing it"],
        "es": ["el equipo legal todavía no ha dado el visto bueno", "cumplimiento no ha decidido"],
    },
}


def residency() -> Iterator[Case]:
    for leaves, langs in RESIDENCY.items():
        for lang, phrases in langs.items():
            rate = "300 tok/s" if lang == "en" else "a 300 tok/s"
            for phrase, order in itertools.product(phrases, (0, 1)):
                q = f"{MODEL[0]} {rate}, {phrase}" if order == 0 else f"{phrase[0].upper() + phrase[1:]}. {MODEL[0]} {rate}?"
                expect = {"model": MODEL[1], "slo_tok_s": 300}
                if leaves is None:
                    yield Case(q, "clarify", expect)
                else:
                    yield Case(q, "ok", expect | {"data_may_leave": leaves})


def gateway() -> Iterator[Case]:
    phrases = ["everyone shares one provider key and finance can't split the bill",
               "one team keeps eating everyone's rate limit", "nobody knows which team spends what",
               "nadie sabe quién gasta qué", "todos compartimos la misma clave"]
    for phrase in phrases:
        yield Case(f"{MODEL[0]} 300 tok/s, {phrase}", "ok", {"model": MODEL[1], "slo_tok_s": 300, "gateway_pain": True})


def cache_and_mix() -> Iterator[Case]:
    for phrase, hits in [("cache misses around 25 %", 0.75), ("25% cache misses", 0.75),
                         ("la caché falla en un 25 %", 0.75), ("25 % de fallos de caché", 0.75)]:
        yield Case(f"{MODEL[0]} 300 tok/s, {phrase}", "ok", {"model": MODEL[1], "slo_tok_s": 300, "cache_hit_rate": hits})
    for phrase, mix in [("inputs are about 6x the outputs", 6), ("prompts are 6 times longer than the completions", 6),
                        ("la entrada es unas 6 veces la salida", 6)]:
        yield Case(f"{MODEL[0]} 300 tok/s, {phrase}", "ok", {"model": MODEL[1], "slo_tok_s": 300, "input_per_output": mix})


def places_and_contexts() -> Iterator[Case]:
    for city, tz in [("Tokyo", "Asia/Tokyo"), ("Mexico City", "America/Mexico_City"), ("Seoul", "Asia/Seoul"),
                     ("São Paulo", "America/Sao_Paulo"), ("Jakarta", "Asia/Jakarta")]:
        for tpl in ("{m} 300 tok/s in business hours in {c}", "{m} 300 tok/s, horario de oficina en {c}"):
            yield Case(tpl.format(m=MODEL[0], c=city), "ok",
                       {"model": MODEL[1], "slo_tok_s": 300, "calendar": "business_hours", "tz": tz})
    for ctx in ("500k-token contexts", "500k token contexts", "contexts of 500k tokens"):
        yield Case(f"{MODEL[0]} 300 tok/s with {ctx}", "ok", {"model": MODEL[1], "slo_tok_s": 300, "context_tokens": 500_000})


def counts_in_words() -> Iterator[Case]:
    words = {"en": [("twelve", 12), ("a dozen", 12), ("four", 4)], "es": [("doce", 12), ("cuatro", 4)]}
    templates = {
        "en": ["{m}, {w} {g}, each needs {r} tok/s", "{m}: {r} tok/s for each of our {w} {g}", "{m}, {w} {g} at {r} tok/s each"],
        "es": ["{m}, {w} {g}, cada uno a {r} tok/s", "{m}: {r} tok/s para cada uno de nuestros {w} {g}"],
    }
    for lang, tpls in templates.items():
        for tpl, (w, n), g in itertools.product(tpls, words[lang], GROUPS[lang][:2]):
            yield Case(tpl.format(m=MODEL[0], w=w, g=g, r=250), "ok", {"model": MODEL[1], "slo_tok_s": n * 250})


AUTHORITIES = {"en": ["legal", "compliance", "our DPO", "the security team", "infosec"],
               "es": ["el equipo legal", "cumplimiento", "seguridad", "el DPO"]}
DOUBTS = {"en": ["hasn't signed off yet", "hasn't decided", "is still reviewing it", "hasn't made up its mind"],
          "es": ["todavía no ha decidido", "no ha dado el visto bueno", "está revisándolo todavía"]}
REFUSALS = {"en": ["said no", "vetoed it"], "es": ["dijo que no", "lo vetó"]}
APPROVALS = {"en": ["said yes", "approved it"], "es": ["dijo que sí", "lo ha aprobado"]}
FORBIDDEN = {
    "en": ["customer data may not leave the company", "prompts can't go outside our network",
           "the text must never be sent to third parties", "nothing is allowed to leave our data center"],
    "es": ["los datos de clientes no pueden salir de la empresa", "nada puede salir fuera de nuestra red",
           "los prompts no pueden enviarse a terceros"],
}
SENSITIVE = {"en": ["prompts contain patient records", "the documents include medical records", "the inputs hold customer PII"],
             "es": ["los prompts contienen datos de pacientes", "los documentos incluyen historiales médicos"]}


def residency_grammar() -> Iterator[Case]:
    """Authority × doubt, refusal after approval, forbid × egress, sensitive data: the stance grammar."""
    expect = {"model": MODEL[1], "slo_tok_s": 300}
    for lang in ("en", "es"):
        rate = "300 tok/s" if lang == "en" else "a 300 tok/s"
        but = "but" if lang == "en" else "pero"
        for who, doubt in itertools.product(AUTHORITIES[lang], DOUBTS[lang]):
            yield Case(f"{MODEL[0]} {rate}, {who} {doubt}", "clarify", expect)
        for (yes_who, no_who), yes, no in itertools.product(
            itertools.permutations(AUTHORITIES[lang][:3], 2), APPROVALS[lang][:1], REFUSALS[lang]
        ):
            yield Case(f"{MODEL[0]} {rate}, {yes_who} {yes}, {but} {no_who} {no}", "ok", expect | {"data_may_leave": False})
        for phrase in FORBIDDEN[lang] + SENSITIVE[lang]:
            yield Case(f"{MODEL[0]} {rate}, {phrase}", "ok", expect | {"data_may_leave": False})


def time_and_negation() -> Iterator[Case]:
    """One context service: a pain or a rule that held once, a refusal under negation."""
    base = {"model": MODEL[1], "slo_tok_s": 300}
    past = ["we used to share one API key but now each team has its own",
            "one team used to eat everyone's rate limit; we fixed that",
            "antes compartíamos la misma clave, ya no"]
    for phrase in past:
        yield Case(f"{MODEL[0]} 300 tok/s, {phrase}", "ok", base)
    for who in AUTHORITIES["en"][:3]:
        yield Case(f"{MODEL[0]} 300 tok/s, {who} said no problem", "ok", base | {"data_may_leave": True})
        yield Case(f"{MODEL[0]} 300 tok/s, {who} approved hosted APIs", "ok", base | {"data_may_leave": True})
    for rule, gone in itertools.product(["the ban on external APIs", "our no-third-party rule", "the restriction on hosted LLMs"],
                                        ["was lifted", "was dropped last year", "no longer applies"]):
        yield Case(f"{MODEL[0]} 300 tok/s, {rule} {gone}", "ok", base | {"data_may_leave": True})


def places_set_off() -> Iterator[Case]:
    calendars = {"en": ["business hours", "office hours", "during the workday", "9-to-5"],
                 "es": ["horario de oficina", "horario laboral"]}
    cities = {"en": [("Paris", "Europe/Paris"), ("Chicago", "America/Chicago"), ("Seoul", "Asia/Seoul")],
              "es": [("Ciudad de México", "America/Mexico_City"), ("Bogotá", "America/Bogota")]}
    for lang in ("en", "es"):
        rate = "300 tok/s" if lang == "en" else "a 300 tok/s"
        for cal, (city, tz), form in itertools.product(calendars[lang], cities[lang], ("{c}, {k}", "{k} ({c})", "{k}, {c}")):
            q = f"{MODEL[0]} {rate}, " + form.format(c=city, k=cal)
            yield Case(q, "ok", {"model": MODEL[1], "slo_tok_s": 300, "calendar": "business_hours", "tz": tz})


def generate() -> Iterator[Case]:
    for family in (counts_times_rates, people_at_once, volumes_each, residency, gateway, cache_and_mix,
                   places_and_contexts, counts_in_words, residency_grammar, time_and_negation, places_set_off):
        yield from family()
