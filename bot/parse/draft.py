"""The scenario being read: fields the user said, notes on what was converted, questions to ask back."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from bot.parse import lexicon
from bot.parse.lazyre import lazy
from costcore.scenario import Finding

# Which question goes first when several are open: without the model nothing else matters.
ASK_MODEL, ASK_SLO, ASK_RANGE, ASK_CONFLICT = 0, 1, 2, 3

# The dot of a hedge abbreviated before a figure (lexicon `hedge_dot`: "approx. 12 times", "aprox. 30 %", "ca. 500")
# ends no sentence: the figure is the hedge's.
HEDGE_DOT = "".join(rf"(?!(?<=\b{w}\.)\s+[\d~≈])" for w in lexicon.fragments("hedge_dot"))
_BOUNDARY = lazy(rf"[?!;\n¿¡]|\.(?=\s|$){HEDGE_DOT}")


@dataclass
class Draft:
    fields: dict[str, Any] = field(default_factory=dict)
    notes: list[Finding] = field(default_factory=list)
    asks: list[tuple[int, Finding]] = field(default_factory=list)
    disputed: set[str] = field(default_factory=set)
    used: list[tuple[int, int, str]] = field(default_factory=list)  # spans a reader consumed, and for what
    said_at: dict[str, tuple[int, int]] = field(default_factory=dict)  # where a field's value was said, when known

    def use(self, start: int, end: int, name: str) -> None:
        """Record that a reader read text[start:end] for field `name` (the unused-word safety net asks
        about words of the question no reader used)."""
        self.used.append((start, end, name))

    def set(self, name: str, value: Any, at: tuple[int, int] | None = None, text: str = "") -> None:
        """Record a field the user said; saying it twice with different values asks which one, unless both were
        said with where (`at` in `text`) and the words around them say which holds (bot/parse/superseded.py)."""
        if name in self.disputed:
            return
        if name in self.fields and self.fields[name] != value:
            if at and (old := self.said_at.get(name)) and text:
                from bot.parse import superseded  # it reads sentences from here

                if superseded.settle(text, self, name, {self.fields[name]: [old], value: [at]}):
                    return
            self.conflict(name, [self.fields[name], value])
            return
        self.fields[name] = value
        if at:
            self.said_at[name] = at

    def conflict(self, name: str, values: list[Any]) -> None:
        """Two values for one field: neither is used, and the question back names both."""
        self.fields.pop(name, None)
        if name in self.disputed:
            return
        self.disputed.add(name)
        shown = list(dict.fromkeys(_shown(v) for v in values))
        self.ask(ASK_CONFLICT, "conflicting_values", field=name, values=shown)

    def asked_about(self, name: str) -> bool:
        return name in self.disputed or any(f.params.get("field") == name for _, f in self.asks)

    def ask(self, priority: int, code: str, **params: Any) -> None:
        self.asks.append((priority, Finding(code=code, params=params)))

    def note(self, code: str, **params: Any) -> None:
        if (finding := Finding(code=code, params=params)) not in self.notes:  # two readers saying one thing: once
            self.notes.append(finding)

    @property
    def clarification(self) -> Finding | None:
        return min(self.asks, key=lambda a: a[0])[1] if self.asks else None


def _shown(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


@lru_cache(maxsize=4)
def _boundaries(text: str) -> list[int]:
    return [
        m.start() for m in _BOUNDARY.finditer(text)
    ]  # a line that only wraps a sentence is no boundary: wrapped.unwrap made it a space


def sentence(text: str, pos: int) -> tuple[int, int]:
    """Bounds of the sentence around `pos`: "per user" two sentences away describes something else. The
    boundaries are found once per text (readers ask hundreds of times on a pasted log)."""
    marks = _boundaries(text)
    i = bisect_left(marks, pos)  # marks[i - 1] < pos <= marks[i]
    start = marks[i - 1] + 1 if i else 0
    return start, marks[i] if i < len(marks) else len(text)
