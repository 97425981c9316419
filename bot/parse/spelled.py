"""Figures said in words right before a tok/s unit or a volume's tokens: "a hundred and twenty tokens per second",
"ninety tok/s", "fifteen hundred tok/s", "noventa tokens por segundo", "mil quinientos tok/s", "half a million
output tokens", "twenty million output tokens", "un millón y medio de tokens", "veinte mil tokens de salida", a
concurrency word ("fifty concurrent users", "cincuenta sesiones simultáneas") or a request rate ("four requests per
second", "diez peticiones por segundo"); and
(`run_at`) the whole run a count in words starts ("tres mil empleados", "two hundred and fifty engineers").

The words are the lexicon's (`number_words`, `number_scales`, `number_parts`: "one", "a", "and", "ciento",
"y"), one list per language; a run of them is read as one figure (units and tens add up, "hundred"
multiplies what came before, "thousand"/"mil" closes a group, "million"/"millón" multiplies the groups before it:
"mil millones"; "half"/"medio" after a scale is half of it: "un millón y medio"). Only a run the tok/s unit or a
tokens word follows becomes a figure: "two teams" stays a count for compose.py (bot/parse/counts.py reads it with
`run_at`), "one of our teams", "a couple of ideas", "the first one" say no figure.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.lexicon import WORD_END, WORD_START
from bot.parse.numbers import Number

_HINT = lazy(r"tok|tps|t/s|tk", re.I)
# Where a tok/s unit may start ("tok/s", "tokens per second", "tk/s", "tps", "t/s", "output tokens a second")
_UNIT_AT = lazy(r"(?<![^\W\d_])(?:output\s+|generated\s+|generados\s+)?(?=tok|tk|tps\b|t\s?/|t\s?p)", re.I)
_WINDOW = 80
# A volume's tokens right after the words: "million output tokens", "millones de tokens de salida"
_TOKENS = lazy(r"\s*(?:de\s+)?(?:(?:output|input|prompt|completion|generated)\s+)?tok(?:en)?s\b", re.I)
_DE = lazy(r"(?<![^\W\d_])de\s+\Z", re.I)
_DE_UNIT = lazy(r"\s+de(?=\s)", re.I)
# A concurrency word right after the words: "fifty concurrent users", "forty simultaneous sessions"
_CONC_HINT = lazy(r"concurren|simult|parallel|paralel", re.I)
_CONC_AT = lazy(r"(?<![^\W\d_])(?=concurrent|simultaneous|parallel|concurrentes|simult[aá]ne|paralel)", re.I)
# Requests at a rate right after the words: "four requests per second", "diez peticiones por segundo"
_REQ_HINT = lazy(r"req|rps|call|quer|petici|llamad|consult|solicit", re.I)


@cache
def _requests_at() -> re.Pattern[str]:
    # late imports: request_volumes reads counts, which read this module
    from bot.parse.request_volumes import _REQUESTS
    from bot.parse.volume_forms import PERIOD_WORDS

    periods = "|".join(["seconds?|secs?|segundos?", *PERIOD_WORDS.values()])
    per = r"\s?(?:an?|per|each|every|/|al|a\s+la|por|cada|in\s+an?)?\s?(?:the\s|el\s|la\s)?"
    return lazy(rf"(?:{_REQUESTS}|req)(?=\s?(?:/\s?s\b|{per}(?:{periods})\b))|rps\b", re.I)  # no lookbehind first: a fast scan


_HALF = lazy(r"\b(?:(?:and|y)\s+)?(?:a\s+)?(?:half|medi[oa])\b", re.I)
# Before the first word that says a figure: "and", "y", and "a"/"one"/"un", which only multiply a scale
# ("a hundred" is hundred, "a trescientos" is trescientos)
_LEADING = lazy(r"(?:(?:and|y|a|an|one|un|una|uno)[\s-]+)*", re.I)


@cache
def _values() -> dict[str, float]:
    out: dict[str, float] = {}
    for concept in ("number_parts", "number_words"):
        out |= {k: float(v) for k, v in lexicon.mapping(concept).items()}
    return out


@cache
def _last_words() -> frozenset[str]:
    """The words a figure in words may end with ("fifty", "hundred", "quinientos"; not "and" nor "a")."""
    return frozenset(w.split()[-1] for w in (*_values(), *_scales()) if _values().get(w, 2) >= 2) | {"half", "medio", "media"}


@cache
def _needs_multiplier() -> frozenset[str]:
    """English scales say a figure only after one ("a hundred", "two thousand"); Spanish "mil" stands alone."""
    return frozenset(lexicon.rows("en", "number_scales"))


@cache
def _tokens() -> re.Pattern[str]:
    """One token per word, a number word of several words as one ("a couple of", "un par de")."""
    several = sorted((w for w in _values() if " " in w), key=len, reverse=True)
    return lazy("|".join([*(re.escape(w).replace(r"\ ", r"\s+") + r"(?![^\W\d_])" for w in several), r"[^\W\d_]+"]))


@cache
def _needs_count() -> frozenset[str]:
    """Scales that say a figure only after a count ("un par de cientos"; lexicon `scale_needs_count`)."""
    return frozenset(w.lower() for lang in ("en", "es") for w in lexicon.rows(lang, "scale_needs_count"))


@cache
def _multiword_lead() -> re.Pattern[str]:
    several = sorted((w for w in _values() if " " in w and _LEADING.match(w).end()), key=len, reverse=True)
    return lazy("|".join(re.escape(w).replace(r"\ ", r"\s+") for w in several) or r"(?!)", re.I)


@cache
def _scales() -> dict[str, float]:
    return {k: float(v) for k, v in lexicon.mapping("number_scales").items()}


@cache
def _run() -> re.Pattern[str]:
    """A run of number words that ends the text it searches (the words before a unit)."""
    words = sorted({*_values(), *_scales()}, key=lambda w: (-len(w), w))  # the same pattern in every process
    word = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)
    return lazy(rf"{WORD_START}(?:{word})(?:[\s-]+(?:{word}))*{WORD_END}\s*\Z", re.I)


def value(run: str) -> float | None:
    """The figure a run of number words says, or None when it says none ("and", "a")."""
    values, scales = _values(), _scales()
    total = current = last = 0.0
    said = False
    tokens = [re.sub(r"\s+", " ", t) for t in _tokens().findall(_HALF.sub(" half ", run.lower()))]
    if tokens and tokens[0] in _needs_count():
        return None  # "cientos de tokens", "miles de usuarios": no figure without a count before it
    for i, token in enumerate(tokens):
        if token in ("half", "medio", "media") and not last and not set(tokens[i + 1 : i + 2]) & {*scales, "a", "un"}:
            if i:
                return None
            continue  # "de media dos millones": an average, not half of anything
        if token in scales:
            scale = scales[token]
            if scale < 1000:
                current = (current or 1) * scale
            elif total and total < scale:  # "mil millones", "two thousand five hundred million"
                total, current = (total + current) * scale, 0.0
            else:
                total, current = total + (current or 1) * scale, 0.0
            said, last = True, scale
        elif token == "half" and last and not current:  # "un millón y medio": half of the last scale
            total += last / 2
        elif token in ("a", "an"):  # "a hundred", "half a million": a scale follows; it adds nothing
            current = current or 1
        elif token in values:
            current += values[token]
            said = said or values[token] >= 2
        else:
            return None
    return total + current if said else None


@cache
def _forward() -> re.Pattern[str]:
    words = sorted({*_values(), *_scales()}, key=lambda w: (-len(w), w))
    word = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)
    return lazy(rf"(?:{word})(?:[\s-]+(?:{word}))*{WORD_END}", re.I)


def run_at(text: str, start: int) -> tuple[int, float] | None:
    """The run of number words that starts at `start` and its figure ("tres mil quinientos", "two hundred and
    fifty"), without a trailing "and"/"y"/"a" ("two hundred and fifty engineers and ten…" stops at fifty)."""
    if not (m := _forward().match(text, start)):
        return None
    words = list(re.finditer(r"[^\W\d_]+", m.group(0)))
    while words and words[-1].group(0).lower() not in _last_words():
        if len(words) > 1 and m.group(0)[words[-1].start() - 1] == "-":
            break  # "twenty-one": a hyphen joins the one to its tens
        words.pop()
    if not words:
        return None
    end = start + words[-1].end()
    said = value(text[start:end])
    return (end, said) if said is not None else None


def rate_figures(text: str, nums: list[Number], unit: re.Pattern[str]) -> list[Number]:
    """`nums` with every figure in words that `unit`, a volume's tokens or a concurrency word ("fifty concurrent
    users") follows, in text order."""
    anchors = [(m.start(), False) for m in _UNIT_AT.finditer(text)] if _HINT.search(text) else []
    if _CONC_HINT.search(text):
        anchors = sorted([*anchors, *((m.start(), True) for m in _CONC_AT.finditer(text))])
    if _REQ_HINT.search(text):  # a request rate is no tok/s unit: its figure is read like a concurrency word's
        said = (m.start() for m in _requests_at().finditer(text) if not (m.start() and text[m.start() - 1].isalpha()))
        anchors = sorted([*anchors, *((at, True) for at in said)])
    found = []
    run = _run()
    for unit_at, concurrent in anchors:  # only the words right before a unit: a paste costs its units, not its words
        if text[unit_at - 3 : unit_at].lower() == "de " and (de := _DE.search(text, max(0, unit_at - 4), unit_at)):  # "millón de tokens"
            unit_at = de.start()
        i = unit_at - 1
        while i > 0 and text[i] in " -":
            i -= 1
        j = i
        while j > 0 and text[j - 1].isalpha():
            j -= 1
        if text[j : i + 1].lower() not in _last_words():
            continue  # "500 tok/s", "26M tokens": no number word right before the unit
        lead = max(0, unit_at - _WINDOW)
        if not (m := run.search(text, lead, unit_at)):
            continue
        end = said_end = m.start() + len(m.group(0).rstrip())
        if (de := _DE_UNIT.match(text, end)) and unit.match(text, de.end()):
            end = de.end()  # "un par de cientos de tok/s": the figure takes its "de"
        tokens = not concurrent and not unit.match(text, end) and _TOKENS.match(text, end)  # "twenty million output tokens"
        if not (concurrent or tokens or unit.match(text, end)) or any(n.start < end and m.start() < n.end for n in nums):
            continue  # "12.5 thousand tok/s" is one figure, read by bot/parse/numbers.py
        # "and ninety": ninety; "one and a half million" keeps its start
        keep = _HALF.search(m.group(0)) or _multiword_lead().match(m.group(0))  # "a couple of hundred": its "a"
        start = m.start() + (0 if keep else len(_LEADING.match(m.group(0)).group(0)))
        first = text[start:end].split()[0].lower()
        if first in _needs_multiplier() and start == m.start():
            continue  # "a couple hundred", "several thousand": no figure (the rates reader asks for digits)
        if (said := value(text[start:said_end])) is not None:
            found.append(Number(said, start, end, text[start:end], bool(tokens)))
    return sorted([*nums, *found], key=lambda n: n.start) if found else nums
