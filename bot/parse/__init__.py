"""The question parser, split by what it reads. `bot.parser.parse` is the one entry point.

Every pattern the readers compile is a `lazyre` pattern (`install`): on a long paste it skips texts that lack
what a match needs, is gated by the characters a match begins with, and tries only the words a match can begin.
"""

from bot.parse import lazyre as _lazyre

_lazyre.install()
