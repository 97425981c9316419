"""What deploys the bot: manifest.yml, the Procfile, the WSGI entry point and `llmcost serve --http`."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import time
import urllib.request
import wsgiref.util
from pathlib import Path

import yaml

from tests.slack import signed

ROOT = Path(__file__).resolve().parents[2]


def test_manifest_creates_the_whole_app():
    manifest = yaml.safe_load((ROOT / "manifest.yml").read_text())
    assert manifest["display_information"]["name"] == "llmcost"
    assert manifest["features"]["bot_user"]["display_name"]
    (command,) = manifest["features"]["slash_commands"]
    assert command["command"] == "/llmcost" and command["usage_hint"]
    assert set(manifest["oauth_config"]["scopes"]["bot"]) == {
        "app_mentions:read", "chat:write", "commands", "im:history", "im:read", "im:write", "files:write", "users:read",
        "channels:history", "groups:history", "mpim:history"}
    assert set(manifest["settings"]["event_subscriptions"]["bot_events"]) == {"app_mention", "message.im"}
    assert manifest["settings"]["interactivity"]["is_enabled"] is True
    assert manifest["settings"]["socket_mode_enabled"] is True


def test_procfile_runs_web_worker_and_clock():
    lines = dict(line.split(":", 1) for line in (ROOT / "Procfile").read_text().splitlines() if line.strip())
    assert "bot.slack.wsgi:application" in lines["web"] and "gunicorn" in lines["web"]
    assert lines["worker"].strip() == "llmcost serve"
    assert lines["clock"].strip() == "llmcost clock"


def test_the_wsgi_entry_point_serves_slack(stand_in, monkeypatch, tmp_path):
    monkeypatch.setenv("SLACK_BOT_TOKEN", signed.TOKEN)
    monkeypatch.setenv("SLACK_SIGNING_SECRET", signed.SECRET)
    monkeypatch.setenv("LLMCOST_DB", str(tmp_path / "wsgi.db"))
    sys.modules.pop("bot.slack.wsgi", None)
    application = importlib.import_module("bot.slack.wsgi").application
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/healthz"}
    wsgiref.util.setup_testing_defaults(environ)
    statuses = []
    assert b"".join(application(environ, lambda status, headers: statuses.append(status))) == b"ok"
    assert statuses == ["200 OK"]
    assert stand_in.calls_to("auth.test")  # the token was checked against SLACK_API_URL


def test_llmcost_serve_http_answers_against_a_slack_compatible_api(stand_in, tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = os.environ | {"SLACK_BOT_TOKEN": signed.TOKEN, "SLACK_SIGNING_SECRET": signed.SECRET,
                        "SLACK_API_URL": stand_in.api_url, "LLMCOST_DB": str(tmp_path / "serve.db")}
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "serve", "--http", "--host", "127.0.0.1", "--port",
                             str(port)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                    break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read().decode()[-2000:]
                time.sleep(0.05)
        url = f"http://127.0.0.1:{port}/slack/events"
        body = signed.event_body(signed.mention("can we run deepseek-flash at 300 tok/s?", ts="1698000000.000100"))
        assert signed.post(url, body, "application/json").status == 200
        assert signed.post(url, body, "application/json", secret="wrong").status == 401
        stand_in.wait_for("files.completeUploadExternal", thread_ts="1698000000.000100")
        assert "the API wins" in stand_in.calls_to("chat.postMessage")[0].params["blocks"][0]["text"]["text"]
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        proc.stderr.close()
    assert (tmp_path / "serve.db").exists()


def test_serve_says_which_variable_is_missing(monkeypatch, capsys):
    from bot.cli import main

    for name in ("SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "SLACK_SIGNING_SECRET"):
        monkeypatch.delenv(name, raising=False)
    assert main(["serve"]) == 1
    assert "SLACK_APP_TOKEN" in capsys.readouterr().err
    monkeypatch.setenv("SLACK_BOT_TOKEN", signed.TOKEN)
    assert main(["serve", "--http", "--port", "0"]) == 1
    err = capsys.readouterr().err
    assert "SLACK_SIGNING_SECRET" in err and signed.TOKEN not in err
