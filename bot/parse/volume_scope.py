"""What a bare token volume counts when its clause, not its own words, says so (vol12, session 12).

"1B tokens a month" is output tokens (the documented default: what a node generates is what it is sized by).
Two things around the figure make it a total of both directions instead, split by the mix said or asked
(`total_volume_mix`) by bot/parse/volumes.py:
- both directions said in its sentence, apart from the figure (lexicon `volume_both_said`: "our total traffic
  (both directions) is 1.5B tokens", "~4.5B tokens a month all in", "counted together"), or both sides named in
  its clause (`volume_both`: "1.5B tokens through the API for prompts and completions");
- a verb of throughput or billing governing bare tokens (lexicon `volume_through`: "we process 60M tokens a
  day", "the API bills us for 1.2B tokens", "procesamos 50 millones de tokens", "nos facturan…"): what passes
  through, or is billed, is both sides; "we generate 20M tokens a day" stays output. The verb may follow the
  figure (`volume_through_after`: "300M tokens a day go through minimax m3", "pasan por el modelo").
A side said as the subject right before the figure names the volume's side: "input runs about 1.46B tokens a
month" is input, "la salida ronda los 300 millones de tokens" output (`side_by_clause`).
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy

_NEAR = 90  # characters either side of the figure that may say both directions


@cache
def _both() -> re.Pattern[str]:  # both sides said as the volume's scope: "counted together", "(both directions)"
    return lazy(rf"(?<!\w)(?:{lexicon.alternation('volume_both_said')})(?!\w)", re.I)


@cache
def _sides() -> re.Pattern[str]:  # both sides named ("prompts and answers"): the volume's only within its clause
    return lazy(rf"(?<!\w)(?:{lexicon.alternation('volume_both')})(?!\w)", re.I)


@cache
def _split_unknown() -> re.Pattern[str]:  # "doesn't break it into input and output", "sin desglose" (grow17b s17)
    return lazy(rf"(?<!\w)(?:{lexicon.alternation('volume_split_unknown')})(?!\w)", re.I)


@cache
def _all_output() -> re.Pattern[str]:
    return lazy(rf"(?<!\w)(?:{lexicon.alternation('volume_all_output')})(?!\w)", re.I)


def all_output(text: str, lo: int, hi: int) -> bool:
    """Whether the sentence [lo, hi) says its volume is (nearly) all output, whatever verb governs it ("we consume
    about 1.3B tokens a month, almost all of it completions", "casi todo de salida"; lead s18)."""
    return bool(_all_output().search(text, lo, hi))


_CLAUSE_END = lazy(r"[,;]")


@cache
def _through() -> re.Pattern[str]:
    # the verb, then at most a few words and no figure or clause break before the figure
    return lazy(rf"(?<!\w)(?:{lexicon.alternation('volume_through')})(?!\w)[^\d.;:!?\n]{{0,24}}$", re.I)


@cache
def _through_after() -> re.Pattern[str]:
    # "300M tokens a day go through minimax", "que pasan por el gateway": the verb right after the volume
    return lazy(rf"[^\d.;:!?\n]{{0,24}}?(?<!\w)(?:{lexicon.alternation('volume_through_after')})(?!\w)", re.I)


_TOTAL_AFTER = lazy(r"\s*,?\s*(?:in\s+total|en\s+total|all\s+told|in\s+all|combined|overall|all\s+in)\b", re.I)


def total_by_clause(text: str, start: int, end: int, lo: int, hi: int) -> bool:
    """Whether the bare volume at [start, end) in the sentence [lo, hi) counts input and output together."""
    if _both().search(text, max(lo, start - _NEAR), min(hi, end + _NEAR)) or _split_unknown().search(text):
        return True  # "… (both directions)"; "the export doesn't break it into input and output", anywhere
    before = [m.end() for m in _CLAUSE_END.finditer(text, max(lo, start - _NEAR), start)]
    after = _CLAUSE_END.search(text, end, min(hi, end + _NEAR))
    if _sides().search(text, before[-1] if before else max(lo, start - _NEAR), after.start() if after else min(hi, end + _NEAR)):
        return True  # "all tokens, prompts and answers alike, …"; "26M tokens a day, prompts and answers are in Spanish" is not
    return bool(_through().search(text, max(lo, start - 50), start) or _TOTAL_AFTER.match(text, end) or _through_after().match(text, end, hi))


_SUBJECT = lazy(
    r"(?<!\w)(?:(?P<i>inputs?|prompts?|(?:la\s+)?entrada)|outputs?|completions?|(?:la\s+)?salida)(?:\s+(?:side|tokens?|volume|volumen))?"
    r"\s+(?:is|are|was|were|runs?|ran|comes?\s+to|came\s+to|totals?|totall?ed|sums?\s+to|es|son|fue|suma[n]?|ronda[n]?|anda\s+por)"
    r"(?:\s+(?:about|around|roughly|approximately|some|close\s+to|nearly|~|unos|unas|los|las|alrededor\s+de|cerca\s+de))*\s*~?$",
    re.I,
)


def side_by_clause(text: str, start: int, lo: int) -> str | None:
    """ "input runs about 1.46B tokens a month": the side its subject names, or None."""
    said = _SUBJECT.search(text, max(lo, start - 50), start)
    if said and _OTHER_SIDE_AND.search(text, max(lo, said.start() - 30), said.start()):
        return None  # "entre entrada y salida son 900 millones": both sides, the total's reader decides (mix14)
    return None if not said else "input" if said.group("i") else "output"


@cache
def _verbs() -> tuple[re.Pattern[str], re.Pattern[str]]:
    about = r"(?:\s+(?:about|around|roughly|some|nearly|unos|unas|alrededor\s+de|cerca\s+de|~|≈))*\s*[~≈]?$"
    return tuple(lazy(rf"(?<!\w)(?:{lexicon.alternation(key)}){about}", re.I) for key in ("mix_read_verb", "mix_write_verb"))


def side_by_verb(text: str, start: int, lo: int) -> str | None:
    """ "el modelo lee 12 millones de tokens diarios", "it ingests 50M tokens": the verb right before the figure says
    its side (lexicon `mix_read_verb`, `mix_write_verb`); a verb of both lists ("receives") says none (count16 s16).
    Weighed after the verbs of throughput ("we process", "pushes", "consumimos" count both sides)."""
    read, write = (v.search(text, max(lo, start - 40), start) for v in _verbs())
    if bool(read) == bool(write):
        return None
    return "input" if read else "output"


_OTHER_SIDE_AND = lazy(r"(?<!\w)(?:inputs?|prompts?|entradas?|outputs?|completions?|salidas?)\s+(?:and|y|e|\+|&|plus|m[aá]s)\s*$", re.I)



def lead_total(text: str, tokens: re.Match[str], lo: int, start: int):
    """A period said before a volume that a verb of throughput governs ("every day the pipeline pushes 40M
    tokens"): that volume over the period, a total (volume_lead.LeadVolume reads only a side said or written)."""
    from bot.parse.volume_forms import _COUNTED_BEFORE, LEAD_PERIOD
    from bot.parse.volume_lead import LeadVolume

    leads = list(LEAD_PERIOD.finditer(text, lo, start))
    if not leads or not (_through().search(text, leads[-1].end(), start) or _TOTAL_AFTER.match(text, tokens.end())):
        return None  # a verb of throughput, or "al mes son 2.000 millones de tokens en total" (mix14)
    lead = leads[-1]
    if _COUNTED_BEFORE.search(text, max(lo, lead.start() - 30), lead.start()):
        return None  # "172.800 facturas al día y cada factura lleva 250 tokens": the period is the invoices' (LeadVolume.before)
    adverbs = {"daily": "day", "weekly": "week", "monthly": "month"}
    period = lead.group("period") or next(p for k, p in adverbs.items() if lead.group(k))
    volume = LeadVolume(tokens, period)
    return volume if volume.group(0) else None


# Another volume between a volume and a share: the share is that one's ("5B prompt tokens and 40M output, 20% …")
_OTHER_VOLUME = lazy(r"\d[\d.,]*\s?(?:[kKMB]|bn|million|billion|millones|mil)?\s+(?:[^\W\d_]+\s+){0,2}?tok(?:en)?s\b", re.I)


def share_later(text: str, end: int) -> re.Match[str] | None:
    """The share of a total volume said later in its sentence, or at the start of the next one ("…a month. A fifth
    of that is output."): "1.2B tokens a month on kimi k2.5, and 20% of them are output" is 20 % output. Not past
    another volume, whose share it would be."""
    from bot.parse.draft import sentence
    from bot.parse.volume_forms import _SHARE_AFTER, SHARE_LATER

    lo, hi = sentence(text, end)
    share = SHARE_LATER.search(text, end, hi)
    if share is None and hi < len(text):
        nxt = _SPACE.match(text, hi + 1)
        share = _SHARE_AFTER.match(text, nxt.end() if nxt else hi + 1)
        share = share if share and share.group(0).strip() else None
    if share is None or _OTHER_VOLUME.search(text, end, share.start()):
        return None
    # "the output is about 10% faster", "la salida cuesta un 20 % más": a price or a speed, no share (`mix_veto`)
    after = sentence(text, share.end())[1]
    return None if lexicon.pattern("mix_veto").search(text, share.end(), min(after, share.end() + 30)) else share


_SPACE = lazy(r"\s+(?:(?:and|so|y|o\s+sea|i\.e\.,?|that\s+is,?)\s+)?(?:(?:of\s+(?:that|those|them|it)|de\s+(?:eso|ellos|esos))\s*,?\s*)?")
