"""Door card against the table: is a King up worth more when an Ace shows elsewhere?

Reads ``door_rank`` int 2..14 (the player's upcard on 3rd street), ``other_rank`` int 2..14
(the highest door card among the other players dealt in), ``hands`` int, ``net_bb`` float.
Cells are big bets won per hand, coloured around zero; the hover gives the sample size.
"""

from __future__ import annotations

import plotly.graph_objects as go
import polars as pl

from dashboards.figures.theme import base_layout

RANKS = "23456789TJQKA"


def door_matrix(df: pl.DataFrame) -> tuple[list[list[float | None]], list[list[int]]]:
    """13x13 (other rank rows, door rank columns) of big bets per hand and hand counts.

    >>> z, n = door_matrix(pl.DataFrame({"door_rank": [14], "other_rank": [2], "hands": [4],
    ...                                  "net_bb": [2.0]}))
    >>> z[0][12], n[0][12], z[0][0]
    (0.5, 4, None)
    """
    z: list[list[float | None]] = [[None] * 13 for _ in range(13)]
    n = [[0] * 13 for _ in range(13)]
    grouped = df.group_by("door_rank", "other_rank").agg(pl.col("hands").sum(),
                                                          pl.col("net_bb").sum())
    for door, other, hands, net in grouped.rows():
        if 2 <= door <= 14 and 2 <= other <= 14 and hands:
            z[other - 2][door - 2] = net / hands
            n[other - 2][door - 2] = hands
    return z, n


def door_figure(df: pl.DataFrame) -> go.Figure:
    z, n = door_matrix(df)
    # A cell of three hands can hold +/-10 big bets a hand and wash out every other colour:
    # the scale stops at the 90th percentile of the magnitudes (hover shows exact values).
    sizes = sorted(abs(v) for row in z for v in row if v is not None)
    limit = sizes[int(0.9 * (len(sizes) - 1))] if sizes else 1.0
    fig = go.Figure(go.Heatmap(
        zmin=-(limit or 1.0),
        zmax=limit or 1.0,
        z=z,
        x=list(RANKS),
        y=list(RANKS),
        customdata=n,
        colorscale="RdBu",
        hoverongaps=False,
        colorbar={"title": {"text": "big bets / hand"}},
        hovertemplate=("door card %{x}, best other door card %{y}<br>%{z:.2f} big bets / hand"
                       "<br>%{customdata:,} hands<extra></extra>"),
    ))
    base_layout(fig, "Results by door card vs the table's other upcards")
    fig.update_xaxes(title_text="your door card", type="category")
    fig.update_yaxes(title_text="highest other door card", type="category")
    return fig
