"""Winnings over hands: the graph players open first.

Reads a frame with one row per (player, hand) in chronological order per player:
``player`` str, ``net`` int (smallest unit), ``big_bet`` int, ``unit`` int (100 for a
currency, 1 for chips), ``currency`` str|null, ``showdown`` bool (went to showdown).

For one player it draws the total, showdown and non-showdown lines (the trackers' blue and
red lines); for several, each player's total. Buttons switch money and big bets; long series
get a range slider and are reduced to their envelope (``downsample``) so a million hands
still make a small page.
"""

from __future__ import annotations

import plotly.graph_objects as go
import polars as pl

from dashboards.figures.downsample import MAX_POINTS, min_max_downsample
from dashboards.figures.money import money_title
from dashboards.figures.theme import (
    NON_SHOWDOWN,
    RANGE_SLIDER_MIN_POINTS,
    SHOWDOWN,
    base_layout,
    color_of,
    label,
)


def cumulative(df: pl.DataFrame) -> pl.DataFrame:
    """Per player: hand number and running totals in money and big bets, split by showdown.

    >>> df = pl.DataFrame({"player": ["a", "a", "a"], "net": [100, -50, 20],
    ...     "big_bet": [10, 10, 10], "unit": [100, 100, 100], "showdown": [True, False, False]})
    >>> cumulative(df).select("hand_no", "total", "showdown_total", "non_showdown_bb").rows()
    [(1, 1.0, 1.0, 0.0), (2, 0.5, 1.0, -5.0), (3, 0.7, 1.0, -3.0)]
    """
    money = pl.col("net") / pl.col("unit")
    bets = pl.col("net") / pl.col("big_bet")
    sd = pl.col("showdown")
    return df.with_columns(
        pl.int_range(1, pl.len() + 1).over("player").alias("hand_no"),
        money.cum_sum().over("player").alias("total"),
        pl.when(sd).then(money).otherwise(0.0).cum_sum().over("player").alias("showdown_total"),
        pl.when(sd).then(0.0).otherwise(money).cum_sum().over("player")
        .alias("non_showdown_total"),
        bets.cum_sum().over("player").alias("total_bb"),
        pl.when(sd).then(bets).otherwise(0.0).cum_sum().over("player").alias("showdown_bb"),
        pl.when(sd).then(0.0).otherwise(bets).cum_sum().over("player")
        .alias("non_showdown_bb"),
    )


_LINES = (  # (money column, big-bet column, legend name, colour; None: the player's colour)
    ("total", "total_bb", "total", None),
    ("showdown_total", "showdown_bb", "showdown", SHOWDOWN),
    ("non_showdown_total", "non_showdown_bb", "non-showdown", NON_SHOWDOWN),
)


def winnings_figure(df: pl.DataFrame, colors: dict[str, str],
                    max_points: int = MAX_POINTS) -> go.Figure:
    """The winnings chart (see module docstring); ``colors`` maps player -> colour."""
    cum = cumulative(df)
    players = cum.get_column("player").unique(maintain_order=True).to_list()
    single = len(players) == 1
    fig = go.Figure()
    visible_money: list[bool] = []
    longest = 0
    for player in players:
        rows = cum.filter(pl.col("player") == player)
        longest = max(longest, rows.height)
        lines = _LINES if single else _LINES[:1]
        for in_bb in (False, True):
            for money_column, bb_column, name, colour in lines:
                column = bb_column if in_bb else money_column
                points = min_max_downsample(rows.select("hand_no", column), "hand_no", column,
                                            max_points)
                trace_name = name if single else label(player)
                unit = "big bets" if in_bb else money_title(df)
                fig.add_trace(go.Scatter(
                    x=points.get_column("hand_no").to_numpy(),
                    y=points.get_column(column).to_numpy(),
                    mode="lines",
                    name=trace_name,
                    line={"color": colour or color_of(colors, player),
                          "width": 2.5 if name == "total" else 1.5},
                    visible=not in_bb,
                    hovertemplate=(f"{label(player)}<br>{name}<br>hand %{{x:,}}"
                                   f"<br>%{{y:,.2f}} {unit}<extra></extra>"),
                ))
                visible_money.append(not in_bb)
    visible_bb = [not v for v in visible_money]
    who = f" of {label(players[0])}" if single else ""
    base_layout(fig, f"Winnings{who} over hands", hovermode="x unified" if single else "closest")
    fig.update_layout(
        yaxis_title=f"won ({money_title(df)})",
        # above the plot: below it the range slider would cover the legend
        legend={"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
        margin={"t": 100},
        updatemenus=[{
            "type": "buttons", "direction": "right", "x": 1.0, "xanchor": "right", "y": 1.2,
            "yanchor": "bottom",
            "buttons": [
                {"label": "Money", "method": "update",
                 "args": [{"visible": visible_money}, {"yaxis.title.text":
                                                      f"won ({money_title(df)})"}]},
                {"label": "Big bets", "method": "update",
                 "args": [{"visible": visible_bb}, {"yaxis.title.text": "won (big bets)"}]},
            ],
        }],
    )
    fig.update_xaxes(title_text="hands played",
                     rangeslider_visible=longest > RANGE_SLIDER_MIN_POINTS)
    return fig
