"""A per-person speed beside a head count asks how many are at it at once (count15, session 15): the counts grammar
(bot/parse/compose.py) asks when it composes a head count with the speed, but a head count it never met (people
counted in a clause of their own, a table's column of people read by bot/parse/structure.py) left the
answer to assume a concurrency silently. A per-stream SLO with no concurrency set or asked, in a message that counts
people (lexicon `person_nouns`), asks `users_at_once`."""

from __future__ import annotations

from bot.parse.counts import counts
from bot.parse.draft import ASK_SLO, Draft
from bot.parse.numbers import Number


def read_heads(text: str, nums: list[Number], draft: Draft) -> None:
    if draft.fields.get("slo_kind") != "per_stream" or "concurrency" in draft.fields or draft.asked_about("concurrency"):
        return
    if draft.asked_about("slo_tok_s"):  # "| search | 20 | 30 |" and "| support | 10 | 40 |": which rate comes first
        return
    if any(f.code in ("users_at_once", "slo_kind_unclear") for _, f in draft.asks):
        return
    people = [c.value for c in counts(text, nums) if c.group is False and not c.at_once and c.value >= 2]
    if people:
        draft.ask(ASK_SLO, "users_at_once", users=people[0])

