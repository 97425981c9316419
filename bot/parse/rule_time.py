"""A past rule replaced by a present one across sentences (res13, issue 14): "Until June nothing could leave our VPC.
Under the new policy, sending prompts to a hosted provider is allowed." may leave; "Last year everything had to stay
in-house. Since the policy update in March, external LLM APIs are approved." too. The earlier sentence is said of the
past (lexicon `past`) and not of now; the later one is said of now (lexicon `present_rule`) and not of the past; they
disagree: the earlier is set aside. The other way round ("until recently hosted models were allowed; as of this month
nothing may leave") keeps the text home the same way: the present rule is the one that holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.parse import grouped, lexicon

if TYPE_CHECKING:
    from bot.parse.stance import Stance

_OPPOSITE = {"stays": "leaves", "leaves": "stays"}


def _of(text: str, within: tuple[int, int], concept: str) -> bool:
    return bool(lexicon.pattern(concept).search(text, *within))


def superseded(text: str, before: Stance, said: Stance) -> bool:
    """Whether `said`, a rule of now, replaces `before`, the opposite rule said of the past in an earlier sentence."""
    if _OPPOSITE.get(before.kind) != said.kind or before.within[1] > said.within[0]:
        return False
    if not _of(text, before.within, "past") or _of(text, before.within, "present_rule"):
        return False
    return _of(text, said.within, "present_rule") and not _of(text, said.within, "past")


def proposed(text: str, within: tuple[int, int]) -> bool:
    """Whether the rule of a sentence is only proposed, not in force (lexicon `proposed`, res16): "someone on legal
    proposed banning external AI APIs, but it hasn't been voted on", "hay un borrador que obligaría a tener los prompts
    en casa". A proposal adopted or turned down (`enacted`: "the board adopted it", "se aprobó") is no longer one."""
    return _of(text, within, "proposed") and not _of(text, within, "enacted")


def proposed_rule(text: str, a: int, b: int) -> bool:
    """Whether a sentence names a rule that is only proposed and says what it would keep home, without any stance of
    its own being read: a proposal word, a rule's noun or verb ("banning", "obligaría"), and the text or the way out
    ("external AI APIs", "los prompts"). "Someone proposed using an external API for the demo" names no rule."""
    if not proposed(text, (a, b)):
        return False
    ruled = any(grouped.pattern(c).search(text, a, b) for c in ("rule", "forbid", "keep_in")) or _of(text, (a, b), "rule_verb")
    return ruled and (any(grouped.pattern(c).search(text, a, b) for c in ("egress", "keep_in")) or _of(text, (a, b), "rule_matter"))
