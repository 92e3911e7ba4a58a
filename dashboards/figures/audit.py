"""The auditor's charts: which rules are broken, where, and since when.

* ``violations_by_code_figure``: ``code`` str, ``severity`` str ("error"/"warning"),
  ``count`` int.
* ``violations_over_time_figure``: ``site`` str, ``day`` date, ``count`` int.
"""

from __future__ import annotations

from datetime import timedelta

import plotly.graph_objects as go
import polars as pl

from dashboards.figures.theme import NEGATIVE, PALETTE, RANGE_SLIDER_MIN_POINTS, base_layout, label

SEVERITY_COLORS = {"error": NEGATIVE, "warning": "#ff7f0e"}
_DAY_MS = 86_400_000


def violations_by_code_figure(df: pl.DataFrame) -> go.Figure:
    fig = go.Figure()
    totals = df.group_by("code").agg(pl.col("count").sum().alias("total"))
    order = totals.sort("total").get_column("code").to_list()
    for (severity,), rows in df.group_by("severity", maintain_order=True):
        by_code = dict(rows.select("code", "count").rows())
        fig.add_trace(go.Bar(
            name=label(severity),
            orientation="h",
            y=[label(c) for c in order],
            x=[by_code.get(c, 0) for c in order],
            customdata=order,  # the code itself (the app's drill-down)
            marker_color=SEVERITY_COLORS.get(str(severity), PALETTE[0]),
            hovertemplate=f"%{{y}} ({label(severity)})<br>%{{x:,}} violations<extra></extra>",
        ))
    base_layout(fig, "Violations by code", barmode="stack",
                height=max(350, 40 + 28 * len(order)))
    fig.update_xaxes(title_text="violations")
    fig.update_yaxes(automargin=True)
    return fig


def violations_over_time_figure(df: pl.DataFrame) -> go.Figure:
    """Daily bars stacked by site: a site's format change shows up as a wall of one colour."""
    fig = go.Figure()
    days = df.get_column("day").n_unique()
    for i, ((site,), rows) in enumerate(df.sort("day").group_by("site", maintain_order=True)):
        fig.add_trace(go.Bar(
            name=label(site),
            x=rows.get_column("day").to_list(),
            y=rows.get_column("count").to_list(),
            marker_color=PALETTE[i % len(PALETTE)],
            width=_DAY_MS * 0.8,  # a date bar is otherwise as wide as the axis when alone
            hovertemplate=f"{label(site)}<br>%{{x|%Y-%m-%d}}: %{{y:,}} violations<extra></extra>",
        ))
    base_layout(fig, "Violations by site over time", barmode="stack")
    fig.update_xaxes(title_text="day", type="date", tickformat="%Y-%m-%d",
                     dtick=_DAY_MS if days <= 14 else None,
                     rangeslider_visible=days > RANGE_SLIDER_MIN_POINTS)
    if days <= 14:  # a few days: a week-wide window rather than one stretched bar
        first, last = df.get_column("day").min(), df.get_column("day").max()
        fig.update_xaxes(range=[first - timedelta(days=3), last + timedelta(days=3)])
    fig.update_yaxes(title_text="violations")
    return fig
