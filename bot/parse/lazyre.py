"""Regular expressions compiled on first use.

The parser holds a few hundred patterns and a question exercises a fraction of them (the VAT patterns
only when VAT is mentioned, the per-GPU ones only after "per GPU"). Compiling them all at import was the
largest part of `llmcost ask`'s own start-up (~30 ms of a ~270 ms run); a pattern that is never used is
now never compiled. Behaviour is `re.compile`'s: the first attribute asked for compiles the pattern.
"""

from __future__ import annotations

import re
from typing import Any


class LazyPattern:
    def __init__(self, pattern: str, flags: int = 0):
        self._args = (pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        """Only for what the instance lacks: compile once, then keep the attribute (a bound `search`, …)
        on the instance so later calls cost what calling a compiled pattern costs."""
        compiled = self._compiled
        if compiled is None:  # two threads may both compile: same pattern, harmless
            compiled = self._compiled = re.compile(*self._args)
        value = getattr(compiled, name)
        self.__dict__[name] = value
        return value

    def __repr__(self) -> str:
        return f"lazy({self._args[0]!r})"


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, compiled when first used."""
    return LazyPattern(pattern, flags)  # type: ignore[return-value]  # quacks like re.Pattern
