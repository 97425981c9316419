"""The WSGI entry point, for those who run gunicorn: `gunicorn bot.slack.wsgi:application`.

`llmcost serve --http` (the Procfile's `web`) serves the same application on cheroot with the backlog, read
timeout and drain already set. Under gunicorn the door (bot.slack.door) still checks every request, refuses
bodies over LLMCOST_MAX_BODY_BYTES from their Content-Length, and serves /healthz and /readyz; use a threaded
worker (`--worker-class gthread`) and gunicorn's own `--timeout`/`--graceful-timeout`.

Reads SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET, SLACK_API_URL (optional), LLMCOST_DB and LLMCOST_ALLOWED_* from
the environment.
"""

from __future__ import annotations

from bot.context import Context
from bot.slack.app import create_app, warm_up
from bot.slack.http import wsgi_app

_app = create_app(context=Context.from_env())  # the composition root: the environment is read here, once
application = wsgi_app(_app)
warm_up(_app)
