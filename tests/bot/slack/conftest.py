"""Fixtures for the Slack suite: the stand-in Web API, and the real bot serving HTTP on 127.0.0.1."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

import pytest

from bot.slack.app import create_app
from bot.slack.http import server
from bot.store import LogStore, StoreUnavailable
from tests.bot.slack import signed
from tests.bot.slack.standin import StandIn


@pytest.fixture
def stand_in(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    with StandIn() as s:
        monkeypatch.setenv("SLACK_API_URL", s.api_url)
        yield s


@dataclass
class Bot:
    url: str
    store: Any
    slack: StandIn
    app: Any = None
    httpd: Any = None
    thread: Any = None

    def stop(self) -> None:
        """Stop serving and delivering, as a process that exits would (its unfinished jobs stay in the log)."""
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.thread.join(timeout=5)
            self.httpd = None
        self.outbox.stop(timeout=5)

    @property
    def outbox(self) -> Any:
        return self.app.llmcost.outbox

    def drain(self, timeout: float = 10.0) -> None:
        """Wait until this bot's outbox has delivered everything it took (instead of sleeping)."""
        assert self.outbox.idle(timeout), "the outbox did not drain"

    def settle(self, timeout: float = 10.0) -> None:
        """Wait until nothing more can reach Slack from this bot (instead of waiting a while to see that nothing
        more comes): its outbox has nothing queued, put off or under way, no job in the log is pending (the
        poller only takes pending jobs) and the chart drawer is done. Questions are taken in before the ack,
        so once a request is answered, what it asked for is in the outbox."""
        from bot.slack import reply

        deadline = time.monotonic() + timeout
        while True:
            self.drain(max(0.1, deadline - time.monotonic()))
            reply._charts.submit(lambda: None).result(timeout)  # one drawer, first in first out
            try:
                pending = [j["id"] for j in self.store.jobs() if j["state"] == "pending"]
            except StoreUnavailable:  # a log that cannot be read: the outbox is all there is
                return
            if not pending:
                return
            assert time.monotonic() < deadline, f"jobs {pending} are still pending"
            time.sleep(0.02)

    def event(self, event: dict, **kwargs: Any) -> signed.Response:
        headers = kwargs.pop("headers", None)
        return signed.post(self.url, signed.event_body(event, **kwargs), "application/json", headers=headers)

    def command(self, text: str, **kwargs: Any) -> signed.Response:
        body = signed.command_body(text, self.slack.response_url(), **kwargs)
        return signed.post(self.url, body, "application/x-www-form-urlencoded")

    def click(self, action_id: str, value: str, **kwargs: Any) -> signed.Response:
        body = signed.action_body(action_id, value, response_url=self.slack.response_url(), **kwargs)
        return signed.post(self.url, body, "application/x-www-form-urlencoded")


def start_bot(slack: StandIn, store: Any, **options: Any):
    app = create_app(token=signed.TOKEN, signing_secret=signed.SECRET, store=store, **options)
    httpd = server(app, "127.0.0.1", 0)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="llmcost-http", daemon=True)
    thread.start()
    return httpd, thread, Bot(url=f"http://127.0.0.1:{httpd.server_port}/slack/events", store=store, slack=slack,
                              app=app, httpd=httpd, thread=thread)


@pytest.fixture
def make_bot(stand_in: StandIn):
    """Start bots (each its own App and HTTP server) against the stand-in; stopped at teardown."""
    running = []
    stores = []

    def make(store: Any = None, **options: Any) -> Bot:
        if store is None:
            store = LogStore.memory()
            stores.append(store)
        httpd, thread, bot = start_bot(stand_in, store, **options)
        running.append(bot)
        return bot

    yield make
    for bot in running:
        bot.stop()
    for store in stores:
        store.close()


@pytest.fixture
def bot(make_bot) -> Bot:
    return make_bot()
