"""The genai-prices half of `llmcost refresh`: genai-prices' own updater fetches from a stand-in on
127.0.0.1 into a dated snapshot that answers use from then on; a bad payload leaves the last one in place."""

from __future__ import annotations

import datetime as dt
import json
import threading
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from bot.refresh.apis import RefreshFailed, latest_snapshot, refresh_apis
from bot.service import ask
from tests import runtime
from tests.pins import PRICES_FIXTURE

REFRESHED = dt.datetime(2026, 12, 1, 6, 0, tzinfo=dt.UTC)


class StandIn:
    """Serves one body at /data.json with one status, and counts the requests."""

    def __init__(self) -> None:
        self.body = b"[]"
        self.status = 200
        self.hits = 0
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                pass

            def do_GET(self) -> None:  # noqa: N802
                stand_in.hits += 1
                self.send_response(stand_in.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(stand_in.body)))
                self.end_headers()
                self.wfile.write(stand_in.body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/data.json"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    def __enter__(self) -> StandIn:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


def _providers(novita_output: str | None = None) -> list:
    """genai-prices' data format (a provider array), from the fixture; optionally Novita's gpt-oss-120b
    output price changed, as an upstream update would."""
    providers = json.loads(PRICES_FIXTURE.read_text())["providers"]
    if novita_output is not None:
        novita = next(p for p in providers if p["id"] == "novita")
        row = next(m for m in novita["models"] if m["id"] == "openai/gpt-oss-120b")
        row["prices"]["output_mtok"] = novita_output
    return providers


@pytest.fixture
def stand_in():
    with StandIn() as server:
        yield server


@pytest.fixture
def shell(tmp_path, monkeypatch):
    """The composition root reading refreshed snapshots from tmp_path, not the pinned fixture."""
    monkeypatch.delenv("LLMCOST_PRICES_FILE")
    monkeypatch.setenv("LLMCOST_PRICES_DIR", str(tmp_path))
    monkeypatch.setenv("LLMCOST_NOW", REFRESHED.isoformat())
    runtime.prices.cache_clear()
    runtime.catalogs.cache_clear()
    yield tmp_path
    runtime.prices.cache_clear()
    runtime.catalogs.cache_clear()


def test_a_refresh_saves_a_dated_snapshot_that_answers_use_from_then_on(stand_in, shell, catalogs):
    stand_in.body = json.dumps(_providers(novita_output="0.21")).encode()
    done = refresh_apis(url=stand_in.url, now=REFRESHED, catalogs=catalogs)
    assert stand_in.hits == 1
    assert done.path == shell / "genai-prices-2026-12-01.json" == latest_snapshot()
    assert done.as_of == dt.date(2026, 12, 1) and done.url == stand_in.url and done.providers >= 30
    assert done.missing == [] and done.deprecated == [  # reported, not fatal: Moonshot's own retired APIs
        "moonshotai/kimi-k2", "moonshotai/kimi-k2-0905-preview", "moonshotai/kimi-k2.5"]

    reply = ask("can we run gpt-oss-120b ourselves at 300 tok/s?")
    assert stand_in.hits == 1  # answering never fetches
    assert runtime.prices().as_of == dt.date(2026, 12, 1) and runtime.prices().source == stand_in.url
    cheapest = reply.answer.cheapest_api
    assert cheapest.provider == "novita"
    assert cheapest.usd_per_million_output == Decimal("0.21") + 4 * Decimal("0.05")  # the refreshed price


@pytest.mark.parametrize(("status", "body", "says"), [
    (500, b"{}", "HTTPStatusError"),
    (200, b"not json", "JSONDecodeError"),
    (200, b'{"providers": []}', "provider array"),
    (200, b"[]", "0 providers"),
])
def test_a_bad_payload_is_reported_and_keeps_the_last_snapshot(stand_in, shell, status, body, says):
    stand_in.body = json.dumps(_providers()).encode()
    first = refresh_apis(url=stand_in.url, now=REFRESHED)
    stand_in.status, stand_in.body = status, body
    with pytest.raises(RefreshFailed, match=says):
        refresh_apis(url=stand_in.url, now=REFRESHED + dt.timedelta(days=1))
    assert latest_snapshot() == first.path
    assert [p.name for p in shell.iterdir()] == [first.path.name]


def test_the_url_may_come_from_the_environment(stand_in, shell, monkeypatch):
    stand_in.body = json.dumps(_providers()).encode()
    monkeypatch.setenv("LLMCOST_GENAI_PRICES_URL", stand_in.url)
    assert refresh_apis(now=REFRESHED).url == stand_in.url and stand_in.hits == 1


def test_without_a_snapshot_answers_use_the_data_genai_prices_ships(shell):
    assert latest_snapshot() is None
    assert runtime.prices().source.endswith("(bundled)")


def test_llmcost_refresh_refreshes_api_prices_too(stand_in, shell, capsys, tmp_path):
    from bot.cli import main

    stand_in.body = json.dumps(_providers(novita_output="0.21")).encode()
    code = main(["refresh", "--url", "http://127.0.0.1:9", "--providers", "aws", "--timeout", "2",
                 "--out", str(tmp_path / "offers.json"), "--apis-url", stand_in.url])
    out = capsys.readouterr()
    assert code == 1 and "no offers were read" in out.err  # the offers side had nowhere to read from …
    assert stand_in.hits == 1 and "API prices: " in out.out and stand_in.url in out.out  # … the API side did
    assert latest_snapshot() is not None and latest_snapshot().parent == shell
    runtime.prices.cache_clear()
    runtime.catalogs.cache_clear()
    cheapest = ask("can we run gpt-oss-120b ourselves at 300 tok/s?").answer.cheapest_api
    assert cheapest.usd_per_million_output == Decimal("0.21") + 4 * Decimal("0.05")


def test_a_failed_api_refresh_is_reported_by_llmcost_refresh(stand_in, shell, capsys, tmp_path):
    from bot.cli import main

    stand_in.status = 500
    main(["refresh", "--url", "http://127.0.0.1:9", "--providers", "aws", "--timeout", "2",
          "--out", str(tmp_path / "offers.json"), "--apis-url", stand_in.url])
    out = capsys.readouterr()
    assert "API prices: not refreshed, the previous snapshot is kept" in out.out
    assert "Traceback" not in out.err and latest_snapshot() is None
