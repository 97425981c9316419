"""A split working day: two clock spans in one clause whose hours add up to an office day ("de 9 a 14 y de 16 a
19", "jornada partida 8:00-13:00 y 15:00-18:00", "split shift 9-1 and 2-6", "8am-12pm and 1pm-5pm ET"). Each span
alone is neither calendar llmcost prices (5 h, 3 h); together they are a business day with a long lunch, priced
as the standard business day and said in a note (`business_hours_span`). The words between the spans are the
lexicon's `span_joiner` rows (and, y, plus, luego…); a span after another that starts earlier on the clock is
the afternoon ("9-1 and 2-6": 14:00). Called by bot/parse/calendar.py with the spans it found, in text order.
"""

from __future__ import annotations

from bot.parse import lexicon

# (typed, opens at, hours, start in the text, end in the text)
Span = tuple[str, float, float, int, int]


def joined(text: str, spans: list[Span], day: int) -> list[Span]:
    """`spans` with each pair said as one split day (`day` hours, or one more) merged into one span."""
    spans, out, i = sorted(spans, key=lambda s: s[3]), [], 0
    while i < len(spans):
        first = spans[i]
        if i + 1 < len(spans) and (merged := _pair(text, first, spans[i + 1])) and (
            merged[2] in (day, day + 1) or first[1] + first[2] == spans[i + 1][1]
        ):  # a split day, or back-to-back shifts ("6-14 and 14-22": 16 hours, which asks)
            out.append(merged)
            i += 2
            continue
        out.append(first)
        i += 1
    return out


def _pair(text: str, first: Span, second: Span) -> Span | None:
    gap = text[first[4] : second[3]]
    if len(gap) > 12 or not lexicon.pattern("span_joiner").fullmatch(gap.strip(" ,")) and gap.strip(" ,"):
        return None
    if not first[2] or not second[2]:  # an overnight span ("10pm to 6am") is no part of an office day
        return None
    closes, opens = first[1] + first[2], second[1]
    if opens < 8 and opens < closes <= opens + 12:  # "9-1 and 2-6": the afternoon (no office opens at 2 am)
        opens += 12
    if opens < closes:
        return None
    return (text[first[3] : second[4]], first[1], first[2] + second[2], first[3], second[4])
