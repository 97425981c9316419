"""Concurrency ("50 concurrent users") and context ("128k-token sessions", "the full context")."""

from __future__ import annotations

import re

from bot.parse import compose_at_once, counts, lexicon, superseded, token_figures
from bot.parse.draft import ASK_RANGE, ASK_SLO, Draft, sentence
from bot.parse.figures import (
    CONCURRENT,
    PEOPLE,
    STREAMS,
    counted,
    mentions,
    tail,
)
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.rate_words import TOK_S
from bot.parse.request_size import GROWS_BEFORE, PER_REQUEST_AFTER, PER_TIME, each_item, sized_item
from bot.parse.volume_forms import LEAD_PERIOD
from bot.parse.volumes import PERIOD_WORDS

_WHO = rf"(?:users?|sessions?|streams?|requests?|calls?|llamadas|consultas|conversations?|agents?|chats?|connections?|usuarios|sesiones|conversaciones|peticiones|agentes|clientes|{PEOPLE})"
# "50 concurrent users", "50 agents running in parallel", and "200 concurrent" with the noun left out.
_CONCURRENCY_AFTER = lazy(
    rf"\s?(?:{CONCURRENT}\s{_WHO}|{_WHO}\s(?:online\s+|connected\s+|running\s+|working\s+|generating\s+|"
    rf"open\s+|corriendo\s+|trabajando\s+)?(?:{CONCURRENT}|in\s+parallel|at\s+once|at\s+a\s+time|"
    r"at\s+the\s+same\s+time|a\s+la\s+vez|en\s+paralelo|al\s+mismo\s+tiempo)"
    rf"|{CONCURRENT}(?=\s*(?:[,;.!?)]|$|(?:at|with|each|and|con|cada|y|in\s+total|in\s+all|overall|en\s+total)\b)))\b",
    re.I,
)
# Streams counted with no "at once" are still at once ("20 tok/s per agent, 50 agents"), unless counted per
# period ("5,000 sessions a day").
_STREAMS_COUNTED = lazy(
    rf"\s?{STREAMS}\b(?!\s*(?:an?|per|each|every|/|al|por|cada)?\s*(?:{'|'.join(PERIOD_WORDS.values())})\b)",
    re.I,
)
_HUMAN_AGENTS = lazy(rf"\s*(?:{lexicon.alternation('human_agent')})", re.I)
_AGENTS = lazy(r"\s?agent(?:e)?s\b", re.I)


def _human_agents(text: str, n: Number) -> bool:
    """Agents that are people: "150 agentes de soporte", or agents in a sentence about a support desk, a
    contact center or sales ("our support team of 200 agents", lexicon `human_context`)."""
    if _HUMAN_AGENTS.match(text, n.end):
        return True
    return bool(_AGENTS.match(text, n.end)) and bool(lexicon.pattern("human_context").search(text, *sentence(text, n.start)))
# A label and its value: "concurrency: 64", "Max simultaneous users is 50", "la concurrencia es de 48" (lexicon
# `concurrency_label`, `concurrency_link`); a serving engine's limit keys too.
_CONCURRENCY_BEFORE = lazy(
    rf"\b(?:{lexicon.alternation('concurrency_label')}|(?:usuarios|sesiones)\s+concurrentes|max[_\s-]?num[_\s-]?seqs|max_concurrency)"
    rf"(?:\s?(?:{lexicon.alternation('concurrency_link')}|=|:|→|->|~))*\s?$",
    re.I,
)


def read_concurrency(text: str, nums: list[Number], draft: Draft) -> None:
    """Streams at once: "50 concurrent users", "up to 50 users at a time". A per-stream rate with only a
    head count ("30 tok/s each for our 200 engineers") asks how many of them are at it at once."""
    for number in mentions(nums):
        before = text[max(0, number.start - 48) : number.start]
        labelled = _CONCURRENCY_BEFORE.search(before) and not TOK_S.match(text, number.end)  # "concurrency … 300 tok/s"
        if not (tail(text, number, _CONCURRENCY_AFTER) or labelled):
            continue
        if number.value < 1:
            draft.ask(ASK_RANGE, "not_positive", field="concurrency", value=plain(number.value))
            continue
        draft.set("concurrency", round(number.value))
    if (
        draft.fields.get("slo_kind") != "per_stream"
        or draft.asked_about("concurrency")
        or "concurrency" in draft.fields
    ):
        return
    made = {c.start: c.value for c in counts.counts(text, nums)}  # "3 sedes, cada una con 40 agentes": 120
    streams = [
        made.get(n.start, round(n.value))
        for n in mentions(nums)
        if n.value >= 2 and n.value.is_integer() and not n.multiplied and tail(text, n, _STREAMS_COUNTED)
        and not _human_agents(text, n)  # "150 agentes de soporte" are people, not streams
    ]
    if len(set(streams)) == 1:
        draft.set("concurrency", streams[0])
    elif users := counted(text, nums, PEOPLE):
        # "50 tok/s/user for 300 players, all of them hit it at the same time": how many at once is read as
        # compose reads it for a count beside the rate (its at-once words, a share, a number), else asked
        count = next((c for c in counts.counts(text, nums) if c.value == users[0]), None)
        if count is None:
            draft.ask(ASK_SLO, "users_at_once", users=users[0])
        else:
            compose_at_once.per_stream(text, draft, count, *sentence(text, count.start))


_CONTEXT_AFTER = lazy(
    r"(?:[ -])?(?:(?:tokens?|tok)(?:[ -])?(?:of |de )?(?:contexts?|contextos?|ctx|windows?|sessions?|prompts?|conversations?|chats?|documents?)|"
    r"(?:of |de )?(?:contexts?|contextos?|ctx|context[ -]windows?))\b",  # "4k of context", "64k de contexto"
    re.I,
)
_WINDOW_AFTER = lazy(r"[ -]?(?:(?:of|de) )?(?:token[ -])?(?:windows?|ventanas?)\b", re.I)
_CONTEXT_NAMED = lazy(r"[ -]?(?:(?:tokens?|tok)[ -]?)?(?:of |de )?(?:contexts?|contextos?|ctx|context[ -]windows?|windows?)\b", re.I)
_CONTEXT_BEFORE = lazy(
    r"\b(?:contexts?(?:\s+windows?)?|contextos?|ctx|sesiones|sessions|prompts|conversaciones|ventanas?|windows?|sequences|secuencias)"
    r"(?: (?:m[aá]ximo|max(?:imum)?|total|completo|entero|full))?(?: (?:budget|limit|cap|presupuesto|l[ií]mite))?"
    r"(?: (?:per|each|a|por|de cada) (?:call|request|prompt|query|petici[oó]n|llamada|consulta))?"  # "context budget per call: 48k"
    r"(?: (?:we|they|you|I|que) [^\W\d_]+(?: [^\W\d_]+)?)?"  # "the window we need is 128k", "el contexto que piden es de"
    r" ?(?:of|de|=|:|is|es|size|length)? ?(?:up to |hasta )?$"
    # the context itself, then a copula and a hedge: "el contexto es de 128 mil", "contexts are around 64k" (mix15 s15)
    r"|\b(?P<is>contexts?(?:\s+windows?)?|contextos?|ctx|ventanas?\s+de\s+contexto)"
    r" (?:(?:of|de|is|es|are|son|was|era|around|about|roughly|unos|unas|anda|andan|ronda|rondan|en|at|sits|será|will be|los|las|the) ){1,3}(?:up to |hasta )?$",
    re.I,
)
# "ctx: 8192", "context=32768", "num_ctx = 4096": a key and its value, no unit needed.
_CONTEXT_KEY = lazy(
    r"\b(?:context(?:[ _-]?(?:window|length|len|size))?|contexto|ctx|max_model_len|num_ctx|n_ctx) ?[:=] ?$",
    re.I,
)
# "context length 16384 in our deployment", "max context 32768", "context window set to 65536", "ventana de contexto
# 32768": a size named by the config key's own words in prose, then a bare figure (mix14, s14).
_CONTEXT_PROSE = lazy(
    rf"\b(?P<key>{lexicon.alternation('config_context_key')})(?:\s+(?:is|was|es|era|est[aá]))?"
    r"(?:\s+(?:set|capped|limited|configured|configurad[oa]|fijad[oa]|puest[oa]|limitad[oa]))?(?:\s+(?:to|at|of|a|en|de))?\s*[:=]?\s*$",
    re.I,
)
_NOT_TOKENS = lazy(r" ?(?:[%.,]?\d|%|(?!tokens?\b|toks?\b)[^\W\d_]+s\b)", re.I)  # "16384 pages", "4096 ms"
DEFAULT_CONTEXT = 32_768  # costcore.scenario.Settings.context_tokens: a smaller request changes nothing said
MIN_CONTEXT = 256  # below any model's window: a smaller "N tokens of prompt" sizes something else (a mix)
MAX_CONTEXT = 20_000_000  # twice the longest context any model offers (10M): a larger figure is a volume


# "8k prompts": not a context by itself (10k prompts may be a count), but it disputes a context said otherwise.
_PROMPT_SIZE = lazy(r"[ -]?(?:prompts?|documents?|docs?)\b(?! (?:an?|per|each|every|al|por)\b)", re.I)
_FULL_CONTEXT = lazy(
    r"(?:\b(?:full|whole|entire|max(?:imum)?)\s+(?:\S+\s+)?context\b|\bcontexto\s+(?:completo|m[aá]ximo|entero)\b)"
    r"(?!\s*(?:of|de|is|es|:|=)?\s*(?:up\s+to\s+|hasta\s+)?\d)",  # "contexto máximo de 200k": the figure said
    re.I,
)


def _restates(text: str, n: Number) -> bool:
    """A later number that may restate a context: a window's size, in tokens, no rate and no log figure."""
    return MIN_CONTEXT <= n.value <= MAX_CONTEXT and (n.multiplied or n.value >= 1024) and not (
        n.machine or TOK_S.match(text, n.end) or _NOT_TOKENS.match(text, n.end) or _VOLUME_AFTER.match(text, n.end)
    )


_VOLUME_AFTER = lazy(r"\s*(?:tokens?\s+)?(?:a|an|per|each|every|al|por|cada|/)\s*(?:day|week|month|hour|minute|d[ií]a|semana|mes|hora)", re.I)


def read_context(text: str, nums: list[Number], draft: Draft, model_context: int | None) -> None:
    prompt_sizes = []
    for number in mentions(nums):
        if TOK_S.match(text, number.end):
            continue  # "25 sessions of 40 tok/s": a rate, never a context
        lead = LEAD_PERIOD.search(text, sentence(text, number.start)[0], number.start)
        if number.value > MAX_CONTEXT or (lead and not tail(text, number, _CONTEXT_NAMED)):
            continue  # "daily we ingest 600M tokens of prompts": a volume, not what one request holds
        before = text[max(0, number.start - 30) : number.start]
        after = tail(text, number, _CONTEXT_AFTER)
        if after and not re.search(r"context|ctx|window|ventana", after.group(0), re.I) and token_figures.corpus(text, number):
            after = None  # "the knowledge base holds 5M tokens of documents": the corpus, not one request
        tokens_after = re.match(r"(?: ?|-)(?:de )?(?:tokens?|tok)\b", text[number.end : number.end + 11], re.I)  # "a 200k-token slice"
        key_before = _CONTEXT_KEY.search(before)  # each asked once: a paste has a hundred figures
        named_before = _CONTEXT_BEFORE.search(before)
        if named_before and named_before.group("is") and _NOT_TOKENS.match(text, number.end):
            named_before = None  # "la longitud de contexto ronda 40 páginas": no size in tokens
        keyed = (
            key_before
            and not re.match(r" ?[%.,]?\d", text[number.end : number.end + 2])
            # "context: 50 people on the team" is a count of something else
            and not re.match(r" ?(?!tokens?\b|toks?\b)[^\W\d_]{2,}", text[number.end : number.end + 20])
        )
        prose = (
            not key_before
            and number.value >= MIN_CONTEXT
            and (sized := _CONTEXT_PROSE.search(before))
            and " " in sized.group("key")  # a size word with the noun: "context 2026 roadmap" is no window
            and not _NOT_TOKENS.match(text, number.end)
        )
        keyed = keyed or prose
        if key_before or named_before or prose:
            draft.use(max(0, number.start - 30), number.end, "context_tokens")  # weighed, kept or not
        each_request = tail(text, number, PER_REQUEST_AFTER)  # "180k tokens of clippings into each prompt"
        per_request = (
            number.value > DEFAULT_CONTEXT
            and tokens_after
            and (
                each_request
                or GROWS_BEFORE.search(before)
                or (sized_item(before) and not PER_TIME.match(text, number.end))
                or each_item(text, number, before)
                or token_figures.held(text, number, DEFAULT_CONTEXT)  # a holder in the clause, any wording
            )
            # "our documents add up to 900k tokens": the corpus; one said per request is what one holds whatever
            # the clause calls its source ("archive search stuffs 180k tokens … into each prompt")
            and (each_request or not token_figures.corpus(text, number))
        )
        if per_request:  # "contracts up to 500k tokens": the noun was read for the size, not a residency word
            sized = sized_item(before)
            draft.use(number.start - len(before) + sized.start() if sized else number.start, number.end, "context_tokens")
        if not (
            after
            or (number.multiplied and tail(text, number, _WINDOW_AFTER))  # "a 256k window"
            or keyed
            or per_request
            or (named_before and (number.multiplied or tokens_after))
        ):
            if number.multiplied and number.value >= 1 and tail(text, number, _PROMPT_SIZE):
                prompt_sizes.append(round(number.value))
            continue
        if number.value < 1:
            draft.ask(ASK_RANGE, "not_positive", field="context_tokens", value=plain(number.value))
            continue
        if number.value < MIN_CONTEXT and not keyed:
            continue  # "for each token of answer we send 12 tokens of prompt": a mix, no model's window
        draft.use(number.start, number.end, "context_tokens")  # "1M-token contexts … 24 hours a day": no volume
        if superseded.aside(text, number.end):
            continue  # "the vendor's 1M-token context bug isn't relevant to us": read, and not ours
        draft.set("context_tokens", round(number.value), (number.start, number.end), text)
    if (at := draft.said_at.get("context_tokens")) and (new := superseded.restated(text, nums, at, lambda n: _restates(text, n))):
        draft.set("context_tokens", round(new.value), (new.start, new.end), text)  # "16k in staging; production: 64k"
    if (said := draft.fields.get("context_tokens")) and any(size != said for size in prompt_sizes):
        draft.conflict("context_tokens", [said, *prompt_sizes])
    if "context_tokens" not in draft.fields and model_context and _FULL_CONTEXT.search(text):
        draft.set("context_tokens", model_context)
        draft.note("context_from_model", context_tokens=model_context)
