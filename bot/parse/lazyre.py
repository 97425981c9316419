"""Regular expressions compiled on first use: `lazy` lives in bot/startup.py with the other start-up work
(why, and what it saves); the parser's modules import it from here."""

from bot.startup import LazyPattern, lazy

__all__ = ["LazyPattern", "lazy"]
