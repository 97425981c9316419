"""Residency narrowed to one place (bot/parse/residency.py's last step): a rule that keeps the text in one country
("the data must stay in Spain": region ES) or in the team's own cloud account ("our own AWS account": provider AWS),
which keeps it from a hosted API too; not a country named in a question whether the rule exists."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.parse import context, kept_in_cloud, residency_places, rule_question
from bot.parse.context import negated as _negated
from bot.parse.draft import Draft, sentence
from bot.parse.residency_words import AUXILIARY, kept, named


def asked(text: str, pos: int) -> bool:
    """Whether `pos` sits in a question that asks about the rule ("does the data need to stay in the EU?")."""
    start, end = sentence(text, pos)
    clause = max([start] + [text.rfind(mark, start, pos) + 1 for mark in ",;:—"])
    return text[end : end + 1] == "?" and bool(AUXILIARY.match(text, clause))


def _rule_asked(text: str, m: re.Match[str]) -> bool:
    """A country named in a question whether the rule exists ("do our samples have to stay in Switzerland?"):
    the stance reader asks it; no region is read from it (fixR)."""
    start, end = sentence(text, m.start())
    return text[end : end + 1] == "?" and bool(rule_question.asks_about_rule(text, start, end + 1))


def _one_kept(text: str, slot: str, spans: Sequence[tuple[int, int]], places=()) -> tuple[str, re.Match[str]] | None:
    """The one country (or cloud) a rule keeps the text in, not negated nor asked; two named give none, and so
    does a country in a list of places (residency_places.py reads "only in Ireland or the Netherlands")."""
    found = {}
    for m in context.finditer(kept(slot), text, spans):
        if slot == "cloud" and not kept_in_cloud.rule(text, m):
            continue  # "we have credits in our own Azure tenant"; "never outside our own Azure tenant" is a rule
        outside = slot == "cloud" and kept_in_cloud.outside(m)
        if (_negated(text, m.start()) != outside) or asked(text, m.start()) or residency_places.within(places, m) or _rule_asked(text, m):
            continue
        if value := named(m.group(0), slot):
            found[value] = m
    return found.popitem() if len(found) == 1 else None


def read_country(text: str, draft: Draft, spans: Sequence[tuple[int, int]], places=()) -> None:
    """"The data must stay in Spain": offers are narrowed to that country (costcore.offers), or none fits.
    Two countries named is left to the EU/residency readers (no region is guessed)."""
    if found := _one_kept(text, "country", spans, places):
        code, m = found
        draft.use(m.start(), m.end(), "region")
        draft.set("region", code)
        _stays_home(draft, m)


def _stays_home(draft: Draft, m: re.Match[str]) -> None:
    """A rule that keeps the text in one country or in the team's own cloud account keeps it from a hosted
    API too ("data sovereignty rules say it stays in Germany"), unless another reading already decided."""
    if "data_may_leave" not in draft.fields and not draft.asked_about("data_may_leave"):
        draft.use(m.start(), m.end(), "data_may_leave")
        draft.set("data_may_leave", False)


def read_provider(text: str, draft: Draft, spans: Sequence[tuple[int, int]]) -> None:
    """"The text must stay in our own AWS account": offers are narrowed to that provider's (costcore.offers),
    or none fits; the text stays with the team, so it may not leave either. "In our account" with no cloud
    named only says the text may not leave (the phrase patterns read it); two clouds named narrow nothing."""
    if not (found := _one_kept(text, "cloud", spans)):
        return
    provider, m = found
    draft.use(m.start(), m.end(), "provider")
    draft.set("provider", provider)
    _stays_home(draft, m)
