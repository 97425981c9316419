"""Whether a tok/s is per stream or in total (bot/parse/rates.py reads the figure): the words right around
it (bot/parse/rate_words.py), one stream said, streams at once by nature, or a head count beside it that
says neither, which asks."""

from __future__ import annotations

import re
from functools import cache

from bot.cache import cached_pickle
from bot.parse import lexicon
from bot.parse.draft import ASK_SLO, Draft
from bot.parse.figures import STREAMS, first_number
from bot.parse.lazyre import lazy
from bot.parse.numbers import plain
from bot.parse.rate_words import (
    AGGREGATE,
    EACH_BEFORE,
    FOR_PEOPLE_AFTER,
    ONE_STREAM_BEFORE,
    PEOPLE_AT_BEFORE,
    PER_STREAM_AFTER,
    PER_STREAM_BEFORE,
    STEADY,
    STREAMS_AT_BEFORE,
)


@cache
def one_person_max_tok_s() -> float:
    """Above this a tok/s is no one person's stream: the fastest per-stream speed the API catalog lists
    (costcore/data/apis.yaml as shipped) times the margin in lexicon/stream_limits.yaml, where the reason is.
    "1,500 tok/s for 30 devs" is their total; "500 users at 300 tok/s" may be each one's and asks (parseQ2)."""
    return fastest_stream_tok_s() * float(lexicon._load("stream_limits")["margin"])


@cache
def apart_max_tok_s() -> float:
    """A head count said apart from the rate (bot/parse/unused.py) asks only up to this share of the ceiling
    ("25 tok/s, team of 80 devs" asks; "600 tok/s … a team of 5 engineers" is the team's)."""
    return one_person_max_tok_s() * float(lexicon._load("stream_limits")["apart_share"])


@cache
def fastest_stream_tok_s() -> float:
    """The highest per-stream tok/s of any hosted API row in costcore/data/apis.yaml (`serving`)."""
    from costcore.catalog import DATA, read_yaml

    path = DATA / "apis.yaml"
    stat = path.stat()

    def fastest() -> float:
        serving = read_yaml(path).get("serving") or {}
        return max(float(row["per_stream_tok_s"][1]) for rows in serving.values() for row in rows if row.get("per_stream_tok_s"))

    return cached_pickle("lexicon", ("fastest_stream", stat.st_size, stat.st_mtime_ns), fastest)


@cache
def _groups_at() -> re.Pattern[str]:
    """A count of groups right before a rate, neither "each" nor "in total" said: "12 tenants at 150 tok/s"."""
    return lazy(
        rf"(?=\d)(?<![\w.,])(?P<n>\d[\d,.]*)\s+(?P<who>{lexicon.alternation('group_nouns')})\s*(?:at|@|with|a|con|:)\s*"
        r"(?:about|around|~|≈|unos)?\s*$",
        re.I,
    )


def read_kind(clause: str, value: float, before: str, after: str, draft: Draft) -> None:
    """Per stream, in total, or (a head count next to the rate and neither said) a question."""
    if PER_STREAM_AFTER.match(after) or PER_STREAM_BEFORE.search(before) or EACH_BEFORE.search(before):
        draft.set("slo_kind", "per_stream")
    elif AGGREGATE.search(clause) or (STEADY.search(clause) and not lexicon.pattern("each").search(clause)):
        draft.set("slo_kind", "aggregate")
    elif ONE_STREAM_BEFORE.search(before):
        draft.set("slo_kind", "per_stream")
        draft.set("concurrency", 1)
    elif (
        (streams := STREAMS_AT_BEFORE.search(before))
        and (count := first_number(streams.group("n")))
        and value <= one_person_max_tok_s()  # "40 agentes a 2.000 tok/s": no stream that fast, their total
    ):
        if value > apart_max_tok_s():  # "400 agents at 280 tok/s": as fast as the fastest stream, or all of them?
            if count >= 2:
                noun = re.search(rf"(?<!\w)(?:{STREAMS})(?!\w)", streams.group(0), re.I)
                who = noun.group(0).lower() if noun else "streams"
                draft.ask(ASK_SLO, "slo_kind_unclear", tok_s=plain(value), users=plain(count), who=who)
        else:  # "50 agents at 40 tok/s": an ordinary stream's speed, 50 of them at once
            draft.set("slo_kind", "per_stream")
            draft.set("concurrency", round(count))
    elif people := FOR_PEOPLE_AFTER.match(after) or PEOPLE_AT_BEFORE.search(before):
        users = first_number(people.group("n"))
        if users and users >= 2 and value <= one_person_max_tok_s():
            draft.ask(ASK_SLO, "slo_kind_unclear", tok_s=plain(value), users=plain(users))
    elif (
        (groups := _groups_at().search(before))
        and (count := first_number(groups.group("n")))
        and count >= 2
        and not lexicon.pattern("each").search(after[:24])  # "4 regions at 500 tok/s each": composed
        # "for each of our 7 teams: 140 tok/s", "para cada uno de los 7 equipos": each said before the count
        and not lexicon.pattern("each").search(before, max(0, groups.start() - 24), groups.start())
    ):
        # "12 tenants at 150 tok/s", "12 clientes a 150 tok/s": each of them, or all of them together?
        draft.ask(ASK_SLO, "slo_kind_unclear", tok_s=plain(value), users=plain(count), who=groups.group("who").lower())
