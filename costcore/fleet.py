"""Fleets: how many nodes of one type a volume needs, what they cost, and where they beat an API.

A provider rents in steps: one node, a multi-node serving unit (a model no single node holds), or a whole
NVL72 rack of 18 trays. A step of `nodes` nodes carries `nodes × capacity per node` tok/s and costs
`nodes × $/node-month`, so a fleet's cost is a step function of volume. An API's cost is a line through
zero (`usd_per_tok_s_month` × tok/s). Inside step k the fleet wins on (k × break-even, k × step capacity]:
a node type whose per-node capacity is below its own break-even never wins, at any volume.
Pure arithmetic on numbers; the node types come from costcore.fit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Steps:
    nodes: int  # nodes per rental step: lcm(nodes per serving unit, the provider's minimum)
    units: int  # nodes per serving unit
    capacity_per_node: float  # sustained output tok/s
    usd_per_node: Decimal  # a month

    @classmethod
    def of(cls, units: int, min_units: int, capacity_per_node: float, usd_per_node: Decimal) -> Steps:
        return cls(math.lcm(units, min_units), units, capacity_per_node, usd_per_node)

    @property
    def capacity(self) -> float:
        return self.nodes * self.capacity_per_node

    @property
    def usd(self) -> Decimal:
        return self.usd_per_node * self.nodes

    @property
    def serves(self) -> bool:
        return self.capacity_per_node > 0

    def count(self, tok_s: float) -> int:
        """Steps that carry `tok_s` (at least one: a fleet is never empty)."""
        return max(1, math.ceil(tok_s / self.capacity - 1e-9))

    def nodes_for(self, tok_s: float) -> int:
        return self.count(tok_s) * self.nodes

    def nodes_in_use(self, tok_s: float) -> int:
        """Nodes actually serving `tok_s` (fewer than rented when the step is a whole rack)."""
        per_unit = self.capacity_per_node * self.units
        return max(1, math.ceil(tok_s / per_unit - 1e-9)) * self.units

    def usd_for(self, tok_s: float) -> Decimal:
        return self.usd * self.count(tok_s)

    def utilisation(self, tok_s: float) -> float:
        return tok_s / (self.count(tok_s) * self.capacity)

    def break_even(self, usd_per_tok_s_month: Decimal) -> float:
        """Volume at which one step costs what the API costs."""
        return float(self.usd / usd_per_tok_s_month)

    def wins(self, usd_per_tok_s_month: Decimal) -> bool:
        """Whether this node type beats the API at some volume: capacity above break-even."""
        return self.serves and self.capacity > self.break_even(usd_per_tok_s_month)

    def capacity_to_win(self, tok_s: float, api_usd: Decimal) -> float | None:
        """Per-node tok/s at or above which this fleet costs less than `api_usd` at `tok_s`; None when even
        one step costs more than the API at this volume (no throughput makes it win)."""
        most = math.ceil(api_usd / self.usd) - 1  # steps that still cost less than the API
        if most < 1:
            return None
        return tok_s / (most * self.nodes)

    def winning_volumes(self, usd_per_tok_s_month: Decimal) -> tuple[float, float, float] | None:
        """(from, until, always_from): the fleet first wins above `from` up to `until` (one step full), and
        wins at every volume above `always_from`. None when it never wins."""
        if not self.wins(usd_per_tok_s_month):
            return None
        b, s = self.break_even(usd_per_tok_s_month), self.capacity
        k = math.ceil(b / (s - b))  # from step k on, step k+1's losing stretch has closed
        return b, s, k * b

    def next_win(self, tok_s: float, usd_per_tok_s_month: Decimal) -> float | None:
        """The lowest volume above `tok_s` at which this fleet wins (the start of the next winning stretch)."""
        if not self.wins(usd_per_tok_s_month):
            return None
        b = self.break_even(usd_per_tok_s_month)
        k = max(1, math.ceil(tok_s / self.capacity - 1e-9))
        return k * b if k * b >= tok_s else (k + 1) * b
