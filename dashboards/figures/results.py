"""Where the money is won and lost: by game and stakes, by session, by starting hand.

Frames (money in smallest units, ``unit`` the display divisor, ``net_bb`` in big bets):

* ``game_stakes_figure``: ``game`` str, ``stakes`` str, ``hands`` int, ``net`` int,
  ``unit`` int, ``net_bb`` float.
* ``sessions_figure``: ``start`` datetime, ``end`` datetime, ``table`` str, ``hands`` int,
  ``net`` int, ``unit`` int, ``net_bb`` float; one row per table session.
* ``starting_hands_figure``: ``category`` str, ``hands`` int, ``net_bb`` float and
  optionally ``vpip_hands`` int; bars in the frame's order.
"""

from __future__ import annotations

import plotly.graph_objects as go
import polars as pl

from dashboards.figures.theme import NEGATIVE, POSITIVE, RANGE_SLIDER_MIN_POINTS, base_layout, label


def per_100() -> pl.Expr:
    """Big bets won per 100 hands (the issue's unambiguous win rate)."""
    return pl.when(pl.col("hands") > 0).then(pl.col("net_bb") * 100 / pl.col("hands")) \
        .otherwise(None)


def _sign_colors(values: pl.Series) -> list[str]:
    return [POSITIVE if (v or 0) >= 0 else NEGATIVE for v in values.to_list()]


def game_stakes_figure(df: pl.DataFrame) -> go.Figure:
    rows = df.with_columns(per_100().alias("bb100"),
                           (pl.col("net") / pl.col("unit")).alias("money"))
    rows = rows.sort("game", "stakes")
    names = [f"{label(g)} {label(s)}" for g, s in rows.select("game", "stakes").rows()]
    fig = go.Figure(go.Bar(
        x=names,
        y=rows.get_column("bb100").to_list(),
        marker_color=_sign_colors(rows.get_column("bb100")),
        # the last two: the bar's game and stakes, for the app's drill-down
        customdata=rows.select("hands", "money", "net_bb", "game", "stakes").rows(),
        hovertemplate=("%{x}<br>%{y:.2f} big bets / 100 hands<br>%{customdata[0]:,} hands"
                       "<br>net %{customdata[1]:,.2f} (%{customdata[2]:,.1f} big bets)"
                       "<extra></extra>"),
    ))
    base_layout(fig, "Results by game and stakes")
    fig.update_yaxes(title_text="big bets / 100 hands")
    return fig


def sessions_figure(df: pl.DataFrame) -> go.Figure:
    rows = df.sort("start").with_columns(
        (pl.col("net") / pl.col("unit")).alias("money"),
        ((pl.col("end") - pl.col("start")).dt.total_minutes()).alias("minutes"),
        pl.col("net_bb").cum_sum().alias("running_bb"),
    )
    session = rows.get_column("session") if "session" in rows.columns else pl.Series(
        [None] * rows.height)
    custom = [  # the last two: the raw table name and session number, for the drill-down
        (label(t), h, m, mins, start.strftime("%Y-%m-%d %H:%M"), t, s)
        for (t, h, m, mins, start), s in zip(
            rows.select("table", "hands", "money", "minutes", "start").rows(),
            session.to_list(), strict=True)
    ]
    fig = go.Figure()
    fig.add_trace(go.Bar(
        name="session result",
        x=list(range(1, rows.height + 1)),
        y=rows.get_column("net_bb").to_list(),
        marker_color=_sign_colors(rows.get_column("net_bb")),
        customdata=custom,
        hovertemplate=("session %{x} at %{customdata[4]}<br>table %{customdata[0]}"
                       "<br>%{customdata[1]:,} hands in %{customdata[3]:,} min"
                       "<br>%{y:,.1f} big bets (%{customdata[2]:,.2f})<extra></extra>"),
    ))
    fig.add_trace(go.Scatter(
        name="running total",
        x=list(range(1, rows.height + 1)),
        y=rows.get_column("running_bb").to_list(),
        mode="lines",
        line={"color": "#555", "width": 1.5},
        hovertemplate="after session %{x}: %{y:,.1f} big bets<extra></extra>",
    ))
    base_layout(fig, "Results by session (table sessions from timestamps)")
    fig.update_xaxes(title_text="session", rangeslider_visible=rows.height
                     > RANGE_SLIDER_MIN_POINTS, dtick=max(1, rows.height // 20))
    fig.update_yaxes(title_text="big bets")
    return fig


def starting_hands_figure(df: pl.DataFrame) -> go.Figure:
    rows = df.with_columns(per_100().alias("bb100"))  # in the order given (data: by game)
    vpip = (rows.get_column("vpip_hands") / rows.get_column("hands")
            if "vpip_hands" in rows.columns else pl.Series([None] * rows.height))
    fig = go.Figure(go.Bar(
        x=[label(c) for c in rows.get_column("category")],
        y=rows.get_column("bb100").to_list(),
        marker_color=_sign_colors(rows.get_column("bb100")),
        customdata=list(zip(rows.get_column("hands").to_list(), vpip.to_list(),
                            rows.get_column("net_bb").to_list(),
                            (rows.get_column("key") if "key" in rows.columns
                             else rows.get_column("category")).to_list(), strict=True)),
        hovertemplate=("%{x}<br>%{y:.1f} big bets / 100 hands<br>%{customdata[0]:,} hands"
                       "<br>played %{customdata[1]:.0%}<br>net %{customdata[2]:,.1f} big bets"
                       "<extra></extra>"),
    ))
    base_layout(fig, "Results by starting-hand category")
    fig.update_yaxes(title_text="big bets / 100 hands")
    return fig
