"""Winnings over hands: the graph players open first.

Reads a frame with one row per (player, hand) in chronological order per player:
``player`` str, ``net`` int (smallest unit), ``big_bet`` int, ``unit`` int (100 for a
currency, 1 for chips), ``currency`` str|null, ``showdown`` bool (went to showdown), and
optionally ``money`` str (the money unit: ``USD``, ``chips``, ``play``; from ``currency``
when absent) and ``ev_net`` float|null (the all-in EV's expected net, null for a hand
without one: ``hand_players.ev_net``).

For one player it draws the total, the all-in adjusted line (each all-in hand counted at
its expected net, every other hand at its net: docs/stats.md; drawn when some hand has an
all-in EV), the showdown and non-showdown lines (the trackers' blue and red lines); for
several, each player's total. Buttons switch money and big bets: big bets
are unit-free, so one line per player covers every game and stake; money is drawn per money
unit (a line per player and unit), since cents and tournament chips never add up.

The x axis is each player's own hand count; a second pair of buttons switches to the share
of the player's own hands (0-100 %), which lays a 200-hand history across the same width as
a 20,000-hand one. That view is the default when the players' histories differ more than
``SHARE_RATIO`` times in length. Only lines with hands behind them are drawn (a player with
no showdown has no showdown line). Long series are reduced to their envelope
(``downsample``) so a million hands still make a small page; each point's ``customdata``
holds the range of hand numbers it stands for (the app lists those hands on a click).
"""

from __future__ import annotations

import plotly.graph_objects as go
import polars as pl

from dashboards.figures.downsample import MAX_POINTS, min_max_downsample
from dashboards.figures.theme import (
    ALL_IN_EV,
    NON_SHOWDOWN,
    RANGE_SLIDER_MIN_POINTS,
    SHOWDOWN,
    base_layout,
    color_of,
    label,
)

#: Longest / shortest history above which the x axis starts as "share of own hands".
SHARE_RATIO = 4.0


def money_of(df: pl.DataFrame) -> pl.Expr:
    """The money unit of each row: ``money`` if given, else the currency or chips."""
    if "money" in df.columns:
        return pl.col("money")
    return pl.col("currency").fill_null("chips")


def cumulative(df: pl.DataFrame) -> pl.DataFrame:
    """Per player: hand number and running totals in big bets, split by showdown, and in
    money per money unit (``money_total`` runs over the player's hands in that unit).

    >>> df = pl.DataFrame({"player": ["a", "a", "a"], "net": [100, -50, 20],
    ...     "big_bet": [10, 10, 10], "unit": [100, 100, 100], "showdown": [True, False, False],
    ...     "currency": ["USD", "USD", "USD"]})
    >>> cumulative(df).select("hand_no", "total", "showdown_total", "non_showdown_bb").rows()
    [(1, 1.0, 1.0, 0.0), (2, 0.5, 1.0, -5.0), (3, 0.7, 1.0, -3.0)]
    """
    money = pl.col("net") / pl.col("unit")
    bets = pl.col("net") / pl.col("big_bet")
    sd = pl.col("showdown")
    per_unit = ["player", "_money"]
    ev_lines = []
    if "ev_net" in df.columns:  # all-in adjusted: the expected net where there is one
        ev = pl.col("ev_net").cast(pl.Float64).fill_null(pl.col("net").cast(pl.Float64))
        ev_lines = [pl.col("ev_net").is_not_null().alias("ev_valued"),
                    (ev / pl.col("unit")).cum_sum().over(per_unit).alias("ev_total"),
                    (ev / pl.col("big_bet")).cum_sum().over("player").alias("ev_bb")]
    return df.with_columns(money_of(df).alias("_money")).with_columns(
        pl.int_range(1, pl.len() + 1).over("player").alias("hand_no"),
        pl.len().over("player").alias("hands_of_player"),
        money.cum_sum().over(per_unit).alias("total"),
        pl.when(sd).then(money).otherwise(0.0).cum_sum().over(per_unit)
        .alias("showdown_total"),
        pl.when(sd).then(0.0).otherwise(money).cum_sum().over(per_unit)
        .alias("non_showdown_total"),
        bets.cum_sum().over("player").alias("total_bb"),
        pl.when(sd).then(bets).otherwise(0.0).cum_sum().over("player").alias("showdown_bb"),
        pl.when(sd).then(0.0).otherwise(bets).cum_sum().over("player")
        .alias("non_showdown_bb"),
        *ev_lines,
    ).rename({"_money": "money_unit"})


EV_NAME = "all-in adjusted (EV)"
_LINES = (  # (money column, big-bet column, legend name, colour; None: the player's colour,
    #          the rows a line needs: None all, (column, value) some row with that value)
    ("total", "total_bb", "total", None, None),
    ("ev_total", "ev_bb", EV_NAME, ALL_IN_EV, ("ev_valued", True)),
    ("showdown_total", "showdown_bb", "showdown", SHOWDOWN, ("showdown", True)),
    ("non_showdown_total", "non_showdown_bb", "non-showdown", NON_SHOWDOWN,
     ("showdown", False)),
)


def _unit_words(unit: str) -> str:
    return {"chips": "tournament chips", "play": "play money"}.get(unit, unit)


def _points(rows: pl.DataFrame, column: str, max_points: int) -> pl.DataFrame:
    """The line's points (downsampled) with the first hand number each point stands for."""
    points = min_max_downsample(rows.select("hand_no", "hands_of_player", column), "hand_no",
                                column, max_points)
    return points.with_columns(
        (pl.col("hand_no").shift(1).fill_null(0) + 1).clip(upper_bound=pl.col("hand_no"))
        .alias("from"))


def winnings_figure(df: pl.DataFrame, colors: dict[str, str],
                    max_points: int = MAX_POINTS) -> go.Figure:
    """The winnings chart (see module docstring); ``colors`` maps player -> colour."""
    cum = cumulative(df)
    players = cum.get_column("player").unique(maintain_order=True).to_list()
    single = len(players) == 1
    units = cum.get_column("money_unit").unique(maintain_order=True).to_list()
    fig = go.Figure()
    in_bb: list[bool] = []
    xs_hands: list[list[int]] = []
    xs_share: list[list[float]] = []
    lengths = []
    for player in players:
        rows = cum.filter(pl.col("player") == player)
        lengths.append(rows.height)
        lines = _LINES if single else _LINES[:1]
        for bb in (False, True):
            for unit in ([None] if bb else units):
                part = rows if unit is None else rows.filter(pl.col("money_unit") == unit)
                if part.is_empty():
                    continue
                for money_column, bb_column, name, colour, needs in lines:
                    if needs is not None and (needs[0] not in part.columns or not part.filter(
                            pl.col(needs[0]) == needs[1]).height):
                        continue  # no hands behind this line: no line, no legend entry
                    column = bb_column if bb else money_column
                    points = _points(part, column, max_points)
                    what = "big bets" if bb else _unit_words(str(unit))
                    trace_name = name if single else label(player)
                    if not bb and len(units) > 1:
                        trace_name += f" ({label(_unit_words(str(unit)))})"
                    hands = points.get_column("hand_no").to_list()
                    share = (points.get_column("hand_no") * 100
                             / points.get_column("hands_of_player")).to_list()
                    fig.add_trace(go.Scatter(
                        x=hands, y=points.get_column(column).to_numpy(), mode="lines",
                        name=trace_name,
                        line={"color": colour or color_of(colors, player),
                              "width": 2.5 if name == "total" else 1.5,
                              "dash": "dash" if name == EV_NAME else
                              "dot" if not bb and units.index(unit) else None},
                        visible=not bb,
                        customdata=list(zip([player] * points.height,
                                            points.get_column("from").to_list(), hands,
                                            strict=True)),
                        hovertemplate=(f"{label(player)}<br>{name}<br>hand %{{customdata[2]:,}}"
                                       f"<br>%{{y:,.2f}} {label(what)}<extra></extra>"),
                    ))
                    in_bb.append(bb)
                    xs_hands.append(hands)
                    xs_share.append(share)
    return _layout(fig, players, units, in_bb, xs_hands, xs_share, lengths)


def _layout(fig: go.Figure, players: list[str], units: list[str], in_bb: list[bool],
            xs_hands: list[list[int]], xs_share: list[list[float]], lengths: list[int]
            ) -> go.Figure:
    single = len(players) == 1
    money_words = (_unit_words(units[0]) if len(units) == 1
                   else "each money unit apart")
    share_first = not single and min(lengths) * SHARE_RATIO < max(lengths)
    if share_first:
        for trace, share in zip(fig.data, xs_share, strict=True):
            trace.x = share
    who = f" of {label(players[0])}" if single else ""
    base_layout(fig, f"Winnings{who} over hands", hovermode="x unified" if single else "closest")
    x_hands = {"x": xs_hands}, {"xaxis.title.text": "hands played (each player's own count)"}
    x_share = {"x": xs_share}, {"xaxis.title.text": "share of each player's own hands (%)"}
    fig.update_layout(
        yaxis_title=f"won ({label(money_words)})",
        # above the plot: below it the range slider would cover the legend
        legend={"orientation": "h", "x": 0, "y": 1.0, "yanchor": "bottom"},
        margin={"t": 110},
        updatemenus=[
            {"type": "buttons", "direction": "right", "x": 1.0, "xanchor": "right", "y": 1.22,
             "yanchor": "bottom", "buttons": [
                 {"label": "Money", "method": "update",
                  "args": [{"visible": [not b for b in in_bb]},
                           {"yaxis.title.text": f"won ({label(money_words)})"}]},
                 {"label": "Big bets", "method": "update",
                  "args": [{"visible": list(in_bb)}, {"yaxis.title.text": "won (big bets)"}]},
             ]},
            {"type": "buttons", "direction": "right", "x": 0.55, "xanchor": "right", "y": 1.22,
             "yanchor": "bottom", "active": 1 if share_first else 0, "buttons": [
                 {"label": "Hands", "method": "update", "args": list(x_hands)},
                 {"label": "% of own hands", "method": "update", "args": list(x_share)},
             ]},
        ],
    )
    fig.update_xaxes(title_text=(x_share if share_first else x_hands)[1]["xaxis.title.text"],
                     rangeslider_visible=max(lengths, default=0) > RANGE_SLIDER_MIN_POINTS)
    return fig
