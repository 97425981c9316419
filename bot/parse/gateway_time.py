"""Gateway pain's time across a sentence's parts and the next sentence (w2gate, session 11): a pain said in a past
bounded by a time (`gateway_then`: "until August", "last year", "two years ago", "hasta junio", "hace dos años") and
followed by a present (`gateway_now`: "now", "since March", "these days", "desde julio", "ahora") is a pain that held
once: "we had the shared-quota fights until August; now the proxy gives each department its own key". A present
that says the pain goes on (`gateway_still`: "still", "worse", "again", "sigue", "peor") keeps it: "last year finance
started asking who spent what, and now it's worse"."""

from __future__ import annotations

from bot.parse import lexicon
from bot.parse.context import SENTENCE_END


def then_now(text: str, pos: int, a: int, b: int, end: int) -> bool:
    """Whether the part `a`…`b` (of a sentence ending at `end`) holding the pain at `pos` says it in a bounded past,
    and the words after both, to the end of the next sentence, say the present."""
    if not (then := lexicon.pattern("gateway_then").search(text, a, b)):
        return False
    nxt = SENTENCE_END.search(text, end + 1) if end < len(text) else None
    stop = nxt.start() if nxt else len(text)
    now = lexicon.pattern("gateway_now").search(text, max(then.end(), pos), stop)
    return bool(now) and not lexicon.pattern("gateway_still").search(text, now.start(), stop)
