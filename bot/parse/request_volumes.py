"""Requests × tokens each: "3,000 requests a day with 500 output tokens each", "500 output tokens per call,
3k calls a day", "3.000 peticiones al día con 500 tokens de salida cada una". The product is a volume per
period, spread over the calendar's hours like any volume (bot/parse/volumes.py), said in a note."""

from __future__ import annotations

import re
from functools import cache

from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.figures import ABSURD_TOK_S, mentions
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from costcore.calendar import period_hours
from costcore.scenario import CalendarKind, Settings

_REQUESTS = r"(?:requests?|calls?|queries|query|completions?|peticion(?:es)?|petici[oó]n|llamadas?|consultas?|solicitud(?:es)?)"


@cache
def _per_period(periods: str) -> re.Pattern[str]:
    return re.compile(
        rf"\s?{_REQUESTS}\s?(?:an?|per|each|every|/|al|a\s+la|por|cada|in\s+an?)?\s?(?:the\s|el\s|la\s)?(?P<period>{periods})\b",
        re.I,
    )


# "500 output tokens each", "500 tokens of output per request", "500 tokens de salida cada una / por petición"
_EACH_TOKENS = lazy(
    r"\s?(?P<kind>output\s|generated\s)?tok(?:en)?s?(?P<kind_after>\s(?:of\s+output|de\s+salida|output|generados))?"
    rf"\s?(?:each|apiece|cada\s+un[oa]|(?:per|por|a|/|each|every|cada)\s?{_REQUESTS}|(?:in\s+)?(?:each|every)\s+(?:one|{_REQUESTS}))\b",
    re.I,
)


def _output_sizes(text: str, nums: list[Number], here: tuple[int, int]) -> list[tuple[Number, int]]:
    """The one figure of the sentence said with the output side ("500 tokens out", "250 de salida")."""
    from bot.parse import mix_parts

    found = [m for m in mix_parts.sizes().finditer(text, *here) if m.group("ao") or m.group("bo")]
    starts = {m.start("n") if m.group("n") else m.start("m"): m.end() for m in found}
    return [(n, starts[n.start]) for n in mentions(nums) if n.start in starts]


def read_request_volumes(
    text: str,
    nums: list[Number],
    draft: Draft,
    periods: str,
    period_of,
    calendar: CalendarKind,
    settings: Settings,
) -> None:
    """Set the SLO from requests a period times output tokens a request, both said in one sentence."""
    if "slo_tok_s" in draft.fields or draft.asked_about("slo_tok_s"):
        return
    per_period = _per_period(periods)
    said = [(n, m) for n in mentions(nums) if (m := per_period.match(text, n.end))]
    each = [(n, m) for n in mentions(nums) if (m := _EACH_TOKENS.match(text, n.end))]
    for requests, per in said[:1]:
        here = sentence(text, requests.start)
        sizes = [(n, m.end()) for n, m in each if here[0] <= n.start < here[1] and (m.group("kind") or m.group("kind_after"))]
        if len(sizes) != 1 or len([n for n, m in each if here[0] <= n.start < here[1]]) != 1:
            sizes = _output_sizes(text, nums, here)  # "each ~3k tokens in and 500 tokens out"
        if len(sizes) != 1:
            # no size, two, or tokens that may be input: the traffic was said, so ask, never price a default
            draft.use(requests.start, per.end(), "slo_tok_s")
            draft.ask(ASK_SLO, "slo_not_numeric", typed=text[requests.start : per.end()][:60])
            return
        size = sizes[0][0]
        period = period_of(per.group("period"))
        volume = requests.value * size.value
        tok_s = volume / float(period_hours(period, calendar, settings) * 3600)
        if tok_s <= 0 or tok_s > ABSURD_TOK_S:
            return
        draft.use(requests.start, per.end(), "slo_tok_s")
        draft.use(size.start, sizes[0][1], "slo_tok_s")
        draft.fields["slo_tok_s"] = tok_s
        draft.note(
            "volume_per_request", requests=plain(requests.value), size=plain(size.value), period=period
        )
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
