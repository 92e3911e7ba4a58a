"""The audit's table of flagged hands: where, what was done, which rule, what was expected."""

from __future__ import annotations

import polars as pl

from dashboards.html import Column, render_table


def _when(value: object) -> str:
    return value.strftime("%Y-%m-%d %H:%M") if hasattr(value, "strftime") else str(value)


def flagged_table(df: pl.DataFrame) -> str:
    """Rows from ``data.flagged_hands`` plus ``action``, ``expectation`` and ``source``."""
    columns = [
        Column("site", "site"),
        Column("hand_id", "hand"),
        Column("started_at", "started", _when),
        Column("game", "game"),
        Column("severity", "severity"),
        Column("code", "code"),
        Column("street", "street", numeric=True),
        Column("action", "offending action"),
        Column("rule", "rule (rule book section)"),
        Column("message", "what happened"),
        Column("expectation", "what the rule expects"),
        Column("source", "file:line (file name)"),
    ]
    return ('<div class="scroll">'
            + render_table(df, columns, table_id="flagged", sortable=True) + "</div>")
