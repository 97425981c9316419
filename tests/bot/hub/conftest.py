"""The stand-in Hub the tests of this folder start on 127.0.0.1, and the service pointed at it."""

from __future__ import annotations

import pytest

from tests import runtime
from tests.bot.hub.standin import StandIn


@pytest.fixture
def standin():
    with StandIn() as hub:
        yield hub


@pytest.fixture
def hub_env(standin, monkeypatch, tmp_path):
    """The service asks the stand-in, with a cache of its own."""
    monkeypatch.setenv("LLMCOST_HUB", "on")
    monkeypatch.setenv("HF_ENDPOINT", standin.url)
    monkeypatch.setenv("LLMCOST_HUB_CACHE", str(tmp_path / "hub"))
    # The stand-in answers at once; the budget is wide so a loaded CI host (load 15+ on 2 cores) does not time out
    # a lookup that would succeed (the timeout itself is tested with its own 0.5 s budget, test_hub.py).
    monkeypatch.setenv("LLMCOST_HUB_TIMEOUT", "15")
    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    runtime.hub_settings.cache_clear()
    yield standin
    runtime.hub_settings.cache_clear()
