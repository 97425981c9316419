"""The "New estimate" form: the modal's view, its typeahead options, and its answers read back into a
question and the Scenario overrides that beat it (the same overrides the CLI's flags and the buttons set).

The words (labels, choices, the question the form asks on the user's behalf) live in
prompts/slack/modal*.j2; the choices' *values* are the Scenario fields below.
"""

from __future__ import annotations

import zoneinfo
from functools import cache
from typing import Any

from bot.render import words
from costcore.catalog import Catalogs

CALLBACK_ID = "llmcost_estimate"
MODEL_ACTION = "llmcost_model"
TZ_ACTION = "llmcost_tz"
MAX_OPTIONS = 100  # Slack shows at most 100 options in a menu

# Each choice of a radio or a select is a value the template names and the overrides it sets.
CHOICES: dict[str, dict[str, dict[str, Any]]] = {
    "slo_kind": {"aggregate": {"slo_kind": "aggregate"}, "per_stream": {"slo_kind": "per_stream"}},
    "calendar": {"24x7": {"calendar": "24x7"}, "business_hours": {"calendar": "business_hours"}},
    "residency": {
        "may_leave": {"data_may_leave": True},
        "eu": {"data_may_leave": True, "eu_residency": True},
        "may_not_leave": {"data_may_leave": False},
    },
    "mix": {"4:1": {"input_per_output": 4.0}, "1:1": {"input_per_output": 1.0},
            "10:1": {"input_per_output": 10.0}, "1:4": {"input_per_output": 0.25}},
    "currency": {"USD": {"currency": "USD"}, "EUR": {"currency": "EUR"}},
}


def view() -> dict:
    return words.view("modal.json.j2", callback_id=CALLBACK_ID, model_action=MODEL_ACTION, tz_action=TZ_ACTION)


def open_form(client: Any, trigger_id: str) -> None:
    client.views_open(trigger_id=trigger_id, view=view())


# --- typeahead -----------------------------------------------------------------------------------

def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def model_options(typed: str, catalogs: Catalogs) -> list[dict]:
    """Catalog models whose name, id or an alias contains what was typed; those that start with it first."""
    key = _key(typed or "")
    ranked = []
    for order, model in enumerate(catalogs.models.values()):
        names = [_key(n) for n in (model.name, model.id, *model.aliases)]
        if not key or any(key in n for n in names):
            ranked.append((not any(n.startswith(key) for n in names), order, model))
    models = [{"name": m.name, "id": m.id, "open_weights": m.open_weights} for *_, m in sorted(ranked)[:MAX_OPTIONS]]
    return words.data("modal_options.json.j2", kind="model", items=models)


@cache
def _zones() -> tuple[str, ...]:
    return tuple(sorted(zoneinfo.available_timezones()))


def tz_options(typed: str) -> list[dict]:
    key = (typed or "").strip().lower().replace(" ", "_")
    zones = [z for z in _zones() if key in z.lower()]
    zones.sort(key=lambda z: (not z.lower().startswith(key) and not z.lower().split("/")[-1].startswith(key), z))
    return words.data("modal_options.json.j2", kind="tz", items=zones[:MAX_OPTIONS])


# --- the submission ------------------------------------------------------------------------------

def _picked(values: dict, block: str) -> str | None:
    element = next(iter((values.get(block) or {}).values()), {}) or {}
    option = element.get("selected_option") or {}
    return option.get("value") or element.get("value")


def read(values: dict, catalogs: Catalogs) -> tuple[str, dict[str, Any], dict[str, str]]:
    """(question, overrides, errors by block id) from the modal's `state.values`."""
    errors: dict[str, str] = {}
    model = catalogs.models.get(_picked(values, "model") or "")
    if model is None:
        errors["model"] = "model"
    try:
        tok_s = float(_picked(values, "tok_s") or "")
    except ValueError:
        tok_s = 0.0
    if not 0 < tok_s < 1e9:
        errors["tok_s"] = "tok_s"
    if errors:
        return "", {}, words.data("modal_errors.json.j2", errors=sorted(errors))
    overrides: dict[str, Any] = {"model": model.id, "slo_tok_s": tok_s}
    picked = {}
    for name, choices in CHOICES.items():
        choice = _picked(values, name)
        if choice in choices:
            overrides |= choices[choice]
            picked[name] = choice
    tz = _picked(values, "tz")
    if tz in _zones():
        overrides["tz"] = tz
    question = words.plain("modal_question.txt.j2", model_name=model.name, tok_s=tok_s, tz=tz if "tz" in overrides else None,
                           **{name: picked.get(name) for name in CHOICES})
    return question, overrides, {}
