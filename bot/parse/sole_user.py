"""One person is the only user (count15b, session 15): "I'm the only user", "solo lo voy a usar yo". Their speed is
what one stream must give, and one stream runs at once: `slo_kind` per-stream, concurrency 1 (words: lexicon
`sole_user`). A head count said beside it ("our 40 analysts …") or a stated concurrency keeps its own reading."""

from __future__ import annotations

from bot.parse import lexicon
from bot.parse.draft import Draft
from bot.parse.figures import PEOPLE, counted
from bot.parse.numbers import Number


def read_sole_user(text: str, nums: list[Number], draft: Draft) -> None:
    if "slo_tok_s" not in draft.fields or {"concurrency", "slo_kind"} & set(draft.fields) or draft.asked_about("concurrency"):
        return
    if any(n.code in ("rate_multiplied", "rate_parts_summed", "volume_converted") for n in draft.notes):
        return
    if not (said := lexicon.pattern("sole_user").search(text)) or counted(text, nums, PEOPLE):
        return
    draft.fields["slo_kind"] = "per_stream"
    draft.fields["concurrency"] = 1
    draft.use(said.start(), said.end(), "concurrency")
