"""A stance on residency (bot/parse/stance.py): what one part of a sentence says of whether the text may leave,
with the span it was read from."""

from __future__ import annotations

from dataclasses import dataclass

STAYS, LEAVES, UNSURE, NONE = "stays", "leaves", "unsure", "none"  # none: words read that set nothing


@dataclass(frozen=True)
class Stance:
    kind: str
    start: int
    end: int
    within: tuple[int, int] = (0, 0)  # the sentence (or two, "…; however …") this stance is the reading of
    withdrawn: bool = False  # a rule said to hold no more
    ruled: bool = False  # said by whoever rules (approved, refused)
    sensitive: bool = False  # stays only because the data is sensitive by nature ("prompts contain PII")
    clears: bool = False  # the sensitive data is taken out before it goes ("we anonymize everything first")
    who: str = ""  # the authority that ruled or doubts ("legal"), rulings.who's key
    spent: bool = False  # a ruling set aside by a later or stricter one (bot/parse/rulings.py): read, sets nothing
    flips: bool = False
    was: str = ""  # the kind a ruling had before it was set aside  # going back on the same authority's ruling before ("reversed it"): rulings.weigh decides
    hedged: bool = False  # doubt about an approval ("I think legal cleared it? not sure"): a rule said before may no longer hold
    back: bool = False  # a withdrawal pointing back at the rule before it ("…; management waived that"): whoever ruled it
    public: bool = False  # cleared by a data kind with no residency ("only the public leaflets"): within its sentence only

