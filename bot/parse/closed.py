"""Closed API models (GPT, Claude, Gemini, Grok, Command): named in the text, known to genai-prices.

The engine answers `not_self_hostable` for these when `scenario.model` is a reference genai-prices
resolves, so the parser hands over that reference ("claude-opus-5"), not the words typed ("Claude Opus 5").
Which models are closed is data (costcore/data/closed.yaml, `catalogs.closed`), and genai-prices' data is
the snapshot the composition root attached to the catalogs (`catalogs.prices`): the parser reads both
through the catalogs it is given, never a list of its own or genai-prices' process-wide snapshot.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from bot.parse.lazyre import lazy
from bot.parse.words import STOPWORDS, Token, model_context
from costcore.catalog import Catalogs, ClosedModels

_FOLLOWER = lazy(r"^(?:v?\d+(?:\.\d+)*[a-z]?|[a-z]{1,12})$")
MAX_FOLLOWERS = 3
MAX_HEADS = 5  # per question: bounds the lookups (and genai-prices' own caches) whatever the text


@dataclass(frozen=True)
class ClosedMention:
    start: int
    end: int
    typed: str
    ref: str | None  # what genai-prices resolves; None when only the family was named ("Claude")
    open_host: bool = False  # genai-prices knows it, but it publishes weights or is listed by a host of open weights
    corrected: bool = False  # the ref is the one listed model the typed name starts


@dataclass(frozen=True)
class _Words:
    """closed.yaml's `names`, compiled: what starts a closed model's name, what names a family alone."""

    head: re.Pattern[str]
    family: re.Pattern[str]
    split: re.Pattern[str]  # "gpt5" -> "gpt-5": a family word run into its version
    prefixes: tuple[tuple[str, str], ...]  # ("opus", "claude-"): ids put the prefix first
    heads: dict[str, bool] = field(default_factory=dict, compare=False)  # a word -> whether `head` matches it

    def starts_name(self, word: str) -> bool:
        """Whether `word` starts a closed model's name (`head`), once per distinct word: a paste repeats its words."""
        if (hit := self.heads.get(word)) is None:
            hit = bool(self.head.match(word))
            if len(self.heads) < 20_000:
                self.heads[word] = hit
        return hit


_WORDS: dict[int, tuple[ClosedModels, _Words]] = {}


def _words(closed: ClosedModels) -> _Words:
    hit = _WORDS.get(id(closed))
    if hit is None or hit[0] is not closed:
        names = closed.names
        heads = "|".join(sorted((re.escape(n.word) for n in names), key=len, reverse=True))
        families = "|".join(sorted((re.escape(n.word) for n in names if n.family), key=len, reverse=True))
        words = _Words(
            head=lazy(rf"^(?:{heads})(?:[-.\d]|$)", re.I),
            family=lazy(rf"(?:{families})"),
            split=lazy(rf"^({families})(\d)"),
            prefixes=tuple((n.word, n.prefix) for n in names if n.prefix),
        )
        hit = _WORDS[id(closed)] = (closed, words)
    return hit[1]


@cache
def _bundled_closed() -> ClosedModels:
    """closed.yaml as shipped, for the callers that hold no catalogs (the parser's model index)."""
    from costcore.catalog import DATA, read_yaml

    return ClosedModels.model_validate(read_yaml(DATA / "closed.yaml"))


def lookup(ref: str, catalogs: Catalogs) -> tuple[str, str] | None:
    """(provider id, model id) genai-prices resolves `ref` to, else None."""
    hit = catalogs.prices.find(ref) if catalogs.prices is not None else None
    return (hit[0].id, hit[1].id) if hit else None


def is_closed(ref: str, catalogs: Catalogs) -> bool:
    """Whether genai-prices resolves `ref` to a model closed.yaml calls closed."""
    hit = lookup(ref, catalogs)
    return hit is not None and catalogs.closed.is_closed(*hit)


def _by_prefix(ref: str, catalogs: Catalogs) -> str | None:
    """The shortest closed model id that starts with `ref-` ("gemini-3-pro" -> "gemini-3-pro-preview")."""
    if catalogs.prices is None:
        return None
    ids = [
        model.id
        for provider in catalogs.prices.providers
        if provider.id in catalogs.closed.providers
        for model in provider.models
        if model.id.lower().startswith(ref + "-") and catalogs.closed.is_closed(provider.id, model.id)
    ]
    return min(ids, key=len) if ids else None


def is_closed_head(word: str, catalogs: Catalogs | None = None) -> bool:
    """Whether `word` starts a closed model's name ("GPT", "claude-opus-5")."""
    return bool(_words(catalogs.closed if catalogs else _bundled_closed()).head.match(word))


def _candidates(head: Token, followers: list[Token], words: _Words) -> list[str]:
    base = head.lower
    prefix = next((p for w, p in words.prefixes if base.startswith(w)), "")
    base = words.split.sub(r"\1-\2", prefix + base)
    names = [base] + [t.lower for t in followers]
    return ["-".join(names[:k]) for k in range(len(names), 0, -1)]


def find_closed(text: str, toks: list[Token], covered: set[int], catalogs: Catalogs) -> list[ClosedMention]:
    """Closed-model names in `toks`, skipping the tokens a catalog model already covers."""
    found: list[ClosedMention] = []
    words = _words(catalogs.closed)
    heads = 0
    i = 0
    while i < len(toks) and heads < MAX_HEADS:
        head = toks[i]
        if i in covered or not words.starts_name(head.text):
            i += 1
            continue
        heads += 1
        followers: list[Token] = []
        for j in range(i + 1, min(len(toks), i + 1 + MAX_FOLLOWERS)):
            tok = toks[j]
            if j in covered or tok.lower in STOPWORDS or not _FOLLOWER.match(tok.lower):
                break
            followers.append(tok)
        typed = re.sub(r"[\W_]+", "-", text[head.start : (followers or [head])[-1].end].lower())
        if catalogs.closed.is_open_family(typed):  # open weights under a closed vendor's name: the catalog reads it
            i += 1 + len(followers)
            continue
        if _bare_tier(text, head, followers, words):  # "our magnum opus" is no Claude
            i += 1
            continue
        if mention := _resolve(text, head, followers, catalogs):
            found.append(mention)
        i += 1 + len(followers)
    return found


def _bare_tier(text: str, head: Token, followers: list[Token], words: _Words) -> bool:
    """ "opus", "sonnet", "haiku" alone are plain words unless a version follows or the text runs them."""
    tiers = {w for w, _ in words.prefixes}
    if head.lower not in tiers or any(ch.isdigit() for t in followers for ch in t.text):
        return False
    return not model_context(text, head.start, head.end)


def _resolve(text: str, head: Token, followers: list[Token], catalogs: Catalogs) -> ClosedMention | None:
    words = _words(catalogs.closed)
    candidates = _candidates(head, followers, words)
    for k, ref in enumerate(candidates):
        hit = lookup(ref, catalogs)
        if not hit:
            continue
        last = (followers[: len(candidates) - 1 - k] or [head])[-1]
        typed = text[head.start : last.end]
        return ClosedMention(head.start, last.end, typed, ref, open_host=not catalogs.closed.is_closed(*hit))
    # Only the whole name typed may be completed: "gemini 3 pro" -> gemini-3-pro-preview, but "gpt-oss 120" never
    # becomes the shortest gpt-oss once "120" is dropped. Open weights are not completed at all (_by_prefix).
    model_id = _by_prefix(candidates[0], catalogs) if candidates[0].count("-") >= 1 else None
    if model_id:
        last = (followers or [head])[-1]
        return ClosedMention(head.start, last.end, text[head.start : last.end], model_id, corrected=True)
    if words.family.fullmatch(head.lower):
        return ClosedMention(head.start, head.end, head.text, None)
    return None
