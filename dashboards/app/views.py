"""What each tab of the app shows, computed per request from the database and the filters.

Every number comes from the report's own code: ``dashboards.data`` (the SQL), the figure
builders of ``dashboards.figures`` and ``pipelines.stats.player_stats`` (the catalogue), so
the app and the static report never disagree. Each chart names the drill-down that lists
the hands behind a click on it (``dashboards.data.hands_behind``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import duckdb
import plotly.graph_objects as go
import polars as pl

from dashboards import data, stats_view
from dashboards.audit_page import flagged_rows
from dashboards.figures import audit, door, games, results, streets, winnings
from dashboards.figures.theme import player_colors
from pipelines.stats import player_stats
from pipelines.stats.catalogue import CATALOGUE, Kind

#: Lines of the winnings chart and bars of the street charts without a chosen player.
MAX_PLAYERS = 10
#: Rows of the players table (the busiest first; the filters narrow it).
MAX_TABLE_ROWS = 2_000


@dataclass(frozen=True)
class Chart:
    """One chart of the charts tab: its id, how it is made, the drill-down a click opens."""

    id: str
    title: str
    drill: str | None  # the chart name ``hands_behind`` knows, None: no drill-down
    make: Callable[[duckdb.DuckDBPyConnection, data.Scope, dict[str, str]], go.Figure | None]
    one_player: bool = True  # drawn for the hero alone (else for the busiest players)


def _figure(frame: pl.DataFrame, build: Callable[[pl.DataFrame], go.Figure]) -> go.Figure | None:
    if frame.is_empty() or ("hands" in frame.columns and frame["hands"].sum() == 0):
        return None
    return build(frame)


def _games(con: duckdb.DuckDBPyConnection, scope: data.Scope) -> list[str]:
    return data.games_played(con, scope)


CHARTS: tuple[Chart, ...] = (
    Chart("winnings", "Winnings", "winnings",
          lambda con, s, c: _figure(data.winnings(con, s),
                                    lambda f: winnings.winnings_figure(f, c)), False),
    Chart("funnel", "How far hands go", "funnel",
          lambda con, s, c: _figure(data.funnel(con, s),
                                    lambda f: streets.funnel_figure(f, c)), False),
    Chart("game-stakes", "Results by game and stakes", "game_stakes",
          lambda con, s, c: _figure(data.game_stakes(con, s), results.game_stakes_figure)),
    Chart("sessions", "Sessions", "session",
          lambda con, s, c: _figure(data.sessions(con, s), results.sessions_figure)),
    Chart("door", "Door cards", "door",
          lambda con, s, c: _figure(data.door_cards(con, s), door.door_figure)),
    Chart("starting-hands", "Starting hands", "starting_hands",
          lambda con, s, c: _figure(data.starting_hands(con, s),
                                    results.starting_hands_figure)),
    Chart("bring-in", "Bring-in", "bring_in",
          lambda con, s, c: _figure(data.bring_in_outcomes(con, s), games.bring_in_figure)),
    Chart("hilo", "Stud Hi/Lo halves", None,
          lambda con, s, c: _figure(data.hilo_shares(con, s), games.hilo_figure)
          if "stud8" in _games(con, s) else None),
    Chart("razz-lows", "Razz lows", None,
          lambda con, s, c: _figure(data.razz_lows(con, s), games.razz_lows_figure)
          if "razz" in _games(con, s) else None),
)


def hero_of(con: duckdb.DuckDBPyConnection, scope: data.Scope) -> tuple[str | None, list[str]]:
    """The player the one-player charts are about (the chosen one, else the busiest) and
    the busiest players of the scope."""
    volume = data.players_by_volume(con, replace(scope, players=()))
    busiest = volume.get_column("player").to_list()
    if scope.players:
        return scope.players[0], busiest
    return (busiest[0] if busiest else None), busiest


def charts(con: duckdb.DuckDBPyConnection, scope: data.Scope) -> dict[str, Any]:
    """``{"hero": name, "figures": {chart id: figure dict or None}}`` for the scope."""
    scope = data.ready(con, scope)
    hero, busiest = hero_of(con, scope)
    colors = player_colors(busiest[:50])
    figures: dict[str, Any] = {}
    for chart in CHARTS:
        if hero is None:
            figures[chart.id] = None
            continue
        players = (hero,) if chart.one_player or scope.players else tuple(
            busiest[:MAX_PLAYERS])
        fig = chart.make(con, replace(scope, players=players), colors)
        figures[chart.id] = None if fig is None else fig.to_plotly_json()
    return {"hero": hero, "figures": figures}


def stat_columns(extra: list[str] | None) -> list[str]:
    """Keys of the players table: the main stats, then the ones the user added."""
    keys = list(stats_view.MAIN_STATS)
    for key in extra or []:
        if key not in keys:
            keys.append(key)
    return keys


def players_table(con: duckdb.DuckDBPyConnection, scope: data.Scope, extra: list[str] | None
                  ) -> dict[str, Any]:
    """The stats catalogue per player: AG Grid column definitions and rows."""
    scope = data.ready(con, scope)
    stats = player_stats(con, filters=scope).head(MAX_TABLE_ROWS)
    columns: list[dict[str, Any]] = [
        {"field": "player", "headerName": "player", "pinned": "left", "minWidth": 150,
         "filter": True}]
    rows = stats.select("player")
    for name, header, stat in stats_view.stat_columns(stats, tuple(stat_columns(extra))):
        fmt = stats_view.fmt_for(stat, name)
        columns.append({
            "field": name, "headerName": header, "type": "rightAligned", "sortable": True,
            "headerTooltip": stat.label,
        })
        text = [None if v is None else fmt(v) for v in stats.get_column(name).to_list()]
        rows = rows.with_columns(pl.Series(name, stats.get_column(name).to_list(),
                                           dtype=stats.schema[name]),
                                 pl.Series(f"{name}__text", text, dtype=pl.String))
        if stat.kind is Kind.RATE:
            rows = rows.with_columns(stats.get_column(f"{name}_n").alias(f"{name}_n"))
            columns[-1]["tooltipField"] = f"{name}_n"
        columns[-1]["valueFormatter"] = {"function": f"params.data['{name}__text']"}
    return {"columns": columns, "rows": rows.to_dicts(), "players": stats.height}


def catalogue_options() -> list[dict[str, str]]:
    """Every stat of the catalogue, for the "add columns" chooser."""
    return [{"label": f"{s.section}: {s.label}", "value": s.key} for s in CATALOGUE
            if s.key not in stats_view.MAIN_STATS]


def audit_view(con: duckdb.DuckDBPyConnection, scope: data.Scope) -> dict[str, Any]:
    """The audit tab: violations by code and over time, and the flagged hands."""
    scope = data.ready(con, scope)
    by_code = data.violations_by_code(con, scope)
    over_time = data.violations_over_time(con, scope)
    flagged, total = data.flagged_hands(con, scope)
    hands, flagged_hands, violations = data.audit_counts(con, scope)
    rows = flagged_rows(flagged).select(
        "hand_key", "site", "hand_id", pl.col("started_at").dt.strftime("%Y-%m-%d %H:%M"),
        "game", "severity", "code", "street", "action", "rule", "message", "source",
        pl.when(pl.col("consequences") > 0)
        .then(pl.format("+{} consequences", pl.col("consequences"))).otherwise(pl.lit(""))
        .alias("consequences"),
    ).to_dicts()
    return {
        "by_code": None if by_code.is_empty()
        else audit.violations_by_code_figure(by_code).to_plotly_json(),
        "over_time": None if over_time.is_empty()
        else audit.violations_over_time_figure(over_time).to_plotly_json(),
        "rows": rows, "total": total, "hands": hands, "flagged": flagged_hands,
        "violations": violations,
    }


def drill_key(chart: str, point: dict[str, Any], figure: dict[str, Any] | None = None
              ) -> dict[str, Any] | None:
    """What a click on ``chart`` (a Plotly click point) names, for ``hands_behind``.

    A heat-map click carries neither ``customdata`` nor the cell's indices (Dash's graph
    copies them only for points numbered by one integer): the cell is its ``x`` and ``y``
    labels, and its game the one of the trace clicked in ``figure``.
    """
    custom = point.get("customdata")
    if chart == "door" and custom is None and figure is not None:
        ranks = "23456789TJQKA"
        try:
            trace = figure["data"][point.get("curveNumber", 0)]
            game = trace["customdata"][0][0][0]
            custom = [game, ranks.index(str(point["x"])) + 2, ranks.index(str(point["y"])) + 2]
        except (KeyError, IndexError, TypeError, ValueError):
            return None
    if chart == "door" and isinstance(custom, list) and len(custom) >= 3:
        return {"game": custom[0], "door_rank": custom[1], "other_rank": custom[2]}
    if chart == "game_stakes" and isinstance(custom, list) and len(custom) >= 5:
        return {"game": custom[3], "stakes": custom[4]}
    if chart == "starting_hands" and isinstance(custom, list) and len(custom) >= 4:
        return {"key": custom[3]}
    if chart == "session" and isinstance(custom, list) and len(custom) >= 7:
        return {"table": custom[5], "session": custom[6]}
    if chart == "funnel" and isinstance(custom, list):
        player, stage = custom[-2], custom[-1]
        return {"player": player, "stage": stage}
    if chart == "bring_in":
        return {"outcome": point.get("x")}
    if chart == "winnings" and isinstance(custom, list) and len(custom) >= 3:
        return {"player": custom[0], "from": custom[1], "to": custom[2]}
    if chart == "violations":
        return {"code": custom if isinstance(custom, str) else point.get("y")}
    return None


def describe(chart: str, key: dict[str, Any]) -> str:
    """The drill-down's heading, in words."""
    ranks = "23456789TJQKA"
    if chart == "door":
        return (f"{key['game']}: door card {ranks[int(key['door_rank']) - 2]} against a best "
                f"other door card {ranks[int(key['other_rank']) - 2]}")
    if chart == "game_stakes":
        return f"{key['game']} at {key['stakes']}"
    if chart == "starting_hands":
        return "starting hand " + str(key["key"]).replace(":", ": ").replace("_", " ")
    if chart == "session":
        return f"session {key['session']} at table {key['table']}"
    if chart == "funnel":
        return f"{key['player']}: {key['stage']}"
    if chart == "bring_in":
        return f"as the bring-in: {key['outcome']}"
    if chart == "winnings":
        return f"{key['player']}: hands {key['from']:,} to {key['to']:,}"
    if chart == "violations":
        return f"hands with {key['code']}"
    if chart == "player":
        return f"hands of {key['player']}"
    return chart


def hand_rows(frame: pl.DataFrame) -> list[dict[str, Any]]:
    """The drill-down's hands for the grid: money in its unit, times as text."""
    from pipelines.stats.command import money_text

    if frame.is_empty():
        return []
    return frame.with_columns(
        pl.col("started_at").dt.strftime("%Y-%m-%d %H:%M").alias("started"),
        pl.struct("net", "money").map_elements(
            lambda r: "" if r["net"] is None else money_text(r["net"], r["money"]),
            return_dtype=pl.String).alias("net_text"),
    ).select("hand_key", "site", "hand_id", "player", "started", "game", "stakes",
             "net_text", "findings").to_dicts()
