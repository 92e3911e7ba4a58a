"""Door card against the table: is a King up worth more when an Ace shows elsewhere?

Reads ``game`` str (optional), ``door_rank`` int 2..14 (the player's upcard on 3rd street),
``other_rank`` int 2..14 (the best door card among the other players dealt in: the highest
in stud and stud8, the lowest in razz), ``hands`` int, ``net_bb`` float. One heat map per
game, side by side: a king up is a strong card in stud and a poor one in razz, so games
never share a cell. Razz ranks read ace low (A, 2 .. K). Cells are big bets won per hand,
coloured around zero; the hover gives the sample size. Each cell's ``customdata`` names it
(game, door rank, other rank) for the app's drill-down.
"""

from __future__ import annotations

import plotly.graph_objects as go
import polars as pl
from plotly.subplots import make_subplots

from dashboards.figures.theme import base_layout

RANKS = "23456789TJQKA"
#: Ranks (2..14) in display order per game.
ORDER = {"razz": (14, *range(2, 14))}
_HIGH = tuple(range(2, 15))
_NAMES = {r: RANKS[r - 2] for r in range(2, 15)}
GAME_TITLES = {"stud": "Stud", "stud8": "Stud Hi/Lo", "razz": "Razz"}


def door_matrix(df: pl.DataFrame, game: str | None = None
                ) -> tuple[list[list[float | None]], list[list[int]]]:
    """13x13 (other rank rows, door rank columns, in the game's order) of big bets per hand
    and hand counts.

    >>> z, n = door_matrix(pl.DataFrame({"door_rank": [14], "other_rank": [2], "hands": [4],
    ...                                  "net_bb": [2.0]}))
    >>> z[0][12], n[0][12], z[0][0]
    (0.5, 4, None)
    """
    order = ORDER.get(game or "", _HIGH)
    at = {r: i for i, r in enumerate(order)}
    z: list[list[float | None]] = [[None] * 13 for _ in range(13)]
    n = [[0] * 13 for _ in range(13)]
    grouped = df.group_by("door_rank", "other_rank").agg(pl.col("hands").sum(),
                                                          pl.col("net_bb").sum())
    for door, other, hands, net in grouped.rows():
        if door in at and other in at and hands:
            z[at[other]][at[door]] = net / hands
            n[at[other]][at[door]] = hands
    return z, n


def _limit(values: list[list[float | None]]) -> float:
    # A cell of three hands can hold +/-10 big bets a hand and wash out every other colour:
    # the scale stops at the 90th percentile of the magnitudes (hover shows exact values).
    sizes = sorted(abs(v) for row in values for v in row if v is not None)
    return (sizes[int(0.9 * (len(sizes) - 1))] if sizes else 1.0) or 1.0


def door_figure(df: pl.DataFrame) -> go.Figure:
    games = (df.get_column("game").unique(maintain_order=True).to_list()
             if "game" in df.columns else [None])
    games = sorted(games, key=lambda g: list(GAME_TITLES).index(g) if g in GAME_TITLES else 9)
    parts = [(g, df.filter(pl.col("game") == g) if g is not None else df) for g in games]
    matrices = [(g, *door_matrix(rows, g)) for g, rows in parts]
    limit = max(_limit(z) for _, z, _ in matrices)
    fig = make_subplots(rows=1, cols=len(matrices), horizontal_spacing=0.08,
                        subplot_titles=[GAME_TITLES.get(g or "", "all games")
                                        for g, _, _ in matrices])
    for col, (game, z, n) in enumerate(matrices, start=1):
        order = ORDER.get(game or "", _HIGH)
        names = [_NAMES[r] for r in order]
        custom = [[[game or "", d, o, n[i][j]] for j, d in enumerate(order)]
                  for i, o in enumerate(order)]
        best = "lowest" if game == "razz" else "highest"
        fig.add_trace(go.Heatmap(
            zmin=-limit, zmax=limit, z=z, x=names, y=names, customdata=custom,
            colorscale="RdBu", hoverongaps=False, showscale=col == len(matrices),
            colorbar={"title": {"text": "big bets / hand"}},
            hovertemplate=(f"{GAME_TITLES.get(game or '', '')} door card %{{x}}, {best} "
                           "other door card %{y}<br>%{z:.2f} big bets / hand"
                           "<br>%{customdata[3]:,} hands<extra></extra>"),
        ), row=1, col=col)
        fig.update_xaxes(title_text="your door card", type="category", row=1, col=col)
        fig.update_yaxes(title_text=f"{best} other door card", type="category", row=1, col=col)
    base_layout(fig, "Results by door card vs the table's other upcards",
                height=460 if len(matrices) == 1 else 440)
    return fig
