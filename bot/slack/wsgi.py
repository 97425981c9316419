"""The WSGI entry point for production HTTP mode: `gunicorn bot.slack.wsgi:application`.

Reads SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET, SLACK_API_URL (optional) and LLMCOST_DB from the environment.
Use a threaded worker (`--worker-class gthread`): Bolt acks at once and answers on a background thread.
"""

from __future__ import annotations

from bot.slack.app import create_app, warm_up
from bot.slack.http import wsgi_app

application = wsgi_app(create_app())
warm_up()
