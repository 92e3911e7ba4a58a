"""Money for display: exact ints in the database, currency units on the axis.

Amounts stay ``int`` smallest units (cents, chips) until a chart divides them by the
frame's ``unit`` column (100 for a currency, 1 for chips) for display only.
"""

from __future__ import annotations

import polars as pl


def money_title(df: pl.DataFrame) -> str:
    """Axis wording for the money in ``df``'s ``currency`` column.

    >>> money_title(pl.DataFrame({"currency": ["USD", "USD"]}))
    'USD'
    >>> money_title(pl.DataFrame({"currency": [None]}, schema={"currency": pl.String}))
    'chips'
    """
    if "currency" not in df.columns:
        return "chips"
    kinds = {c if c is not None else "chips" for c in df.get_column("currency").unique()}
    if len(kinds) == 1:
        return kinds.pop()
    return "mixed units"


def display(amount: pl.Expr, unit: pl.Expr | None = None) -> pl.Expr:
    """``amount`` in display units (a float only from here on)."""
    return amount / (unit if unit is not None else pl.col("unit"))
