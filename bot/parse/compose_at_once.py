"""How many of the counted people or streams are at it at once (the grammar's per-stream branch, split from
bot/parse/compose.py): "25 people at once" is all 25; "20 people …, only 5 of them at once", "200 devs, ~10 of
them typing at any moment", "como mucho 12 conectados a la vez" is that number; "300 seats, 10% concurrent" a
share; "about half of them" asks; nothing said asks `users_at_once`."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.compose_forms import each_words
from bot.parse.count_words import inner_of
from bot.parse.counts import Count, counts
from bot.parse.draft import ASK_SLO, Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number

_RATE_FIGURE = lazy(r"\d[\d.,]*\s*[kK]?\s*(?:tok|t/s|tps|tokens)", re.I)
# Around the clock is no number of them: "all of them 24/7 and always in parallel", "24x7x365", "24 horas".
_CLOCK = lazy(r"\b24\s*(?:[/x×]\s*7(?:\s*[/x×]\s*365)?|\s*h(?:rs?|ours?|oras)?)\b", re.I)


_PERCENT_AT_ONCE = lazy(
    r"(?<![\w.,])(?P<p>\d{1,3}(?:[.,]\d+)?)\s?(?:%|percent|por\s?ciento)\s*(?:of\s+(?:them|those|us)\s+|de\s+(?:ell[oa]s|nosotros)\s+)?"
    r"(?:[^\W\d_]+\s+){0,2}$",
    re.I,
)

# "…, maybe 50 at the same time", "~10 of them typing at any moment": a number right before the at-once
# words, at most four words between ("120 have the copilot open at the same time").
# A clock's figure is never a number of them: "24/7 and always running in parallel" is no 7 at once.
_NEXT_TO_AT_ONCE = lazy(r"(?<![\w.,/:])(?P<n>\d+)(?![/:x×]\d)(?:\s+[^\W\d_]+){0,4}\s*$")
_AFTER_AT_ONCE = lazy(
    r"\s*,?\s*(?:(?:about|around|roughly|maybe|only|just|some|unos|unas|alrededor\s+de|como|solo|s[oó]lo|quiz[aá]s?)\s+|[~≈]\s*)*"
    r"(?P<n>\d{1,6})(?!\d)(?![\d.,]*\s*(?:[kKmM]\b|tok|t/s|tps|%|percent|por\s?ciento)|[/:x×]\d)",  # not the 2 of "24/7"
    re.I,
)
_A_NUMBER = lazy(r"\s*(?:of\s+|de\s+)?[~≈]?\s*\d")


@cache
def _share_before() -> re.Pattern[str]:
    """ "about half of our 1,000 technicians", "la mitad de nuestros 1.000 técnicos": a share said of the count
    before it (lexicon `share_of`) is some of them, not all of them."""
    return lazy(
        rf"(?<!\w)(?:{lexicon.alternation('share_of')})\s+(?:of|de)\s+(?:(?:our|the|all|its|their|nuestr[oa]s|l[oa]s|sus|tod[oa]s)\s+){{0,2}}$",
        re.I,
    )


def share_before(text: str, pos: int) -> bool:
    """ "about a third of our 900 nurses": a share said of what starts at `pos`."""
    return bool(_share_before().search(text, max(0, pos - 48), pos))


def per_stream(text: str, draft: Draft, count: Count, start: int, end: int) -> None:
    draft.fields["slo_kind"] = "per_stream"
    # "20 personas, 40 tok/s cada una": the people and the rate beside them were composed, each one's stream
    draft.asks = [(p, f) for p, f in draft.asks if not (f.code == "slo_kind_unclear" and f.params.get("users") == count.value)]
    # "25 people at once", "40 seats, all active": the at-once words follow the count, no figure between
    # …in the figure's sentence or the one after it ("20 people, each gets 40 tok/s; only 5 use it at once")
    if _share_before().search(text, max(0, count.start - 48), count.start):
        if draft.fields.get("concurrency") == count.value:  # "half of our 1,000" read as all 1,000 at once
            draft.fields.pop("concurrency")
        if "concurrency" not in draft.fields and not draft.asked_about("concurrency"):
            draft.ask(ASK_SLO, "users_at_once", users=count.value)
        return
    if lexicon.pattern("at_once").search(text, count.start, count.end) and "concurrency" not in draft.fields:
        return _at_once(draft, count.value)  # "120 concurrent tutoring sessions": the count's own words say at once
    after = lexicon.pattern("at_once").search(text, count.end, min(max(sentence(text, end + 1)[1], count.end), count.end + 100))
    if after is None and _online_at_peak(text, count):  # "about 200 users online at the busiest hour"
        after = _online().match(text, count.end)
    if after is None and _all_at_once().search(text):
        # "> pm: 30 analysts, …, all online at once" / "it's 36 analysts now": what was said of them holds for the
        # count that replaced the old one (bot/parse/voices.py blanked it), and "all" has no number of its own
        draft.set("concurrency", count.value)
        draft.asks = [(p, f) for p, f in draft.asks if f.code != "users_at_once"]
        return
    between = _CLOCK.sub(" ", _RATE_FIGURE.sub(" ", text[count.end : after.start()])) if after else ""
    # "200 devs; at any moment about 10 are typing": the number right after the at-once words
    if after and (then := _AFTER_AT_ONCE.match(text, after.end())) and 1 <= (n := int(then["n"])) < count.value:
        _at_once(draft, n)
        return
    # "300 seats, 10% concurrent", "un 20 % a la vez": a share said as a percentage is a number of them
    if after and (pct := _PERCENT_AT_ONCE.search(text, count.end, after.start())):
        share_of = float(pct["p"].replace(",", ".")) / 100
        if 0 < share_of <= 1:
            if draft.fields.get("concurrency") == count.value:  # "300 agents" read as all of them at once
                draft.fields.pop("concurrency")
            draft.set("concurrency", max(1, round(count.value * share_of)))
            draft.asks = [(p, f) for p, f in draft.asks if f.code != "users_at_once"]
            return
    # "40 agents …, and all 40 are online together" is the same 40; "300 users, maybe 30 at once" is 30
    others = {float(d) for d in re.findall(r"\d+", between)} - {float(count.value)}
    # "60 reps …, about half of them online at once": a share of them, not all of them
    # ("at most 12", "como mucho 12", "up to 40" are a number of them, not a share)
    share = next((m for m in lexicon.pattern("share_of").finditer(between) if not _A_NUMBER.match(between, m.end())), None)
    at_once = after and not others and not share
    # "60 adjusters on mistral large 3, about 15 of them at once": the number right before the at-once words, even
    # with other figures (a model's version) between
    next_to = _NEXT_TO_AT_ONCE.search(text, count.end, after.start()) if after and not share else None
    if next_to and 1 <= (n := int(next_to.group("n"))) < count.value:
        _at_once(draft, n)
        return
    if fewer_at_once(text, count):  # "600 reps, 20 tok/s each. The most we've seen online together is 150."
        from bot.parse.unit_forms import at_once_number  # unit_forms reads this module's counts

        return _at_once(draft, at_once_number(text)[0])
    if "concurrency" in draft.fields and draft.fields["concurrency"] != count.value:
        if not inner_of(text, count, draft.fields["concurrency"]):
            return  # "300 users, maybe 30 at once": the concurrency reader read it
        draft.fields.pop("concurrency")  # "8 schools and in each school 60 students online at once": 480, not 60
    if draft.fields.get("concurrency") == count.value or at_once:
        draft.set("concurrency", count.value)
        # "40 seats, all active": the question the concurrency reader asked is answered
        draft.asks = [(p, f) for p, f in draft.asks if f.code != "users_at_once"]
    elif "concurrency" not in draft.fields and not draft.asked_about("concurrency"):
        draft.ask(ASK_SLO, "users_at_once", users=count.value)




def fewer_at_once(text: str, count: Count) -> bool:
    """Whether the message says a number of them at it at once smaller than the count ("5,000 customers, but only
    ~300 chatting at any one time", "1.200 alumnos, unos 90 en un momento dado"): units only some of which are at
    it at once are people or their streams, whatever the noun, so a figure each of them gets is a stream's."""
    from bot.parse.unit_forms import at_once_number  # unit_forms reads this module's counts

    return (peak := at_once_number(text)) is not None and peak[1] >= count.end and 2 <= peak[0] < count.value


def peak_not_target(text: str, draft: Draft) -> None:
    """The rates reader takes a number after a target word ("peak of 75") for a unitless target and asks which
    figure is the SLO; said of people online ("peak of 75 online", unit_forms.at_once_number) it is how many are
    at it at once, and the tok/s it set aside is the SLO."""
    from bot.parse.unit_forms import at_once_number  # unit_forms reads this module's counts

    if not (asked := next((f for _, f in draft.asks if f.code == "slo_unclear" and "tok_s" in f.params), None)):
        return
    if (peak := at_once_number(text)) is None or not text[peak[1] : peak[2]].lower().startswith(asked.params["said"].lower()):
        return
    draft.asks = [(p, f) for p, f in draft.asks if f is not asked]
    draft.disputed.discard("slo_tok_s")
    draft.fields["slo_tok_s"] = asked.params["tok_s"]
    draft.fields["slo_kind"] = "per_stream"  # people at once: each one's stream
    draft.use(peak[1], peak[2], "concurrency")
    draft.set("concurrency", peak[0])


def _at_once(draft: Draft, n: int) -> None:
    draft.fields.pop("concurrency", None)  # "200 devs" read as all of them at once by the concurrency reader
    draft.set("concurrency", n)
    draft.asks = [(p, f) for p, f in draft.asks if f.code != "users_at_once"]


@cache
def _all_at_once() -> re.Pattern[str]:
    return lazy(rf"(?<![\w\d]\s)(?<!\d)(?:{lexicon.alternation('all_of_them')})\s+(?:[^\W\d_]+\s+){{0,2}}(?:{lexicon.alternation('at_once')})(?!\w)", re.I)


@cache
def _online() -> re.Pattern[str]:
    return lazy(rf"\s+(?:(?:are|is|est[aá]n|hay)\s+)?(?:{lexicon.alternation('online_word')})(?!\w)", re.I)


def _online_at_peak(text: str, count: Count) -> bool:
    """People counted as online, connected or logged in at the peak (lexicon `peak_time`: "at the busiest hour", "en
    hora pico") are how many are at it at once."""
    return bool(_online().match(text, count.end)) and bool(lexicon.pattern("peak_time").search(text, *sentence(text, count.start)))


def streams_at_once(text: str, nums: list[Number], noun: str) -> bool:
    """Whether the question counts `noun` as streams at once ("250 voice bots concurrently … per bot"): a rate
    per one of them is a stream's, for compose to read, not a group's to add up."""
    plural = lazy(rf"{noun}(?:s|es)?", re.I)
    said = [c for c in counts(text, nums) if plural.fullmatch(c.noun)]
    return any(c.at_once for c in said) or any(fewer_at_once(text, c) for c in said)  # "4.000 clientes, solo 200 a la vez"


def fewer_streams(text: str, nums: list[Number], draft: Draft, every: list[Count], figure: Number, start: int, end: int) -> bool:
    """A number said to be at it at once (unit_forms.at_once_number), no more than a count of people or seats said
    before the figure, and "each" in the figure's sentence: the figure is each one's stream and that number the
    concurrency ("Tenemos 1.500 licencias pero a la vez habrá unos 100 usuarios, y cada uno necesita 25 tok/s")."""
    from bot.parse.unit_forms import at_once_number  # unit_forms reads this module's counts

    if (peak := at_once_number(text)) is None or not each_words(text, sentence(text, figure.start)[0], end, own_figure=True):
        return False
    if peak[1] > figure.start or share_before(text, peak[1]) or any(c.group and c.start < figure.start and c.value > peak[0] for c in every):
        return False  # "12 stores, 5 of them busy at once": stores whose rates add up? compose's group branch reads it
    draft.fields["slo_kind"] = "per_stream"
    draft.asks = [(p, f) for p, f in draft.asks if f.code not in ("slo_kind_unclear", "users_at_once")]
    draft.use(peak[1], peak[2], "concurrency")
    for c in every:  # the people or seats counted before it were read: all of them, the most at once
        if start <= c.start < figure.start:
            draft.use(c.start, c.end, "slo_tok_s")
    draft.fields.pop("concurrency", None)
    # "8 schools and in each school 60 students online at once": the product of the counts (count_words.py), 480
    draft.set("concurrency", next((c.value for c in every if c.start == peak[1] and inner_of(text, c, peak[0])), peak[0]))
    return True
