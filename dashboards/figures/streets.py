"""How far a player goes into the hand and how hard he pushes on each street.

``funnel_figure`` reads ``player`` str, ``stage`` str (in order: "saw 3rd" .. "saw 7th",
"showdown", "won"), ``hands`` int. ``aggression_figure`` reads ``player`` str, ``street``
int, ``factor`` and ``frequency`` (floats, null when undefined) and ``decisions`` int: the
stats catalogue's aggression factor and frequency per street (``stats_view.aggression``),
drawn as bars with the frequency and sample in the hover text.
"""

from __future__ import annotations

import plotly.graph_objects as go
import polars as pl

from dashboards.figures.theme import base_layout, color_of, label

STREET_NAMES = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th (river)"}


def funnel_figure(df: pl.DataFrame, colors: dict[str, str]) -> go.Figure:
    """One player: a funnel of hand counts. Several: grouped bars of the share of hands
    dealt that reached each stage, which compares players of different volume."""
    groups = list(df.group_by("player", maintain_order=True))
    fig = go.Figure()
    if len(groups) == 1:
        (player,), rows = groups[0]
        fig.add_trace(go.Funnel(
            name=label(player),
            y=rows.get_column("stage").to_list(),
            x=rows.get_column("hands").to_list(),
            texttemplate="%{value:,}<br>%{percentInitial:.0%}",
            customdata=[[player, stage] for stage in rows.get_column("stage")],
            marker={"color": color_of(colors, str(player))},
            hovertemplate=f"{label(player)}<br>%{{y}}: %{{x:,}} hands"
                          "<br>%{percentInitial:.1%} of hands dealt<extra></extra>",
        ))
        return base_layout(fig, f"Street funnel of {label(player)}: how far hands go")
    for (player,), rows in groups:
        hands = rows.get_column("hands")
        dealt = hands[0] or 1
        fig.add_trace(go.Bar(
            name=label(player),
            x=rows.get_column("stage").to_list(),
            y=(hands / dealt).to_list(),
            customdata=[[h, player, stage] for h, stage in
                        zip(hands.to_list(), rows.get_column("stage").to_list(), strict=True)],
            marker_color=color_of(colors, str(player)),
            hovertemplate=f"{label(player)}<br>%{{x}}: %{{customdata[0]:,}} hands"
                          "<br>%{y:.1%} of hands dealt<extra></extra>",
        ))
    base_layout(fig, "Street funnel: share of hands dealt reaching each stage", barmode="group")
    fig.update_yaxes(tickformat=".0%", title_text="of hands dealt")
    return fig


def aggression_figure(df: pl.DataFrame, colors: dict[str, str]) -> go.Figure:
    fig = go.Figure()
    for (player,), group in df.group_by("player", maintain_order=True):
        rows = group.sort("street")
        fig.add_trace(go.Bar(
            name=label(player),
            x=[STREET_NAMES.get(s, str(s)) for s in rows.get_column("street")],
            y=rows.get_column("factor").to_list(),
            marker_color=color_of(colors, str(player)),
            customdata=rows.select("frequency", "decisions").rows(),
            hovertemplate=(f"{label(player)}<br>%{{x}} street<br>aggression factor %{{y:.2f}}"
                           "<br>aggression frequency %{customdata[0]:.1%}"
                           "<br>%{customdata[1]:,} decisions<extra></extra>"),
        ))
    base_layout(fig, "Aggression by street", barmode="group")
    fig.update_yaxes(title_text="aggression factor (bets+raises) / calls")
    return fig
