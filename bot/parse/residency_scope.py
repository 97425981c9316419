"""A residency rule's scope (w2res, session 11): a rule said of a named unit ("the payments division must stay
on-prem (PCI)", "our German entity is bound by a no-cloud policy", "la filial de seguros tiene prohibido…") does not
hold for a request the message says is for another one ("…, but this request is for the marketing generator, which
has no such restriction", "this bot serves the US team", "este asistente es para recursos humanos"). Said of the
unit the request is for, it holds ("the claims team can't send anything outside the VPC, and this bot is for the
claims team"). Lexicon `scope_unit`, `scope_target` (counted when it names a unit or a product, `scope_named`, or
when "no such restriction" follows it, `scope_none`); read by bot/parse/residency.py over the stance's readings."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.parse import grouped, residency_outside
from bot.parse.draft import sentence
from bot.parse.lazyre import lazy
from bot.parse.stance import NONE, Stance

# what the request is for: the words after the target's lead, up to a clause's end ("…, which has no such…")
_NAMED = lazy(
    r"\s*((?:(?!(?:which|that|whose|though|but|and|where|who|que|cuyo|cuya|pero|aunque|y|donde)\b)[^\W\d][\w'’-]*\s*){1,6})",
    re.I,
)
# words that name no unit in particular: articles, possessives, the unit nouns and the request's own nouns
_GENERIC = lazy(
    r"(?:the|our|its|their|his|her|an?|of|for|to|de|del|la|el|los|las|sus?|nuestr[oa]s?|this|est[oae]|teams?|division|units?"
    r"|entity|subsidiary|arm|desk|department|dept|office|branch|business|affiliate|site|plant|practice|line|filial|[aá]rea"
    r"|equipo|divisi[oó]n|unidad|departamento|oficina|sucursal|sede|delegaci[oó]n|entidad|rama|direcci[oó]n|bot|chatbot"
    r"|assistant|asistente|tool|herramienta|app|service|servicio|project|proyecto|al|a|only|just|solo|s[oó]lo)",
    re.I,
)


def _names(words: str) -> set[str]:
    """The words that tell one unit from another, by their first five letters ("payments" is "payment")."""
    return {
        w[:5]
        for w in re.findall(r"[^\W\d_][\w-]*", words.lower())
        if len(w) > 1 and not _GENERIC.fullmatch(w)
    }


def _targets(text: str) -> list[tuple[int, int, set[str]]]:
    """(start, end, names) of each statement of what the request is for."""
    out = []
    for m in grouped.pattern("scope_target").finditer(text):
        said = _NAMED.match(text, m.end())
        if (
            said
            and (  # "for the marketing generator", "…, which has no such restriction"; not "this is for PCI"
                grouped.pattern("scope_named").search(text, m.end(), said.end())
                or grouped.pattern("scope_none").search(text, said.end(), sentence(text, said.end())[1])
                or grouped.pattern("public").search(text, m.end(), sentence(text, said.end())[1])  # "…, public info" (res13)
                or grouped.pattern("no_residency_kind").search(text, m.end(), sentence(text, said.end())[1])  # "…sees the published X" (res14)
                or grouped.pattern("scope_free").search(text, m.end(), said.end())  # "our use is summarising open-source threads" (res15)
            )
        ):
            out.append((m.start(), said.end(), _names(said.group(1))))
    return out


def _limited_elsewhere(text: str, start: int, end: int, targets: list[tuple[int, int, set[str]]]) -> bool:
    """A rule the sentence limits to something it names ("covers only the trading desk", "is scoped to the clinical
    systems", "solo aplica al equipo de nóminas": lexicon `scope_only`) that no target of the request shares a name
    with: whatever the words name, unit or system, the request said for another one is outside the rule (res16b)."""
    for limit in grouped.pattern("scope_only").finditer(text, start, end):
        said = _NAMED.match(text, limit.end())
        names = _names(said.group(1)) if said else set()
        if names and not any(a <= limit.start() < b for a, b, _ in targets) and all(not names & seen for _, _, seen in targets):
            return True
    return False


def apply(text: str, spans: Sequence[tuple[int, int]], stances: list[Stance]) -> list[Stance]:
    """`stances`, with a sentence whose rule is said of another unit than the request's read and set aside: its
    stances and its phrase rows count no more (a spent reading of the whole sentence, after the others)."""
    outside = residency_outside.set_aside(text, spans) if spans else []  # "…; this bot is not covered"
    if not spans or not ((targets := [t for t in _targets(text) if t[2]]) or outside):
        return stances
    elsewhere = list(dict.fromkeys(outside))
    for start, end in spans if targets else ():
        for unit in grouped.pattern("scope_unit").finditer(text, start, end):
            if any(a <= unit.start() < b for a, b, _ in targets):
                continue  # the request's own unit, said in its target ("this bot serves the US team")
            names = _names(unit.group(0))
            if names and all(not names & seen for _, _, seen in targets):
                elsewhere.append((start, end))
                break
        else:
            if _limited_elsewhere(text, start, end, targets):
                elsewhere.append((start, end))
    if not elsewhere:
        return stances
    kept = [
        s if not any(a <= s.start < b for a, b in elsewhere) else Stance(NONE, s.start, s.end, s.within)
        for s in stances
    ]
    return kept + [Stance(NONE, a, b, (a, b), spent=True) for a, b in elsewhere]
