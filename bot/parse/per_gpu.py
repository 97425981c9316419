"""A tok/s figure said of ONE GPU (issue 14): the need on one card, one card's capacity, or neither. The tok/s reader
(bot/parse/rates.py) asks once per figure; what a capacity does to the answer is its (context beside a need said
elsewhere, note `per_gpu_ignored`; alone, a question, `rate_per_gpu`).

- the need on one card: a need said with the hardware it should fit on ("we need 200 tok/s on one L4", "should run at
  150 tok/s on a single RTX 4090", "can gpt-oss 20b do 400 tok/s on one GPU?", "a 350 tok/s en una sola H100");
- a capacity: a figure per GPU whatever leads it ("1.5k tok/s per GPU", "por GPU"); one card as the subject of a verb
  ("one H100 pushed 2k tok/s", "cada GPU rinde 1.100 tok/s", "una sola H200 da unos 2.500") or as the label of the
  figure ("benchmark (1x H100, bf16): 1650 tok/s", "throughput per H100 = 1,900 tok/s", "one GPU of it about 900");
  a figure on one card that the card gives or that was measured ("vLLM gives us 2.5k tok/s on a single H100",
  "medimos 1.700 tok/s en una sola L40S").
The words are lexicon rows (`rate_card_gives`, `rate_card_need`, `rate_card_asked`, `rate_measured_verb`,
`rate_target_verb`, `rate_needed`); here only where each sits around the figure.
"""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.rate_units import GPU, VERB_NOT_NEED, measured_words, target_before

NEED_ON_CARD, CAPACITY = "need_on_card", "capacity"

# One GPU: "one H100", "a single card", "a lone H200", "1x L40S", "H100 x1", "single-GPU", "per H100 =", "cada GPU",
# "una única H100".
_ONE_GPU = (
    rf"(?:\b1\s?x\s?|\b(?:one|an?|single|each|una?|cada|1|per|por)[\s-]+(?:(?:single|lone|sola|solo|[uú]nic[ao])[\s-]+)?){GPU}\b"
    rf"|\b{GPU}\s?[x×]\s?1\b"
)

PER_GPU_AFTER = lazy(
    rf"\s*(?:per|por|/|each|a|(?:per|por|para)\s+cada|(?:on|with|en|con)\s+(?:an?|one|each|una?|single)(?:\s+(?:single|sola))?)\s*(?:single\s+)?{GPU}\b",
    re.I,
)
_ON_ONE = lazy(rf"\s*(?:on|with|en|con)\s+(?:an?|one|una?|single|1)(?:\s+(?:single|sola))?\s*(?:single\s+)?{GPU}\b", re.I)

# One GPU as the subject of whatever verb ("does", "pushed", "topped out at", "sacó", "rinde"): its capacity.
ONE_GPU_DOES = lazy(rf"(?:{_ONE_GPU})\s+{VERB_NOT_NEED}\s+(?:us\s+|about\s+|around\s+|roughly\s+|unos\s+|~|≈)*$", re.I)
# One GPU as the figure's label, its verb left out: "benchmark (1x H100, bf16): 1650 tok/s", "one GPU of it about 900".
_ONE_GPU_SAYS = lazy(
    rf"(?:{_ONE_GPU})(?:[^.;:!?\n]{{0,30}}?[:=|]|\s+(?:of\s+(?:it|them|those|these)\s+|de\s+(?:ellas?|esas?|esos?)\s+)?"
    r"(?:about|around|roughly|unos|unas|~|≈|->|→))\s*$",
    re.I,
)
_AT = lazy(r"(?:^|(?<=[\s`'\"):]))(?:at|@|a)\s+(?:(?:about|around|roughly|unos|unas)\s+|[~≈]\s*)?$", re.I)


@cache
def _words(concept: str, anchor: str = "") -> re.Pattern[str]:
    return lazy(rf"{anchor}\b(?:{lexicon.alternation(concept)})\b", re.I)


@cache
def _modal_before() -> re.Pattern[str]:  # "should run at", "debería dar": a need's modal, two words at most between
    return lazy(rf"\b(?:{lexicon.alternation('rate_card_need')})\s+(?:[^\W\d_]+\s+){{0,2}}$", re.I)


def kind(before: str, after: str) -> str:
    """What a tok/s figure is of one GPU: `NEED_ON_CARD`, `CAPACITY` or "" (neither). `before`: its sentence up to
    the figure; `after`: its sentence after the unit."""
    lead = before[-60:]
    if ONE_GPU_DOES.search(before):
        return CAPACITY
    if _ON_ONE.match(after):
        return NEED_ON_CARD if _need_on_card(before, lead) else CAPACITY
    if PER_GPU_AFTER.match(after):
        return CAPACITY
    if _ONE_GPU_SAYS.search(lead) and not _words("rate_needed").search(lead):
        return CAPACITY
    return ""


def _need_on_card(before: str, lead: str) -> bool:
    """A figure on one card is the need when a need, a need's modal or a question leads it ("need 200 tok/s on one
    L4", "at 150 tok/s on a single card", "should run at 150 tok/s on a single RTX 4090", "can it do 400 tok/s on one
    GPU?"), unless it was measured or the card gives it ("vLLM gives us 2.5k tok/s on a single H100")."""
    if measured_words().search(lead):
        return False
    if _modal_before().search(lead):
        return True
    if _words("rate_card_gives").search(lead):
        return False
    return bool(target_before().search(lead) or _AT.search(lead) or _words("rate_card_asked", r"^\W*").search(before))
