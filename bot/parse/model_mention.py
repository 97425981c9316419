"""What the model reader makes of one name typed (`Mention`) and of the whole text (`ModelRead`); the index they
are looked up in is bot/parse/model_index.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from costcore.scenario import Finding

Kind = Literal["catalog", "corrected", "closed", "unknown", "doubtful", "family", "ambiguous", "several"]


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    typed: str
    model: str | None  # catalog id, or the name the engine is given
    kind: Kind
    candidates: tuple[str, ...] = ()
    precision: str | None = None  # "fp8" typed after the name: read, not modelled
    said: tuple[str, ...] = ()  # build words said apart from the name ("the thinking version of …", "in fp8")

    @property
    def strong(self) -> bool:
        return self.kind in ("catalog", "corrected", "closed", "unknown", "ambiguous")


@dataclass
class ModelRead:
    model: str | None = None
    notes: list[Finding] = field(default_factory=list)
    clarification: Finding | None = None
    spans: list[tuple[int, int]] = field(default_factory=list)  # where names were, so numbers skip them
