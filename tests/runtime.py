"""The process's Context (bot/context.py), as tests reach for it.

The entry points (the CLI, the Slack app, the WSGI module, the digest clock) build a Context and pass it
down; no production code reaches for a process-wide one except `bot.service.ask` called without
`context=`, which asks `bot.context.current()`. Tests read the same Context through these functions, which
read nothing themselves: `bot.context.current()` builds the Context from the environment once, and again
when a variable changes. `cache_clear` (on each function, as their old `functools.cache` had) forgets it
and what it loaded, so the next call reads the files again.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from bot import startup
from bot.context import Context, current, reset
from costcore import prices as price_data
from costcore.catalog import Catalogs
from costcore.scenario import Settings


def context() -> Context:
    return current()


def catalogs() -> Catalogs:
    return current().catalogs


def prices() -> price_data.PriceData:
    return current().prices


def now() -> dt.datetime:
    return current().now()


def settings() -> Settings:
    return current().settings


def hub_settings():
    return current().hub


def reader_settings():
    return current().reader


def offers_snapshot_path() -> Path:
    return current().offers_path


def _forgetting(kind: str | None):
    def cache_clear() -> None:
        reset()
        startup.forget(kind)

    return cache_clear


for _fn, _kind in ((context, None), (catalogs, "catalogs"), (prices, "prices"), (settings, "settings"),
                   (hub_settings, "hub"), (reader_settings, "reader")):
    _fn.cache_clear = _forgetting(_kind)  # type: ignore[attr-defined]
