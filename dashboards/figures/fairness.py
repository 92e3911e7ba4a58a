"""Is the deal fair? Each test's cells, observed against expected with a fair deal's range.

``fairness_frame(report)`` flattens a ``stud_hh.fairness.FairnessReport`` into rows:
``test`` str (its title), ``label`` str, ``observed`` int, ``expected`` float, ``share``
float (a fair deal's probability of the cell), ``n`` int (the test's observations),
``rejected`` bool (the test, corrected). ``fairness_figure(frame)`` draws one panel per
test: a bar per cell for how far the observed count is above or below the expected one
(observed / expected - 1, so a 0.2 % cell and a 74 % cell read alike), and whiskers
around zero for the range a fair deal stays in 95 % of the time (per cell, before any
correction). A bar past its whiskers is worth a look; whether the deal fails is the
corrected test's call (the table beside the figure).
"""

from __future__ import annotations

import math

import plotly.graph_objects as go
import polars as pl
from plotly.subplots import make_subplots

from dashboards.figures.theme import NEGATIVE, PALETTE, base_layout, label
from stud_hh.fairness import FairnessReport

#: Panels per row.
COLUMNS = 2
OBSERVED = PALETTE[0]
FAIR = "#444444"


def fairness_frame(report: FairnessReport) -> pl.DataFrame:
    rows = [
        {"test": t.title, "label": c.label, "observed": c.observed, "expected": c.expected,
         "share": c.share, "n": max(sum(x.observed for x in t.categories), 0),
         "rejected": t.rejected}
        for t in report.tests if t.statistic is not None for c in t.categories
    ]
    schema = {"test": pl.String, "label": pl.String, "observed": pl.Int64,
              "expected": pl.Float64, "share": pl.Float64, "n": pl.Int64,
              "rejected": pl.Boolean}
    return pl.DataFrame(rows, schema=schema)


def fairness_figure(df: pl.DataFrame) -> go.Figure:
    tests = df.get_column("test").unique(maintain_order=True).to_list()
    rows = math.ceil(len(tests) / COLUMNS)
    fig = make_subplots(rows=rows, cols=COLUMNS, vertical_spacing=0.5 / max(rows, 1),
                        horizontal_spacing=0.08,
                        subplot_titles=[label(t) + ("  (REJECTS A FAIR DEAL)" if rejected
                                                    else "")
                                        for t, rejected in _flags(df, tests)])
    for i, test in enumerate(tests):
        cells = df.filter(pl.col("test") == test)
        n = max(int(cells["n"][0]), 1)
        shares = cells.get_column("share").to_list()
        observed = cells.get_column("observed").to_list()
        expected = cells.get_column("expected").to_list()
        excess = [o / e - 1 if e else 0.0 for o, e in zip(observed, expected, strict=True)]
        band = [1.96 * math.sqrt((1 - p) / (n * p)) if p > 0 else 0.0 for p in shares]
        outside = [abs(x) > b for x, b in zip(excess, band, strict=True)]
        labels = [label(x) for x in cells.get_column("label").to_list()]
        row, col = divmod(i, COLUMNS)
        fig.add_trace(go.Bar(
            x=labels, y=excess, name="observed vs expected", legendgroup="observed",
            showlegend=i == 0, marker_color=[NEGATIVE if o else OBSERVED for o in outside],
            customdata=list(zip(observed, expected, strict=True)),
            hovertemplate=("%{x}: %{customdata[0]:,} seen, %{customdata[1]:,.1f} expected"
                           "<br>%{y:+.1%} against a fair deal<extra></extra>"),
        ), row=row + 1, col=col + 1)
        fig.add_trace(go.Scatter(
            x=labels, y=[0.0] * len(labels), mode="markers", name="fair deal, 95 % range",
            legendgroup="fair", showlegend=i == 0,
            marker={"color": FAIR, "symbol": "line-ew-open", "size": 16},
            error_y={"type": "data", "array": band, "color": FAIR, "thickness": 1.5,
                     "width": 8},
            hovertemplate="%{x}: a fair deal stays within ±%{error_y.array:.1%}<extra></extra>",
        ), row=row + 1, col=col + 1)
        fig.update_yaxes(tickformat="+.0%", zeroline=True, row=row + 1, col=col + 1)
    base_layout(fig, "Observed against expected (bars past the fair 95 % range in red)",
                height=max(420, 300 * rows), bargap=0.35)
    fig.update_layout(margin={"t": 120}, legend={"y": 1.06, "yanchor": "bottom", "x": 0.5,
                                                 "xanchor": "center"})
    fig.update_xaxes(type="category", tickangle=-30)
    return fig


def _flags(df: pl.DataFrame, tests: list[str]) -> list[tuple[str, bool]]:
    rejected = dict(df.group_by("test").agg(pl.col("rejected").any()).rows())
    return [(t, bool(rejected.get(t, False))) for t in tests]
