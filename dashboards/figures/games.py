"""Charts that belong to one part of stud: the bring-in, Hi/Lo splits, Razz lows.

* ``bring_in_figure``: ``outcome`` str ("completed", "folded to a completion", "called",
  "re-raised", "won uncontested", ...), ``hands`` int: what the player did as the bring-in.
* ``hilo_figure``: ``outcome`` str ("scoop", "high only", "low only", ...), ``hands`` int:
  how Stud Hi/Lo pots the player won were split.
* ``razz_lows_figure``: ``low`` int (the highest card of the final low, 5..13) and
  ``hands`` int, optionally ``won`` int: the final lows made at showdown.
"""

from __future__ import annotations

import plotly.graph_objects as go
import polars as pl

from dashboards.figures.theme import PALETTE, base_layout, label

LOW_NAMES = {5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T", 11: "J", 12: "Q", 13: "K"}


def bring_in_figure(df: pl.DataFrame) -> go.Figure:
    rows = df.filter(pl.col("hands") > 0)
    total = rows.get_column("hands").sum() or 1
    fig = go.Figure(go.Bar(
        x=[label(o) for o in rows.get_column("outcome")],
        y=rows.get_column("hands").to_list(),
        marker_color=PALETTE[: rows.height],
        text=[f"{h / total:.0%}" for h in rows.get_column("hands")],
        textposition="auto",
        hovertemplate="%{x}<br>%{y:,} hands (%{text})<extra></extra>",
    ))
    base_layout(fig, f"Bring-in outcomes ({total:,} hands as the bring-in)")
    fig.update_yaxes(title_text="hands")
    return fig


def hilo_figure(df: pl.DataFrame) -> go.Figure:
    rows = df.filter(pl.col("hands") > 0)
    fig = go.Figure(go.Pie(
        labels=[label(o) for o in rows.get_column("outcome")],
        values=rows.get_column("hands").to_list(),
        sort=False,
        hole=0.35,
        hovertemplate="%{label}<br>%{value:,} pots (%{percent})<extra></extra>",
    ))
    return base_layout(fig, "Stud Hi/Lo: scoops, high halves, low halves")


def razz_lows_figure(df: pl.DataFrame) -> go.Figure:
    rows = df.sort("low")
    names = [f"{LOW_NAMES.get(v, str(v))}-low" for v in rows.get_column("low")]
    fig = go.Figure(go.Bar(
        name="made at showdown",
        x=names,
        y=rows.get_column("hands").to_list(),
        marker_color=PALETTE[0],
        hovertemplate="%{x}: %{y:,} showdowns<extra></extra>",
    ))
    if "won" in rows.columns:
        fig.add_trace(go.Bar(
            name="won with it",
            x=names,
            y=rows.get_column("won").to_list(),
            marker_color=PALETTE[2],
            hovertemplate="%{x}: won %{y:,}<extra></extra>",
        ))
    base_layout(fig, "Razz: final low at showdown", barmode="group")
    fig.update_xaxes(title_text="final low (highest card)", type="category")
    fig.update_yaxes(title_text="showdowns")
    return fig
