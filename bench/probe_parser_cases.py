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


# --- issue 14, figures grammar (parseB): counts × rates and volumes in any order, with nouns the lexicon
# does not list (named again after each/per), cache misses and mixes by word order, contexts said per
# request, cities from the zone database, and a question buried after a pasted log.
UNLISTED = {"en": [("hospitals", "hospital"), ("stores", "store"), ("franchises", "franchise")],
            "es": [("hospitales", "hospital"), ("sedes", "sede"), ("tiendas", "tienda")]}


def counts_any_order() -> Iterator[Case]:
    templates = {
        "en": ["{m}: we serve {n} {g} and each {one} needs {r} tok/s", "{m}: {r} tok/s per {one}, {n} {g}",
               "{m}, {n} {g}; per {one} we need {r} tok/s", "{m}: every {one} needs {r} tok/s and there are {n} {g}"],
        "es": ["{m}: tenemos {n} {g} y cada {one} necesita {r} tok/s", "{m}: {r} tok/s por {one}, {n} {g}",
               "{m}, {n} {g}; por {one} necesitamos {r} tok/s"],
    }
    for lang, tpls in templates.items():
        for tpl, (g, one), (n, r) in itertools.product(tpls, UNLISTED[lang], [(8, 300), (12, 250)]):
            yield Case(tpl.format(m=MODEL[0], n=n, g=g, one=one, r=r), "ok", {"model": MODEL[1], "slo_tok_s": n * r})


def streams_at_once() -> Iterator[Case]:
    templates = {
        "en": ["{m}: {n} {p} at the same time, {r} tok/s per user", "{m}: up to {n} concurrent {p}, each needs {r} tok/s",
               "{m}: {r} tok/s for each of {n} simultaneous {p}", "{m}: every one of our {n} {p} needs {r} tok/s, and all {n} are online together",
               "{m}: {n} simultaneous sessions of {r} tok/s"],
        "es": ["{m}: {n} {p} al mismo tiempo, cada una necesita {r} tok/s", "{m}: {n} {p} simultáneos, {r} tok/s por persona"],
    }
    for lang, tpls in templates.items():
        for tpl, p in itertools.product(tpls, PEOPLE[lang][:2]):
            yield Case(tpl.format(m=MODEL[0], n=25, p=p, r=40), "ok",
                       {"model": MODEL[1], "slo_tok_s": 40, "slo_kind": "per_stream", "concurrency": 25})


def each_of_unknowns() -> Iterator[Case]:
    """Each of something no lexicon row names, or of hardware: ask, never guess per stream or in total.
    A share of the heads at once asks too; a number right before the at-once words is the concurrency."""
    base = {"model": MODEL[1]}
    for noun, rate in itertools.product(("call centers", "kiosks", "GPUs", "servers"), ("120 tok/s apiece", "120 tok/s each")):
        yield Case(f"{MODEL[0]} — 15 {noun}, {rate}", "clarify", base)
    for share in ("about half of them online at once", "some of them at the same time", "la mitad a la vez"):
        yield Case(f"{MODEL[0]}: our 60 reps each need 20 tok/s, {share}", "clarify", base)
    # "at most 50 at once" is the peak the fleet is sized for, like "never more than 12 online together"
    # (session 6, parseN: it asked before, as if "at most" were a share of them)
    for tail in ("maybe 50 at the same time", "at most 50 at once", "como mucho 50 a la vez"):
        expect = base | {"slo_tok_s": 30, "slo_kind": "per_stream", "concurrency": 50}
        yield Case(f"{MODEL[0]}: 200 students will use it, each at 30 tok/s, {tail}", "ok", expect)


def volumes_per_unit() -> Iterator[Case]:
    templates = {
        "en": ["{m}: {v} output tokens per {one} per day across {n} {g}", "{m}: {n} {g}, {v} output tokens a day per {one}",
               "{m}: each of our {n} {g} produces {v} output tokens a day"],
        "es": ["{m}: {v} tokens de salida por {one} al día, {n} {g}", "{m}: {n} {g}, cada {one} genera {v} tokens de salida al día"],
    }
    groups = {"en": [("tenants", "tenant"), ("teams", "team")], "es": [("clientes", "cliente"), ("equipos", "equipo")]}
    for lang, tpls in templates.items():
        for tpl, (g, one), v in itertools.product(tpls, groups[lang], ("2M", "2,000,000")):
            yield Case(tpl.format(m=MODEL[0], n=12, g=g, one=one, v=v), "ok",
                       {"model": MODEL[1], "slo_tok_s": 12 * 2_000_000 / 86_400})


def cache_mix_orders() -> Iterator[Case]:
    base = {"model": MODEL[1], "slo_tok_s": 300}
    for phrase in ("we miss the prompt cache 25% of the time", "our cache miss rate is about 25%",
                   "the cache is missed by 25% of requests", "un 25 % de las peticiones fallan en la caché",
                   "la tasa de fallos de caché ronda el 25 %", "a quarter of prompts miss the cache",
                   "un cuarto de las peticiones fallan en la caché"):
        yield Case(f"{MODEL[0]} 300 tok/s, {phrase}", "ok", base | {"cache_hit_rate": 0.75})
    for phrase in ("input is roughly six times the output", "output is about a sixth of input",
                   "for every output token we send 6 input tokens", "6 veces más tokens de entrada que de salida",
                   "por cada token de salida mandamos 6 de entrada", "la entrada es seis veces la salida"):
        yield Case(f"{MODEL[0]} 300 tok/s, {phrase}", "ok", base | {"input_per_output": 6})


def contexts_per_request() -> Iterator[Case]:
    base = {"model": MODEL[1], "slo_tok_s": 300, "context_tokens": 500_000}
    for phrase in ("each request carries about 500k tokens of context", "conversations grow to 500k tokens",
                   "around 500k tokens per prompt", "context length 500k", "ventanas de contexto de 500.000 tokens",
                   "necesitamos un contexto de 500k"):
        yield Case(f"{MODEL[0]} 300 tok/s, {phrase}", "ok", base)


def zone_cities() -> Iterator[Case]:
    for city, tz in [("Dhaka", "Asia/Dhaka"), ("Tehran", "Asia/Tehran"), ("Almaty", "Asia/Almaty"),
                     ("Kathmandu", "Asia/Kathmandu"), ("Anchorage", "America/Anchorage")]:
        for tpl in ("{m} 300 tok/s, business hours in {c}", "{m} a 300 tok/s, horario de oficina en {c}"):
            yield Case(tpl.format(m=MODEL[0], c=city), "ok",
                       {"model": MODEL[1], "slo_tok_s": 300, "calendar": "business_hours", "tz": tz})


def buried_in_a_log() -> Iterator[Case]:
    log = "\n".join(f"2026-11-{d:02d} 10:{d:02d}:11 INFO worker-{d} id={d * 1337} latency_ms={100 + d} "
                    f"tokens_in={2000 + d} tokens_out={300 + d} status=200" for d in range(1, 25))
    for ask in ("Can we run {m} ourselves? Every one of our 12 tenants needs 250 tok/s.",
                "¿Podemos correr {m} nosotros? Cada uno de nuestros 12 clientes necesita 250 tok/s."):
        yield Case(log + "\n\n" + ask.format(m=MODEL[0]), "ok", {"model": MODEL[1], "slo_tok_s": 3000})


def generate() -> Iterator[Case]:
    for family in (counts_times_rates, people_at_once, volumes_each, residency, gateway, cache_and_mix,
                   places_and_contexts, counts_in_words, residency_grammar, time_and_negation, places_set_off,
                   counts_any_order, streams_at_once, each_of_unknowns, volumes_per_unit, cache_mix_orders, contexts_per_request,
                   zone_cities, buried_in_a_log, residency_concepts, gateway_concepts, mix_cache_compositions, rulings_in_time):
        yield from family()


# --- residency and gateway pain as concepts (issue 14, parseA): composed from parts, not one phrasing each.
# Each part is a list of synonyms; a sentence is actor x verb x object x boundary in several word orders, so
# a phrasing the readers were never shown is generated. `None` as an expected value means "not set".
OBJECTS = {"en": ["customer data", "prompts", "patient records", "the text", "customer info", "user messages"],
           "es": ["los datos de clientes", "los prompts", "los historiales de pacientes", "el texto"]}
BOUNDARIES = {"en": ["the company", "our network", "our VPC", "the building", "our infrastructure", "our servers"],
              "es": ["la empresa", "nuestra red", "nuestra infraestructura", "nuestros servidores"]}
RULERS = {"en": ["our contracts", "company policy", "our MSA", "the DPA", "infosec", "our security policy"],
          "es": ["los contratos", "la política de la empresa", "el DPA", "seguridad"]}
FORBID_FORMS = {
    "en": ["{r} forbid {o} leaving {b}", "{r} doesn't allow {o} to leave {b}", "{r} prohibits sending {o} outside {b}",
           "per {r}, {o} may not go outside {b}", "{o} can't be sent beyond {b} ({r})", "{o} must not leave {b}, {r} says so",
           "under {r} {o} stays inside {b}", "{r}: nothing may go outside {b}"],
    "es": ["{r} prohíben que {o} salgan de {b}", "según {r}, {o} no pueden salir de {b}",
           "{r} no permite sacar {o} fuera de {b}", "{o} no pueden enviarse fuera de {b} ({r})"],
}
SENSITIVE_FACTS = {
    "en": ["prompts contain patient records", "the inputs include customers' personal info", "we'd be sending medical histories",
           "support tickets have customer PII in them", "every request carries users' bank details", "the documents are clinical notes"],
    "es": ["los prompts incluyen datos personales de clientes", "mandaríamos historiales clínicos",
           "las consultas llevan datos de salud de los pacientes"],
}
DOUBT_FORMS = {
    "en": ["legal hasn't signed off yet", "compliance hasn't decided", "we're still waiting on legal about the data",
           "no answer from compliance yet on whether prompts can leave", "infosec is still on the fence about external APIs",
           "not sure legal will let customer data out", "the DPO hasn't ruled on it", "whether the data may leave is TBD with legal"],
    "es": ["legal todavía no ha firmado", "cumplimiento aún no se ha pronunciado", "estamos esperando a legal sobre los datos",
           "no sabemos si legal nos deja sacar los datos", "seguridad sigue sin decidir si pueden salir los prompts"],
}
RULE_QUESTIONS = {
    "en": ["does the data have to stay in Spain?", "do prompts need to stay inside our network?",
           "is customer data allowed to leave the company?", "must the text stay in the EU?"],
    "es": ["¿los datos tienen que quedarse en España?", "¿pueden salir los datos de la empresa?",
           "¿el texto debe quedarse en nuestra red?"],
}
WAIVED_FORMS = {
    "en": ["we had a no-external-APIs rule but it was dropped", "there used to be a ban on sending prompts outside, it's gone now",
           "legal scrapped the on-prem-only policy last month", "until last month data couldn't leave the company, now it can",
           "the restriction on third-party APIs no longer applies", "we used to keep everything on-prem, not anymore"],
    "es": ["teníamos una norma de no usar APIs externas pero la quitaron", "antes los datos no podían salir de la empresa, ya no",
           "hasta el mes pasado no podíamos usar APIs externas, ahora sí", "la prohibición de APIs de terceros ya no aplica"],
}
CONTRAST_FORMS = {
    "en": ["legally yes, but security said no", "legal is fine with it but infosec isn't", "compliance approved, though security vetoed it",
           "contracts allow it; however our CISO said no", "legal says ok, security says absolutely not"],
    "es": ["legalmente sí, pero seguridad dijo que no", "legal dice que sí pero seguridad lo vetó",
           "cumplimiento lo aprobó, aunque el CISO dijo que no"],
}
GATEWAY_FORMS = {
    "en": ["everyone shares one provider key and finance can't split the bill", "one team keeps eating everyone's rate limit",
           "all {n} teams go through the same OpenAI key, nobody knows who spends what",
           "we get one invoice and can't break it down by team", "the data team burns through the shared quota every Monday",
           "finance can't tell which team the API bill belongs to", "there's no way to see spend per team",
           "a single org key for {n} squads, so no chargeback", "whoever runs a batch job starves the others of rate limit",
           "we used to have a key per team, but now everyone shares one key"],
    "es": ["nadie sabe quién gasta qué", "todos usamos la misma clave de OpenAI y finanzas no puede repartir la factura",
           "un equipo se come el límite de todos", "no hay forma de saber qué equipo gasta más",
           "compartimos una única API key entre {n} equipos", "la factura llega junta y no sabemos a quién imputarla",
           "antes teníamos claves por equipo, pero ahora todos usamos la misma clave"],
}
GATEWAY_NOT = {
    "en": ["each team has its own key and finance splits the bill fine", "we used to share one key, not anymore",
           "our AWS GPU quota is fine", "we share one office, and a key card",
           "until last year we all shared one key, not anymore"],
    "es": ["cada equipo tiene su propia clave y la factura se reparte sin problema", "antes compartíamos una clave, ya no"],
}


def residency_concepts() -> Iterator[Case]:
    """Residency composed from parts (ruler x forbid x object x boundary), data sensitive by nature, doubt,
    a question about the rule, a rule withdrawn or one in the past, and "yes, but ... no"; in two orders."""
    def both(lang: str, phrase: str) -> list[str]:
        rate = "300 tok/s" if lang == "en" else "a 300 tok/s"
        head = phrase[0].upper() + phrase[1:]
        return [f"{MODEL[0]} {rate}, {phrase}", f"{head}{'' if phrase.endswith('?') else '.'} {MODEL[0]} {rate}"]

    base = {"model": MODEL[1], "slo_tok_s": 300}
    for lang in ("en", "es"):
        forms = FORBID_FORMS[lang]
        parts = itertools.product(RULERS[lang], OBJECTS[lang], BOUNDARIES[lang])
        for k, (r, o, b) in enumerate(itertools.islice(parts, 0, None, 5)):
            phrase = forms[k % len(forms)].format(r=r, o=o, b=b)
            for q in both(lang, phrase)[: 1 + k % 2]:
                yield Case(q, "ok", base | {"data_may_leave": False})
        for phrase in SENSITIVE_FACTS[lang] + CONTRAST_FORMS[lang]:
            for q in both(lang, phrase):
                yield Case(q, "ok", base | {"data_may_leave": False})
        for phrase in DOUBT_FORMS[lang] + RULE_QUESTIONS[lang]:
            for q in both(lang, phrase)[:1]:
                yield Case(q, "clarify", base)
        for phrase in WAIVED_FORMS[lang]:
            for q in both(lang, phrase):
                yield Case(q, "ok", base | {"data_may_leave": True})


def gateway_concepts() -> Iterator[Case]:
    """A shared credential with a billing, attribution or quota problem, said many ways; and lookalikes."""
    base = {"model": MODEL[1], "slo_tok_s": 300}
    for lang in ("en", "es"):
        rate = "300 tok/s" if lang == "en" else "a 300 tok/s"
        for phrase in GATEWAY_FORMS[lang]:
            for n in (8, 12):
                phrase_n = phrase.format(n=n)
                yield Case(f"{MODEL[0]} {rate}, {phrase_n}", "ok", base | {"gateway_pain": True})
                if "{n}" not in phrase:
                    yield Case(f"{phrase_n[0].upper() + phrase_n[1:]}; {MODEL[0]} {rate}?", "ok", base | {"gateway_pain": True})
                    break
        for phrase in GATEWAY_NOT[lang]:
            yield Case(f"{MODEL[0]} {rate}, {phrase}", "ok", base | {"gateway_pain": None})


# --- the mix and the cache hit rate as compositions (issue 14, session 5, parseF): two sides × a relation ×
# both directions × number forms × languages, cache shares × hits or misses × share forms; and lookalikes that
# must set nothing. Written before the family was first run.
MIX_SIDES = {
    "en": [("prompts", "answers"), ("inputs", "outputs"), ("input tokens", "output tokens"), ("prompts", "completions")],
    "es": [("las entradas", "las salidas"), ("los prompts", "las respuestas")],
}
MIX_TIMES = {  # side A = n × side B
    "en": ["{a} are about {n} times as long as the {b}", "{a} run {n}x longer than {b}", "{n}x more {a} than {b}",
           "{a} are roughly {n}x the size of the {b}"],
    "es": ["{a} son unas {n} veces más largas que {b}", "{a} son {n} veces {b}"],
}
MIX_LESS = {  # side A = side B / n
    "en": ["{a} are {n}x shorter than the {b}", "{a} are about 1/{n} the length of the {b}"],
    "es": ["{a} son {n} veces más cortas que {b}"],
}
MIX_PER = {  # "per <B>" with n of A: A = n × B; (input word, output word)
    "en": ("for each {b} token there are about {n} {a} tokens", ("input", "output")),
    "es": ("por cada token de {b} hay unos {n} de {a}", ("entrada", "salida")),
}
MIX_WORDS = {"en": {2: "two", 5: "five", 8: "eight"}, "es": {2: "dos", 5: "cinco", 8: "ocho"}}
CACHE_SHARES = [("{p}%", 0.2, "20"), ("{p} %", 0.35, "35"), ("1 in 5", 0.2, None), ("3 out of 4", 0.75, None)]
CACHE_FORMS = {
    "en": {"hit": ["{s} of prompts hit the cache", "the prompt cache serves {s} of requests", "{s} of input tokens come from the cache"],
           "miss": ["{s} of prompts miss the cache", "the cache misses {s} of requests", "we lose the prompt cache on {s} of calls"]},
    "es": {"hit": ["la caché acierta en {s} de las peticiones", "{s} de los prompts aciertan en la caché"],
           "miss": ["la caché falla en {s} de las peticiones", "{s} de los prompts fallan en la caché"]},
}
MIX_CACHE_NOT = {
    "en": [("output tokens cost 4 times what input tokens cost", "input_per_output"),
           ("prompts are 3x longer than last year", "input_per_output"),
           ("the redis cache hits 90% of lookups", "cache_hit_rate"),
           ("prompt caching cuts the input bill by 90%", "cache_hit_rate"),
           ("30% of requests miss the SLO", "cache_hit_rate")],
    "es": [("las salidas cuestan 4 veces lo que cuestan las entradas", "input_per_output"),
           ("la caché de redis acierta el 90 %", "cache_hit_rate")],
}


def mix_cache_compositions() -> Iterator[Case]:
    base = {"model": MODEL[1], "slo_tok_s": 300}
    for lang in ("en", "es"):
        lead = f"{MODEL[0]} 300 tok/s, " if lang == "en" else f"{MODEL[0]} a 300 tok/s, "
        for (inp, out), n in itertools.product(MIX_SIDES[lang], (2, 5, 8)):
            for form in MIX_TIMES[lang]:
                for said in (str(n), MIX_WORDS[lang][n]) if "x" not in form.split("{n}")[1][:1] else (str(n),):
                    yield Case(lead + form.format(a=inp, b=out, n=said), "ok", base | {"input_per_output": n})
                    yield Case(lead + form.format(a=out, b=inp, n=said), "ok", base | {"input_per_output": 1 / n})
            for form in MIX_LESS[lang]:
                yield Case(lead + form.format(a=inp, b=out, n=n), "ok", base | {"input_per_output": 1 / n})
                yield Case(lead + form.format(a=out, b=inp, n=n), "ok", base | {"input_per_output": n})
        form, (inp, out) = MIX_PER[lang]
        for n in (2, 5, 8):
            yield Case(lead + form.format(a=inp, b=out, n=n), "ok", base | {"input_per_output": n})
            yield Case(lead + form.format(a=out, b=inp, n=n), "ok", base | {"input_per_output": 1 / n})
        for (share, value, pct), (kind, forms) in itertools.product(CACHE_SHARES, CACHE_FORMS[lang].items()):
            said = share.format(p=pct) if pct else share if lang == "en" else share.replace(" in ", " de cada ").replace(" out of ", " de cada ")
            for form in forms:
                if lang == "es" and pct is None and "de las" in form:
                    continue  # "en 1 de cada 5 de las peticiones" is no Spanish
                hits = value if kind == "hit" else 1 - value
                yield Case(lead + form.format(s=said), "ok", base | {"cache_hit_rate": round(hits, 6)})
        for phrase, field_ in MIX_CACHE_NOT[lang]:
            yield Case(lead + phrase, "ok", base | {field_: None})


# --- rulings in time and across authorities (parseL, session 6): who said what, in which order; escalation past
# the EU; the EU allowed against foreign clouds; sensitive data as a holder and an item of theirs; lookalikes.
RULING_AUTHORITIES = {"en": ["legal", "compliance", "our DPO", "the CISO", "infosec"],
                      "es": ["legal", "cumplimiento", "el DPO", "seguridad"]}
RULING_NO = {"en": ["said no", "blocked it", "rejected it", "vetoed it"], "es": ["dijo que no", "lo rechazó", "lo vetó", "lo bloqueó"]}
RULING_YES = {"en": ["signed off", "approved it", "gave the green light", "said yes"],
              "es": ["lo aprobó", "dio el visto bueno", "dijo que sí", "dio luz verde"]}
RULING_TAKEN_BACK = {"en": ["withdrew the approval", "revoked it", "reversed that decision", "took it back"],
                     "es": ["lo retiró", "dio marcha atrás", "revocó el permiso"]}
RULING_ORDERS = {  # the same authority twice: the later ruling holds
    "en": ["{a} {first} in March, then {second} in May", "{a} {first} at first; later they {second}",
           "{a} {first} in Q1. In Q3 they {second}.", "{a} {first} back then, but eventually {second}"],
    "es": ["{a} {first} en marzo y luego {second}", "{a} {first} al principio, pero después {second}",
           "{a} {first} en enero; más tarde {second}"],
}
RULING_FLAT_NO = {"en": ["no way", "not a chance", "absolutely not", "over my dead body"],
                  "es": ["ni hablar", "de ninguna manera", "ni de broma", "ni en sueños"]}
RULING_SAYS = {"en": ("{a} says yes, but {b} says {no}", "{a}: yes. {b}: {no}."),
               "es": ("{a} dice que sí, pero {b} dice que {no}", "{a}: sí. {b}: {no}.")}
RULING_STILL = {"en": ["{b} is still making up its mind", "{b}: still reviewing", "{b} hasn't made a call yet"],
                "es": ["{b} le está dando vueltas", "{b} sigue sin decidir", "{b} todavía lo está mirando"]}
ESCALATED = {"en": ["not even an EU-hosted API is acceptable", "even EU providers are off the table",
                    "no external API, not even a European one"],
             "es": ["ni siquiera un proveedor europeo vale", "nada de nubes externas, tampoco las europeas",
                    "ni siquiera una API alojada en Fráncfort"]}
EU_AGAINST_FOREIGN = {"en": ["nothing goes to US clouds, EU providers are fine", "American vendors are out; EU vendors are okay",
                             "no Chinese APIs, European providers are acceptable"],
                      "es": ["nada a nubes americanas; proveedores europeos sí", "proveedores de EEUU no, proveedores de la UE sí"]}
HOLDERS = {"en": ["patients", "customers", "clients", "employees", "applicants"], "es": ["pacientes", "clientes", "empleados", "candidatos"]}
ITEMS = {"en": ["letters", "names and emails", "phone numbers", "home addresses", "bank statements", "CVs"],
         "es": ["cartas", "nombres y correos", "teléfonos", "direcciones", "currículums", "extractos de cuenta"]}
HELD_FORMS = {"en": ["the prompts include {i} of our {h}", "we summarize {i} from {h}"],
              "es": ["los prompts llevan {i} de {h}", "procesamos {i} de nuestros {h}"]}
RULING_LOOKALIKES = {"en": ["{a} approved the pilot", "{a} wants a cost estimate", "{a} signed off on the budget",
                            "the RFC says we MUST log every call", "we use an EU region for latency"],
                     "es": ["{a} aprobó el piloto", "{a} quiere una estimación de costes", "usamos una región de la UE por la latencia"]}


def rulings_in_time() -> Iterator[Case]:
    base = {"model": MODEL[1], "slo_tok_s": 300}
    for lang in ("en", "es"):
        head = f"{MODEL[0]} {'300 tok/s' if lang == 'en' else 'a 300 tok/s'}, "
        who = RULING_AUTHORITIES[lang]
        for k, (tpl, a) in enumerate(itertools.product(RULING_ORDERS[lang], who)):
            no, yes, back = (RULING_NO[lang][k % 4], RULING_YES[lang][k % 4], RULING_TAKEN_BACK[lang][k % len(RULING_TAKEN_BACK[lang])])
            yield Case(head + tpl.format(a=a, first=no, second=yes), "ok", base | {"data_may_leave": True})
            yield Case(head + tpl.format(a=a, first=yes, second=back), "ok", base | {"data_may_leave": False})
        for k, ((a, b), tpl) in enumerate(itertools.product(itertools.permutations(who[:3], 2), RULING_SAYS[lang])):
            yield Case(head + tpl.format(a=a, b=b, no=RULING_FLAT_NO[lang][k % 4]), "ok", base | {"data_may_leave": False})
            yield Case(head + f"{a} {RULING_YES[lang][k % 4]}; " + RULING_STILL[lang][k % 3].format(b=b), "clarify", base)
        for phrase in ESCALATED[lang]:
            yield Case(head + phrase, "ok", base | {"data_may_leave": False, "eu_residency": False})
        for phrase in EU_AGAINST_FOREIGN[lang]:
            yield Case(head + phrase, "ok", base | {"data_may_leave": True, "eu_residency": True})
        for tpl, h, i in itertools.product(HELD_FORMS[lang], HOLDERS[lang], ITEMS[lang]):
            yield Case(head + tpl.format(h=h, i=i), "ok", base | {"data_may_leave": False})
        for tpl, a in itertools.product(RULING_LOOKALIKES[lang], who[:2]):
            yield Case(head + tpl.format(a=a), "ok", base | {"data_may_leave": None, "eu_residency": False})
