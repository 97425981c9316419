"""A volume whose period was said apart from it (bot/parse/volumes.py reads it): before it in its sentence ("each day
we send 5B prompt tokens", "al día 43,2 millones de tokens de salida"), as an adjective ("43.2M daily output tokens")
or as a past period ("last month: 1.5B output tokens"). The forms of a volume said in place are
bot/parse/volume_forms.py."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.volume_forms import _COUNTED_BEFORE, _PERIODS, BARE_TOKENS, LEAD_PERIOD, VOLUME, _volume_kind

# A period said as an adjective between the figure and its tokens: "43.2M daily output tokens" (and a config key
# "daily_output_tokens" read as words).
_ADJECTIVE = lazy(r"\s?(?P<adj>daily|weekly|monthly|hourly)\s", re.I)
# Tokens right before a lead period: the period is that volume's own ("900M tokens a month"), not a later figure's.
_OWN_TOKENS = lazy(r"\btok(?:en)?s?(?:\s+(?:de\s+)?[^\W\d_]+)?\s*$", re.I)
_ADJECTIVE_PERIODS = {"daily": "day", "weekly": "week", "monthly": "month", "hourly": "hour"}


class LeadVolume:
    """A volume whose period was said before it, shaped like a VOLUME match read in place."""

    def __init__(self, tokens: re.Match[str], period: str) -> None:
        self._match = VOLUME.match(f"{tokens.group(0)} a {period}")
        self._end = tokens.end()

    def group(self, name: int | str = 0) -> str | None:
        return self._match.group(name) if self._match else None

    def end(self) -> int:
        return self._end

    @classmethod
    def before(cls, text: str, tokens: re.Match[str], lo: int, start: int) -> LeadVolume | None:
        """The volume `tokens` with the last period said before it in its sentence, if any."""
        leads = list(LEAD_PERIOD.finditer(text, lo, start))
        lead = leads[-1] if leads else None
        if lead is None or _COUNTED_BEFORE.search(text, max(lo, lead.start() - 30), lead.start()):
            return None  # "10,000 calls a day, 3k tokens each": the period is the calls', not the tokens'
        if _OWN_TOKENS.search(text, max(lo, lead.start() - 30), lead.start()):
            return None  # "900M tokens a month …, 8 input tokens for every output token": the month is the 900M's
        adverbs = {"daily": "day", "weekly": "week", "monthly": "month"}
        period = lead.group("period") or next(p for k, p in adverbs.items() if lead.group(k))
        volume = cls(tokens, period)
        # only a volume that says its side, by its words or a verb of its own between the period and it ("every
        # day the assistant writes 12 million tokens", "cada día generamos 40 millones"): "each day 50M tokens"
        # may be anything
        return volume if volume._match and (_volume_kind(tokens.group(0)) or _written(text, lead.end(), start)) else None

    @classmethod
    def adjective(cls, text: str, at: int) -> LeadVolume | None:
        """The volume whose period sits before its tokens as an adjective: "43.2M daily output tokens"."""
        adj = _ADJECTIVE.match(text, at)
        tokens = BARE_TOKENS.match(text, adj.end()) if adj else None
        if tokens is None:
            return None
        volume = cls(tokens, _ADJECTIVE_PERIODS[adj.group("adj").lower()])
        return volume if volume._match else None

    @classmethod
    def past(cls, text: str, tokens: re.Match[str], lo: int, hi: int) -> LeadVolume | None:
        """The volume `tokens` over a past period said in its sentence, before or after it ("last month: 1.5B
        output tokens", "we burned 40M tokens last week", "el mes pasado consumimos 900 M de tokens", "yesterday's
        bill was for 20M tokens"): that much per such period. A volume that says no side is output, as in place."""
        said = [m for m in _past().finditer(text, lo, hi) if m.end() <= tokens.start() or m.start() >= tokens.end()]
        if not said:
            return None
        m = min(said, key=lambda m: min(abs(m.start() - tokens.end()), abs(tokens.start() - m.end())))
        volume = cls(tokens, "day" if m.group("day") else "month" if m.group("month") else (m.group("period") or m.group("period_after")))
        return volume if volume._match else None


def _written(text: str, lo: int, hi: int) -> bool:
    """An output verb and no input verb between a lead period and its tokens: what the model writes."""
    return bool(lexicon.pattern("mix_write_verb").search(text, lo, hi)) and not lexicon.pattern("mix_read_verb").search(text, lo, hi)


@cache
def _past() -> re.Pattern[str]:
    """A past period (lexicon `past_before`, `past_after`, `past_day`): "last month", "over the past week",
    "la semana pasada", "el último mes", "yesterday", "ayer", a month by name ("in November", "en octubre"), or a
    coming period (`future_before`: "next year", "el próximo año")."""
    from bot.parse import lexicon

    return lazy(
        rf"\b(?:(?:{lexicon.alternation('past_before')}|{lexicon.alternation('future_before')})\s+(?P<period>{_PERIODS})"
        rf"|(?P<period_after>{_PERIODS})\s+(?:{lexicon.alternation('past_after')})|(?P<day>{lexicon.alternation('past_day')})"
        rf"|(?:in|during|for|over|en|durante|de)\s+(?P<month>{lexicon.alternation('month_name')}))\b",  # "in November", "en octubre"
        re.I,
    )
