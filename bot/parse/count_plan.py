"""A count that changes over a plan (count17, session 17): a per-unit need composed with a count the message then
changes ("goes from 4 countries to 10", "next year we add 4 more", "Q1: 3 hospitals, Q2: 5 more", "cerramos 5 de
las 12") is sized for the changed count when the message says it sizes for the plan ("Price phase two", "cost for
all ten", "Dimensiona para las que quedan"; lexicon `count_target`), keeps today's when it says so (`count_target_now`),
and otherwise asks how many (`rate_per_group`): never today's count in silence. The change words are lexicon rows
(`count_to`, `count_grow`, `count_more_before`, `count_more_after`, `count_less_before`); a year, a tok/s, a share
or a time is no count.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.counts import Count, counts, whole_numbers
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.rate_units import TOK_S

_NOT_COUNT = lazy(r"\s*(?:%|percent|por\s+ciento|k\b|m\b|tok|tps|t/s|ms|s\b|sec|seg|h\b|hours?|horas?|am\b|pm\b|x\b|×|[.,]\d|/)", re.I)
_FROM = lazy(r"(?:\bfrom|\bde|\bdesde)\s+(?:(?:our|the|its|l[oa]s|nuestr[oa]s|sus)\s+)?$", re.I)
_NEW = lazy(r"\b(?:new|nuev[oa]s|additional|more|m[aá]s)\b", re.I)
_OF = lazy(r"\s+(?:of|de|out\s+of)\s+(?:(?:our|the|its|l[oa]s|nuestr[oa]s|sus)\s+)?$", re.I)


@cache
def _words(concept: str, end: str = "") -> re.Pattern[str]:
    start = "" if concept == "count_later_after" else lexicon.WORD_START  # that one starts at the number's end
    return lazy(rf"{start}(?:{lexicon.alternation(concept)}){end}", re.I)


def replan(text: str, nums: list[Number], draft: Draft, done) -> None:
    """The composed need × the count the plan arrives at, or asked when the message does not say which."""
    count = done.params["count"]
    said = next((c for c in counts(text, nums) if c.value == count and c.noun), None)
    if said is None:
        return
    found = _changes(text, nums, said)
    if not found or (new := found[0][0]) == count:
        return
    if any(_conditioned(text, start) for _, start, _ in found):
        found = [(0, 0, 0), *found]  # "should the deal close, 3 more": which count to size for is asked
    for _, start, end in [*found, (0, said.start, said.end)]:
        draft.use(start, end, "slo_tok_s")
    named = _named_target(text, said, found)
    now = named == "now" or _words("count_target_now").search(text)
    if len({v for v, _, _ in found}) == 1 and (named or _words("count_target").search(text)) and not now:
        total = float(done.params["each"]) * new
        draft.notes = [n for n in draft.notes if n is not done and n.code != "count_current"]
        draft.fields["slo_tok_s"] = total
        draft.note("rate_multiplied", count=new, each=plain(float(done.params["each"])), tok_s=plain(total))
        draft.note("count_current", old=plain(count), new=plain(new))
    elif not now:
        draft.notes = [n for n in draft.notes if n is not done and n.code != "count_current"]
        draft.fields.pop("slo_tok_s", None)
        draft.ask(ASK_SLO, "rate_per_group", tok_s=done.params["each"], group=said.noun.split()[-1].lower())


_TOKEN = lazy(r"[^\W_]{2,}|\d+", re.I)
_FILLER = lazy(r"(?:me|us|it|this|that|the|for|on|of|out|with|el|la|los|las|para|con|de|del|nos|lo)$", re.I)
_ALL_N = lazy(r"(?<!\w)(?:all|tod[oa]s(?:\s+l[oa]s)?|the|l[oa]s)\s+(?P<n>\d+)(?!\w)", re.I)


def _named_target(text: str, said: Count, found: list[tuple[int, int, int]]) -> str | None:
    """What the sizing words name: the change's ("two more join in spring. Price the spring configuration", "en
    septiembre se suman 15 más. Calcula septiembre", "… with all 10"): "change"; today's ("Phase 1 is 3 countries,
    phase 2 adds 5 more … Price phase 1"): "now"; neither said: None."""
    value, start, end = found[0]
    if any(int(m["n"]) == value for m in _ALL_N.finditer(text, end) if m.start() > end):
        return "change"
    clause = sentence(text, start)
    near = {t.lower() for t in _TOKEN.findall(text, max(clause[0], said.end, start - 30), min(clause[1], end + 30))}
    own = {t.lower() for t in _TOKEN.findall(text, max(sentence(text, said.start)[0], said.start - 30), said.end)}
    for m in [*_words("count_target_verb", lexicon.WORD_END).finditer(text, end), *_words("count_target").finditer(text, end)]:
        named = [t.lower() for t in _TOKEN.findall(text, m.start(), m.end() + 40) if not _FILLER.match(t)][1:4]
        if any(t in own and t not in near for t in named) and any(t in own and t in near for t in named):
            return "now"  # "Phase 1 is 3 countries, phase 2 adds 5 more … Price phase 1": the label today's count has
        if any(t in near and t not in own and not t.isdigit() for t in named[:2]):
            return "change"
    return None


def _changes(text: str, nums: list[Number], said: Count) -> list[tuple[int, int, int]]:
    """(count the plan arrives at, start, end) of each change said of the count, in its sentence or those beside it."""
    lo, hi = sentence(text, said.start)
    lo = sentence(text, lo - 2)[0] if lo > 1 else lo  # "se suman 5 tiendas más; hoy son 8 tiendas"
    hi = sentence(text, min(hi + 1, len(text)))[1] if hi < len(text) else hi
    out = []
    for start, end, value in whole_numbers(text, nums):
        if not lo <= start < hi or said.start <= start < said.end or not value.is_integer() or _no_count(text, start, end, value):
            continue
        value = round(value)
        if start >= said.end and _FROM.search(text, max(0, said.start - 24), said.start) and _to_between(text, said.end, start):
            out.append((value, start, end))  # "from 4 countries to 10"
        elif start >= said.end and _grown(text, said.end, start) and not said_with_noun(text, end, said.noun):
            out.append((value, start, end))  # "4 countries, growing to 10"
        elif start >= said.end and _words("count_later_after").match(text, end) and not _more(text, start, end):
            out.append((value, start, end))  # "12 tenants today and 20 by then"
        elif _more(text, start, end):
            out.append((said.value + value, start, end))  # "next year we add 4 more"
        elif closing(text, start):
            whole = _of_whole(text, nums, end)
            out.append(((whole or said.value) - value, start, end))  # "closing 5 of the 12", "cerramos 5 de las 12"
    new = _NEW.search(text, said.start, min(len(text), said.end + 10))  # "three new markets", "dos mercados nuevos"
    if new and (kept := _words("count_kept_on").search(text, said.end, hi)):
        out.append((said.value + 1, kept.start(), kept.end()))  # "three new markets …, and Spain stays on too": 4
    return [c for c in out if c[0] >= 1]


def conditioned(text: str, nums: list[Number], draft: Draft) -> None:
    """People at once, and more of them under a condition ("Should the merger close, 400 more users join; today 300
    users at once"): how many at once is asked."""
    if "concurrency" not in draft.fields or draft.asks:
        return
    for start, end, _ in whole_numbers(text, nums):
        if _more(text, start, end) and _conditioned(text, start) and not _no_count(text, start, end, 0):
            users = draft.fields.pop("concurrency")
            draft.use(start, end, "concurrency")
            draft.ask(ASK_SLO, "users_at_once", users=users)
            return


def _conditioned(text: str, start: int) -> bool:
    """A condition word in the clause before the number."""
    clause = max(text.rfind(c, 0, start) for c in ".;:\n!?")
    return _words("count_if", lexicon.WORD_END).search(text, clause + 1, start) is not None


def a_change(text: str, start: int, end: int) -> bool:
    """A statement of a count that adds to it or takes from it ("4 more warehouses", "closing 5 of the 12"), no
    restatement of it (bot/parse/revisions.py)."""
    return _more(text, start, end) or closing(text, start)


def closing(text: str, start: int) -> bool:
    """A number right after a closing word ("cerramos 5 de las 12"): units taken away, no part of the whole."""
    return _words("count_less_before", r"\s+(?:(?:about|around|some|unos|unas)\s+)?$").search(text, max(0, start - 30), start) is not None


def said_with_noun(text: str, end: int, noun: str) -> bool:
    """ "llegar a 25 colegios el próximo año": the count said again with its noun is revisions.py's (today's)."""
    head = noun.split()[-1][:4].lower() if noun else ""
    return bool(head) and text[end : end + 40].lower().lstrip().startswith(head)


def _no_count(text: str, start: int, end: int, value: float) -> bool:
    if TOK_S.match(text, end) or _NOT_COUNT.match(text, end) or (start > 0 and text[start - 1] in ":/$€£"):
        return True
    return 1900 <= value <= 2100 and text[start:end].isdigit()  # "by 2027": a year


def _to_between(text: str, end: int, start: int) -> bool:
    between = text[end:start]
    return len(between) < 40 and _words("count_to", r"\s+(?:(?:about|around|some|unos|unas)\s+)?$").search(between) is not None


def _grown(text: str, end: int, start: int) -> bool:
    return start - end < 80 and _words("count_grow", r"\s+(?:(?:about|around|some|unos|unas)\s+)?$").search(text, end, start) is not None


def _more(text: str, start: int, end: int) -> bool:
    if _words("count_more_after", lexicon.WORD_END).match(text, end + 1 if text[end : end + 1] == " " else end):
        return True
    return _words("count_more_before", r"\s+(?:(?:about|around|some|unos|unas)\s+)?$").search(text, max(0, start - 30), start) is not None


def _of_whole(text: str, nums: list[Number], end: int) -> int | None:
    """ "5 of the 12": the 12."""
    for start, _, value in whole_numbers(text, nums):
        if end < start < end + 24 and _OF.search(text, end, start) and value.is_integer():
            return round(value)
    return None
