"""The forms a unit is counted in, anywhere in the message (bot/parse/per_unit.py): "nine countries", "14 regional
offices", "Brands: 6", "tenants = 16", "Franchises (11)", "Stores (we have 25)", "number of schools: 30", "el número de
sedes es 12", "how many analysts? roughly 80", "¿cuántos usuarios? unos 250", a list whose items are the units
("Plants: Monterrey, Puebla and Saltillo", "las plantas son Monterrey, Puebla y Saltillo"), and "N of them" /
"there are 6" / "son 6" in the sentence that names the units or the one after it. Numbers in words count like digits
(`counts.whole_numbers`). The words are the lexicon's (`count_label`, `count_label_of`, `count_question`,
`list_are`, `there_are`, `count_of_them`, `count_about`, `peak_count`, `online_word`, `at_once`).
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon, named_lists
from bot.parse.count_nouns import PER_PERIOD
from bot.parse.counts import counts, whole_numbers
from bot.parse.draft import sentence
from bot.parse.figures import plural_of
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.rate_units import TOK_S
from bot.parse.unit_at_once import at_once_number  # noqa: F401  split out (count14 s14); callers read it here

_STOP = r"(?:per|por|each|every|cada|of|de|del|a|an|the|for|para|at|in|en|x|by|con|with|and|y|or|o)"


def _stems(noun: str) -> set[str]:
    """The noun as typed and without a plural ending: "plants" / "plant", "countries" / "country", "sedes" / "sed"."""
    low = noun.lower()
    out = {low}
    if low.endswith("ies") and len(low) > 4:
        out.add(low[:-3] + "y")
    if low.endswith("es") and len(low) > 4:
        out.add(low[:-2])
    if low.endswith("s") and not low.endswith("ss") and len(low) > 3:
        out.add(low[:-1])
    return out


def singular(noun: str) -> str:
    """The shortest stem of the noun that is a word: "regions" → "region", "countries" → "country"."""
    stems = sorted(_stems(noun), key=len)
    return next((s for s in stems if not s.endswith("e") or s == noun.lower()), noun.lower()) if len(stems) > 1 else noun.lower()


def forms(unit: str) -> str:
    """A pattern for the unit in the singular or the plural, accents either way ("región" / "regiones")."""
    words = unit.split()
    last = "|".join(plural_of(s) for s in sorted(_stems(words[-1]), key=len, reverse=True))
    return r"\s+".join([*(re.escape(w.lower()) for w in words[:-1]), f"(?:{last})(?:s|es)?"])


def _is(concept: str, noun: str) -> bool:
    said = {w for s in _stems(noun) for w in (s, s + "s", s + "es", s[:-1] + "ies" if s.endswith("y") else s)}
    return any(lexicon.pattern(concept).fullmatch(w) for w in said)


US = "us"  # the unit of "each of us", "cada uno de nosotros": the people who write


def kind(unit: str) -> str | None:
    """ "person" (a stream each), "group" (adds up), or None: hardware, a time, the figures' own items. Of two
    words the last is the head: "call centre" is a place, "concurrent user" a person."""
    unit = unit.split()[-1]
    if unit == US:
        return "person"
    if any(_is(c, unit) for c in ("not_group", "not_counted", "hardware_nouns")):
        return None
    if _is("person_nouns", unit) or _is("stream_nouns", unit) or not _is("group_nouns", unit) and _is("person_suffix", unit):
        return "person"  # "tellers", "handlers": one who does something has a stream of their own (count14 s14)
    return "group"


def known_group(unit: str) -> bool:
    return _is("group_nouns", unit)


def head(text: str, unit: str) -> str:
    """Of two words after the marker, both when the message counts them together ("per business line … 6 business
    lines", "every call centre … the call centres"), else the first ("per hospital we need")."""
    words = unit.split()
    if len(words) == 1:
        return unit
    if kind(words[1]) and len(re.findall(rf"(?<!\w){forms(unit)}(?!\w)", text, re.I)) > 1:
        return unit
    if kind(words[1]) and not kind(words[0]) and re.search(rf"\d\s+{forms(words[1])}(?!\w)", text, re.I):
        return words[1]  # "per airline partner … there are 13 partners": an English compound's head is its last noun
    return words[0]


@cache
def _before(unit: str) -> tuple[re.Pattern[str], ...]:
    u = forms(unit)
    about = rf"(?:(?:{lexicon.alternation('count_about')}|roughly|maybe|quiz[aá]s?)\s+|[~≈]\s*)?"
    art = r"(?:(?:the|our|l[oa]s|nuestr[oa]s)\s+)?"
    return (
        # "Brands: 6", "tenants = 16", "Franchises (11)", "tenant count: 12", "site_count: 14", "Markets we serve: 8"
        lazy(rf"(?<![^\W_]){u}(?:[\s_]*{lexicon.alternation('count_label')}|(?:\s+[^\W\d_]+){{1,2}})?\s*(?:[:=]|\((?:\s*(?:{lexicon.alternation('there_are')})\s)?)\s*{about}$", re.I),
        # "number of schools: 30", "el número de sedes es 12"
        lazy(rf"(?<!\w){lexicon.alternation('count_label_of')}\s+{art}{u}\s*(?:[:=]|is|are|es|son)?\s*{about}$", re.I),
        # "how many analysts? Roughly 80", "¿cuántos usuarios? unos 250"
        lazy(rf"(?<!\w){lexicon.alternation('count_question')}\s+{u}[^.\n\d]{{0,12}}\?\s*(?:[^\W\d_]+\s+){{0,2}}[~≈]?\s*$", re.I),
    )


@cache
def _after(unit: str) -> re.Pattern[str]:  # "nine countries", "14 regional offices", "x 6 business lines"
    return lazy(rf"\s+(?:(?!{_STOP}\s)[^\W\d_][\w-]*\s+)?{forms(unit)}(?![^\W\d_])", re.I)


_PART_BEFORE = lazy(r"(?<![\w.,])(?P<n>\d+)\s+(?:of|de|out\s+of)\s+(?:(?:our|the|its|l[oa]s|nuestr[oa]s|sus)\s+)?$", re.I)
_PRONOUN_END = lazy(r"(?:\s+(?:of\s+them|of\s+those|de\s+ell[oa]s|in\s+total|en\s+total|in\s+all))?\s*(?:[).,;:!?—–-]|\band\b|\by\b|$)", re.I)


@cache
def _pronoun_before() -> re.Pattern[str]:  # "There are 6 of them.", "of which there are 5", "son 6"
    return lazy(rf"(?<!\w)(?:of\s+which\s+)?(?:{lexicon.alternation('there_are')})\s+(?:{lexicon.alternation('count_about')}\s+)?$", re.I)


@cache
def _one(unit: str) -> re.Pattern[str]:
    return lazy(rf"(?<![\w-])(?:{lexicon.alternation('one_count')})\s+(?:[^\W\d_]+\s+)?{forms(unit)}(?![^\W\d_])", re.I)


def counts_of(text: str, nums: list[Number], unit: str, skip: Number | None = None) -> list[tuple[int, int, int]]:
    """(value, start, end) of every count of `unit` the message says, in order."""
    if unit == US:
        return _us(text, nums)
    out = []
    u = lazy(rf"(?<!\w){forms(unit)}(?!\w)", re.I)
    mentioned = [m.start() for m in u.finditer(text)]
    if not mentioned:
        return out
    for start, end, value in whole_numbers(text, nums):
        if (skip is not None and start == skip.start) or TOK_S.match(text, end) or not value.is_integer():
            continue
        if (m := _after(unit).match(text, end)) and not PER_PERIOD.match(text, m.end()):
            out.append((round(value), start, m.end()))
            if part := _PART_BEFORE.search(text, max(0, start - 24), start):  # "only 2 of our 5 regions": which?
                out.append((int(part["n"]), part.start(), m.end()))
        elif any(p.search(text, max(0, start - 60), start) for p in _before(unit)):
            out.append((round(value), start, end))
        elif (
            _pronoun_before().search(text, max(0, start - 30), start)
            and (tail := _PRONOUN_END.match(text, end))
            and any(sentence(text, sentence(text, start)[0] - 2)[0] <= at < start for at in mentioned)
        ):  # "the call centres. There are 6 of them.": the units named in this sentence or the one before
            out.append((round(value), start, tail.end()))
    for m in _one(unit).finditer(text):  # "only one team", "un solo equipo"
        out.append((1, m.start(), m.end()))
    for n, start, end, noun in named_lists.named(text):  # "Plants: A, B and C", "tenants A/B/C", "for Acme and Globex"
        if not noun or u.fullmatch(noun):
            out.append((n, start, end))
    made = {c.start: c.value for c in counts(text, nums) if c.group is False}  # "4 oficinas de 60 personas": 240
    out = [(made[s] if made.get(s, v) > v and v and made[s] % v == 0 else v, s, e) for v, s, e in out]
    return sorted(out, key=lambda c: c[1])


@cache
def _we() -> tuple[re.Pattern[str], re.Pattern[str]]:
    before = lazy(rf"(?<!\w)(?:{lexicon.alternation('we_count_before')})\s+(?:{lexicon.alternation('count_about')}\s+|~\s*)?$", re.I)
    after = lazy(rf"\s+(?:{lexicon.alternation('we_count_after')}|and|y)(?!\w)|\s*(?:[.,;!?)]|$)", re.I)
    return before, after


def _us(text: str, nums: list[Number]) -> list[tuple[int, int, int]]:
    """ "we're 12 on the team", "we are 300", "12 of us", "somos 12", "un equipo de 12": how many write."""
    before, after = _we()
    out = []
    for start, end, value in whole_numbers(text, nums):
        tail = after.match(text, end)
        if value.is_integer() and tail and (before.search(text, max(0, start - 30), start) or "of us" in tail.group(0).lower()):
            out.append((round(value), start, tail.end()))
    return out
