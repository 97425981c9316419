"""Which of two values of one field holds (issue 14, change16 s16): one service every field reader asks when it
read two values of its field, before it asks which one.

The voices (bot/parse/voices.py) settle a corrected *figure* by its unit; a calendar, a currency, a mix, a
context or a cache share said twice is settled here by the words around the two values, all of them lexicon rows:
- a correction between them (`figure_fix`: "scratch that", "I meant", "actually", "corrijo", "perdón, mejor")
  or a change that holds now (`superseded_between`: "now", "instead", "decided", "brought it down to", "for
  production", "ahora", "al final", "lo subimos a"): the later one holds;
- the first said as a plan or the past (`superseded_before`, in its sentence before it: "we were going to",
  "used to be", "originally", "in the pilot", "íbamos a", "antes"): the later one holds; the later one said so
  in a sentence of its own ("… 64k. The pilot used 16k.") leaves the first;
- a value set aside after it in its clause (`value_aside`: "isn't relevant to us", "a different product", "no
  nos afecta"), or the other one claimed after a contrast (`value_ours`: "but this budget line is ours"): the
  other one holds;
- the choice left open (`value_open`: "either … or", "whether", "depends on", "o", "depende de"): nobody
  decided, so None and the reader asks as before.
With none of these the reader asks too. The reader says which value it used (note `figure_replaced`).
"""

from __future__ import annotations

import re

from bot.parse import lexicon
from bot.parse.draft import Draft, sentence
from bot.parse.lazyre import lazy

Span = tuple[int, int]

_CONTRAST = lazy(r"\b(?:but|however|pero|aunque|sin\s+embargo)\b", re.I)


def aside(text: str, end: int) -> bool:
    """The value said just before `end` is set aside by the rest of its sentence, up to a contrast ("the 2M-token
    context in the vendor's blog doesn't matter for us", "…, which isn't relevant to us", "no nos afecta")."""
    stop = sentence(text, end)[1]
    cut = _CONTRAST.search(text, end, stop)
    if lexicon.pattern("value_aside").search(text, end, cut.start() if cut else stop):
        return True
    rest = text[stop + 1 : stop + 60].lstrip()  # "… the 1M context from the release notes; not relevant here"
    return not cut and text[stop : stop + 1] == ";" and bool(lexicon.pattern("value_aside").match(rest))


def holds(text: str, first: Span, second: Span) -> int | None:
    """0 if the first value holds, 1 if the later one, None if the words do not say (`first` comes first)."""
    if first[0] > second[0]:
        first, second = second, first
        flip = True
    else:
        flip = False
    winner = _holds(text, first, second)
    return None if winner is None else (1 - winner if flip else winner)


def _holds(text: str, first: Span, second: Span) -> int | None:
    between = text[first[1] : second[0]]
    if lexicon.pattern("figure_fix").search(between) or lexicon.pattern("figure_fix_rate").search(between):
        return 1
    own = sentence(text, first[0])
    later = sentence(text, second[0])
    if lexicon.pattern("value_open").search(text, own[0], later[1]):
        return None  # "either 32k or 128k", "office hours or 24/7, it depends on …"
    set_aside = [aside(text, s[1]) for s in (first, second)]
    if set_aside[0] != set_aside[1]:
        return 0 if set_aside[1] else 1
    if _CONTRAST.search(between) and lexicon.pattern("value_ours").search(text, second[0] - 60, later[1]):
        return 1  # "the parent company reports in euros, but this budget line is ours and in dollars"
    if lexicon.pattern("superseded_before").search(text, own[0], first[0]):
        return 1  # "we were going to run it 24/7, but … office hours"
    if lexicon.pattern("superseded_between").search(between):
        return 1  # "… 8:1, but the new retrieval step brought it down to 3:1"
    if later[0] > own[0] and lexicon.pattern("superseded_before").search(text, later[0], second[0]):
        return 0  # "production uses 64k. In the pilot it was 16k."
    return None


def settle(text: str, draft: Draft, name: str, said: dict[object, list[tuple[int, int]]]) -> bool:
    """Two values of field `name`, each with where it was said: set the one that holds and say so (True), or
    leave it to the caller (False) when the words do not say which. Each value is weighed where it was first said."""
    said = {value: sorted(spans) for value, spans in said.items() if spans}
    if len(said) != 2:
        return False
    (a, at_a), (b, at_b) = ((value, spans[0]) for value, spans in said.items())
    winner = holds(text, at_a, at_b)
    if winner is None:
        return False
    (value, at), (_, old) = ((a, at_a), (b, at_b))[:: 1 if winner == 0 else -1]
    draft.fields[name] = value
    draft.said_at[name] = at
    draft.note("figure_replaced", old=text[old[0] : old[1]].strip(), new=text[at[0] : at[1]].strip())
    return True


def restated(text: str, nums: list, at: tuple[int, int], fits) -> object | None:
    """The number that restates a value said at `at` after a change word, in its sentence or the next, in a form
    its reader would not read alone ("16k context window; production will use 64k", "lo subimos a 32k"): the
    first later number `fits` accepts with a `superseded_between` or `figure_fix` word just before it."""
    end = sentence(text, sentence(text, at[1])[1] + 1)[1]
    for n in nums:
        if n.start <= at[1] or n.start > end:
            continue
        lead = text[max(at[1], n.start - 40) : n.start]
        if fits(n) and (lexicon.pattern("superseded_between").search(lead) or lexicon.pattern("figure_fix").search(lead)):
            return n
    return None
