"""The question parser, split by what it reads. `bot.parser.parse` is the one entry point.

Every pattern the readers compile is a `lazyre.lazy` pattern: on a long paste it skips texts that lack what a
match needs, is gated by the characters a match begins with, and tries only the words a match can begin.
"""
