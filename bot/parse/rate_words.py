"""Who a tok/s is for: per stream before and after the figure, a head count next to it, in total, times a
count, per group. Data for bot/parse/rates.py, kept apart from its logic; the nouns are the lexicon's
(person_nouns, stream_nouns, group_nouns) and so are the vetoes of a rate per group (not_group,
per_source, group_clause). The unit and the hedges are bot/parse/rate_units.py.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.figures import CONCURRENT, PEOPLE, STREAM_WHO, STREAMS
from bot.parse.lazyre import lazy
from bot.parse.rate_units import GPU
from bot.parse.rate_units import TOK_S as TOK_S  # re-exported: the unit readers outside rates import it here

# The words are lexicon rows (`clause_verb`, `rate_filler`, `waved_off`, `streams_at_once`, `rate_total`, `rate_steady`, and the
# nouns); here only where each sits around the figure.
# A verb after "each <noun>" starts a clause of its own: "every request is about 2k tokens".
_VERB = lexicon.alternation("clause_verb")

# Groups (lexicon `group_nouns`), for telling "each team" (a rate per group) from "each" alone (per stream).
_GROUP_WORDS = lexicon.alternation("group_nouns")

_FILLER = lexicon.alternation("rate_filler")

_WAVED_OFF = lexicon.alternation("waved_off")

# Slack shorthand (lexicon `each_short`: "c/u", "ea."; `per_short`: "x usuario", "x equipo"): "30 tok/s c/u".
_EACH_SHORT = lexicon.alternation("each_short")
_PER_SHORT = lexicon.alternation("per_short")

_EACH_OF = r"(?:for\s+|para\s+)?(?:each|every\s+one|cada\s+uno)\s+(?:of|de)\s+(?:(?:the|our|those|los|nuestros)\s+)?(?:\d[\d,.]*\s+)?"

PER_STREAM_AFTER = lazy(
    rf"\s*,?\s*(?:(?:{_FILLER})\s+){{0,2}}(?:"
    rf"(?:(?:per|por|for\s+each|for\s+every|para\s+cada|/|{_PER_SHORT})[\s-]?(?:single\s+|{CONCURRENT}\s+)?|{_EACH_OF}){STREAM_WHO}\b"
    # "300 tok/s each user", but not "300 tok/s, every request is about 2k tokens": another clause
    rf"|(?:each|every|cada)[\s-]?(?:single\s+|{CONCURRENT}\s+)?{STREAM_WHO}\b(?!\s+(?:{_VERB}))"
    rf"|per-(?:user|stream|request|seat)\b|single[\s-]stream\b|apiece\b|cada\s+uno\b|por\s+cabeza\b|a\s+head\b|{_EACH_SHORT}(?!\w)"
    # "300 tok/s, each team …" is a rate per team (or no rate of theirs at all), not per stream
    rf"|each\b(?!\s+(?:day|week|month|hour|minute|year|time|second|{_GROUP_WORDS})\b)"
    r"(?!\s+(?:single\s+)?(?:tokens?|output|input|prompt|completion|answer|response|reply)\b)"  # "each completion token comes with ~5 prompt tokens": the mix
    # "300 tok/s, each request carries 500k tokens": "each <noun> <verb>" is a clause of its own
    rf"(?!\s+[^\W\d_]+\s+(?:{_VERB})\b))(?!\s*(?:{_WAVED_OFF}))",
    re.I,
)

PER_STREAM_BEFORE = lazy(
    rf"(?:\b(?:(?:per|each|every|por|cada|for\s+each|para\s+cada)[\s-](?:single\s+)?|{_EACH_OF}){STREAM_WHO}"
    r"|\bper-(?:user|stream|request|seat))\b"
    rf"(?!\s+(?:{_WAVED_OFF}))(?:\s+[^\W\d_]+(?:'[a-z]+)?){{0,4}}\s*[:~≈]?\s*$",  # "per-user speed we promise is 45"
    re.I,
)

# A head count, then "each": "40 users each at 30 tok/s", "40 usuarios, cada uno a 30 tok/s".
EACH_BEFORE = lazy(
    rf"\b(?:{STREAM_WHO}|{PEOPLE}),?\s+(?:each(?:\s+one)?|cada\s+uno|{_EACH_SHORT})(?!\w)(?:\s+[^\W\d_]+){{0,2}}\s*[:~≈]?\s*$",
    re.I,
)

# "20 streams in parallel at 25 tok/s", "20 streams en paralelo a 25 tok/s"
_AT_ONCE_AFTER = lexicon.alternation("streams_at_once")

# Streams run at once by nature: "50 sessions at 40 tok/s" is 40 each, 50 at a time.
STREAMS_AT_BEFORE = lazy(
    rf"(?=\d)(?<![\w.,:])(?P<n>\d[\d,.]*)\s+(?:{CONCURRENT}\s+)?{STREAMS}\s*(?:{_AT_ONCE_AFTER}\s+)?"
    r"(?:each\s+|cada\s+una?\s+)?"
    r"(?:at|@|a|doing|getting|of|de|with|con)\s*(?:about|around|~|≈)?\s*$",
    re.I,
)

# One stream, said: "a single agent at 400 tok/s", "one user at 80 tok/s" (fleet, issue 11: the rate is
# that stream's speed, and there is one of it, not the default number of sessions).
ONE_STREAM_BEFORE = lazy(
    rf"(?=\S)(?<![\w.,:])(?:a\s+single|one\s+single|just\s+one|only\s+one|a\s+lone|one|un\s+s[oó]lo|una\s+sola|1)\s+"
    rf"(?:{CONCURRENT}\s+)?(?:{STREAMS}|{STREAM_WHO})\s*(?:at|@|doing|getting|needs|needing|wants|wanting|a)\s*"
    r"(?:about|around|unos|~|≈)?\s*$",
    re.I,
)

AGGREGATE = lazy(rf"\b{lexicon.alternation('rate_total')}\b", re.I)
# "sustained" (`rate_steady`) says when, not who: the total, unless each is said in its clause
STEADY = lazy(rf"\b{lexicon.alternation('rate_steady')}\b", re.I)

# A head count next to a rate that says neither "each" nor "in total": "40 tok/s for 50 users".
FOR_PEOPLE_AFTER = lazy(
    rf"\s*,?\s*(?:for|para)\s+(?:(?:up\s+to|our|about|around|some|hasta|nuestros|unos)\s+|~)*"
    rf"(?P<n>\d[\d,.]*)\s+(?:{CONCURRENT}\s+)?{PEOPLE}\b",
    re.I,
)

PEOPLE_AT_BEFORE = lazy(
    rf"(?=\d)(?<![\w.,])(?P<n>\d[\d,.]*)\s+(?:{CONCURRENT}\s+)?{PEOPLE}\s*(?:at|@|with|a|con|,|:|and|y)?\s*(?:about|around|unos|~|≈)?\s*$",
    re.I,
)

# "3 teams × 100 tok/s", "2 x 150 tok/s": a count times a rate.
TIMES_BEFORE = lazy(r"(?=\d)(?<![\w.,])(?P<count>\d{1,4})\s*(?:[^\W\d_]+\s+)?[x×*]\s*$", re.I)

# "40 tok/s × 50 streams", "40tok/s*50", "40 tok/s times 50 users" (not "× 8 GPUs": that is hardware).
TIMES_AFTER = lazy(
    rf"\s*(?:[x×*]|times)\s*(?P<count>\d{{1,4}})(?![\d.,]?\d|\s?(?:[kKM%]|{GPU}|nodes?|nodos?)(?![^\W\d_]))",
    re.I,
)

# A rate per anything else is per some group: "300 tok/s per customer, 12 customers" is 3,600 in total, and
# "250 tok/s a cada área", "to every region" are too (count13 s13);
# without the count it asks. Not a group (lexicon `not_group`): a time, who a stream is for, hardware, a
# word that is no noun; nor who says so (`per_source`: "per infosec", "por normativa"); nor a group that is
# the subject of a clause of its own (`group_clause`: "per-team budgets", "each team fights over the key").
@cache
def per_group_after() -> re.Pattern[str]:
    not_group = rf"{STREAM_WHO}|{PEOPLE}|{GPU}|nodes?|nodos?|box|servers?|servidor|machines?|m[aá]quina"
    return lazy(
        rf"\s*,?\s*(?:(?:(?:a|to|for)\s+)?(?P<every>every|cada)\b|(?:per|por|for\s+each|for\s+every|para\s+cada|{_PER_SHORT})\b|/|(?:to\s+)?each(?=\s+{lexicon.alternation('group_nouns')}))[\s-]?"
        rf"(?!(?:(?:{CONCURRENT}|active|single|individual)\s+)?(?:{not_group}|{lexicon.alternation('not_group')})\b)"
        rf"(?!{lexicon.alternation('per_source')}(?!\w))"
        rf"(?P<group>[^\W\d_]{{2,}})\b(?!\s+{lexicon.alternation('group_clause')}(?!\w))"
        # "300 tok/s, every case file is pasted whole": "every <noun> [<noun>] <verb>" is a clause of its own
        rf"(?(every)(?!(?:\s+[^\W\d_]+)?\s+(?:{_VERB})\b))",
        re.I,
    )


# The group said before the rate: "each department needs 150 tok/s", "cada sede quiere unos 150 tok/s" is per
# group as much as "150 tok/s per department" (a few words between, none a figure; not "each of our 4…", which
# the composition reads, nor a group that is the subject of something else: "each team has its own key").
@cache
def per_group_before() -> re.Pattern[str]:
    return lazy(
        rf"(?<!\w)(?:each|every|cada)\s+(?P<group>{lexicon.alternation('group_nouns')})\b"
        rf"(?!\s+{lexicon.alternation('group_clause')}(?!\w))(?:\s+[^\W\d_]+){{0,4}}\s*(?:~|≈)?\s*$",
        re.I,
    )
