"""`llmcost`: the terminal surface. Subcommands live in small modules that each expose `register(sub)`."""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys

# Processes that run for days (the Slack bot, the digest clock) keep Python's cyclic garbage collector on.
LONG_RUNNING = frozenset({"serve", "clock"})

# Each module adds its subcommands with `register(subparsers)` and sets `func` on its parser; imports of
# heavy libraries stay inside the handlers so `llmcost ask` starts fast.
SUBCOMMAND_MODULES: tuple[str, ...] = ("bot.commands", "bot.logcli", "bot.slackcli", "bot.refresh.cli")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="llmcost",
        description="Can we run model X ourselves at N tok/s? Fit, invoice and verdict, with the arithmetic shown.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # the last line of defence: a sentence, never a traceback
        from bot.errors import friendly

        print(friendly(exc), file=sys.stderr)
        return 1


def run() -> None:
    """The `llmcost` console script: `main`, tuned for a process that answers once and exits.

    - Pydantic looks for plugins in every installed package's metadata the first time a model is built;
      the CLI has no use for them (PYDANTIC_DISABLE_PLUGINS is pydantic's documented switch; set it to
      an empty value to keep plugins).
    - The cyclic garbage collector runs again and again while pydantic builds its schemas at import
      (~30 ms); a command that answers once and exits allocates little, and reference counting still
      frees what it drops, so it runs without it. `serve` and `clock` keep it.
    - Tearing down the interpreter (every module, every pydantic schema) takes ~35 ms after the answer
      is printed; the log is committed and closed by then, so the process flushes its output, shuts
      logging down and leaves.
    """
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    if not LONG_RUNNING.intersection(sys.argv[1:2]):
        gc.disable()
    code = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:  # `llmcost ask … | head`: the reader has what it wanted
            pass
        except OSError:  # a full disk: the answer did not get out
            code = code or 1
    import logging

    logging.shutdown()
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
