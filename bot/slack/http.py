"""HTTP mode: Bolt's WSGI adapter at /slack/events (plus /healthz), served by gunicorn in production and
by a small threaded wsgiref server for `llmcost serve --http` and the tests."""

from __future__ import annotations

import logging
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from slack_bolt import App
from slack_bolt.adapter.wsgi import SlackRequestHandler

log = logging.getLogger("llmcost.slack.http")


def wsgi_app(app: App) -> Any:
    slack = SlackRequestHandler(app, path="/slack/events")

    def application(environ: dict, start_response: Any) -> Any:
        if environ.get("PATH_INFO") == "/healthz":
            start_response("200 OK", [("Content-Type", "text/plain")])
            return [b"ok"]
        return slack(environ, start_response)

    return application


class ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the stdlib's name)
        log.debug("%s " + format, self.address_string(), *args)


def server(app: App, host: str = "127.0.0.1", port: int = 3000) -> ThreadingWSGIServer:
    """A threaded server (port 0 picks a free one: see `server_port`); call serve_forever()."""
    return make_server(host, port, wsgi_app(app), server_class=ThreadingWSGIServer, handler_class=QuietHandler)
