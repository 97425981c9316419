"""`llmcost serve`: the Slack bot, over Socket Mode (default) or HTTP (`--http --port P`)."""

from __future__ import annotations

import argparse
import logging

from bot.context import of as context_of


def register(sub: argparse._SubParsersAction) -> None:
    serve = sub.add_parser(
        "serve",
        help="run the Slack bot (Socket Mode with SLACK_APP_TOKEN, or --http with SLACK_SIGNING_SECRET)",
        description="Tokens come from the environment: SLACK_BOT_TOKEN, and SLACK_APP_TOKEN (Socket Mode) or "
        "SLACK_SIGNING_SECRET (HTTP). SLACK_API_URL points the Web API elsewhere; LLMCOST_DB is the log; "
        "LLMCOST_ALLOWED_TEAMS and LLMCOST_ALLOWED_APP_ID restrict who may talk to it.",
    )
    serve.add_argument("--http", action="store_true",
                       help="serve HTTP at /slack/events (and /healthz, /readyz) instead of Socket Mode")
    serve.add_argument("--port", type=int, default=None, help="HTTP port (default $PORT or 3000)")
    serve.add_argument("--host", default="0.0.0.0", help="HTTP address to listen on (default 0.0.0.0)")
    serve.add_argument("--threads", type=int, default=16, help="HTTP requests handled at once (default 16)")
    serve.add_argument("--backlog", type=int, default=256, help="connections queued before refusing (default 256)")
    serve.add_argument("--read-timeout", type=float, default=10.0, metavar="S",
                       help="drop a client silent this long mid-request (default 10 s)")
    serve.add_argument("--request-deadline", type=float, default=30.0, metavar="S",
                       help="cut off a client still sending its request after this long (default 30 s)")
    serve.add_argument("--drain", type=float, default=10.0, metavar="S",
                       help="on SIGTERM, time to finish requests and answers under way (default 10 s)")
    serve.add_argument("--processes", type=int, default=None, metavar="N",
                       help="HTTP serving processes sharing the port (default $WEB_CONCURRENCY, else one per CPU, "
                       "at most 4): one Python process answers on one core")
    serve.add_argument("--listen-fd", type=int, default=None, help=argparse.SUPPRESS)  # a supervised process
    serve.add_argument("--no-chart", action="store_true", help="do not upload the chart")
    serve.add_argument("-v", "--verbose", action="store_true", help="log each request")
    serve.set_defaults(func=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    from bot.errors import UserError
    from bot.slack.app import create_app, warm_up

    ctx = context_of(args)
    chart = False if args.no_chart else None
    app_token = ctx.slack.app_token
    if not args.http and not app_token:
        raise UserError("set SLACK_APP_TOKEN (an xapp-… app-level token with connections:write) for Socket Mode, "
                        "or run `llmcost serve --http --port P`")
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s[%(process)d]: %(message)s")
    if args.http and args.listen_fd is None:
        from bot.slack.serving import default_processes

        processes = default_processes(ctx.environ) if args.processes is None else args.processes
        if processes < 1:
            raise UserError("--processes must be 1 or more")
        if processes > 1:
            return _supervise(args, processes)
    from bot import cache, startup

    regexes = cache.usable(ctx.cache_folder)
    startup.keep_regexes(regexes)  # the patterns' compiled code kept between starts (bot/startup.py, trick 6)
    app = create_app(socket_mode=not args.http, chart=chart, context=ctx)  # checks the other variables first
    if args.verbose:  # slack_sdk logs request bodies at DEBUG; keep its chatter (never the token) out
        logging.getLogger("slack_sdk").setLevel(logging.INFO)
    warm_up(app)
    if regexes is not None:
        startup.save_regexes(regexes)  # now, not at exit: a serving process may never exit cleanly
    if args.http:
        from bot.slack.http import server
        from bot.slack.serving import ServerSettings, serve_until_stopped

        settings = ServerSettings(threads=args.threads, backlog=args.backlog, read_timeout_s=args.read_timeout,
                                  drain_s=args.drain, request_deadline_s=args.request_deadline)
        httpd = server(app, args.host, args.port or ctx.slack.port, settings, listen_fd=args.listen_fd)
        logging.getLogger("llmcost").info("llmcost listening on http://%s:%s/slack/events", args.host, httpd.server_port)
        return serve_until_stopped(app, httpd)

    from slack_bolt.adapter.socket_mode import SocketModeHandler

    SocketModeHandler(app, app_token).start()
    return 0


def _supervise(args: argparse.Namespace, processes: int) -> int:
    """`llmcost serve --http --processes N`: bind the port once and run N serving processes on it, each a
    whole bot (door, outbox workers) on the one log; the outbox's claims and leases keep each question
    answered once whichever process takes it."""
    import sys

    from bot.slack.app import check_env
    from bot.slack.serving import listening_socket, supervise

    ctx = context_of(args)
    check_env(ctx)  # a missing variable is said once, here, not by each process
    sock = listening_socket(args.host, args.port or ctx.slack.port, args.backlog)
    port = sock.getsockname()[1]
    command = [sys.executable, "-m", "bot.cli", "serve", "--http", "--host", args.host, "--port", str(port),
               "--threads", str(args.threads), "--backlog", str(args.backlog), "--read-timeout", str(args.read_timeout),
               "--request-deadline", str(args.request_deadline), "--drain", str(args.drain), "--processes", "1",
               "--listen-fd", str(sock.fileno())]
    command += ["--no-chart"] * args.no_chart + ["-v"] * args.verbose
    logging.getLogger("llmcost").info("llmcost listening on http://%s:%s/slack/events (%d processes)", args.host,
                                      port, processes)
    return supervise(command, processes, sock)
