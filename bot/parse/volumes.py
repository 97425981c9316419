"""Token volumes ("26 million output tokens a day") spread into sustained tok/s over the calendar's hours."""

from __future__ import annotations

import re
from fractions import Fraction

from bot.parse.counts import heads
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.figures import ABSURD_TOK_S, PEOPLE, counted, mentions, tail
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.request_volumes import read_request_volumes
from bot.parse.volume_forms import (  # noqa: F401  PERIOD_WORDS: compose and quantities read it here
    _OVER_HOURS,
    _PERIODS,
    _SHARE_AFTER,
    BARE_TOKENS,
    BUSINESS_DAY,
    PERIOD_WORDS,
    RATE_UNIT_PERIODS,
    VOLUME,
    _output_share,
    _period,
    _volume_kind,
)
from bot.parse.volume_lead import LeadVolume
from bot.parse.volume_limits import is_limit
from bot.parse.volume_scope import (
    all_output,
    lead_total,
    share_later,
    side_by_clause,
    side_by_verb,
    total_by_clause,
)
from bot.parse.volume_share_before import share_before
from bot.parse.volume_spans import shifts_a_day, span, span_hours
from bot.parse.volume_units import capacity_unit, lead_unit, period_hours, unit_counts
from costcore.scenario import CalendarKind, Settings

SPANS = ("shift", "night", "window")  # periods with hours of their own (bot/parse/volume_spans.py)


def _volume_hours(
    text: str, volume: re.Match[str], period: str, calendar: CalendarKind, settings: Settings
) -> tuple[Fraction, CalendarKind]:
    """Hours the volume flows in: "over 8 hours" as said, a business day's hours, else the calendar's."""
    over = _OVER_HOURS.match(text, volume.end())
    said = volume.group("day_hours") or (over.group("hours") if over else None)
    if said and 0 < int(said) <= period_hours(period, "24x7", settings):
        return Fraction(int(said)), _working_day(volume, period, int(said), calendar)
    if BUSINESS_DAY.search(volume.group("period") or ""):
        calendar = "business_hours"
    return period_hours(period, calendar, settings), calendar


_THEIR = lazy(r"\b(?:their|his|her|su|sus)\s", re.I)


def _working_day(volume: re.Match[str], period: str, hours: int, calendar: CalendarKind) -> CalendarKind:
    """ "12k output tokens during their 8-hour day", "en su jornada de 8 horas": people's day of working hours is a
    business day (w2num s11); "26M tokens in an 8-hour day" (whose day is not said), "over 20 hours" are not."""
    working = BUSINESS_DAY.search(volume.group("period") or "") or (volume.group("day_hours") and _THEIR.search(volume.group(0)))
    return "business_hours" if period == "day" and working and hours <= 12 else calendar


# An average said of one side's size ("la entrada media es de 4.000 tokens", "prompts average 5,000 tokens"):
# a request's size, not a volume over the past period the message names ("datos de la semana pasada").
_AVERAGE = lazy(r"\b(?:averages?|averaging|avg|mean|typical(?:ly)?|medias?|medios?|promedio)\b", re.I)


def _average_size(text: str, pos: int, lo: int) -> bool:
    from bot.parse import mix_parts

    return any(
        m.start() <= pos < m.end() and _AVERAGE.search(text, max(lo, m.start() - 20), m.end())
        for m in mix_parts.sizes().finditer(text, max(lo, pos - 80), min(len(text), pos + 40))
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
        volume = tail(text, number, VOLUME) or LeadVolume.adjective(text, number.end)
        if not volume and (bare := tail(text, number, BARE_TOKENS)):
            lo, hi = sentence(text, number.start)
            volume = LeadVolume.before(text, bare, lo, number.start) or lead_total(text, bare, lo, number.start) or (
                None if _average_size(text, number.start, lo) else LeadVolume.past(text, bare, lo, hi)
            )
        if not volume or number.value <= 0:
            continue
        draft.use(number.start, volume.end(), "slo_tok_s")  # weighed: the traffic, a limit or a capacity
        if is_limit(text, number.start, volume.end()):
            draft.use(number.start, volume.end(), "slo_tok_s")
            continue  # "our Azure OpenAI quota is 100k TPM": a vendor's limit, not the traffic
        if over := _OVER_HOURS.match(text, volume.end()):
            draft.use(over.start(), over.end(), "calendar")
        period = RATE_UNIT_PERIODS[tpm.lower()] if (tpm := volume.group("tpm")) else _period(volume.group("period"))
        period = span(volume.group("period")) or period  # "per shift", "a night": hours of its own
        amount, notes = number.value, []
        users: list[int] | None = None
        if volume.group("who") or volume.group("who_after"):
            users = counted(text, nums, PEOPLE, skip=number) or heads(text, nums)  # "headcount: 900"
        elif unit := volume.group("unit") or volume.group("unit_after") or lead_unit(text, number.start):
            if capacity_unit(unit, text, nums, number):
                continue  # "500k tokens per GPU per day": a capacity, not the traffic
            users = unit_counts(text, nums, unit, number)  # "2M tokens per tenant a day": the tenants
            if not users and any(re.fullmatch(PEOPLE, w, re.I) for w in (unit.split()[0], unit.split()[-1])):
                # "por cabeza calculamos 9.000 tokens", "per head we expect 9,000…": the people
                users = counted(text, nums, PEOPLE, skip=number) or heads(text, nums)
        if users is not None:
            if len(users) != 1:  # no count, or two: ask
                draft.ask(ASK_SLO, "users_for_volume", volume=plain(amount), period=period)
                continue
            notes.append(("volume_times_users", {"volume": plain(amount), "users": users[0], "period": period}))
            amount *= users[0]
        kind, mix = _volume_kind(volume.group(0)), draft.fields.get("input_per_output")
        if kind is None:  # "input runs about 1.46B tokens", "we process 60M tokens a day": said around it (volume_scope.py)
            lo, hi = sentence(text, number.start)
            kind = side_by_clause(text, number.start, lo) or ("output" if all_output(text, lo, hi) else None)
            kind = kind or ("total" if total_by_clause(text, number.start, volume.end(), lo, hi) else None) or side_by_verb(text, number.start, lo)
        output, before = amount, share_before(text, number.start, volume.end()) if kind in (None, "total") else None
        if before or (kind in (None, "total") and (share := _SHARE_AFTER.match(text, volume.end()) or share_later(text, volume.end()))):
            if before:  # "el 25 % de los 4.000 millones de tokens mensuales es salida"
                part = before[0]
                draft.use(before[1], number.start, "input_per_output")
                draft.use(volume.end(), before[2], "input_per_output")
            else:
                draft.use(share.start(), share.end(), "input_per_output")  # "1B tokens a month, 20% output"
                part = _output_share(share, amount)
            if part is None:
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
        if period in SPANS:  # "72M tokens per shift; each shift lasts 8 hours": those hours, or ask
            if said_hours := span_hours(text, volume):
                draft.use(said_hours[1], said_hours[2], "slo_tok_s")  # "the batch window is 10 hours": read
                hours, used = Fraction(said_hours[0]), calendar
            elif period == "shift" and (per_day := shifts_a_day(text, volume)):
                draft.use(per_day[1], per_day[2], "slo_tok_s")  # "we run 3 shifts a day": the shifts fill the day
                notes.append(("volume_shifts", {"volume": plain(amount), "shifts": per_day[0], "period": "day"}))
                amount, output, period = amount * per_day[0], output * per_day[0], "day"
                hours, used = _volume_hours(text, volume, period, calendar, settings)
            else:
                draft.ask(ASK_SLO, "volume_span_hours", volume=plain(amount), period=period)
                continue
        else:
            hours, used = _volume_hours(text, volume, period, calendar, settings)
        if used == "business_hours" and (BUSINESS_DAY.search(volume.group("period") or "") or volume.group("day_hours")):
            draft.set("calendar", "business_hours")  # "per weekday": priced in business hours, said so
            # the days were the volume's period, not days without hours: the calendar reader's question goes
            draft.asks = [(p, f) for p, f in draft.asks if f.code != "calendar_unclear" or f.params.get("said", "").lower() not in volume.group(0).lower()]
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
    read_request_volumes(text, nums, draft, _PERIODS, _period, calendar, settings, is_limit)  # "3k requests a day, 500 tokens each"
