"""The chart under a verdict: monthly cost against sustained output tok/s, as PNG bytes.

The fleet is a staircase: flat while its nodes carry the volume (they cost the same idle or busy), one
rental step (a node, a multi-node unit, an NVL72 rack) higher each time the volume outgrows them. Each API
is a straight line through zero (cost = $ per million output tokens × tok/s × 3,600 × hours a month /
10^6). The asked point and the fleet break-even are marked. Uses the object API on the Agg canvas, not pyplot, so threads can draw at once.
"""

from __future__ import annotations

import io
import textwrap
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from bot.render import words
from bot.render.formats import num
from costcore.answer import Answer, ApiLine, NodeFit

MAX_API_LINES = 8


def api_month(usd_per_million_output: float, tok_s: float, hours_per_month: float) -> float:
    return usd_per_million_output * tok_s * 3600 * hours_per_month / 1e6


def _lines(apis: list[ApiLine]) -> list[tuple[str, float, bool]]:
    """(legend, $ per million output, same model): providers at the same price share one line."""
    grouped: dict[tuple[bool, str, float], list[str]] = {}
    for line in sorted(apis, key=lambda line: (not line.same_model, line.usd_per_month)):
        key = (line.same_model, line.label, float(line.usd_per_million_output))
        grouped.setdefault(key, []).append(line.provider_name)
    return [(f"{', '.join(names)} · {label}", price, same) for (same, label, price), names in grouped.items()][
        :MAX_API_LINES]


def fleet_steps(node: NodeFit, x_max: float) -> tuple[list[float], list[float]]:
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


DPI = 160  # Slack's preview shrinks the image to its column: text drawn at 160 dpi stays legible
SIZE_IN = (10, 5.2)  # 1,600 × 832 px at DPI; the right third is the legend's
LEGEND_CHARS = 34  # the legend column's width in characters at its font size
LOG_WHEN = 10.0  # a log x-axis when the marked volumes are this many times apart (else one hugs the axis)


def png(a: Answer) -> bytes | None:
    """The chart, or None when there is nothing to compare (no node holds the model, or no API)."""
    fig = figure(a)
    if fig is None:
        return None
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=DPI, pil_kwargs={"compress_level": 1})
    return out.getvalue()


def figure(a: Answer) -> Figure | None:
    """The chart as a matplotlib Figure (tests read its texts), or None when there is nothing to compare.

    Per-user questions are drawn at their aggregate volume (per-user tok/s × users), the volume the bills are
    for. The legend sits outside the plot, each marker carries its value, and the x-axis turns logarithmic
    when the asked volume and the break-even are far apart (else one of them is squeezed against the axis).
    """
    node = a.chosen
    if node is None or not a.apis:
        return None
    asked = a.tokens.output_per_month / 3600 / a.hours_per_month if a.tokens and a.scenario.slo_tok_s else None
    node_month = float(node.usd_per_month_fleet or node.usd_per_month * node.nodes_per_step)
    # This fleet's own break-even, where its first step crosses the cheapest API (none if it never does).
    wins = node.break_even_tok_s and (node.capacity_tok_s or 0) * node.nodes_per_step > node.break_even_tok_s
    break_even = node.break_even_tok_s if wins else None
    hours = a.hours_per_month
    marked = [v for v in (asked, break_even, node.break_even_tok_s) if v]
    x_max = max([*marked, 1000.0]) * 1.3
    log_x = bool(marked) and max(marked) / min(marked) >= LOG_WHEN
    x_min = min(marked) / 3 if log_x else 0.0
    volumes, fleet = fleet_steps(node, x_max)
    labels = words.data("chart.json.j2", model_name=a.model_name or "", node_name=node.name)

    fig = Figure(figsize=SIZE_IN, dpi=DPI)
    FigureCanvasAgg(fig)
    fig.subplots_adjust(left=0.09, right=0.64, top=0.9, bottom=0.12)
    ax = fig.add_subplot()
    ax.step([max(v, x_min) for v in volumes], fleet, where="post", color="#1f2937", linewidth=2.5,
            label=_wrap(labels["node"]))
    # A straight line through zero is a curve on a log axis: sampled, not drawn between its two ends.
    xs = [x_min * (x_max / x_min) ** (k / 200) for k in range(201)] if log_x else [0.0, x_max]
    for legend, per_million, same in _lines(a.apis):
        ax.plot(xs, [api_month(per_million, x, hours) for x in xs], linestyle="-" if same else ":",
                linewidth=1.8 if same else 1.2, label=_wrap(legend))
    cheapest = a.cheapest_api
    if asked and cheapest is not None:
        y = api_month(float(cheapest.usd_per_million_output), asked, hours)
        ax.axvline(asked, color="#6b7280", linewidth=1, linestyle="--")
        ax.plot([asked], [y], "o", color="#dc2626", markersize=7, label=labels["asked"])
        _label(ax, asked, y, words.plain("chart_marker.txt.j2", tok_s=asked, usd=y), "#dc2626")
    if break_even:
        y = float(node.usd_per_month) * node.nodes_per_step
        ax.plot([break_even], [y], "D", color="#16a34a", markersize=7, label=labels["break_even"])
        _label(ax, break_even, y, words.plain("chart_marker.txt.j2", tok_s=break_even, usd=y), "#16a34a")
    if log_x:
        ax.set_xscale("log")
    ax.set_xlim(x_min or 0, x_max)
    ax.set_ylim(0, max(node_month * 2.2, fleet[-1] * 1.1))
    ax.set_xlabel(labels["x"] + (labels["log"] if log_x else ""), fontsize=10)
    ax.set_ylabel(labels["y"], fontsize=10)
    ax.set_title(labels["title"], fontsize=12)
    # Axis ticks are round figures: whole dollars even below $100 ($0, $50), so the axis reads evenly.
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"${v:,.0f}"))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: num(v)))
    ax.tick_params(labelsize=9)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=9, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0, frameon=False)
    return fig


def _wrap(text: str) -> str:
    """Legend entries in lines short enough for the legend's column beside the plot."""
    return textwrap.fill(text, LEGEND_CHARS)


def _label(ax: Any, x: float, y: float, text: str, color: str) -> None:
    ax.annotate(text, (x, y), xytext=(8, 8), textcoords="offset points", fontsize=9, color=color,
                bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": color, "alpha": 0.9})
