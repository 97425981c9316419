"""A sum of named groups (count15, session 15): the SLO's tok/s followed, in its sentence, by more labelled figures
without a unit ("BU A needs 300 tok/s, BU B 500 and BU C 200", "el área de ventas necesita 300 tok/s, el área de
soporte 200 y el área legal 100") is each group's need, and the need is their sum (note `rate_parts_summed`).

It is a list when two more parts follow, or one whose label shares a word with the first group's ("team Red needs
250 tok/s and team Blue 150"). A label that says a hedge, a peak, a time or a stage (lexicon `sum_label_veto`:
"maybe 500", "peak 900", "next year 600", "quizás 500") is another value of the same need, never a part of it.

A need said as a total and then broken down after a colon ("total 1,000 tok/s: search 500, chat 300, agents 400",
a bulleted list of parts, "800 tok/s en total: soporte 400, ventas 300…") keeps the total when its parts add up to
it; when they do not, the two figures conflict and the bot asks which (count15b, session 15).
"""

from __future__ import annotations

import re

from bot.parse import lexicon, parts_total
from bot.parse.draft import Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.rate_units import TOK_S

# the model named right after the SLO's unit ("300 tok/s of glm 4.6 and support 200"), blanked by the parser's mask
_MODEL_GAP = lazy(r"\s+(?:of|de|with|con|on|en|using|usando|for|para|from|desde|del)(?=\s{3})\s+(?=\s)", re.I)
_JOIN = lazy(r"\s*(?:,\s*(?:(?:and|y|e)\s+)?|;\s*|\s+(?:and|y|e|plus|más)\s+)", re.I)
_LABEL = lazy(r"(?P<label>(?:[^\W\d_][\w&/-]*\s+){1,4}?)(?:(?:about|around|roughly|unos|unas)\s+|[~≈]\s*)?(?=\d)", re.I)
# after a part's figure: the sentence goes on or ends, no other unit ("200 users", "500 ms")
_PART_END = lazy(r"(?:\s*(?:tok(?:en)?s?/s|tps|tokens?\s+(?:per|por|a)\s+seg\w*))?(?=\s*(?:[,;.!?)]|\s(?:and|y|e)\s|$)|\s+(?:each|all|on|for|en|con|para|todos|todas)\b)", re.I)
_LABEL_ID = lazy(r"(?P<id>\d{1,2})\s\d+")
_BREAKDOWN = lazy(r"(?:\s+(?:in\s+total|en\s+total|overall|in\s+all|combined))?(?:\s+(?:of|de|for|para)\b)?\s*(?::|\s[—–-])\s*(?:[-*•]\s*)?", re.I)
_ITEM = lazy(r"(?:\s*[,;]\s*(?:(?:and|y|e)\s+)?|\s*\n\s*(?:[-*•]\s*)?|\s+(?:and|y|e)\s+)?(?P<label>(?:[^\W\d_][\w&/-]*\s+){1,3}?)(?:(?:about|around|roughly|unos|unas)\s+|[~≈]\s*)?(?=\d)", re.I)
_ITEM_END = lazy(r"(?:\s*(?:tok(?:en)?s?/s|tps))?(?=[ \t]*(?:[,;.!?)\n]|\s(?:and|y|e)\s|$))", re.I)
# a part said after its figure: "400 for search, 300 for chat and 200 for summaries", "500 para soporte"
_ITEM_AFTER = lazy(r"(?:\s*[,;]\s*(?:(?:and|y|e)\s+)?|\s+(?:and|y|e)\s+)(?=\d)", re.I)
_LABEL_AFTER = lazy(r"(?:\s*(?:tok(?:en)?s?/s|tps))?\s+(?:for|to|on|in|para|de|en)\s+(?:the\s+|el\s+|la\s+)?(?P<label>[^\W\d_][\w&/-]*(?:\s+[^\W\d_][\w&/-]*){0,2}?)(?=[ \t]*(?:[,;.!?)\n]|\s(?:and|y|e)\s|$))", re.I)
_DIGIT = lazy(r"(?=\d)")
_VERSION_ON = lazy(r"\.\d")
_PRONOUN = {"we", "us", "i", "you", "nosotros", "nosotras", "nos", "yo"}
_PLAIN = {"the", "our", "el", "la", "los", "las", "nuestro", "nuestra", "de", "del", "of", "for", "para", "and", "y", "at", "a", "en", "in"}


def read_sums(text: str, nums: list[Number], draft: Draft) -> None:
    slo = draft.fields.get("slo_tok_s")
    if slo is None or draft.asked_about("slo_tok_s") or draft.fields.get("slo_kind") == "per_stream" or _composed(draft):
        return
    first = next((n for n in nums if n.value == slo and TOK_S.match(text, n.end)), None)
    if first is None or parts_total.two_sources(text, nums, first, draft) or _breakdown(text, nums, first, draft):
        return
    start, end = sentence(text, first.start)
    at = TOK_S.match(text, first.end).end()
    at = gap.end() if (gap := _MODEL_GAP.match(text, at, end)) else at
    parts: list[tuple[str, float]] = []
    while (join := _JOIN.match(text, at, end)) and (label := _LABEL.match(text, join.end(), end)):
        n = next((n for n in nums if n.start == label.end()), None)
        name = label["label"].strip()
        if n is not None and (then := next((m for m in nums if m.start == n.end + 1 and text[n.end] == " "), None)) and n.value < 100:
            name, n = f"{name} {text[n.start : n.end]}", then  # "site 3 50": the label's number, then the part's figure
        if n is None or not (tail := _PART_END.match(text, n.end, end)) or n.value <= 0 or _VERSION_ON.match(text, n.end):
            break  # "6 squads, each wants 200 tok/s, vLLM 0.10.2": a version goes on after its dot, no part
        value = n.value
        if n.alternative is not None:  # "plant 2 110": the label's number and the part's figure, not 2,110
            if not (split := _LABEL_ID.fullmatch(text, n.start, n.end)):
                break
            name, value = f"{name} {split['id']}", n.alternative
        parts.append((name, value))
        at = tail.end()
    if parts and lexicon.pattern("sum_label_hedge").fullmatch(parts[0][0]) and 0.1 <= parts[0][1] / slo <= 10:
        draft.conflict("slo_tok_s", [slo, parts[0][1]])  # "300 tok/s, maybe 500": which one?
        return
    if not parts or any(lexicon.pattern("sum_label_veto").search(label) or "_" in label or not _words(label) for label, _ in parts):
        return
    lead = text[max(start, text.rfind(",", start, first.start) + 1) : first.start]
    if parts_total.opinions(lead, *(label for label, _ in parts)):  # "the vendor says 300 tok/s and our architect says 800"
        draft.conflict("slo_tok_s", [slo, *(value for _, value in parts)])
        return
    if parts_total.others(*(label for label, _ in parts)):
        return  # another party's figure is no part of ours
    subject = _words(lead)
    # one more part: its label shares a word with the first's ("team Red … team Blue 150"), or the first figure is a
    # named group's need, not ours ("Sales needs 300 tok/s and support 200"; "we need 300 tok/s and …" is no list)
    named = {w for w in subject if w not in _PRONOUN and not lexicon.pattern("rate_needed").fullmatch(w)}
    if len(parts) < 2 and not (subject & _words(parts[0][0])) and not (named and subject - named):
        return
    total = parts_total.settle([("", slo), *parts], None, draft, "rate_parts_summed")
    draft.fields["slo_tok_s"] = total
    draft.use(first.start, at, "slo_tok_s")


def _breakdown(text: str, nums: list[Number], first: Number, draft: Draft) -> bool:
    """A total said before its parts: kept when they add up to it, asked about when they do not."""
    at = TOK_S.match(text, first.end).end()
    said_total = parts_total.total_before().search(text, max(0, first.start - 25), first.start)
    lead = _BREAKDOWN.match(text, at)
    if lead is None or not (said_total or parts_total.says_total(lead.group())):
        return False
    at, parts = lead.end(), []
    while True:
        if (item := _ITEM.match(text, at)) and (n := next((n for n in nums if n.start == item.end()), None)):
            label, tail = item["label"], _ITEM_END.match(text, n.end)
        elif (item := _ITEM_AFTER.match(text, at) if parts else _DIGIT.match(text, at)) and (
            n := next((n for n in nums if n.start == item.end()), None)
        ):
            tail = _LABEL_AFTER.match(text, n.end)
            label = tail["label"] if tail else ""
        else:
            break
        if not tail or lexicon.pattern("sum_label_veto").search(label):
            break
        parts.append((label.strip(), n.value))
        at = tail.end()
    if len(parts) < 2:
        return False
    parts_total.settle(parts, first.value, draft, "rate_parts_summed")
    draft.use(first.start, at, "slo_tok_s")
    return True


def _composed(draft: Draft) -> bool:
    return any(n.code in ("rate_multiplied", "rate_summed", "volume_converted", "volume_per_request") for n in draft.notes)


def _words(phrase: str) -> set[str]:
    return {w for w in re.findall(r"[^\W\d_]{2,}", phrase.lower()) if w not in _PLAIN}
