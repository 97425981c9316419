"""`llmcost`: the terminal surface. Subcommands live in small modules that each expose `register(sub)`."""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.context import Context

# Each module adds its subcommands with `register(subparsers)` and sets `func` on its parser; imports of
# heavy libraries stay inside the handlers so `llmcost ask` starts fast (bot/startup.py). Every handler
# gets the process's Context (bot/context.py) as `args.ctx`.
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


def main(argv: list[str] | None = None, *, context: Context | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        from bot.context import current

        args.ctx = context or current()  # the environment, read once, here
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
    """The `llmcost` console script: `main`, tuned for a process that answers once and exits
    (bot/startup.py says how, and why each step pays)."""
    from bot import startup

    startup.one_shot(sys.argv[1:2])
    startup.quick_exit(main())


if __name__ == "__main__":
    sys.exit(main())
