"""Word forms the counts grammar shares (bot/parse/counts.py, bot/parse/volume_units.py): a noun phrase's stems, a
share said as "N in M" / "N de cada M" before a count, the lexicon's number words as one alternation, and a
counted noun named again ("each hospital", "por sede", "per sales territory")."""

from __future__ import annotations

import re
from functools import cache

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from bot.parse.numbers import Number
from bot.parse.rate_units import TOK_S


@cache
def stems(phrase: str) -> tuple[str, ...]:
    """A noun phrase's words as stems, accents folded, "de"/"of" left out: "líneas de producto" and "línea de
    producto" are one thing, "sales territories" and "sales territory" too."""
    out = []
    for word in phrase.lower().translate(_ACCENTS).split():
        if word in ("de", "del", "of"):
            continue
        word = word[:-3] + "y" if word.endswith("ies") else word
        word = word[:-1] if word.endswith("s") and len(word) > 3 else word
        out.append(word[:-1] if word.endswith("e") and len(word) > 3 else word)
    return tuple(out)


_ACCENTS = str.maketrans("áéíóúü", "aeiouu")


@cache
def share_before() -> re.Pattern[str]:  # lexicon `share_connector`: "1 in", "two out of", "uno de cada"; `share_whole_first`
    one = "|".join(("one", "uno", "una", "un"))
    return lazy(
        rf"(?:(?<![\w.,])(?:\d{{1,3}}|{one}|{number_word()[3:-1]})\s+(?:[^\W\d_]+\s+)?(?:{lexicon.alternation('share_connector')})"
        rf"|(?<!\w)(?:{lexicon.alternation('share_whole_first')}))\s+$",  # "de cada 20 clientes, 5 …": the whole first
        re.I,
    )


@cache
def share_after() -> re.Pattern[str]:
    """The part of a share, said before its whole: "dos de cada tres tokens", "two in every three", "9 out of 10
    prompts" (mix15 s15): the part counts no heads either."""
    one = "|".join(("one", "uno", "una", "un"))
    return lazy(
        rf"\s+(?:[^\W\d_]+\s+)?(?:{lexicon.alternation('share_connector')}|in\s+every)\s+(?:\d{{1,3}}|{one}|{number_word()[3:-1]})(?![\w.,])",
        re.I,
    )


_EACH_AFTER = lazy(r"\s*,?\s*(?:each|every\s+one|cada\s+un[oa]|apiece)(?!\w)", re.I)


def bound_each(text: str, found: list) -> list:
    """Of several counts, the one an "each" follows right after ("12 personas, cada una con…", "20 analysts each
    use…"), when exactly one is: the figure is handed to it, not to the head count beside it; else all of them."""
    bound = [c for c in found if (m := _EACH_AFTER.match(text, c.end)) and not any(m.end() <= o.start <= m.end() + 20 for o in found)]
    return bound if len(bound) == 1 else found  # not "3 sedes, cada una con 40 agentes": a count inside each


_NEXT_NOUN = lazy(r"\s+(?P<noun>[^\W\d_]{3,})")
_WHOLE = lazy(r"\d[\d.,]*|[^\W\d_]+")
_LAST_WORD = lazy(r"(?:\d[\d.,]*|[^\W\d_]+)$")


def share(text: str, start: int, end: int) -> bool:
    """Whether the number at text[start:end] is the part or the whole of a share ("one in ten users", "9 out of 10
    prompts", "uno de cada diez"). Not when the part is no smaller than the whole, nor when each is said of its own
    counted noun ("5 brands in 3 markets each", "2 tenants in 10 regions": units inside units, count16 s16)."""
    if after := share_after().match(text, end):
        whole = _LAST_WORD.search(text, max(0, after.end() - 16), after.end())
        return _is_share(text, start, end, whole.start() if whole else after.end(), after.end())
    before = share_before().search(text, max(0, start - 40), start)
    if before is None:
        return False
    part = _WHOLE.match(text, before.start())
    return _is_share(text, before.start(), before.start() + len(part.group(0)) if part else before.start(), start, end)


def _is_share(text: str, p_start: int, p_end: int, w_start: int, w_end: int) -> bool:
    from bot.parse.count_nouns import count_noun
    from bot.parse.numbers import parse_number

    part, whole = parse_number(text[p_start:p_end]), parse_number(text[w_start:w_end])
    if part is not None and whole is not None and part >= whole:
        return False  # "5 brands in 3 markets": no share has a part as big as its whole
    noun, counted = _NEXT_NOUN.match(text, p_end), count_noun().match(text, w_end)
    if noun and counted and noun["noun"].lower() not in _CONNECTORS:
        return stems(noun["noun"]) == stems(counted.group(0).split()[0])
    return True


_CONNECTORS = frozenset(("in", "out", "of", "de", "cada", "every", "among", "entre"))


@cache
def number_word() -> str:  # "cada cinco pedidos" is a share, not "cada pedido"
    return "(?:" + "|".join(map(re.escape, sorted(lexicon.mapping("number_words"), key=len, reverse=True))) + ")"


@cache
def echo(noun: str) -> re.Pattern[str]:
    """ "each hospital", "per tenant", "cada sede", "por cliente", "each one of the hospitals", "per sales territory"."""
    low = noun.lower()
    stems = {
        low[:-1],
        low[:-2] if low.endswith("es") else low[:-1],
        low[:-3] + "y" if low.endswith("ies") else low,
    }
    # accents either way: "10 almacenes … por almacén"
    alternation = "|".join(_fold(re.escape(stem)) for stem in sorted(stems, key=len, reverse=True))
    if " " in low:  # "8 líneas de producción … por línea de producción": any word of the phrase may be the plural one
        alternation += "|" + r"\s+".join(_fold(re.escape(_singular(w))) + "(?:s|es)?" for w in low.split())
    return lazy(
        # "per sales territory" for "6 sales territories": one word of the phrase may come before the head
        # "… 30 tenants. A tenant typically consumes 50 tok/s", "what one branch needs", "60 persons, 1 person 40 tok/s"
        rf"(?<![\w'])(?:each|every|per|por|cada|for\s+each|para\s+cada|{lexicon.alternation('per_short')}|(?:(?<=[.!?\n]\s)|(?<=[.!?\n])|^)(?:an?|un|una)|(?:(?<=,\s)|(?<=\band\s))an?|(?<!only\s)(?<!just\s)(?<!than\s)(?<!least\s)(?:one|(?<![\d.,])1(?=\s)))\s+(?:single\s+|one\s+of\s+(?:the|our|those)\s+)?(?:(?!{number_word()}\s)[^\W\d_]{{3,}}\s+)?"
        rf"(?:{alternation})(?:s|es)?(?!\w|'(?!s\b)\w)",  # "one hotel's concierge bot"
        re.I,
    )


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("es") and len(word) > 4 and word[-3] not in "aeiou":
        return word[:-2]  # "almacenes", "redes"
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


_VOWELS = {"a": "[aá]", "e": "[eé]", "i": "[ií]", "o": "[oó]", "u": "[uú]", "á": "[aá]", "é": "[eé]", "í": "[ií]", "ó": "[oó]", "ú": "[uú]"}


def _fold(pattern: str) -> str:
    return "".join(_VOWELS.get(ch, ch) for ch in pattern)


_NEXT_WORD = lazy(r"\s+(?:(?:one\s+)?of\s+(?:the|our)\s+|de\s+l[oa]s\s+)?(?P<w>[^\W\d_]+)", re.I)


# "each user sends about 20 requests a day", "cada usuario hace unas 20 consultas": the each hands its own figure
_OWN_FIGURE = lazy(
    r"(?:\s+[^\W\d_]+){1,3}?\s+(?:(?:about|around|roughly|some|unos|unas|alrededor\s+de)\s+|[~≈]\s*)?\d[\d.,]*\s*[kKmM]?"
    r"\s+(?P<noun>[^\W\d_]+)(?:\s+(?:de\s+)?(?P<noun2>[^\W\d_]+))?",
    re.I,
)


def each_words(text: str, start: int, end: int, own_figure: bool = False) -> list[re.Match[str]]:
    """The each/every/cada words in text[start:end] that may hand a figure to a count: not those bound to a noun that
    is never one ("each request carries 2k tokens", "every day", "cada petición", "each GPU"); with `own_figure`, not
    those handed a figure of such a noun ("each user sends about 20 requests a day": not the SLO's)."""
    out = []
    for m in lexicon.pattern("each").finditer(text, start, end):
        if own_figure and hands_own_figure(text, m.end()):
            continue
        nxt = _NEXT_WORD.match(text, m.end())
        if nxt and _never_counted(nxt["w"].lower()):
            continue
        out.append(m)
    return out


def hands_own_figure(text: str, pos: int) -> bool:
    """Whether the words from `pos` hand a figure of a never-counted noun ("… sends about 20 requests a day")."""
    own = _OWN_FIGURE.match(text, pos)
    return bool(own) and any(w and _never_counted(w.lower()) for w in (own["noun"], own["noun2"]))


def _never_counted(word: str) -> bool:
    word = word.translate(_ACCENTS)
    if len(word) < 3:
        return False  # "each on llama…": a preposition, not "ones"
    forms = (word, word + "s", word + "es", word[:-1] + "ies" if word.endswith("y") else word)
    return any(lexicon.pattern(c).fullmatch(w) for c in ("not_counted", "hardware_nouns") for w in forms)


def for_them(text: str, count_end: int, figure: Number) -> re.Match[str] | None:
    """ "30 customers; budget 100 tok/s for them", "30 clientes: 100 tok/s para ellos" (lexicon `for_them`)."""
    unit = TOK_S.match(text, figure.end)
    if unit is None or count_end > figure.start:
        return None
    return lexicon.pattern("for_them").match(text, len(text) - len(text[unit.end() :].lstrip()))
