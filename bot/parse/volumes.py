"""Token volumes ("26 million output tokens a day") spread into sustained tok/s over the calendar's hours."""

from __future__ import annotations

import re
from fractions import Fraction

from bot.parse import lexicon
from bot.parse.draft import ASK_SLO, Draft
from bot.parse.figures import (
    ABSURD_TOK_S,
    PEOPLE,
    counted,
    first_number,
    mentions,
    plural_of,
    tail,
)
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.request_volumes import read_request_volumes
from costcore.calendar import period_hours
from costcore.scenario import CalendarKind, Settings

PERIOD_WORDS = {
    "minute": "minutes?|min|minutos?", "hour": "hours?|hr|horas?",
    "day": r"(?:business|working|work)[\s-]?days?|weekdays?|workdays?|d[ií]as?\s+(?:laborables?|h[aá]biles?)|jornadas?(?:\s+laborales?)?"
           r"|days?|daily|d[ií]as?|diarios?",
    "week": "weeks?|weekly|semanas?|semanales?", "month": "months?|monthly|mo|mes|meses|mensuales?",
    "year": "years?|yearly|a[ñn]os?|anuales?",
}  # fmt: skip
BUSINESS_DAY = lazy(r"business|work|weekday|laborable|h[aá]bil|jornada", re.I)

_TOKENS_WORD = r"(?:(?:output|input|de\s+salida|de\s+entrada|generated)\s)?(?:de\s)?tok(?:en)?s?(?:\s(?:de\s+salida|de\s+entrada|of\s+output|of\s+input|output|input|generados))?"
_BOTH = r"input\s?(?:and|\+|&)\s?output|in\s?\+\s?out|prompt\s?(?:and|\+|&)\s?completion|entrada\s+y\s+salida"
_TOTAL_BEFORE = rf"(?:(?:{_BOTH}|total|combined|overall|totales)\s)"
_TOTAL_AFTER = rf"(?:\s?,?\s?(?:in\s+total|total|combined|overall|en\s+total|(?:of\s+|de\s+)?(?:{_BOTH})))\b"
_PER_PERSON = rf"(?:\s?(?:per|por|each|every|an?|cada|/|for\s+each|para\s+cada)[\s-]?{PEOPLE})\b"
# A volume per anything else that is counted: "2M output tokens per tenant per day across 12 tenants".
_PERIODS = "|".join(PERIOD_WORDS.values())
_PER_UNIT = (
    rf"(?:\s?(?:per|por|each|every|cada|for\s+each|para\s+cada)[\s-]?"
    rf"(?!(?:{_PERIODS}|the|our|an?|one|el|la|un|una|single|request|petici[oó]n|call|llamada|per|por|each|every|cada|uno|"
    rf"of|de|al|and|y)\b)(?P<{{}}>[^\W\d_]{{{{3,}}}}))\b"
)
VOLUME = lazy(
    rf"\s?{_TOTAL_BEFORE}?{_TOKENS_WORD}(?P<total_mid>{_TOTAL_AFTER})?(?:(?P<who>{_PER_PERSON})|{_PER_UNIT.format('unit')}|\s(?:each|apiece|cada\s+uno)\b)?"
    r"\s?(?:an?|per|each|every|/|al|a\s+la|por|cada|by|in\s+an?|in\s+one|en\s+un)?\s?(?:the\s|el\s|la\s)?"
    r"(?:(?P<day_hours>\d{1,2})[\s-]?(?:hours?|hrs?|h|horas)[\s-]?)?"
    rf"(?P<period>{_PERIODS})\b(?:(?P<who_after>{_PER_PERSON})|{_PER_UNIT.format('unit_after')})?(?:{_TOTAL_AFTER})?"
    r"|\s?(?P<tpm>tpm)\b",
    re.I,
)
# What the tokens are, first match wins: "input and output tokens" is a total, not input.
_VOLUME_KINDS = (
    ("total", lazy(_BOTH, re.I)),
    ("output", lazy(r"output|salida|generated|generados", re.I)),
    ("input", lazy(r"input|entrada", re.I)),
    ("total", lazy(r"total|combined|overall", re.I)),
)
# How much of a volume is output, said right after it: "1B tokens a month, 20% output", "80% input",
# "25% of them output", "800M of them input", "mostly input (80%)", "el 20% de salida".
_OF_THEM = r"(?:of\s+(?:them|it|those|these|that|which)|de\s+(?:ellos|esos|estos))"
_SIDE = (
    r"(?:outputs?|inputs?|(?:de\s+)?salida|(?:de\s+)?entrada)\b"
    r"(?!\s*(?:and|\+|&|y|or|o|/)\s*(?:output|input|salida|entrada))"
)
_SHARE_AFTER = lazy(
    r"\s*[,;(:—-]?\s*(?:(?:and|with|y|con|of\s+which|de\s+los\s+cuales)\s+)?"
    r"(?:(?:mostly|mainly|about|around|roughly|mayormente|sobre\s+todo|casi\s+todo)\s+)?(?:"
    rf"(?:el\s+|un\s+|~)?(?P<pct>\d{{1,3}}(?:[.,]\d+)?)\s?(?:%|percent|por\s+ciento)\s+(?:{_OF_THEM}\s+)?"
    rf"(?:(?:are|is|es|son)\s+)?(?P<side>{_SIDE})"
    rf"|(?P<amount>\d[\d.,]*\s?(?:[kKMB]|bn|million|billion|millones)?)\s+{_OF_THEM}\s+(?:(?:are|is|son)\s+)?"
    rf"(?P<amount_side>{_SIDE})"
    rf"|(?P<pct_side>{_SIDE})\s*(?:is|are|es|son|:|=)?\s*\(?\s*(?:about|around|~)?\s*(?P<side_pct>\d{{1,3}}(?:[.,]\d+)?)\s?%"
    r")",
    re.I,
)
_OVER_HOURS = lazy(
    r"\s?,?\s?(?:over|in|during|across|within|spread\s+over|en|durante)\s+(?:an?\s+|the\s+|unas\s+|las\s+)?"
    r"(?P<hours>\d{1,2})[\s-]?(?:hours?|hrs?|h|horas)\b",
    re.I,
)


def _period(word: str) -> str:
    for name, pattern in PERIOD_WORDS.items():
        if re.fullmatch(pattern, word, re.I):
            return name
    return "day"


def _volume_kind(said: str) -> str | None:
    return next((kind for kind, pattern in _VOLUME_KINDS if pattern.search(said)), None)


def _output_share(share: re.Match[str], amount: float) -> float | None:
    """The fraction of a volume that is output, from "20% output", "80% input" or "800M of them input"."""
    if raw := share.group("amount"):
        part, side = (first_number(raw) or 0) / amount, share.group("amount_side")
    else:
        pct = share.group("pct") or share.group("side_pct")
        part, side = float(pct.replace(",", ".")) / 100, share.group("side") or share.group("pct_side")
    output = part if re.search(r"output|salida", side, re.I) else 1 - part
    return output if 0 < output < 1 else None


def _volume_hours(
    text: str, volume: re.Match[str], period: str, calendar: CalendarKind, settings: Settings
) -> tuple[Fraction, CalendarKind]:
    """Hours the volume flows in: "over 8 hours" as said, a business day's hours, else the calendar's."""
    over = _OVER_HOURS.match(text, volume.end())
    said = volume.group("day_hours") or (over.group("hours") if over else None)
    if said and 0 < int(said) <= period_hours(period, "24x7", settings):
        return Fraction(int(said)), calendar
    if BUSINESS_DAY.search(volume.group("period") or ""):
        calendar = "business_hours"
    return period_hours(period, calendar, settings), calendar


_LIMIT_BEFORE = lazy(
    r"\b(?:quota|limit|rate[\s-]limit|cap|capped|ceiling|allowance|cuota|l[ií]mite)s?\b[^.;\n]{0,25}$", re.I
)


def read_volumes(
    text: str, nums: list[Number], draft: Draft, calendar: CalendarKind, settings: Settings
) -> None:
    """ "26 million output tokens a day" -> sustained output tok/s, with a note saying so.

    The volume flows only in the hours the calendar says: a business day is 8 hours, not 86,400 seconds.
    A volume per user is times the users the question counts; a total of input and output tokens is split
    by the mix. Each step is said in a note; a step that lacks its figure asks.
    """
    for number in mentions(nums):
        volume = tail(text, number, VOLUME)
        if not volume or number.value <= 0:
            continue
        if volume.group("tpm") and _LIMIT_BEFORE.search(text[max(0, number.start - 40) : number.start]):
            continue  # "our Azure OpenAI quota is 100k TPM": a vendor's limit, not the traffic
        if over := _OVER_HOURS.match(text, volume.end()):
            draft.use(over.start(), over.end(), "calendar")
        period = "minute" if volume.group("tpm") else _period(volume.group("period"))
        amount, notes = number.value, []
        if volume.group("who") or volume.group("who_after"):
            users = counted(text, nums, PEOPLE, skip=number)
            if len(users) != 1:
                draft.ask(ASK_SLO, "users_for_volume", volume=plain(amount), period=period)
                continue
            notes.append(
                ("volume_times_users", {"volume": plain(amount), "users": users[0], "period": period})
            )
            amount *= users[0]
        elif unit := volume.group("unit") or volume.group("unit_after"):
            if any(lexicon.pattern("not_counted").fullmatch(unit + end) for end in ("", "s", "es")):
                continue  # "500k tokens per GPU per day": a capacity, not the traffic
            counts = counted(text, nums, plural_of(unit), skip=number)
            if len(counts) != 1:  # "2M tokens per tenant a day" and no count of tenants: ask
                draft.ask(ASK_SLO, "users_for_volume", volume=plain(amount), period=period)
                continue
            notes.append(
                ("volume_times_users", {"volume": plain(amount), "users": counts[0], "period": period})
            )
            amount *= counts[0]
        kind, mix = _volume_kind(volume.group(0)), draft.fields.get("input_per_output")
        output = amount
        if kind in (None, "total") and (share := _SHARE_AFTER.match(text, volume.end())):
            if (part := _output_share(share, amount)) is None:
                draft.ask(ASK_SLO, "total_volume_mix", volume=plain(amount), period=period)
                continue
            output, mix = amount * part, round((1 - part) / part, 6)
            draft.set("input_per_output", mix)
            share_note = {"volume": plain(amount), "output_share": plain(round(part * 100, 2))}
            notes.append(
                ("volume_share", share_note | {"output": plain(output), "input_per_output": plain(mix)})
            )
            amount, kind = output, "output"
        if kind == "input":
            if not mix:
                draft.ask(ASK_SLO, "input_volume_only", volume=plain(amount), period=period)
                continue
            output = amount / mix
        elif kind == "total":
            if mix is None:
                draft.ask(ASK_SLO, "total_volume_mix", volume=plain(amount), period=period)
                continue
            output = amount / (1 + mix)
            notes.append(
                (
                    "volume_split",
                    {"volume": plain(amount), "input_per_output": plain(mix), "output": plain(output)},
                )
            )
            amount, kind = output, "output"
        kind = kind or "output"
        hours, used = _volume_hours(text, volume, period, calendar, settings)
        if used == "business_hours" and BUSINESS_DAY.search(volume.group("period") or ""):
            draft.set("calendar", "business_hours")  # "per weekday": priced in business hours, said so
        tok_s = output / float(hours * 3600)
        if draft.asked_about("slo_tok_s"):
            continue
        if "slo_tok_s" in draft.fields:
            said = draft.fields["slo_tok_s"]
            if abs(said - tok_s) > 0.1 * max(said, tok_s):
                draft.conflict("slo_tok_s", [said, round(tok_s, 1)])
            continue
        if tok_s > ABSURD_TOK_S:
            draft.ask(ASK_SLO, "slo_absurd", value=plain(round(tok_s)), limit=ABSURD_TOK_S)
            continue
        draft.fields["slo_tok_s"] = tok_s
        for code, params in notes:
            draft.note(code, **params)
        draft.note(
            "volume_converted",
            volume=plain(amount),
            period=period,
            tok_s=round(tok_s, 1),
            kind=kind,
            hours=plain(float(hours)),
            calendar=used,
        )
    read_request_volumes(text, nums, draft, _PERIODS, _period, calendar, settings)  # "3k requests a day, 500 tokens each"
