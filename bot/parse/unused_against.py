"""Evidence against a reading (cue18, session 18, issue 14): words that bear on a field a reader set, or left at
its default, which no reader weighed, are named in the "I did not use" note.

The unused-word net (bot/parse/unused.py) names a watched word only when nothing set its field. Most silent
errors of the spent held-out sets were the other case: the field was set from one span, or a default stayed,
while other words of the question that bear on it went unread or were read and then set aside. Per field,
what counts as evidence against the reading is a relation, not a phrasing:
- a tok/s a reader weighed and then kept as a node's capacity, no word saying it was measured ("900 tok/s on a
  node"); the hours, the residency and the gateway readers consume words to rule them out (another team's
  nights, "does not apply"), so a span of theirs that set nothing is no evidence;
- a second mix figure ("a fifth of the inputs … closer to 2:1", "no es 4 a 1 sino 6 a 1"): the lexicon's
  `against_ratio` (a ratio's shape) and `against_ratio_side` (the words that make "12x" a mix figure);
- business hours kept in UTC while the question names a city of the zone table ("the athens agency");
- how many at once read from a count said under "each" of a group the count does not multiply ("3 sites,
  each site has 25 agents" read as 25);
- a word that names data which may not leave (`watch` rows with `ask`), which no reader read, beside a
  residency reading taken from other words.
Each is a visible note naming the field, never a question: a note on a right answer costs a line, a question
a round trip (measured on the six spent sets, docs/parser.md).
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import compose, lexicon, place_cities
from bot.parse.draft import Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number

_BELOW = 400  # characters after a table's header or a list's lead ("output tokens per minute by service:") where its figures are
_RESIDENCY = frozenset({"data_may_leave", "eu_residency", "region", "residency_places"})


@cache
def _ratio() -> re.Pattern[str]:
    """A mix figure: a number and the words after it (`against_ratio_shaped`: a ratio by its shape, "4:1";
    `against_ratio_times`: "12x", "3 veces"), or a fraction after its article ("a fifth", "la quinta parte")."""
    fractions = "|".join(r"\s+".join(map(re.escape, k.split())) for k in lexicon.mapping("against_fraction"))
    return lazy(
        r"(?<![\w.,])(?P<n>\d+(?:[.,]\d+)?)\s*(?:(?P<shaped>" + lexicon.alternation("against_ratio_shaped")
        + r")|" + lexicon.alternation("against_ratio_times") + r")"
        + rf"|{lexicon.WORD_START}(?:{lexicon.alternation('against_fraction_lead')})\s+(?P<frac>{fractions}){lexicon.WORD_END}",
        re.I,
    )


@cache
def _words(concept: str, start: bool = True) -> re.Pattern[str]:
    """A lexicon concept as whole words; a period ("/day", "a month") may follow a figure with no edge before it."""
    return lazy(rf"{lexicon.WORD_START if start else ''}(?:{lexicon.alternation(concept)}){lexicon.WORD_END}", re.I)


@cache
def _io() -> re.Pattern[str]:  # the sides by name, for a ratio with no mix read: not "4:1 reads to writes on postgres"
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('against_ratio_io')}){lexicon.WORD_END}", re.I)


@cache
def _side() -> re.Pattern[str]:
    return lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('against_ratio_side')}){lexicon.WORD_END}", re.I)


def check(text: str, nums: list[Number], draft: Draft, hits: list[list[re.Match[str]]]) -> dict[str, list[str]]:
    """Per field, the words (as typed) that bear on its reading and that no reader weighed (`hits`: the watched
    words, `lexicon.watch_hits`)."""
    out: dict[str, list[str]] = {}
    for field, words in (*_dropped(text, draft), *_second_ratio(text, draft), *_city(text, draft),
                         *_inner_count(text, nums, draft), *_sensitive(text, draft, hits), *_unrated(text, nums, draft),
                         *_unknown(text, draft)):  # fmt: skip
        out.setdefault(field, []).append(" ".join(words.split()))
    return out


def _dropped(text: str, draft: Draft) -> list[tuple[str, str]]:
    """A tok/s a reader weighed and a later one set aside as a capacity (a node's, a GPU's) while nothing in its
    sentence says it was measured ("would llama 3.3 70b at 900 tok/s on a node fix it?"); not "we measured 2k
    tok/s per instance" (lexicon `rate_measured`, `rate_measured_after`)."""
    if "measured_tok_s_per_node" not in draft.fields or "slo_tok_s" in draft.fields or draft.asked_about("slo_tok_s"):
        return []
    out = []
    for a, b, name in draft.used:
        if name != "slo_tok_s":
            continue
        start, end = sentence(text, a)
        if lexicon.pattern("rate_measured").search(text, start, a) or lexicon.pattern("rate_measured_after").search(text, b, end):
            continue
        out.append(("slo_tok_s", text[a:b]))
    return out[:1]


def _ratio_value(m: re.Match[str]) -> float | None:
    if m.group("frac"):
        return lexicon.mapping("against_fraction").get(" ".join(m.group("frac").lower().split()))
    try:
        return float(m.group("n").replace(",", "."))
    except ValueError:
        return None


def _second_ratio(text: str, draft: Draft) -> list[tuple[str, str]]:
    """A mix figure said after the one read ("no es 4 a 1 sino 6 a 1", "would drop from 12x to about 4x"); when
    the last said is the one read, the earlier ones are its past and quiet. "N:1" and "N a 1" are a ratio by their
    shape; "12x", "3 veces", "a fifth" only in a sentence with a side of the mix ("12x the output")."""
    mix = draft.fields.get("input_per_output")
    if "input_per_output" in draft.disputed or draft.asked_about("input_per_output") or not any(ch.isdigit() for ch in text):
        return []
    figures, sides = [], []
    for m in _ratio().finditer(text):
        if not m.group("shaped") and not _side().search(text, *sentence(text, m.start())):
            continue
        if (value := _ratio_value(m)) is not None:
            figures.append((value, m.group(0)))
            sides.append(bool(m.group("shaped")) and bool(_io().search(text, *sentence(text, m.start()))))
    if mix is None:  # none read: a ratio by its shape beside a side of the mix ("la entrada no es 3 a 1 sino 7 a 1")
        return [("input_per_output", said) for (v, said), shaped in zip(figures, sides, strict=True) if shaped][:2]
    if len({v for v, _ in figures}) < 2 or _same(figures[-1][0], mix):
        return []  # the last said is the one read: "was 12:1 before the cleanup, now it's 4:1"
    return [("input_per_output", said) for v, said in figures if not _same(v, mix)][:2]


def _same(value: float, mix: float) -> bool:
    return abs(value - mix) < 0.01 or abs(value - 1 / mix) < 0.01


def _city(text: str, draft: Draft) -> list[tuple[str, str]]:
    """Business hours priced in UTC beside a city of the zone table that the zone reader sets aside: one typed in
    lower case ("the athens agency") or inside a residency reader's words ("in Cancún only"). A name with a
    capital it weighed ("ask Paris Hilton") stays quiet."""
    if draft.fields.get("calendar") != "business_hours" or "tz" in draft.fields or draft.asked_about("tz"):
        return []
    ruled = [(a, b) for a, b, name in draft.used if name in _RESIDENCY]
    return [
        ("tz", text[a:b]) for a, b in place_cities.named(text)
        if text[a].islower() or any(x <= a < y for x, y in ruled)
    ][:1]


def _inner_count(text: str, nums: list[Number], draft: Draft) -> list[tuple[str, str]]:
    """How many at once is a count said under "each": a group counted before it that nothing multiplied it by
    ("3 sites. Each site has 25 agents logged in": 75, not 25; "8 schools, 60 students in each" read as 480 is
    the product, and quiet)."""
    at_once = draft.fields.get("concurrency")
    if at_once is None or not lexicon.pattern("each").search(text):
        return []
    counts = compose.counts(text, nums)
    inner = next((c for c in counts if c.value == at_once), None)
    if inner is None or all(n.value != at_once for n in nums if inner.start <= n.start < inner.end):
        return []  # none, or a count already composed ("in each school 60 students" is 480 to the reader)
    return [
        ("concurrency", text[c.start : c.end])
        for c in counts
        if c.group and 1 < c.value != at_once and c.start < inner.start
        and not any(a < c.end and c.start < b and name == "concurrency" for a, b, name in draft.used)
    ][:1]


def _sensitive(text: str, draft: Draft, hits: list[list[re.Match[str]]]) -> list[tuple[str, str]]:
    """A word that names data which may not leave, read by no reader, beside a residency read from other words
    ("if the data were subject to ITAR … nothing export-controlled")."""
    if not any(f in draft.fields for f in _RESIDENCY):
        return []
    out = []
    for (field, asks, _), row in zip(lexicon.watch(), hits, strict=True):
        if asks:
            out += [(field, text[m.start() : m.end()]) for m in row if not any(a < m.end() and m.start() < b for a, b, _ in draft.used)]
    return out[:1]


def _unrated(text: str, nums: list[Number], draft: Draft) -> list[tuple[str, str]]:
    """No tok/s read nor asked (nor a node's throughput), while a figure no reader read is said beside a word of
    tokens: the volume or the sizes it came with went unread ("2,500-token prompt with a 250-token completion, 50,000 items a day"; a
    table under "output tokens per minute"). A question about shared keys says no tokens and stays quiet."""
    if "slo_tok_s" in draft.fields or "measured_tok_s_per_node" in draft.fields or draft.asked_about("slo_tok_s") or not nums:
        return []
    if not _words("against_period", start=False).search(text):
        return []  # a size with no period ("128k-token sessions", "respuestas de 500 tokens") is no volume
    for m in _words("against_token_word").finditer(text):
        start, end = sentence(text, m.start())
        if "|" in text[start:end] or text[start:end].rstrip().endswith(":"):
            end = min(len(text), end + _BELOW)  # a table's header or a list's lead: its figures are on the lines below
        if any(start <= n.start < end and not n.machine and not _read(draft, n.start, n.end) for n in nums):
            return [("slo_tok_s", text[m.start() : m.end()])]
    return []


def _read(draft: Draft, start: int, end: int) -> bool:
    return any(a < end and start < b for a, b, _ in draft.used)


def _unknown(text: str, draft: Draft) -> list[tuple[str, str]]:
    """A residency read, and in the sentence a residency reader's words start in (or the next one) words that say
    the answer is not known ("¿pueden salir los informes…? Nadie nos lo ha confirmado", "ni idea"); not "legal
    confirmed. How many tok/s? No idea": a window read from an earlier sentence is not beside it."""
    if not any(f in draft.fields for f in _RESIDENCY):
        return []
    starts = [a for a, _, name in draft.used if name in _RESIDENCY]
    for m in _words("against_unknown").finditer(text):  # inside a residency reader's window too: it answered all the same
        start, _ = sentence(text, m.start())
        before = sentence(text, max(0, start - 2))[0] if start else 0
        if any(before <= a < m.start() for a in starts):
            return [("data_may_leave", text[m.start() : m.end()])]
    return []
