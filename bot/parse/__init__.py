"""The question parser, split by what it reads. `bot.parser.parse` is the one entry point."""
