"""Hours said of people beside hours said of the service (ctx14b, session 14): "The Singapore team works 9-5, but this
service … runs around the clock" is around the clock, "the Chicago team is on call 24/7 but the tool is only used
during business hours" is business hours. A calendar phrase is the people's when its clause (cut at punctuation and
contrast words) holds a lexicon `calendar_staff` row; when one calendar is said only of people and the other of the
service, the people's phrases are set aside (read, no calendar). Said alone, people's hours are the service's."""

from __future__ import annotations

import re

from bot.parse import lexicon
from bot.parse.lazyre import lazy

_CLAUSE_MARK = lazy(r"[,;:.!?()\n|—]|\s–\s")


def _clause(text: str, start: int, end: int) -> tuple[int, int]:
    lo, hi = max(0, start - 80), min(len(text), end + 80)
    a = max([lo] + [m.end() for m in _CLAUSE_MARK.finditer(text, lo, start)])
    b = next((m.start() for m in _CLAUSE_MARK.finditer(text, end, hi)), hi)
    a = max([a] + [m.end() for m in lexicon.pattern("contrast").finditer(text, a, start)])
    b = next((m.start() for m in lexicon.pattern("contrast").finditer(text, end, b)), b)
    return a, b


def _staff(text: str, start: int, end: int) -> bool:
    return bool(lexicon.pattern("calendar_staff").search(text, *_clause(text, start, end)))


def set_aside(text: str, found: dict[object, list[re.Match[str]]], always: tuple, business: tuple, days: tuple) -> None:
    """Drop from `found` the phrases of a calendar said only of people when a calendar is said of the service. The
    tuples hold the keys of `found` whose matches say around the clock, business hours, and days or shifts that
    price neither ("operators sit in Manila on the night shift, but the model serves 9-5 Eastern"). Days are no
    calendar of their own: "our office works 9 to 5, Monday to Friday" keeps its hours."""
    if not lexicon.pattern("calendar_staff").search(text):
        return
    flags = {
        name: [_staff(text, m.start(), m.end()) for key in keys for m in found[key]]
        for name, keys in (("always", always), ("business", business), ("days", days))
    }
    people = {name: bool(f) and all(f) for name, f in flags.items()}
    service = {name: any(not s for s in f) for name, f in flags.items()}
    drop = []
    if people["always"] and service["business"]:
        drop.append(always)
    if people["business"] and service["always"]:
        drop.append(business)
    if people["days"] and (service["always"] or service["business"]):
        drop.append(days)
    for keys in drop:
        for key in keys:
            found[key] = []
