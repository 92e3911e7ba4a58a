"""Shared look of every chart: one template, one colour per player, safe labels.

Plotly renders trace names, hover text and tick labels through its own small HTML subset
(``<b>``, ``<br>``, entities). A player called ``<b>x</b>`` would otherwise be drawn bold, so
every name that came from a hand history goes through :func:`label`, which escapes it; Plotly
decodes the entities back and shows the name as typed.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

import plotly.graph_objects as go
from plotly.colors import qualitative

#: Light template shared by all charts (the default one embeds ~8 KB per figure).
TEMPLATE = "plotly_white"
POSITIVE = "#2ca02c"
NEGATIVE = "#d62728"
#: The convention of the trackers: red line non-showdown winnings, blue line showdown.
SHOWDOWN = "#1f77b4"
NON_SHOWDOWN = "#d62728"
#: The all-in adjusted (EV) line: amber, dashed, a colour no player gets.
ALL_IN_EV = "#f0a30a"
#: Player colours: D3 then Dark24, without the showdown blue and non-showdown red, so a
#: player's total line never looks like one of his split lines.
PALETTE: tuple[str, ...] = tuple(
    c for c in (*qualitative.D3, *qualitative.Dark24)
    if c.lower() not in (SHOWDOWN, NON_SHOWDOWN, ALL_IN_EV)
)
#: Series longer than this get Plotly's range slider.
RANGE_SLIDER_MIN_POINTS = 1_000


def label(text: object) -> str:
    """Text from a hand history, escaped for Plotly's HTML-subset renderer.

    Plotly decodes ``&lt;``, ``&gt;``, ``&amp;`` and numeric entities but not ``&quot;``,
    and its text is never an HTML attribute, so quotes stay as they are.

    >>> label('<b>Ann</b> & "Bob"')
    '&lt;b&gt;Ann&lt;/b&gt; &amp; "Bob"'
    """
    return html.escape(str(text), quote=False)


def player_colors(players: Iterable[str]) -> dict[str, str]:
    """One colour per player, in the order given (busiest first), stable across charts."""
    return {p: PALETTE[i % len(PALETTE)] for i, p in enumerate(players)}


def color_of(colors: dict[str, str], player: str) -> str:
    """The player's colour; players outside the map get a stable colour from their name."""
    if player in colors:
        return colors[player]
    return PALETTE[sum(player.encode()) % len(PALETTE)]


def base_layout(fig: go.Figure, title: str, **kwargs: object) -> go.Figure:
    """Apply the shared template, title and margins; returns the figure for chaining."""
    fig.update_layout(
        template=TEMPLATE,
        title={"text": title, "x": 0.01},
        margin={"l": 60, "r": 20, "t": 60, "b": 50},
        legend={"orientation": "h", "y": -0.2},
        hoverlabel={"namelength": -1},
        **kwargs,
    )
    return fig

