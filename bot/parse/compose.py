"""Counts × per-unit rates and volumes, as one small grammar over the sentence, in any order.

    COUNT  = a whole number before a group or person noun ("12 tenants", "300 engineers", "25 personas")
    EACH   = a word that hands the figure to every one of them ("each", "every one of", "apiece", "cada uno")
    FIGURE = a tok/s the rates reader took as the SLO, or a volume the volumes reader converted

A sentence holding COUNT, EACH and FIGURE (and no "in total") composes them:
- a group's tok/s adds up: "every one of our 12 tenants needs 250 tok/s" is 3,000 tok/s in total;
- a person's or a stream's tok/s is per stream: with "at once" the count is the concurrency ("25 people at
  once, each should get 40 tok/s"), without it the question asks how many are at it at once;
- a volume each, a group's or a person's, adds up: "300 engineers each use about 50k output tokens a day"
  is 15 M a day.
Words come from the lexicon (group_nouns, person_nouns, each, at_once, total). The count's span is marked
used, so the safety net (bot/parse/unused.py) knows which counts no reader took.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.parse import lexicon, revisions
from bot.parse.compose_at_once import fewer_at_once, fewer_streams
from bot.parse.compose_at_once import per_stream as _per_stream
from bot.parse.compose_forms import bound_each, each_words, echo, for_them, hands_own_figure  # noqa: F401  hands_own_figure: unused_figures reads it here
from bot.parse.compose_nested import nested_in
from bot.parse.compose_unknown import unknown_count as _unknown_count
from bot.parse.count_nouns import lead
from bot.parse.counts import Count, counts
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number, plain
from bot.parse.rate_kind import one_person_max_tok_s
from bot.parse.rate_units import TOK_S

_TIMES = lazy(r"\s*[x×*]\s*(?:(?:~|≈|about|around|roughly|approx\.?|unos|unas|aprox\.?|cerca\s+de)\s*)?", re.I)  # "200 tiendas × unos 432.000 tokens"


_EACH_NOUN = lazy(  # "x usuario": Slack's per (lexicon `per_short`)
    rf"\b(?:each|every|per|cada|por|{lexicon.alternation('per_short')})\s+(?:one\s+of\s+(?:the|our)\s+)?(?P<noun>[^\W\d_]+)", re.I
)


def _is_group(text: str, count: Count, start: int, end: int) -> bool:
    """Whether the count counts groups; for "300 of them", the noun after "each" says."""
    if count.group is not None:
        return count.group
    # "every business unit (there are 5)": the group noun may be two words
    return any(lexicon.pattern("group_nouns").match(text, m.start("noun")) for m in _EACH_NOUN.finditer(text, start, end))


def _figures(text: str, nums: list[Number], draft: Draft) -> list[tuple[str, Number]]:
    """The SLO figure as read: a tok/s equal to the SLO, or the volume that was converted into it."""
    slo = draft.fields.get("slo_tok_s")
    if (
        slo is None
        or draft.asked_about("slo_tok_s")
        or _noted(draft, "rate_multiplied", "volume_times_users")
    ):
        return []
    converted = next((n for n in draft.notes if n.code == "volume_converted"), None)
    # the volume as typed: converted, or before a share of it was taken ("200k tokens each, 80% input")
    said_volumes = {n.params["volume"] for n in draft.notes if n.code in ("volume_converted", "volume_share", "volume_shifts")}
    said_volumes |= {n.params["requests"] for n in draft.notes if n.code == "volume_per_request"}  # "40 chats a day each"
    out = []
    for n in nums:
        if converted is None and TOK_S.match(text, n.end) and n.value == slo:
            out.append(("rate", n))
        elif converted is not None and plain(n.value) in said_volumes:
            out.append(("volume", n))
    return out


def _noted(draft: Draft, *codes: str) -> bool:
    return any(n.code in codes for n in draft.notes)


def read_composition(text: str, nums: list[Number], draft: Draft) -> None:
    every = counts(text, nums)
    if nested_in(text, nums, draft, every):
        return  # "3 hospitales con 4 plantas cada uno, y cada planta pide 50 tok/s": 3 × 4 × 50
    for kind, figure in _figures(text, nums, draft)[:1]:
        start, end = sentence(text, figure.start)
        # the figure is never its own count: "600 chats a la hora, cada respuesta de ~250 tokens" is 600 × 250 once
        every = [c for c in every if c.start != figure.start]
        here = [c for c in every if start <= c.start < end]
        if not here:  # "There are 60 adjusters, 15 of them at once. Each adjuster gets 30 tok/s.": named again
            named = [c for c in every if c.noun and echo(c.noun).search(text, start, end)]
            if len(named) == 1 or len({c.noun.lower() for c in named}) == 1:
                here = named[-1:]  # one unit said several times ("6 filiales … 9 filiales"): revisions settles it
            elif len(every) == 1 and (_each(text, every[0], start, end) or for_them(text, every[0].end, figure)):
                here = every  # "We have 12 tenants. Each needs 250 tok/s.", "30 customers; 100 tok/s for them"
        # "We run 18 support queues. Each needs 90 tok/s.": the count may be in the sentence before the "each"
        before = sentence(text, start - 2)[0] if start > 1 else start
        if kind == "rate" and fewer_streams(text, nums, draft, every, figure, before, end):
            return  # "500 seats, about 60 of them at any one moment; each of those gets 30 tok/s": 60 streams
        total = lexicon.pattern("total").search(text, start, end)  # "4 titles, …, one shared pool that needs 900 tok/s in total"
        if not here and not total and (unknown := _unknown_count(text, nums, start, end) or _unknown_count(text, nums, before, end, each_from=start)) and unknown.start != figure.start:
            draft.use(unknown.start, unknown.end, "slo_tok_s")
            if kind == "volume":  # "our 7 hospitals each send ~5M output tokens a day": a volume each adds up
                _volume_times(draft, unknown)
                return
            # "15 call centers, 120 tok/s apiece": each of a thing the lexicon does not know, a group whose
            # rates add up or a person's stream: ask which, never guess
            draft.ask(ASK_SLO, "slo_kind_unclear", tok_s=plain(figure.value), users=unknown.value, who=unknown.noun)
            return
        if len(here) > 1:  # "20 people, …, only 5 of them at once": "5 of them" is how many at once
            here = bound_each(text, [c for c in here if c.noun] or here)  # "500 staff, …: 12 people, each with 50k tokens": the 12
        if len(here) != 1 or total:
            continue
        count = here[0]
        times = _TIMES.fullmatch(text, count.end, figure.start)  # "300 engineers × 50k output tokens a day"
        each = times or _between(text, count, figure) or _each(text, count, start, end, figure.start) or _each(text, count, *sentence(text, count.start))
        if not each:
            _neither(text, draft, kind, count, figure)
            continue
        if (now := revisions.settled(text, nums, draft, count.value, count.start, count.end, count.noun)) is None:
            draft.use(count.start, count.end, "slo_tok_s")  # "8 teams … 10 teams", no time said: which?
            draft.fields.pop("slo_tok_s", None)
            draft.ask(ASK_SLO, "rate_per_group", tok_s=plain(figure.value), group=count.noun.lower())
            return
        count = replace(count, value=now)  # "12 depots last year and 15 now"
        draft.use(count.start, count.end, "slo_tok_s")
        draft.use(each.start(), each.end(), "slo_kind")  # "apiece", "cada uno" were read
        if kind == "volume":
            _volume_times(draft, count)
        elif count.group is None and count.noun:  # "for 20 clinics, 150 tok/s each": a group, or people?
            draft.ask(ASK_SLO, "slo_kind_unclear", tok_s=plain(figure.value), users=count.value, who=count.noun.lower())
        elif _is_group(text, count, start, end) and not fewer_at_once(text, count):
            _rate_times(draft, count, figure)  # ("5,000 customers, only ~300 at any one time": people, per stream)
        else:
            _per_stream(text, draft, count, start, end)


def _neither(text: str, draft: Draft, kind: str, count: Count, figure: Number) -> None:
    """ "kimi for our 12 customers, 300 tok/s": a count of groups or people beside the SLO, and neither "each"
    nor "in total" nor a per-stream word said: 300 for each of them, or for all of them together? It asks."""
    if (
        kind == "rate"
        and (count.group is not None or count.noun)
        and (count.group is not False or figure.value <= one_person_max_tok_s())  # "1,500 tok/s for 30 devs": theirs
        and "slo_kind" not in draft.fields
        and not draft.asks
        and (found := lead("count_for").search(text, max(0, count.start - 40), count.start) or _beside(text, count, figure) or for_them(text, count.end, figure) or _needing(text, count, figure))
        # "one key for 20 teams", "we have 9 teams sharing one key": what is for them is a credential
        and not lexicon.pattern("not_for_count").search(text, _clause(text, found.start()), max(figure.start, count.end))
    ):
        draft.use(count.start, count.end, "slo_tok_s")
        draft.ask(ASK_SLO, "slo_kind_unclear", tok_s=plain(figure.value), users=count.value, who=count.noun.lower())


# "12 customers, 300 tok/s", "12 clientes: 300 tok/s": the count said right before the figure, nothing between
_JUST_BEFORE = lazy(r"\s*[,:;—–-]?\s*(?:(?:about|around|roughly|unos|unas)\s+|[~≈]\s*)?$", re.I)


def _beside(text: str, count: Count, figure: Number) -> re.Match[str] | None:
    return _JUST_BEFORE.match(text, count.end, figure.start) if count.end <= figure.start else None


def _needing(text: str, count: Count, figure: Number) -> re.Match[str] | None:
    """ "the 3 hospitals need llama 3.3 70b at 300 tok/s": the count is the need's subject (lexicon `count_needs`)."""
    if count.end > figure.start:
        return None
    return lazy(rf"\s+(?:{lexicon.alternation('count_needs')})(?!\w)[^,;:.\n]{{0,40}}?$", re.I).match(text, count.end, figure.start)


def _between(text: str, count: Count, figure: Number) -> re.Match[str] | None:
    """ "6 equipos por 100 tok/s": a distributive word between the count and its figure (lexicon `each_between`)."""
    if count.end > figure.start:
        return None
    return lazy(rf"\s*,?\s*(?:{lexicon.alternation('each_between')})\s*$", re.I).match(text, count.end, figure.start)


def _clause(text: str, pos: int) -> int:
    return max(text.rfind(mark, 0, pos) for mark in ",;:.\n(") + 1


def _each(text: str, count: Count, start: int, end: int, near: int = 0) -> re.Match[str] | None:
    """EACH: a word that hands the figure to every one ("each", "apiece", "cada uno"), or the count's own
    noun after "per"/"each"/"por"/"cada" ("per tenant", "cada sede")."""
    found = each_words(text, start, end)
    found += [*echo(count.noun).finditer(text, start, end)] if count.noun else []
    # the nearest to the figure: "6 squads, each wants 200 tok/s, and that's per user" read "each"
    return min(found, key=lambda m: min(abs(m.start() - near), abs(m.end() - near)), default=None)


def _rate_times(draft: Draft, count: Count, figure: Number) -> None:
    total = figure.value * count.value
    draft.fields["slo_tok_s"] = total
    if draft.fields.get("slo_kind") == "per_stream":  # "each" was the groups', not a stream's
        draft.fields.pop("slo_kind")
    draft.note("rate_multiplied", count=count.value, each=plain(figure.value), tok_s=plain(total))


def _volume_times(draft: Draft, count: Count) -> None:
    i, converted = next((i, n) for i, n in enumerate(draft.notes) if n.code == "volume_converted")
    params = dict(converted.params)
    draft.fields["slo_tok_s"] *= count.value
    said = {"volume": params["volume"], "users": count.value, "period": params["period"]}
    params["volume"] = plain(params["volume"] * count.value)
    params["tok_s"] = round(draft.fields["slo_tok_s"], 1)
    draft.notes[i] = converted.model_copy(update={"params": params})
    draft.notes.insert(i, type(converted)(code="volume_times_users", params=said))
