"""What deploys the bot: manifest.yml, the Procfile, the WSGI entry point and `llmcost serve --http`."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import time
import urllib.request
import wsgiref.util
from pathlib import Path

import yaml

from tests.bot.slack import signed
from tests.bot.slack.procs import last_words
from tests.servers import READY_S

ROOT = Path(__file__).resolve().parents[3]


def test_manifest_creates_the_whole_app():
    manifest = yaml.safe_load((ROOT / "manifest.yml").read_text())
    assert manifest["display_information"]["name"] == "llmcost"
    assert manifest["features"]["bot_user"]["display_name"]
    (command,) = manifest["features"]["slash_commands"]
    assert command["command"] == "/llmcost" and command["usage_hint"]
    assert set(manifest["settings"]["event_subscriptions"]["bot_events"]) == {"app_home_opened", "app_mention", "message.im"}
    assert manifest["settings"]["interactivity"]["is_enabled"] is True
    assert manifest["settings"]["socket_mode_enabled"] is True
    assert manifest["features"]["app_home"]["home_tab_enabled"] is True


def test_manifest_shortcuts_are_the_ones_the_code_listens_for():
    from bot.slack.listeners import shortcuts

    manifest = yaml.safe_load((ROOT / "manifest.yml").read_text())
    declared = {(s["type"], s["callback_id"]) for s in manifest["features"]["shortcuts"]}
    assert declared == {("global", shortcuts.NEW_ESTIMATE), ("message", shortcuts.COST_THIS)}
    assert all(len(s["name"]) <= 24 and len(s["description"]) <= 150 for s in manifest["features"]["shortcuts"])


# --- scopes: exactly what the code needs ------------------------------------------------------------
# The one table of what each Slack Web API method needs from a bot token ("Required scopes" on
# docs.slack.dev/reference/methods/<method>). A method the code starts calling must be added here, and its
# scope to manifest.yml; methods listed but not called cost nothing. Methods without a scope map to ().
SCOPES_BY_METHOD: dict[str, tuple[str, ...]] = {
    "auth.test": (),
    "chat.postMessage": ("chat:write",),
    "chat.postEphemeral": ("chat:write",),
    "chat.update": ("chat:write",),
    "chat.delete": ("chat:write",),
    "files.getUploadURLExternal": ("files:write",),
    "files.completeUploadExternal": ("files:write",),
    "files.delete": ("files:write",),
    "views.open": (),
    "views.publish": (),
    "views.push": (),
    "views.update": (),
    "conversations.open": ("im:write",),  # a DM with one person; mpim:write only for group DMs
    # Reading a thread or a channel back: the scope of each kind of conversation the bot is asked in.
    "conversations.history": ("channels:history", "groups:history", "im:history", "mpim:history"),
    "conversations.replies": ("channels:history", "groups:history", "im:history", "mpim:history"),
    "conversations.info": ("channels:read", "groups:read", "im:read", "mpim:read"),
    "users.info": ("users:read",),
    "reactions.add": ("reactions:write",),
}
# slack_sdk helpers that call several Web API methods.
IMPLIED_METHODS = {"files_upload_v2": ("files.getUploadURLExternal", "files.completeUploadExternal")}
# Events the manifest subscribes to and the scope each needs (docs.slack.dev/reference/events/<event>).
SCOPES_BY_EVENT = {"app_mention": ("app_mentions:read",), "app_home_opened": (), "message.im": ("im:history",),
                   "message.channels": ("channels:history",), "message.groups": ("groups:history",),
                   "message.mpim": ("mpim:history",)}


def web_api_methods_called(root: Path = ROOT / "bot") -> dict[str, set[str]]:
    """Every Slack Web API method bot/ calls (`client.chat_postMessage(`, `client.api_call("m"`), with
    the files that call it; slack_sdk's helpers are expanded into the methods they call."""
    from slack_sdk import WebClient

    found: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        source = path.read_text()
        names = [m.group(1) for m in re.finditer(r"\.([a-z]+_[A-Za-z0-9_]+)\(", source)]
        methods = [m.group(1) for m in re.finditer(r"\.api_call\(\s*[\"']([\w.]+)[\"']", source)]
        for name in names:
            if name == "api_call" or not callable(getattr(WebClient, name, None)):
                continue
            methods += IMPLIED_METHODS.get(name, (name.replace("_", ".", 1),))
        for method in methods:
            found.setdefault(method, set()).add(str(path.relative_to(root)))
    return found


def test_the_scanner_finds_calls_and_expands_helpers(tmp_path):
    (tmp_path / "x.py").write_text("client.chat_update(channel=c)\nc.files_upload_v2(file=b)\n"
                                   "client.api_call('reactions.add')\nrespond(text='x')\nfoo.bar_baz()\n")
    assert set(web_api_methods_called(tmp_path)) == {
        "chat.update", "files.getUploadURLExternal", "files.completeUploadExternal", "reactions.add"}


def test_manifest_scopes_are_exactly_what_the_code_calls():
    manifest = yaml.safe_load((ROOT / "manifest.yml").read_text())
    declared = set(manifest["oauth_config"]["scopes"]["bot"])
    called = web_api_methods_called()
    assert {"chat.postMessage", "views.publish", "views.open", "conversations.open"} <= set(called)
    unknown = {m: sorted(files) for m, files in called.items() if m not in SCOPES_BY_METHOD}
    assert not unknown, f"add these methods and their scopes to SCOPES_BY_METHOD: {unknown}"
    needed = {scope: f"{method} ({', '.join(sorted(files))})" for method, files in called.items()
              for scope in SCOPES_BY_METHOD[method]}
    for event in manifest["settings"]["event_subscriptions"]["bot_events"]:
        needed |= dict.fromkeys(SCOPES_BY_EVENT[event], f"the {event} event")
    features = manifest["features"]
    if features.get("slash_commands") or features.get("shortcuts"):
        needed["commands"] = "the slash command and shortcuts"
    missing = {scope: why for scope, why in needed.items() if scope not in declared}
    assert not missing, f"manifest.yml lacks scopes the code needs: {missing}"
    assert declared <= set(needed), f"manifest.yml asks for scopes nothing uses: {sorted(declared - set(needed))}"


def test_procfile_runs_web_worker_and_clock():
    lines = dict(line.split(":", 1) for line in (ROOT / "Procfile").read_text().splitlines() if line.strip())
    assert lines["web"].strip() == "llmcost serve --http --port $PORT"  # the same server the tests drive
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


def test_llmcost_serve_http_answers_against_a_slack_compatible_api(stand_in, servers, tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # One serving process, as on a host that sets WEB_CONCURRENCY=1 (the default is one per CPU): the supervisor
    # and its processes are tests/bot/slack/test_processes.py's and test_door_serve.py's; this is the answer.
    env = os.environ | {"SLACK_BOT_TOKEN": signed.TOKEN, "SLACK_SIGNING_SECRET": signed.SECRET,
                        "SLACK_API_URL": stand_in.api_url, "LLMCOST_DB": str(tmp_path / "serve.db"),
                        "WEB_CONCURRENCY": "1"}
    proc = servers.start([sys.executable, "-m", "bot.cli", "serve", "--http", "--host", "127.0.0.1", "--port",
                          str(port)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + READY_S
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                    break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, last_words(proc)
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
