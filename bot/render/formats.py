"""How llmcost writes a figure: one rule per kind, the same in the terminal, in Slack and in the digest.

- **Money** (`money`, and the filters `usd`, `eur`): whole units from 1,000 up, cents below, thousands
  separated: `$36,821`, `$946.08`, `$50.44`, `$0.07`, as the domain brief writes its worked example. Cents
  below 1,000 keep a small API bill checkable against the brief's arithmetic; above, they are noise. The figure is rounded half-even as a Decimal, so a Decimal
  from costcore is not bent through a float first.
- **Quantities** (`num`, and `tok` for tok/s): whole from 1,000 up (`12,000`, `3,154`), one decimal from 1
  (`788.4`, `40`, `12.5`), two below 1 (`0.25`); trailing zeros dropped. Counts are quantities that happen to be whole.
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
    """A quantity: whole from 1,000, one decimal from 1, two below; trailing zeros dropped."""
    if value is None:
        return NONE
    size = abs(value)
    digits = 0 if size >= 1000 else 1 if size >= 1 else 2
    return _trim(f"{value:,.{digits}f}")


def money(value: Any, symbol: str = "$") -> str:
    """An amount of money: whole units from 1,000, cents below."""
    if value is None:
        return NONE
    size = abs(value)
    text = f"{size:,.0f}" if size >= 1000 else f"{size:,.2f}"
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
