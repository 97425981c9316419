"""A catalog name and the words right after it: "deepseek flash v4.1" is still V4.1-Flash, "kimi k3" is not
Kimi-K2, "GLM-4.5 Air" is not GLM-4.5, "mixtral 8x22" is Mixtral-8x22B; a precision or build said after it is
read with it. Split from `models`, which finds where the names start."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import replace

from bot.parse import model_builds as builds
from bot.parse import model_shapes as shapes
from bot.parse.model_guess import _confident
from bot.parse.model_index import _DATE_CODE, Mention, _bag, _Index, _parts, cached_digit_groups
from bot.parse.model_pick import _follower
from bot.parse.words import Token

# `_extend` reads the tokens of the name and at most three past the mention it returns (the words that may
# go on with it, a precision or build "a word or two after"); a window of this many tokens past the name
# read as the catalog spells it is its whole input when that holds.
_EXTEND_WINDOW = 8


def extend_once(text: str, toks: list[Token], starts: list[int], i: int, j: int, model: str, index: _Index) -> Mention:
    """`_extend`, read once per distinct text: the same name followed by the same words reads the same, only
    shifted (a pasted log names "llama 3.1 70b" two hundred times). A reading is kept only when every token it
    looked at lies inside the window the key holds (or the window reaches the end of the text); a name with a
    size said before it is read afresh."""
    if shapes.size_before(text, toks, i) is not None:  # "the 8x7B mixtral": read with the word before it,
        return _extend(text, toks, i, j, model, index)  # which the key below does not hold
    last = min(len(toks) - 1, j + _EXTEND_WINDOW)
    at_end = last == len(toks) - 1
    base = toks[i].start
    key = (model, j - i, last - i, at_end, text[base : toks[last].end])
    if (kept := index.extended.get(key)) is not None:
        return Mention(kept.start + base, kept.end + base, kept.typed, kept.model, kept.kind, kept.candidates, kept.precision, kept.said)
    mention = _extend(text, toks, i, j, model, index)
    if at_end or bisect_left(starts, mention.end) - 1 + 3 <= last:
        if len(index.extended) > 4096:
            index.extended.clear()
        index.extended[key] = replace(mention, start=mention.start - base, end=mention.end - base)
    return mention


def _extend(text: str, toks: list[Token], i: int, j: int, model: str, index: _Index) -> Mention:
    """The catalog name toks[i..j] and the words right after it: "deepseek flash v4.1" is still V4.1-Flash,
    "kimi k3" is not Kimi-K2, "GLM-4.5 Air" is not GLM-4.5, "mixtral 8x22" is Mixtral-8x22B."""
    start, first_end, precision = toks[i].start, j, None
    named: list[Token] = list(toks[i : j + 1])  # the words that say which build, precision aside
    while (follower := _follower(text, toks, j + 1)) is not None:
        k = j + 1
        if follower in ("harmless", "precision"):
            precision = toks[k].text if follower == "precision" else precision
            named += [toks[k]] if follower == "harmless" else []
            j = k
            continue
        named.append(toks[k])
        key = "".join(t.key for t in toks[i : k + 1])
        typed = text[start : toks[k].end]
        if (wider := index.bags.get(_bag(toks[i : k + 1]))) is not None:  # "deepseek flash v4.1"
            model, j = wider, k
            continue
        if index.models_starting(key) == {model}:  # "llama 4 scout 17b": the longer alias's start
            j = k
            continue
        if _DATE_CODE.match(toks[k].lower) and toks[k].lower in index.date_codes.get(model, ()):
            j = k  # "deepseek flash 0909": a checkpoint the catalog lists for this model
            continue
        fixed = {m for _, m in _confident(key, typed, index)}
        if len(fixed) == 1:  # "mixtral 8x22" is Mixtral-8x22B, whatever "mixtral" alone would be
            return Mention(start, toks[k].end, typed, fixed.pop(), "corrected")
        end = k
        while _follower(text, toks, end + 1) in ("version", "name"):
            end += 1
        unknown = Mention(start, toks[end].end, text[start : toks[end].end], None, "unknown")
        return builds.unknown_fit(unknown, named + toks[k + 1 : end + 1], index)  # "qwen 3 30b instruct 2507"
    typed = text[start : toks[j].end]
    models = index.starts.get(tuple(_parts(toks[i : first_end + 1])), set())
    # "mixtral": the catalog has two. A versioned name typed exactly ("glm 4.6", "qwen3 235b") is its own
    # row even when a longer build's name starts with it ("GLM-4.6-FP8", "Qwen3-235B-A22B-Instruct-2507").
    versioned = bool(cached_digit_groups(text[start : toks[first_end].end]))
    if j == first_end and len(models) > 1 and not versioned:
        sized = shapes.sized_apart(text, toks, i, first_end, models, index)  # "el Mixtral de 8x7B"
        return sized or Mention(start, toks[j].end, typed, None, "several", tuple(sorted(models)))
    if precision is None and (k := builds.precision_after(text, toks, j)) is not None:
        precision, j = toks[k].text, k  # "glm-5.1 in fp8": read with the name, so "bf16" is no figure
    mention = builds.fit(Mention(start, toks[j].end, typed, model, "catalog", precision=precision), _parts(named), index)
    if precision:
        return builds.with_words(mention, [precision.lower()], named, index)
    if (k := builds.build_after(text, toks, j)) is not None:  # "deepseek v4 pro (la preview)"
        picked = builds.with_words(mention, [toks[k].lower], named, index)
        return replace(picked, end=toks[k].end) if picked.model != mention.model else mention
    return mention
