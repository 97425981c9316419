"""The chart under a verdict: monthly cost against sustained output tok/s, as PNG bytes.

The fleet is a staircase: flat while its nodes carry the volume (they cost the same idle or busy), one
rental step (a node, a multi-node unit, an NVL72 rack) higher each time the volume outgrows them. Each API
is a straight line through zero (cost = $ per million output tokens × tok/s × 3,600 × hours a month /
10^6). The asked point and the fleet break-even are marked. Uses the object API on the Agg canvas, not pyplot, so threads can draw at once.
"""

from __future__ import annotations

import io
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from bot.slack import words

MAX_API_LINES = 8


def api_month(usd_per_million_output: float, tok_s: float, hours_per_month: float) -> float:
    return usd_per_million_output * tok_s * 3600 * hours_per_month / 1e6


def _lines(apis: list[Any]) -> list[tuple[str, float, bool]]:
    """(legend, $ per million output, same model): providers at the same price share one line."""
    grouped: dict[tuple[bool, str, float], list[str]] = {}
    for line in sorted(apis, key=lambda line: (not line.same_model, line.usd_per_month)):
        key = (line.same_model, line.label, float(line.usd_per_million_output))
        grouped.setdefault(key, []).append(line.provider_name)
    return [(f"{', '.join(names)} · {label}", price, same) for (same, label, price), names in grouped.items()][
        :MAX_API_LINES]


def fleet_steps(node: Any, x_max: float) -> tuple[list[float], list[float]]:
    """(volumes, $ a month) of the fleet's staircase from 0 to x_max, for `Axes.step(where="post")`."""
    step_usd = float(node.usd_per_month) * node.nodes_per_step
    step_tok_s = (node.capacity_tok_s or 0.0) * node.nodes_per_step
    if step_tok_s <= 0:
        return [0.0, x_max], [step_usd, step_usd]
    edges = [0.0]
    while edges[-1] + step_tok_s < x_max and len(edges) < 400:
        edges.append(edges[-1] + step_tok_s)
    costs = [step_usd * (k + 1) for k in range(len(edges))]
    return edges + [x_max], costs + [costs[-1]]


def png(reply: Any) -> bytes | None:
    """The chart, or None when there is nothing to compare (no node holds the model, or no API)."""
    a = reply.answer
    node = next((n for n in a.fit.nodes if n.id == a.fit.chosen_node), None) if a.fit else None
    if node is None or not a.apis:
        return None
    asked = a.tokens.output_per_month / 3600 / a.hours_per_month if a.tokens and a.scenario.slo_tok_s else None
    node_month = float(node.usd_per_month_fleet or node.usd_per_month * node.nodes_per_step)
    # This fleet's own break-even, where its first step crosses the cheapest API (none if it never does).
    wins = node.break_even_tok_s and (node.capacity_tok_s or 0) * node.nodes_per_step > node.break_even_tok_s
    break_even = node.break_even_tok_s if wins else None
    hours = a.hours_per_month
    x_max = max(v for v in (asked, break_even, node.break_even_tok_s, 1000.0) if v) * 1.3
    volumes, fleet = fleet_steps(node, x_max)
    labels = words.data("chart.json.j2", model_name=a.model_name or "", node_name=node.name)

    fig = Figure(figsize=(8, 4.5), dpi=90)
    FigureCanvasAgg(fig)
    fig.subplots_adjust(left=0.12, right=0.97, top=0.92, bottom=0.12)
    ax = fig.add_subplot()
    ax.step(volumes, fleet, where="post", color="#1f2937", linewidth=2.5, label=labels["node"])
    for legend, per_million, same in _lines(a.apis):
        ax.plot([0, x_max], [0, api_month(per_million, x_max, hours)], linestyle="-" if same else ":",
                linewidth=1.8 if same else 1.2, label=legend)
    cheapest = min((line for line in a.apis if line.same_model), key=lambda line: line.usd_per_month, default=None)
    if asked and cheapest is not None:
        ax.axvline(asked, color="#6b7280", linewidth=1, linestyle="--")
        ax.plot([asked], [api_month(float(cheapest.usd_per_million_output), asked, hours)], "o", color="#dc2626",
                label=labels["asked"])
    if break_even:
        ax.plot([break_even], [float(node.usd_per_month) * node.nodes_per_step], "D", color="#16a34a",
                label=labels["break_even"])
    ax.set_xlim(0, x_max)
    ax.set_ylim(0, max(node_month * 2.2, fleet[-1] * 1.1))
    ax.set_xlabel(labels["x"])
    ax.set_ylabel(labels["y"])
    ax.set_title(labels["title"], fontsize=11)
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"${v:,.0f}"))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}"))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="lower right", framealpha=0.9)
    out = io.BytesIO()
    fig.savefig(out, format="png", pil_kwargs={"compress_level": 1})
    return out.getvalue()
