"""Requests × tokens each: "3,000 requests a day with 500 output tokens each", "500 output tokens per call,
3k calls a day", "3.000 peticiones al día con 500 tokens de salida cada una". The product is a volume per
period, spread over the calendar's hours like any volume (bot/parse/volumes.py), said in a note. Requests a
second (the lexicon's `request_rate_second`: "2.5 req/s", "4 rps", "3 peticiones por segundo") times a reply's
size is the tok/s itself, whatever the calendar. A call counted in times a period ("that call runs ~2M times a day",
"lo llamamos 864.000 veces al día", lexicon `request_times`) is requests; its reply's size is still needed
(`max_tokens` is a cap, never the size). A size said with the word for a reply (`reply_word`: "each
reply ~600 tokens", "avg completion 350 tokens", "respuestas de ~500 tokens", "600-token replies") is output."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.figures import ABSURD_TOK_S, mentions
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.rate_units import range_before
from bot.parse.request_forms import OUTPUT_EACH, span, unit_before
from bot.parse.request_sides import beside_input
from bot.parse.volume_units import period_hours
from costcore.scenario import CalendarKind, Settings

_REQUESTS = r"(?:requests?|calls?|queries|query|completions?|peticion(?:es)?|petici[oó]n|llamadas?|consultas?|solicitud(?:es)?)"


@cache
def _per_period(periods: str) -> re.Pattern[str]:
    return lazy(
        # a word naming what kind before the noun: "2 million API calls monthly", "150 extraction jobs an hour" (net s11)
        rf"\s?(?:de\s)?(?:(?:{lexicon.alternation('request_qualifier')}|[^\W\d_]{{3,}})[\s-])?(?:{_REQUESTS}|{lexicon.alternation('request_nouns')}|{lexicon.alternation('request_times')})\s?(?:an?|per|each|every|/|al|a\s+la|por|cada|in\s+an?)?\s?(?:the\s|el\s|la\s)?(?P<period>{periods})\b",
        re.I,
    )


@cache
def _counted_per_period(periods: str) -> re.Pattern[str]:
    return lazy(rf"\s?(?:[^\W\d_]{{3,}}\s){{0,3}}(?P<word>(?P<noun>[^\W\d_]{{3,}}?)(?:es|s))(?:\s(?:de|of)\s[^\W\d_]{{3,}})?\s?(?:an?|per|each|every|/|al|por|cada)?\s?(?:the\s|el\s|la\s)?(?P<period>{periods})\b", re.I)


_HANDED = lazy(r"\b(?:per|each|every|por|cada)\s+([^\W\d_]{3,})\b", re.I)


def _named_again(text: str, number: Number, periods: str, handed: set[str]) -> re.Match[str] | None:
    """ "20 eval sweeps a day at ~1.5M output tokens per sweep": any unit of work counted per period, when a size
    is handed to each one of it by name (`handed`: the words after "per", "each", "cada")."""
    m = _counted_per_period(periods).match(text, number.end)
    named = m is not None and bool({m["noun"].lower(), m["word"][:-1].lower()} & handed)  # "invoices": invoice, not invoic
    if m and not named and (_EACH_AFTER.match(text, m.end()) or OUTPUT_EACH.match(text, m.end())):
        return m  # "250,000 shipments a day, and each one gets …", "3.000 facturas al día, cada una de …": that count's
    return m if named else None


# "each" said right after a count a period hands what follows to that count: "each one", "each with", "cada una"
_EACH_AFTER = lazy(r"[ \t]*[,;]?[ \t]*(?:and[ \t]+|y[ \t]+)?(?:each|cada)\b(?![ \t]+(?:day|week|month|hour|d[ií]a|semana|mes|hora))", re.I)


# "500 output tokens each", "500 tokens of output per request", "500 tokens de salida cada una / por petición"
_EACH_TOKENS = lazy(
    r"\s?(?P<kind>output\s|generated\s)?tok(?:en)?s?(?P<kind_after>\s(?:of\s+output|de\s+salida|output|generados))?"
    rf"\s?(?:each|apiece|cada\s+un[oa]|(?:per|por|a|/|each|every|cada)\s?{_REQUESTS}|(?:in\s+)?(?:each|every)\s+(?:one|{_REQUESTS}))\b",
    re.I,
)


@cache
def _not_tokens() -> re.Pattern[str]:  # a size in another unit: "~600 words", "2,000 caracteres"
    return lazy(rf"\s?(?:{lexicon.alternation('size_not_tokens')}){lexicon.WORD_END}", re.I)


@cache
def _per_unit(concept: str) -> re.Pattern[str]:  # "4 rps", "180 RPM", "120 req/min", "3 pet/s"
    return lazy(rf"\s?(?:{lexicon.alternation(concept)}){lexicon.WORD_END}", re.I)


# Request rates said as one unit (lexicon rows), and the period each is per.
_RATE_UNITS = (("request_rate_second", "second"), ("request_rate_minute", "minute"))


@cache
def _reply_size() -> re.Pattern[str]:
    """The figure of a reply's size: after the reply word ("each reply ~600 tokens") or before it ("600 tokens
    per reply", "600-token replies"); the figure's start is the group `at`."""
    reply, tokens = lexicon.alternation("reply_word"), r"[\s-]?(?:output\s)?tok(?:en)?s?\b"
    return lazy(
        rf"{lexicon.WORD_START}{reply}\b[^\d\n.;]{{0,24}}?(?P<at>(?=\d))[\d.,]*\s?[kK]?{tokens}"
        rf"|(?P<before>(?=\d))[\d.,]*\s?[kK]?{tokens}\s?(?:(?:per|a|an|each|every|/|por|cada|en\s+cada)\s)?(?:\w+\s)?{reply}\b",
        re.I,
    )


def _reply_sizes(text: str, nums: list[Number], here: tuple[int, int]) -> list[tuple[Number, int]]:
    """The figures of the sentence said as a reply's size, each with where its words end."""
    starts = {(m.start("at") if m.group("at") is not None else m.start("before")): m.end() for m in _reply_size().finditer(text, *here)}
    return [(n, starts[n.start]) for n in mentions(nums) if n.start in starts]


def _reply_word_start(text: str, size: Number, end: int) -> int:
    """Where the words of a reply's size start: the reply word before its figure ("each answer is ~300 tokens")."""
    for m in _reply_size().finditer(text, max(0, size.start - 40), end):
        if m.group("at") is not None and m.start("at") == size.start:
            return m.start()
    return size.start


def _output_sizes(text: str, nums: list[Number], here: tuple[int, int]) -> list[tuple[Number, int]]:
    """The one figure of the sentence said with the output side ("500 tokens out", "250 de salida")."""
    from bot.parse import mix_parts

    found = [m for m in mix_parts.sizes().finditer(text, *here) if m.group("ao") or m.group("bo") or m.group("eo")]
    starts = {m.start("e") if m.group("eo") else m.start("n") if m.group("n") else m.start("m"): m.end() for m in found}
    return [(n, starts[n.start]) for n in mentions(nums) if n.start in starts]


def _beside(text: str, nums: list[Number], here: tuple[int, int]) -> list[tuple[Number, int]]:
    """The one reply or output size said in the sentence before or after the requests' (a label line, a clause
    after a semicolon: "reads ~8k tokens per query and writes ~400; 50k queries a day")."""
    lo = sentence(text, here[0] - 2)[0] if here[0] >= 2 else here[0]
    hi = sentence(text, here[1] + 1)[1] if here[1] + 1 < len(text) else here[1]
    found = [(n, e) for n, e in _output_sizes(text, nums, (lo, hi)) if not _not_tokens().match(text, n.end)]
    return found if len(found) == 1 else _reply_sizes(text, nums, (lo, hi))


def read_request_volumes(
    text: str,
    nums: list[Number],
    draft: Draft,
    periods: str,
    period_of,
    calendar: CalendarKind,
    settings: Settings,
    is_limit=lambda text, start, end: False,
) -> None:
    """Set the SLO from requests a period times output tokens a request, both said in one sentence."""
    per_period = _per_period(periods)
    said = [(n, m) for n in mentions(nums) if (m := per_period.match(text, n.end))]
    if not said and (handed := {m[1].lower() for m in _HANDED.finditer(text)}):  # "per sweep", "cada auditoría"
        said = [(n, m) for n in mentions(nums) if (m := _named_again(text, n, periods, handed))]
    for n, m in [(n, m) for n, m in said if is_limit(text, n.start, m.end())]:  # "Azure caps us at 2,000 requests a minute"
        draft.use(n.start, m.end(), "slo_tok_s")  # read: a vendor's limit, not the traffic
        said.remove((n, m))
    if "slo_tok_s" in draft.fields or draft.asked_about("slo_tok_s"):
        return
    for concept, unit_period in _RATE_UNITS if not said else ():
        unit = _per_unit(concept)
        if said := [(n, m) for n in mentions(nums) if (m := unit.match(text, n.end) or unit_before(concept).search(text, max(0, n.start - 24), n.start)) and not is_limit(text, min(n.start, m.start()), max(n.end, m.end()))]:
            period_of = lambda _, p=unit_period: p  # noqa: E731 - requests a second: the product is the rate itself
            break
    each = [(n, m) for n in mentions(nums) if (m := _EACH_TOKENS.match(text, n.end))]
    if len({n.value for n, _ in said}) > 1:  # "10 req/s peak, 2 req/s average": which to size for?
        (first, _), (_, last) = said[0], said[-1]
        draft.use(first.start, last.end(), "slo_tok_s")
        draft.ask(ASK_SLO, "slo_unclear", said=text[first.start : last.end()][:60])
        return
    for requests, per in said[:1]:
        if range_before().search(text, sentence(text, requests.start)[0], requests.start):  # "~2-3 req/s"
            draft.use(*span(requests, per), "slo_tok_s")
            draft.ask(ASK_SLO, "slo_unclear", said=text[max(0, span(requests, per)[0] - 8) : span(requests, per)[1]].strip()[:60])
            return
        here = sentence(text, requests.start)
        sizes = [(n, m.end()) for n, m in each if here[0] <= n.start < here[1] and (m.group("kind") or m.group("kind_after"))]
        if len(sizes) != 1 or len([n for n, m in each if here[0] <= n.start < here[1]]) != 1:
            sizes = _output_sizes(text, nums, here)  # "each ~3k tokens in and 500 tokens out"
            sizes = [(n, e) for n, e in sizes if not _not_tokens().match(text, n.end)]  # "each reply ~600 words"
        if len(sizes) != 1:
            sizes = _reply_sizes(text, nums, here)  # "each reply ~600 tokens", "respuestas de ~500 tokens"
        if not sizes:  # "Traffic: ~45k tickets/day" / "Avg reply: 350 tokens": the reply's size in a sentence beside it
            sizes = _beside(text, nums, here)
        if len(sizes) != 1 and (reply := beside_input(text, nums, here, requests)):  # "each hint ~120 tokens, prompts ~900"
            sizes = [reply[:2]]
            if "input_per_output" not in draft.fields and reply[0].value > 0:
                draft.set("input_per_output", round(reply[2] / reply[0].value, 6))
        if len(sizes) != 1:
            # no size, two, or tokens that may be input: the traffic was said, so ask, never price a default
            draft.use(*span(requests, per), "slo_tok_s")
            draft.ask(ASK_SLO, "slo_not_numeric", typed=text[slice(*span(requests, per))][:60])
            return
        size = sizes[0][0]
        period = period_of(per.groupdict().get("period"))
        volume = requests.value * size.value
        tok_s = volume if period == "second" else volume / float(period_hours(period, calendar, settings) * 3600)
        if tok_s <= 0 or tok_s > ABSURD_TOK_S:
            return
        draft.use(*span(requests, per), "slo_tok_s")
        said_from = _reply_word_start(text, size, sizes[0][1])
        draft.use(said_from, sizes[0][1], "slo_tok_s")
        draft.use(said_from, sizes[0][1], "input_per_output")  # "each answer is ~300 tokens": the output side, read
        draft.fields["slo_tok_s"] = tok_s
        draft.note(
            "volume_per_request", requests=plain(requests.value), size=plain(size.value), period=period
        )
        if period == "second":
            return
        hours = plain(float(period_hours(period, calendar, settings)))
        draft.note(
            "volume_converted",
            volume=plain(volume),
            period=period,
            tok_s=round(tok_s, 1),
            kind="output",
            hours=hours,
            calendar=calendar,
        )
