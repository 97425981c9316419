"""How llmcost writes a figure: one rule per kind, the same in the terminal, in Slack and in the digest.

- **Money** (`money`, and the filters `usd`, `eur`): whole units from 100 up, cents below, thousands
  separated: `$36,821`, `$946`, `$50.44`, `$0.07`. A month's bill is never quoted to the cent; a price per
  hour or per million tokens keeps its cents. The figure is rounded half-even as a Decimal, so a Decimal
  from costcore is not bent through a float first.
- **Quantities** (`num`, and `tok` for tok/s): whole from 100 up (`12,000`, `804`), one decimal from 1
  (`40`, `12.5`), two below 1 (`0.25`); trailing zeros dropped. Counts are quantities that happen to be whole.
- **Shares** (`pct`): always a *fraction* in (0.125), a percentage out with the quantity rule (`12.5 %`,
  `20 %`, `350 %`). Nothing passes a percentage to it.
- **Sizes** (`gb`): a quantity and " GB". **Ratios** (`times`): `~12×` from 10 up, `2.5×` below.
- None is an em dash (`—`): a figure that is not known is not shown as 0.
"""

from __future__ import annotations

from typing import Any

NONE = "—"


def _trim(text: str) -> str:
    return text.rstrip("0").rstrip(".") if "." in text else text


def num(value: Any) -> str:
    """A quantity: whole from 100, one decimal from 1, two below; trailing zeros dropped."""
    if value is None:
        return NONE
    size = abs(value)
    digits = 0 if size >= 100 else 1 if size >= 1 else 2
    return _trim(f"{value:,.{digits}f}")


def money(value: Any, symbol: str = "$") -> str:
    """An amount of money: whole units from 100, cents below."""
    if value is None:
        return NONE
    size = abs(value)
    text = f"{size:,.0f}" if size >= 100 else f"{size:,.2f}"
    return f"-{symbol}{text}" if value < 0 else f"{symbol}{text}"


def eur(value: Any) -> str:
    return money(value, "€")


def pct(fraction: Any) -> str:
    """A share given as a fraction (0.125), written as a percentage (12.5 %)."""
    return NONE if fraction is None else f"{num(fraction * 100)} %"


def gb(value: Any) -> str:
    return NONE if value is None else f"{num(value)} GB"


def times(value: Any) -> str:
    """How many times another figure (the fleet costs 2.5× the API)."""
    if value is None:
        return NONE
    return f"~{value:,.0f}×" if value >= 10 else f"{value:,.1f}×"


FILTERS = {"num": num, "tok": num, "money": money, "usd": money, "eur": eur, "pct": pct, "gb": gb, "times": times}
