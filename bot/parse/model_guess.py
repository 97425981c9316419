"""Typos and names the catalog lacks: a typo rapidfuzz corrects (the number groups untouched, no
word added), a near-name left doubtful, a typo widened into the name after it.
"""

from __future__ import annotations

from bisect import bisect_left

from bot.parse.build_index import HEAD_NUMBER
from bot.parse.fuzzy import _best, _rapidfuzz
from bot.parse.lazyre import lazy
from bot.parse.model_index import (
    _UNIT_WORD,
    CONFIDENT,
    DOUBTFUL,
    MAX_FUZZY_STARTS,
    TOOLS,
    VARIANT_WORDS,
    Mention,
    _Index,
    _parts,
)
from bot.parse.model_typos import _bare_typo, _head_typo, near_head
from bot.parse.words import STOPWORDS, Token

_LETTERS = lazy(r"[a-z]+")  # compiled once: these run for every word of a paste
_BREAK = lazy(r"[,;\n]|[:.!?]\s")  # between two words, it ends a name: "kim: 25 annotators" (a speaker), "…-Instruct. 200 tok/s"
_BARE_NUMBER = lazy(r"[\d.,]+[kmb]?")


def _adds_word(alias_key: str, key: str) -> bool:
    """Whether `key` is `alias_key` with a word put in ("deepseekv41flashlite") or a letter added to a number
    ("glm45v"): a longer name, not a typo."""
    return any(
        op.tag == "insert"
        and (op.dest_end - op.dest_start >= 2 or key[op.dest_start - 1 : op.dest_start].isdigit())
        for op in _rapidfuzz().distance.Levenshtein.opcodes(alias_key, key)
    )


def _confident(key: str, typed: str, index: _Index) -> list[tuple[float, str]]:
    """(score, model) of the aliases `key` is a typo of: close enough, the same numbers, no word added."""
    if len(key) < 5:
        return []
    return [
        (score, index.alias[alias_key])
        for alias_key, score, _ in _rapidfuzz().process.extract(
            key, index.keys, scorer=_rapidfuzz().fuzz.ratio, limit=6, score_cutoff=CONFIDENT
        )
        if index.same_units(alias_key, typed) and not _adds_word(alias_key, key)
    ]


def _unknown_variant(tok: Token, index: _Index) -> Mention | None:
    """One dashed token that starts like a catalog family and goes on with a version the catalog lacks:
    "Kimi-K2-Thinking", "DeepSeek-V3.1-Terminus". Handed over raw, so the engine answers unknown_model."""
    parts = _parts([tok])
    if len(parts) == 1 and (glued := HEAD_NUMBER.match(parts[0])):  # "llama3.2": the family glued to a version
        parts = list(glued.groups())
    if len(parts) < 2 or not any(ch.isdigit() for ch in tok.text) or tok.key in index.vendors:
        return None
    if not index.starts.get(tuple(parts[:1])):
        # "ds-v4-flash": the catalog's own short form ("dsv4 pro") starts it, then a name the catalog lacks
        short = parts[0] + parts[1] in index.prefixes and not index.starts.get(tuple(parts[:2]))
        return Mention(tok.start, tok.end, tok.text, tok.text, "unknown") if short and any(ch.isdigit() for ch in parts[1]) else None
    n = next((n for n in range(2, len(parts) + 1) if not index.starts.get(tuple(parts[:n]))), None)
    if n is None or not (any(ch.isdigit() for ch in parts[n - 1]) or parts[n - 1] in VARIANT_WORDS):
        return None  # the family's own name ("deepseek-v3"), or a plain word after it ("llama-70b-prod")
    return Mention(tok.start, tok.end, tok.text, tok.text, "unknown")


def _fuzzy_at(text: str, toks: list[Token], i: int, covered: set[int], index: _Index) -> Mention | None:
    confident: list[tuple[float, int, str]] = []  # (score, end token, model) with the digits unchanged
    loose: tuple[float, int] | None = None
    key = ""
    if toks[i].key in TOOLS:
        return None
    fits: tuple[int, str] | None = None  # "gemma 4 a4b": every word typed is in one build's name, in any order
    for j in range(i, min(len(toks), i + 4)):
        if j in covered or (j > i and (toks[j].lower in STOPWORDS or _BREAK.search(text, toks[j - 1].end, toks[j].start))):
            break  # "kim: 25 annotators": a speaker's label, a comma or a line ends a name (parseS)
        parts = _parts(toks[i : j + 1])
        if len(parts) >= 3 and (one := index.build.one_build(parts)):
            fits = (j, one)
        key += toks[j].key
        if len(key) < 4:
            continue
        confident += [
            (score, j, model) for score, model in _confident(key, text[toks[i].start : toks[j].end], index)
        ]
        near = _best(key, index.keys, DOUBTFUL)
        if near and (loose is None or near[1] > loose[0]):
            loose = (near[1], j)
    if not confident and (head_typo := _head_typo(text, toks, i, covered, index)):
        return head_typo
    if fits:
        j, model = fits
        return Mention(toks[i].start, toks[j].end, text[toks[i].start : toks[j].end], model, "corrected")
    if confident:
        score, j, model = max(confident, key=lambda c: (c[0], -c[1]))
        typed = text[toks[i].start : toks[j].end]
        rivals = sorted({m for s, _, m in confident if m != model and s >= score - 2})
        if rivals:
            return Mention(toks[i].start, toks[j].end, typed, None, "ambiguous", (model, *rivals))
        return Mention(toks[i].start, toks[j].end, typed, model, "corrected")
    if loose:
        j = _name_end(text, toks, loose[1], covered)
        return Mention(toks[i].start, toks[j].end, text[toks[i].start : toks[j].end], None, "doubtful")
    return None


def _name_like(toks: list[Token], j: int) -> bool:
    tok = toks[j]
    if tok.lower in STOPWORDS or _UNIT_WORD.match(tok.lower):
        return False
    if _BARE_NUMBER.fullmatch(tok.lower):  # a bare number belongs to a name only if short and unit-less
        unit_next = j + 1 < len(toks) and _UNIT_WORD.match(toks[j + 1].lower)
        return len(tok.text) <= 3 and not tok.lower.endswith(("k", "m")) and not unit_next
    return True


def _name_end(text: str, toks: list[Token], j: int, covered: set[int], limit: int = 4) -> int:
    """The last token of a name that starts before `j`: "Mistral" -> "Mistral Large 3"; a comma or other
    punctuation ends it ("mistral small 3.2, weekly volume …" names no "weekly")."""
    stop = min(len(toks), j + limit)
    while (
        j + 1 < stop
        and j + 1 not in covered
        and not text[toks[j].end : toks[j + 1].start].strip(" \t-_")
        and _name_like(toks, j + 1)
    ):
        j += 1
    return j


_HEADS: dict[int, tuple[_Index, dict[str, tuple[bool, bool, bool]]]] = {}


def _head_of(word: str, index: _Index) -> tuple[bool, bool, bool]:
    """What `_fuzzy` asks of a word's leading letters: (any letters, a family word, one letter off a short one),
    once per distinct word and index (a paste repeats its words)."""
    hit = _HEADS.get(id(index))
    if hit is None or hit[0] is not index:
        hit = _HEADS[id(index)] = (index, {})
    if (known := hit[1].get(word)) is None:
        head = _LETTERS.match(word.split("-")[0])
        letters = head.group(0) if head else ""
        is_head = bool(head) and index.is_head(letters)
        near = bool(head) and 3 <= len(letters) <= 6 and not is_head and near_head(letters, index.short_heads)
        known = (bool(head), is_head, near)
        if len(hit[1]) < 20_000:
            hit[1][word] = known
    return known


def _fuzzy(text: str, toks: list[Token], covered: set[int], index: _Index) -> list[Mention]:
    found: list[Mention] = []
    starts = 0
    i = 0
    while i < len(toks) and starts < MAX_FUZZY_STARTS:
        head, is_head, near = (False, False, False) if i in covered else _head_of(toks[i].lower, index)
        if near and i + 1 in covered:
            near = False  # "kimmi k2.5": the name after it is read; _widen takes the typo into it
        if not head or not (is_head or near):
            if head and len(toks[i].key) >= 5 and (bare := _bare_typo(text, toks[i], index)):  # shorter: no typo
                found.append(bare)
            i += 1
            continue
        starts += 1
        mention = _fuzzy_at(text, toks, i, covered, index)
        if mention is None:
            i += 1
            continue
        found.append(mention)
        while i < len(toks) and toks[i].start < mention.end:
            i += 1
    return found


def _widen(text: str, toks: list[Token], starts: list[int], mention: Mention, index: _Index) -> Mention:
    """ "deepsek v4.1 flash": the alias "v4.1 flash" matched, and the typo before it belongs to the name."""
    k = bisect_left(starts, mention.start)
    first = k if k < len(toks) and toks[k].start == mention.start else None
    if not first or mention.kind != "catalog":
        return mention
    head = _LETTERS.match(toks[first - 1].key)
    if (
        not head
        or not (index.is_head(head.group(0)) or near_head(head.group(0), index.short_heads))
        or toks[first - 1].key in index.alias
    ):
        return mention
    key = "".join(t.key for t in toks[first - 1 :] if t.start < mention.end)
    typed = text[toks[first - 1].start : mention.end]
    best = _best(key, index.keys, CONFIDENT)
    if best and index.alias[best[0]] == mention.model and index.same_units(best[0], typed):
        start = toks[first - 1].start
        return Mention(start, mention.end, typed, mention.model, "corrected", precision=mention.precision)
    return mention
