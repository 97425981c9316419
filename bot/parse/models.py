"""Which model the question is about, or why the parser must ask.

Order of trust: a catalog id or alias typed exactly (case, spaces, dashes and dots aside, the number groups
not: "llama 3 170b" is not "llama 3.1 70b"); a closed API model genai-prices resolves; a typo rapidfuzz
corrects with confidence, the number groups untouched (a typo may fix "deepsek", never turn 3 into 8 or
v3.1 into "V3 / R1") and no word added ("Flash-Lite" is not Flash); then a name we cannot place, handed
over raw so the engine answers `unknown_model` with suggestions.

It asks instead of choosing when two models are named ("llama 3.1 70b and 8b"), when a typo fits two
equally, or when the name typed is one several catalog models share ("gpt-oss", "mixtral"). A word after a
catalog name that makes it another model ("GLM-4.5 Air", "kimi k3") is never dropped; one that does not
("instruct") is read with it, and a precision ("fp8") is read and said not to be modelled. Aliases that
are plain words or names ("Kimi", "Scout") count only where a model is meant.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from bot.parse import hub_ids, lexicon
from bot.parse import model_builds as builds
from bot.parse import model_shapes as shapes
from bot.parse.closed import find_closed
from bot.parse.lazyre import lazy
from bot.parse.model_extend import extend_once
from bot.parse.model_fix import corrections
from bot.parse.model_guess import _fuzzy, _widen
from bot.parse.model_index import (
    _SIZE,
    BARE_WORDS,
    MAX_SPAN,
    Kind,
    Mention,
    ModelRead,
    _Index,
    _index,
    _parts,
)
from bot.parse.model_late import late_unknowns, siblings
from bot.parse.model_pick import _covered, _decide, _follower, _several
from bot.parse.model_roles import in_play
from bot.parse.model_typos import decimal_commas
from bot.parse.model_unknown import _after_verb, unknown_names
from bot.parse.model_words import as_word, led
from bot.parse.words import Token, model_context, tokens
from costcore.catalog import Catalogs
from costcore.scenario import Finding


def _exact(text: str, toks: list[Token], index: _Index) -> tuple[list[Mention], set[int], list[Mention]]:
    """Catalog names typed as the catalog spells them, the bare words ("Kimi") read as plain words, and the names
    a family starts but goes on with a version or size it lacks ("qwen3 32b"), kept for after the typo rules."""
    found: list[Mention] = []
    plain: set[int] = set()
    pending: list[Mention] = []
    starts = [t.start for t in toks]
    i = 0
    nothing = index.no_name_starts
    while i < len(toks):
        if toks[i].lower in nothing:  # most words of a paste start no name: one set lookup, not the rules below
            i += 1
            continue
        best: tuple[int, str, str] | None = None
        key = ""
        for j in range(i, min(len(toks), i + MAX_SPAN)):
            key += toks[j].key
            if key not in index.prefixes:
                break
            if key in index.alias and index.same_units(key, text[toks[i].start : toks[j].end]):
                best = (j, index.alias[key], key)
        if (best is None or hub_ids.tagged(text, toks, i)) and (hub := hub_ids.read(text, toks, i, index, _exact)) is not None:
            mention = hub  # "unsloth/gemma-3-27b-it-GGUF": the base's model, its build a precision
        elif best is None:
            mention = _several(text, toks, i, index)
            if mention is None and len(nothing) < 50_000 and _starts_nothing(toks[i], index):
                nothing.add(toks[i].lower)
            if mention is not None and mention.kind == "unknown":  # "qwen3 32b": unless a typo rule or a
                pending.append(shapes.led_by_short(text, toks, i, mention, index))  # shape names a row
                while i < len(toks) and toks[i].start < mention.end:  # ("gemma 27b"), a name the catalog
                    i += 1  # lacks, read once: "Deepseek v4 flash" holds no second name "v4 flash"
                continue
        else:
            j, model, _ = best
            follower = _follower(text, toks, j + 1)
            versioned = follower == "version" or (follower == "name" and _SIZE.match(toks[j + 1].lower))
            bare = j == i and toks[i].key in BARE_WORDS and not versioned
            if bare and not (model_context(text, toks[i].start, toks[i].end) or led(text, toks[i].start, toks[i].end)):
                plain.add(i)
                i += 1
                continue
            mention = extend_once(text, toks, starts, i, j, model, index)
            free = bisect_left(starts, found[-1].end) if found else 0
            mention = builds.led_by_other(text, toks, i, mention, index, free) or mention  # "llama 3 maverick"
            if mention.kind == "catalog" and (said := builds.words_before(toks, i)):
                inside = [t for t in toks[i:] if t.start < mention.end]
                mention = builds.with_words(mention, said, inside, index)  # "the preview of v4 pro"
        if mention is None or mention.end == toks[i].end and _vendor(text, toks[i]):  # "Mistral's API": the vendor
            i += 1
            continue
        found.append(mention)
        while i < len(toks) and toks[i].start < mention.end:
            i += 1
    return found, plain, pending


def _vendor(text: str, tok: Token) -> bool:
    """A family's name alone said as its vendor's service: "Mistral's API", "la API de Mistral" (lexicon rows)."""
    after = lazy(rf"(?:{lexicon.alternation('vendor_service_after')}){lexicon.WORD_END}", re.I)
    before = lazy(rf"{lexicon.WORD_START}(?:{lexicon.alternation('vendor_service_before')})\s+(?:the\s+|la\s+|el\s+)?$", re.I)
    return bool(after.match(text, tok.end) or before.search(text, max(0, tok.start - 40), tok.start))


def _starts_nothing(tok: Token, index: _Index) -> bool:
    """Whether a word can start no mention `_exact` reads, whatever surrounds it: no alias key starts with it
    and no catalog name starts with its parts (so `_several` stops at it too)."""
    return tok.key not in index.prefixes and not index.starts.get(tuple(_parts([tok])))


def read_model(text: str, toks: list[Token], catalogs: Catalogs) -> ModelRead:
    index = _index(catalogs)
    if "," in text and (dotted := decimal_commas(text, index)) != text:  # "glm 5,1": a version, not two figures
        text, toks = dotted, tokens(dotted)
    exact, plain, pending = _exact(text, toks, index)
    starts = [t.start for t in toks]
    mentions = [_widen(text, toks, starts, m, index) for m in exact]
    seen: dict[str, tuple[int, int, str, str] | None] = {}  # a pasted log names the same model hundreds of times
    for mention in [m for m in mentions if m.kind == "catalog" and m.model]:  # "thinking 2507 vs instruct 2507"
        k = bisect_left(starts, mention.end)
        # other_build reads the name and at most the next four words: the same text there reads the same
        said = text[mention.start : toks[min(k + 4, len(toks) - 1)].end] if k < len(toks) else text[mention.start :]
        if said not in seen:
            inside = toks[bisect_left(starts, mention.start) : k]
            second = builds.other_build(text, toks, inside, k, index)
            seen[said] = second and (second.start - mention.start, second.end - mention.start, second.typed, second.model)
        if (found := seen[said]) is not None:
            start, end, typed, model = found
            mentions.append(Mention(mention.start + start, mention.start + end, typed, model, "catalog"))
    # the tokens the mentions span, grown as mentions are added (a pasted log has hundreds); each reader
    # below is handed a set of its own
    spanned, grown = _covered(toks, mentions), len(mentions)
    covered = plain | spanned
    for closed in find_closed(text, toks, covered, catalogs):
        if closed.ref is None:
            kind: Kind = "family"
        elif closed.open_host:
            kind = "unknown"
        else:
            kind = "corrected" if closed.corrected else "closed"
        model = closed.typed if closed.open_host else closed.ref
        mentions.append(Mention(closed.start, closed.end, closed.typed, model, kind))
    spanned |= _covered(toks, mentions[grown:])
    covered, grown = plain | spanned, len(mentions)
    for start, end, typed, model in shapes.family_size(text, toks, covered, index):  # "llama 8b"
        mentions.append(Mention(start, end, typed, model, "corrected"))
    spanned |= _covered(toks, mentions[grown:])
    covered = plain | spanned
    fuzzy = _fuzzy(text, toks, covered, index)
    mentions += fuzzy
    spanned |= _covered(toks, fuzzy)
    before = mentions
    mentions = late_unknowns(text, toks, mentions, pending, index)  # "GLM-4.7 vs GLM-4.6": asks which
    if mentions is not before:  # it added names, or dropped near-names they overlap
        spanned = _covered(toks, mentions)
    if not mentions and (sized := shapes.sized_name(text, toks, covered)):  # "gemma 3 27b"
        mentions.append(Mention(sized[0], sized[1], sized[2], sized[2], "unknown"))
    if not mentions:  # "Kimi-Dev-72B", "phi-4"
        mentions += unknown_names(text, toks, covered, catalogs)
    if not mentions and (after := _after_verb(text, toks)):
        mentions.append(after)
    if len(mentions) == 1 or not spanned:  # added to none: `spanned` is still empty
        spanned = _covered(toks, mentions)
    mentions += siblings(text, toks, mentions, plain | spanned, catalogs)  # "llama 3.1 70b and 8b"
    mentions, fixed = corrections(text, toks, mentions, index)  # "llama 3.3 instead of 3.1"
    mentions = [m for m in mentions if not as_word(text, m)]  # "el bot llama al modelo": a verb, no model
    mentions, aside = in_play(text, toks, mentions, catalogs)  # "we tried X and dropped it; now Y"
    read = _decide(sorted(mentions, key=lambda m: m.start))
    read.spans += fixed + aside
    picked = next((m for m in mentions if m.precision and m.model == read.model), None)
    if picked and read.model and picked.precision.lower() not in index.dtypes.get(read.model, set()):
        dtypes = sorted(index.dtypes.get(read.model, set()))
        read.notes.append(
            Finding(
                code="precision_not_modelled",
                params={"typed": picked.precision[:20], "model": read.model, "catalog": "/".join(dtypes)},
            )
        )
    if read.model and (assumed := builds.assumed(mentions, read.model, index, catalogs)):
        read.notes.append(assumed)
    return read


