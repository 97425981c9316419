"""The cache hit rate composed from its parts (issue 14), when the bound forms of bot/parse/percentages.py
read nothing: a sentence that names the prompt cache (lexicon `cache_noun`, not `other_cache`: "the redis
cache hits 90 %" is another cache), or whose prompts or requests hit or miss (`cache_subject`), or with a hit
or miss word once the text names the cache, a share in it (a percentage, "2 times out of 3", "nine out of ten",
"a fifth", "3 de cada 4", "one request in four", a fraction after a rate word: "miss rate: 0.4") and which way it counts: the miss
word (lexicon `miss_word`: misses, uncached, falla) or hit word (`hit_word`: hits, reads, comes from,
saves, reuse, salen de) nearest to it. A miss share is 1 − the hit rate, said in a note."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.cache_vetoes import a_change, other_cache, priced, tax
from bot.parse.draft import Draft, sentence
from bot.parse.lazyre import lazy
from bot.parse.mix_parts import share_words
from bot.parse.numbers import plain

REACH = 60  # how far from a cache word a share may be, in characters
_FIGURE = lazy(r"\d")


@cache
def _shares_pattern() -> re.Pattern[str]:
    words = _count_words()
    count = rf"(?:\d{{1,3}}|{'|'.join(map(re.escape, sorted(words, key=len, reverse=True)))})"
    said = "|".join(map(re.escape, sorted(share_phrases(), key=len, reverse=True)))
    return lazy(
        rf"(?<![\w.,])(?:(?P<pc>\d{{1,3}}(?:[.,]\d+)?)\s?(?:%|percent\b|per\s?cent\b|por\s?ciento\b)"
        rf"|(?P<part>{count})\s+(?:(?:times|veces)\s+|(?:(?!(?:in|of|out|de|sobre)\s)[^\W\d_]{{3,}}\s+){{1,2}})?(?:in(?:\s+every)?|out\s+of(?:\s+every)?|of\s+every|de\s+cada|sobre)\s+(?P<whole>{count})(?![\w.,%])"
        # the whole first: "de cada 10 peticiones, 7 salen de la caché", "out of every 10 requests, 7 hit the cache"
        # (lexicon `share_whole_first`), what it counts in up to four words, a hedge (`label_about`): "out of every
        # 100 input tokens, around 55 …", "de cada 100 tokens de entrada, unos 30 …"
        rf"|(?<!\w)(?:{lexicon.alternation('share_whole_first')})\s+(?P<whole2>{count})\s+(?:[^\W\d_]{{2,}}[\s,]+){{0,4}}?"
        rf"(?:(?:{lexicon.alternation('label_about')})\s+|[~≈]\s*)?(?P<part2>{count})(?![\w.,%])"
        rf"|(?P<dec>0[.,]\d+|1[.,]0+)(?![\d%]|[.,]\d)"  # "miss rate 0.2, avg prefix 3.1k"
        rf"|(?P<word>{said})(?!\w))",
        re.I,
    )


@cache
def share_phrases() -> dict[str, float]:
    """ "half", "two thirds", "a fifth", "la mitad", "un quinto": the lexicon's shares and fractions."""
    out = dict(share_words())
    for word, parts in lexicon.mapping("fractions").items():
        for article in ("a ", "one ", "un ", "una ", "la "):
            out.setdefault(f"{article}{word}", 1 / float(parts))
    return out


@cache
def _count_words() -> dict[str, float]:
    """The lexicon's number words and "one" as a share says it: "one in four", "uno de cada cinco"."""
    return {**lexicon.mapping("number_words"), "one": 1, "un": 1, "una": 1, "uno": 1}


def _count(said: str) -> float:
    words = _count_words()
    return float(words[said.lower()]) if said.lower() in words else float(said)


def _share(m: re.Match[str], text: str, lo: int) -> float | None:
    if m.group("pc"):
        return float(m.group("pc").replace(",", ".")) / 100
    if m.group("part") or m.group("part2"):
        part, whole = _count(m.group("part") or m.group("part2")), _count(m.group("whole") or m.group("whole2"))
        return part / whole if 0 < part <= whole else None
    if m.group("dec"):  # "miss rate: 0.4", "aciertos de caché: 0,45": only after a rate, hit or miss word
        start = max(lo, m.start() - 45)
        said = any(
            lexicon.pattern(c).search(text, start, m.start())
            for c in ("cache_rate_word", "hit_word", "miss_word")
        )
        return float(m.group("dec").replace(",", ".")) if said else None
    return share_phrases()[m.group("word").lower()]


# A word bound to the figure after it: "cache hits: ~30%", "misses of about 25 %" (nearer than any word after).
_BOUND = lazy(r"[\s:=(]*(?:(?:of|de|del|at|en|about|around|roughly|approx\.?|near|unos?|sobre)\s+)*[~≈]?\s*", re.I)


def word_gap(text: str, a: tuple[int, int], b: tuple[int, int]) -> int | None:
    """Characters between two spans, None when a figure stands between them; -1 for a word bound to the
    figure right after it ("cache hits: ~30%, misses the rest" is 30 % hits)."""
    lo, hi = (a[1], b[0]) if a[1] <= b[0] else (b[1], a[0])
    if _FIGURE.search(text, lo, max(lo, hi)):
        return None
    return -1 if a[1] <= b[0] and _BOUND.fullmatch(text, lo, hi) else max(0, hi - lo)


def _nearest(
    text: str, concept: str, span: tuple[int, int], lo: int, hi: int
) -> tuple[int, re.Match[str]] | None:
    found = [
        (d, w)
        for w in lexicon.pattern(concept).finditer(text, max(lo, span[0] - 45), min(hi, span[1] + 45))
        if (d := word_gap(text, (w.start(), w.end()), span)) is not None
    ]
    return min(found, key=lambda f: f[0]) if found else None


@cache
def _prompts_hit() -> re.Pattern[str]:
    """ "only 1 in 5 prompts misses", "requests that hit": prompts and requests hit or miss only a cache. Only the
    words that mean the cache by themselves (lexicon `cache_only_word`): "30 % of requests come from Mexico", "el 20 %
    de las peticiones falla por timeout" are no cache share until the text names the cache."""
    hit_or_miss = lexicon.alternation("cache_only_word")
    return lazy(
        rf"{lexicon.WORD_START}(?:{lexicon.alternation('cache_subject')})\s+(?:(?:that|which|que|se)\s+)?(?:{hit_or_miss}){lexicon.WORD_END}"
        r"(?!\s+(?:the|our|their|its|an?|el|la|los|las|su|sus)\s+(?!(?:prompt\s+|kv\s+|prefix\s+)?cach))",  # not "miss the SLO"
        re.I,
    )


def _anchors(text: str) -> list[re.Match[str]]:
    """Where a share may be the cache's: its name, prompts that hit or miss, and, once the text names the
    cache anywhere, any hit or miss word ("Prompt cache is on. Misses around 30 %")."""
    named = list(lexicon.pattern("cache_noun").finditer(text))
    anchors = named + list(_prompts_hit().finditer(text))
    if named:
        anchors += [*lexicon.pattern("miss_word").finditer(text), *lexicon.pattern("hit_word").finditer(text)]
    return anchors


_SPACE = lazy(r"\s+")


@cache
def _of_people() -> re.Pattern[str]:
    """A share of people or groups ("a fifth of our users", "cuatro de cada cinco clientes"): no share of the cache's."""
    nouns = f"{lexicon.alternation('person_nouns')}|{lexicon.alternation('group_nouns')}"
    return lazy(
        r"\s*(?:(?:of|de|in|out\s+of|de\s+cada)\s+)(?:(?:our|the|all|their|every|los|las|nuestros|nuestras|sus|todos\s+los|\d+|[^\W\d_]+)\s+){0,2}?"
        rf"(?:{nouns}){lexicon.WORD_END}",
        re.I,
    )


def _with_whole(text: str, m: re.Match[str]) -> tuple[int, int]:
    """The share's span with what it is a share of (lexicon `share_whole`): "a third of our input tokens", "la mitad de
    los tokens de entrada". The distances to the cache and to the hit word are measured from its end."""
    gap = _SPACE.match(text, m.end())
    whole = lexicon.pattern("share_whole").match(text, gap.end() if gap else m.end())
    return (m.start(), whole.end() if whole and whole.end() > m.end() else m.end())


def read_cache_shares(text: str, draft: Draft) -> None:
    """Set the cache hit rate from the first sentence whose parts compose (see the module)."""
    if "cache_hit_rate" in draft.fields or draft.asked_about("cache_hit_rate"):
        return
    seen: set[tuple[int, int]] = set()
    for noun in _anchors(text):
        lo, hi = sentence(text, noun.start())
        if (lo, hi) not in seen and len(seen) > 8:
            continue
        # every anchor of a sentence is weighed: the first one's share may be a price ("discounts cached input by
        # 90 %, and about half of our input tokens are cached": the second anchor's half; mix14b s14)
        seen.add((lo, hi))
        for m in _shares_pattern().finditer(text, max(lo, noun.start() - 2 * REACH), min(hi, noun.end() + REACH)):
            span = _with_whole(text, m)
            if span[0] < noun.start() - REACH and noun.start() - span[1] > REACH:
                continue
            share = _share(m, text, lo)
            if m.group("word") and _of_people().match(text, m.end()):
                continue  # "roughly a fifth of our users come from the app": the users' share
            if (
                share is None
                or not 0 <= share <= 1
                or other_cache(text, m.start())  # another cache in the share's part of the sentence
                or tax().search(text, max(lo, m.start() - 25), m.end() + 25)
                or priced(text, m)
                or a_change(text, m.end())
            ):
                continue
            if word_gap(text, (noun.start(), noun.end()), span) is None:
                continue
            miss, hit = _nearest(text, "miss_word", span, lo, hi), _nearest(text, "hit_word", span, lo, hi)
            if miss is None and hit is None:
                continue  # "cache usage on the GPUs is 40 %": a share, but of hits or misses nobody says
            # a miss as near as a hit is a hit negated ("no acertamos", "doesn't hit"): the miss
            missed = miss is not None and (hit is None or miss[0] <= hit[0])
            draft.use(min(noun.start(), m.start()), max(noun.end(), m.end()), "cache_hit_rate")
            draft.set("cache_hit_rate", round(1 - share if missed else share, 6))
            if missed:
                draft.note(
                    "cache_from_misses",
                    misses=plain(round(share * 100, 2)),
                    hits=plain(round(100 - share * 100, 2)),
                )
            return
