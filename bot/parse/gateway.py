"""Gateway pain: keys, quotas, spend nobody can attribute. The concept is composed in the lexicon
(`gateway_pain` from parts: a shared {credential}, a {bill} nobody can {split}, a {quota} someone {hog}s from
the {others}); older single words and what makes them no pain (a cloud's or a vendor's own limit, pain
waved off or solved) are rows too (`gateway_word`, `gateway_not_before`…). Time comes from the shared
context: a pain that held once ("we used to share one key") is read and set aside."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import context, grouped, lexicon
from bot.parse import gateway_compose as compose
from bot.parse.context import negated as _negated
from bot.parse.draft import ASK_CONFLICT, Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.residency_words import phrase

# The rows are in the lexicon (gateway_word, gateway_not_before, …); here is where each must sit.
_GATEWAY = phrase("gateway_word")
_FEATURE = phrase("gateway_feature")  # pain only when wanted: "we need per-team budgets"
_TERSE = 4  # words: "…, budgets per user" names a requirement; a longer clause without a want word is a fact
# Not gateway pain: a cloud's GPU quota, attribution that works, quotas or caps nobody needs.
_NOT_PAIN_BEFORE = phrase("gateway_not_before", "(?:{})")
_VENDOR_AFTER = phrase("gateway_vendor_after", "(?:{})")  # "la cuota de GPUs en AWS": the vendor comes after
_NOT_PAIN_AFTER = phrase("gateway_not_after", r"[\s,;:—-]*(?:[\w']+[\s,;:—-]+){0,3}?(?:{})\b")
_CANNOT = phrase("gateway_cannot", r"\b(?:{})\b")  # "we can't attribute": pain


# A credential's value in a config (env, YAML, terraform): `${LLM_KEY}`, `$CLAVE_COMUN`, `var.llm_key`, `"sk-…"`.
_CONFIG_VALUE = lazy(r"[:=][ \t]*[\"']?(?P<value>\$\{?[\w.-]+\}?|var\.[\w.-]+|secrets?\.[\w.-]+|sk-[\w-]{6,}|[A-Za-z0-9_-]{20,})")


@cache
def _config_key() -> re.Pattern[str]:
    """The key before that value names a credential (lexicon `config_credential_key`): `OPENAI_API_KEY:`, `api_key =`."""
    return lazy(rf"(?<![\w.-])(?:{lexicon.alternation('config_credential_key')})[\"']?[ \t]*$", re.I)


def _shared_in_config(text: str) -> list[re.Match[str]]:
    """The uses of one credential value under two or more keys of a config: one key every service reads."""
    by_value: dict[str, list[re.Match[str]]] = {}
    for m in _CONFIG_VALUE.finditer(text):
        if _config_key().search(text, max(0, m.start() - 40), m.start()):
            by_value.setdefault(m.group("value").strip("${}").lower(), []).append(m)
    return max((uses for uses in by_value.values() if len(uses) >= 2), key=len, default=[])


def read_gateway(text: str, draft: Draft) -> None:
    _read(text, draft)
    if draft.fields.get("gateway_pain") is not True:
        return
    pains = [sentence(text, a) for a, _, name in draft.used if name == "gateway_pain"]
    if said := _denied(text, pains):  # two voices: neither is taken, which holds is asked
        for a, b in [*pains, (said.start(), said.end())]:
            draft.use(a, b, "gateway_pain")
        draft.fields.pop("gateway_pain")
        draft.ask(ASK_CONFLICT, "gateway_unclear")


def _denied(text: str, pains: list[tuple[int, int]]) -> re.Match[str] | None:
    """The asker's word that there is no gateway pain ("we have no gateway issues at all"), in another sentence than
    every pain read: a quoted finance channel saying "every team is on the same key" is another voice."""
    for m in lexicon.pattern("gateway_denied").finditer(text):
        if not any(a <= m.start() < b for a, b in pains):
            return m
    return None


def _read(text: str, draft: Draft) -> None:
    spans = context.cued(text, "gateway_cue")  # only sentences with a cue are read: a paste costs one scan
    if shared := _shared_in_config(text):  # one credential in every service's config
        for m in shared:
            draft.use(m.start(), m.end(), "gateway_pain")
        draft.set("gateway_pain", True)
        return
    for match in context.finditer(grouped.pattern("gateway_pain"), text, spans):  # lexicon.pattern's matches
        start, end = sentence(text, match.start())
        if compose.aside(text, match.start(), start, end, compose.setups(text, spans)):  # "through our LiteLLM proxy"  # "we used to share one key", "if we ever…"
            draft.use(match.start(), match.end(), "gateway_pain")
            continue
        if compose.unsure(text, match.start()):  # "a few teams might be sharing one key, not sure"
            draft.use(match.start(), match.end(), "gateway_pain")
            draft.ask(ASK_CONFLICT, "gateway_unclear")
            return
        if context.settled(text, match.start(), start, end) and not _CANNOT.search(match.group(0)):
            draft.use(match.start(), match.end(), "gateway_pain")  # "…one deployment, and it's been fine so far"
            continue
        if not _negated(text, match.start()) or _CANNOT.search(match.group(0)):
            draft.use(match.start(), match.end(), "gateway_pain")
            draft.set("gateway_pain", True)
            return
    if compose.compose(text, draft, spans):  # a shared resource × a consequence, across the message
        return
    words = [(m, False) for m in context.finditer(_GATEWAY, text, spans)]
    words += [(m, True) for m in context.finditer(_FEATURE, text, spans)]
    for match, feature in sorted(words, key=lambda w: w[0].start()):
        draft.use(match.start(), match.end(), "gateway_pain")
        stance = context.settled(text, match.start(), *sentence(text, match.start()))
        if stance or compose.aside(text, match.start(), *sentence(text, match.start()), compose.setups(text, spans)):
            continue  # "chargeback is already automated per squad, no complaints": solved, no pain
        if feature and stance is None and not _wanted(text, match.start()):
            continue  # "budgets are set per quarter", "each team has its own key": a fact, no pain
        if _pain(text, match, broken=stance is False):
            draft.set("gateway_pain", True)
            return
    for field, _, watched in lexicon.watch():  # "we rotate API keys weekly", "our rate limit is 10k RPM": a fact,
        if field == "gateway_pain":  # read, so the safety net does not name the words as unused
            for m in context.finditer(watched, text, spans):
                said_to_work = context.settled(text, m.start(), *sentence(text, m.start()))
                if said_to_work or not _wanted(text, m.start()) and _stated(text, m.start()):
                    draft.use(m.start(), m.end(), "gateway_pain")  # "…ya está automatizado, nadie se queja"


def _stated(text: str, pos: int) -> bool:
    """A watched gateway word said as a fact, with a fact's verb in its part of the sentence ("we rotate API
    keys weekly", "our rate limit is 10k RPM"). Anything else ("finance asks every month who spent what") stays
    unread, so the safety net names it rather than passing it over."""
    return bool(lexicon.pattern("gateway_fact").search(text, *compose.part(text, pos, *sentence(text, pos))))


def _wanted(text: str, pos: int) -> bool:
    """A gateway's feature named with a want or a trouble in its part of the sentence ("we need per-team
    budgets", "chargeback is impossible"), or on its own as a requirement ("…, budgets per user"); not said as
    a plain fact ("budgets are set per quarter", "each team has its own key")."""
    a, b = compose.part(text, pos, *sentence(text, pos))
    if lexicon.pattern("gateway_want").search(text, a, b):
        return True
    lead = max([a] + [text.rfind(mark, a, pos) + 1 for mark in ",;:("])
    tail = min([b] + [i for i in (text.find(mark, pos, b) for mark in ",;:)") if i >= 0])
    short = len(text[lead:tail].split()) <= _TERSE  # a noun phrase, no sentence around it
    return short and not lexicon.pattern("gateway_fact").search(text, lead, tail)


def _pain(text: str, match: re.Match[str], broken: bool = False) -> bool:
    """Whether a gateway word is pain now: not a pain that held once, nor a cloud's or a vendor's own limit,
    nor waved off ("no quotas today", "we can attribute costs just fine") unless said not to work (`broken`:
    "we split the bill with tags but it doesn't work")."""
    if compose.held_once(text, match.start(), *sentence(text, match.start())):
        return False  # "we fixed that with per-team quotas": a pain that held once
    before = text[max(0, match.start() - 30) : match.start()]
    if _NOT_PAIN_BEFORE.search(before) or _VENDOR_AFTER.match(text, match.end()):
        return False  # "our AWS GPU quota", "la cuota de GPUs en AWS": a cloud limit, not team spend
    if broken:
        return True
    waved_off = _negated(text, match.start()) or _NOT_PAIN_AFTER.match(text, match.end())
    return not waved_off or bool(_CANNOT.search(before))
