"""The report's tables of hands: flagged hands (audit) and the biggest pots (player page)."""

from __future__ import annotations

from collections.abc import Collection

import polars as pl

from dashboards.html import Column, render_table
from dashboards.replayer import replay_button


def _when(value: object) -> str:
    return value.strftime("%Y-%m-%d %H:%M") if hasattr(value, "strftime") else str(value)


def _replay_column(replayable: Collection[str]) -> Column:
    """A button that opens the hand in the page's replayer (none if it is not embedded)."""
    return Column("replay", "replay",
                  lambda key: replay_button(key) if str(key) in replayable else "",
                  markup=True)


def flagged_table(df: pl.DataFrame, replayable: Collection[str] = ()) -> str:
    """Rows from ``data.flagged_hands`` plus ``action``, ``expectation``, ``source`` and
    ``replay`` (the hand key, as text)."""
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
    if "consequences" in df.columns:
        # each row is a root finding; what follows from it is folded into one cell
        columns.insert(10, Column("consequences", "consequences", _folded, numeric=True))
    if "replay" in df.columns:
        columns.insert(0, _replay_column(replayable))
    return ('<div class="scroll">'
            + render_table(df, columns, table_id="flagged", sortable=True) + "</div>")


def _folded(n: object) -> str:
    """``+6 consequences`` (the replay shows each at its action), or nothing."""
    count = int(n) if isinstance(n, int) else 0
    if not count:
        return ""
    return f"+{count} consequence" + ("s" if count > 1 else "")


def pots_table(df: pl.DataFrame, replayable: Collection[str]) -> str:
    """Rows from ``data.biggest_pots`` plus ``replay`` and ``net_text``."""
    columns = [
        _replay_column(replayable),
        Column("hand_id", "hand"),
        Column("started_at", "started", _when),
        Column("game", "game"),
        Column("stakes", "stakes"),
        Column("pot_bb", "pot (big bets)", lambda v: f"{float(v):,.1f}", numeric=True),  # type: ignore[arg-type]
        Column("net_text", "won", numeric=True),
    ]
    return render_table(df, columns, table_id="pots", sortable=True)
