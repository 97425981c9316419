"""Interactive payloads as Slack sends them (App Home, shortcuts, modals, typeahead), posted signed."""

from __future__ import annotations

import itertools
import json
import time
from urllib.parse import urlencode

from tests.bot.slack import signed

_ids = itertools.count(1)
TEAM = {"id": "T0001", "domain": "standin"}


def _user(user: str) -> dict:
    return {"id": user, "username": "asker", "team_id": "T0001"}


def send(bot, payload: dict) -> signed.Response:
    """Interactive requests arrive form-encoded, the JSON in a `payload` field, signed like events."""
    return signed.post(bot.url, urlencode({"payload": json.dumps(payload)}), "application/x-www-form-urlencoded")


def home_opened(user: str = "U0001", tab: str = "home") -> dict:
    return {"type": "app_home_opened", "user": user, "channel": "D" + user[1:], "tab": tab,
            "event_ts": f"{time.time():.6f}"}


def trigger() -> str:
    return f"{next(_ids)}.{int(time.time())}.trigger"


def home_button(action_id: str, user: str = "U0001") -> dict:
    return {"type": "block_actions", "team": TEAM, "user": _user(user), "api_app_id": "A0001", "token": "legacy",
            "trigger_id": trigger(), "container": {"type": "view", "view_id": "VHOME"},
            "view": {"id": "VHOME", "type": "home", "callback_id": ""},
            "actions": [{"type": "button", "action_id": action_id, "block_id": "home",
                         "action_ts": f"{time.time():.6f}", "text": {"type": "plain_text", "text": "x"}}]}


def suggestion(action_id: str, value: str, user: str = "U0001") -> dict:
    return {"type": "block_suggestion", "team": TEAM, "user": _user(user), "api_app_id": "A0001",
            "token": "legacy", "action_id": action_id, "block_id": "model", "value": value,
            "container": {"type": "view", "view_id": "VFORM"},
            "view": {"id": "VFORM", "type": "modal", "callback_id": "llmcost_estimate"}}


def submission(values: dict, user: str = "U0001", callback_id: str = "llmcost_estimate") -> dict:
    """`values` as {block_id: value}: a str for a text/number input, ("option", v) for a menu or radio."""
    state = {}
    for block, value in values.items():
        if isinstance(value, tuple):
            state[block] = {block: {"type": "static_select", "selected_option": {"value": value[1]}}}
        else:
            state[block] = {block: {"type": "number_input", "value": value}}
    return {"type": "view_submission", "team": TEAM, "user": _user(user), "api_app_id": "A0001", "token": "legacy",
            "trigger_id": trigger(),
            "view": {"id": "VFORM", "type": "modal", "callback_id": callback_id, "private_metadata": "",
                     "state": {"values": state}, "hash": "1.abc"}}


def global_shortcut(callback_id: str, user: str = "U0001") -> dict:
    return {"type": "shortcut", "team": TEAM, "user": _user(user), "api_app_id": "A0001", "token": "legacy",
            "callback_id": callback_id, "trigger_id": trigger(), "action_ts": f"{time.time():.6f}"}


def message_shortcut(callback_id: str, text: str, *, response_url: str, channel: str = "C0001",
                     ts: str = "1690000000.000100", thread_ts: str | None = None, user: str = "U0002") -> dict:
    message = {"type": "message", "user": "U0009", "text": text, "ts": ts}
    if thread_ts:
        message["thread_ts"] = thread_ts
    return {"type": "message_action", "team": TEAM, "user": _user(user), "api_app_id": "A0001", "token": "legacy",
            "callback_id": callback_id, "trigger_id": trigger(), "action_ts": f"{time.time():.6f}",
            "message_ts": ts, "channel": {"id": channel, "name": "general"}, "message": message,
            "response_url": response_url}
