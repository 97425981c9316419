"""The invariant of bot/parse/per_unit.py for volumes: a volume bound to each/every/per/cada + a unit's noun before
it ("every branch uses about 20M output tokens a month", "cada sucursal genera unos 3M tokens de salida al mes") is
one unit's. With one count of the unit said anywhere (`unit_forms.counts_of`: "14 branches", "Branches: 14",
"there are 35 of them") it is times that count (note `volume_times_users`); with none, or two, it is asked
(`volume_per_group`, or `users_for_volume` for people), never read as the total. Hardware and the figures' own
items ("per GPU", "each request") are no unit (`unit_forms.kind`)."""

from __future__ import annotations

from bot.parse import unit_forms, unit_marks
from bot.parse.draft import ASK_SLO, Draft
from bot.parse.numbers import Number, plain
from costcore.scenario import Finding


def read_unit_volumes(text: str, nums: list[Number], draft: Draft) -> None:
    done = next((n for n in draft.notes if n.code == "volume_converted"), None)
    if done is None or "slo_tok_s" not in draft.fields or draft.asks:
        return
    if any(n.code in ("volume_times_users", "volume_per_request", "rate_multiplied") for n in draft.notes):
        return  # times its count already, or a request's size
    volume = done.params["volume"]
    figure = next((n for n in nums if plain(n.value) == volume), None)
    if figure is None or (unit := unit_marks.unit_before(text, figure)) is None:
        return
    if (kind := unit_forms.kind(unit)) is None:
        return
    values = {v for v, _, _ in unit_forms.counts_of(text, nums, unit, skip=figure)}
    if len(values) == 1 and (count := values.pop()) >= 2:
        draft.fields["slo_tok_s"] *= count
        i = draft.notes.index(done)
        params = dict(done.params) | {"volume": plain(volume * count), "tok_s": round(draft.fields["slo_tok_s"], 1)}
        draft.notes[i] = done.model_copy(update={"params": params})
        draft.notes.insert(i, Finding(code="volume_times_users", params={"volume": volume, "users": count, "period": done.params["period"]}))
        return
    if values:
        return  # "only one branch": the volume is the whole
    draft.fields.pop("slo_tok_s")
    draft.notes.remove(done)
    if kind == "person":
        draft.ask(ASK_SLO, "users_for_volume", volume=volume, period=done.params["period"])
    else:
        draft.ask(ASK_SLO, "volume_per_group", volume=volume, period=done.params["period"], group=unit.lower())

