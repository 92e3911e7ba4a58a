"""The app's layout and callbacks (``dashboards.app.create_app``)."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import dash
import dash_ag_grid as dag
from dash import Input, Output, State, dcc, html, no_update
from dash.exceptions import PreventUpdate

from dashboards import data
from dashboards.app import views
from dashboards.app.access import Database
from dashboards.errors import ReportError
from dashboards.html import esc
from dashboards.replayer import hand_replay, replay_document
from pipelines.db import DatabaseBusy
from pipelines.stats.filters import StatsError

FILTERS = ("f-player", "f-game", "f-stakes", "f-kind", "f-unit", "f-dates", "f-min")
_FILTER_INPUTS = [Input("f-player", "value"), Input("f-game", "value"),
                  Input("f-stakes", "value"), Input("f-kind", "value"),
                  Input("f-unit", "value"), Input("f-dates", "start_date"),
                  Input("f-dates", "end_date"), Input("f-min", "value")]
_FILTER_STATES = [State(i.component_id, i.component_property) for i in _FILTER_INPUTS]
HIDDEN = {"display": "none"}
SHOWN: dict[str, str] = {}
CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#222;
background:#f6f7f9}
header{background:#1f3b57;color:#fff;padding:12px 20px}
header h1{margin:0;font-size:1.3em} header p{margin:2px 0 0;opacity:.85;font-size:.9em}
.filters{display:flex;flex-wrap:wrap;gap:10px;padding:10px 20px;background:#e8ecf1;
align-items:end}
.filters label{display:block;font-size:.8em;color:#333}
.filters .f{min-width:150px}
.status{padding:8px 20px;background:#fff4e5;border-bottom:1px solid #ffcc80}
main{padding:6px 20px 40px}
.note{color:#555;font-size:.9em}
.panel{background:#fff;border-radius:6px;padding:8px 14px;margin:12px 0;
box-shadow:0 1px 2px rgba(0,0,0,.08)}
.panel h2{font-size:1.1em;color:#1f3b57;margin:4px 0}
"""


def _layout(db: Database) -> html.Div:
    """The page: the filters, the three tabs (players, charts, audit) and the hands the
    last click drilled into, with the replayer."""
    return html.Div([
        html.Header([html.H1("stud_hh: browse your hands"),
                     html.P(f"database {db.path}")]),
        _filters(),
        html.Div(id="db-status", className="status", style=HIDDEN),
        dcc.Store(id="db-version"),
        dcc.Interval(id="tick", interval=3000),
        html.Main([
            dcc.Tabs(id="tabs", value="players", children=[
                dcc.Tab(label="Players", value="players"),
                dcc.Tab(label="Charts", value="charts"),
                dcc.Tab(label="Audit", value="audit"),
            ]),
            _players_tab(), _charts_tab(), _audit_tab(), _drill_panel(),
        ]),
    ])


def _field(label: str, control: Any, width: int = 160) -> html.Div:
    return html.Div([html.Label(label), control], className="f",
                    style={"minWidth": f"{width}px"})


def _filters() -> html.Div:
    """Who, which game, stakes, cash or tournament, money unit, dates, sample size."""
    field = _field
    return html.Div([
        field("player", dcc.Dropdown(id="f-player", placeholder="everyone (type a name)",
                                     searchable=True, clearable=True), 220),
        field("game", dcc.Dropdown(id="f-game", placeholder="every game", options=[
            {"label": "Stud", "value": "stud"}, {"label": "Stud Hi/Lo", "value": "stud8"},
            {"label": "Razz", "value": "razz"}])),
        field("stakes", dcc.Dropdown(id="f-stakes", placeholder="every stake")),
        field("cash or tournament", dcc.RadioItems(
            id="f-kind", value="all", inline=True,
            options=[{"label": " all ", "value": "all"}, {"label": " cash ", "value": "cash"},
                     {"label": " tournament", "value": "tournament"}]), 240),
        field("money unit", dcc.Dropdown(id="f-unit", placeholder="every unit")),
        field("dates (UTC)", dcc.DatePickerRange(id="f-dates", display_format="YYYY-MM-DD",
                                                 clearable=True), 280),
        field("min. hands", dcc.Input(id="f-min", type="number", min=0, value=0,
                                      debounce=True, style={"width": "90px"}), 100),
    ], className="filters")


def _players_tab() -> html.Div:
    return html.Div(id="tab-players", children=[
        html.Div([
            dcc.Input(id="players-search", type="search", placeholder="search the table",
                      debounce=False, style={"width": "260px", "marginRight": "12px"}),
            html.Div(dcc.Dropdown(id="players-extra", multi=True,
                                  placeholder="add stats from the catalogue",
                                  options=views.catalogue_options()),
                     style={"display": "inline-block", "width": "520px",
                            "verticalAlign": "middle"}),
        ]),
        html.P(id="players-note", className="note"),
        dag.AgGrid(id="players-grid", columnDefs=[], rowData=[],
                   style={"height": "420px", "width": "100%"}, getRowId="params.data.player",
                   defaultColDef={"sortable": True, "resizable": True, "minWidth": 90},
                   dashGridOptions={"tooltipShowDelay": 300}),
        html.P("Click a player to list his hands below.", className="note"),
    ], className="panel")


def _charts_tab() -> html.Div:
    return html.Div(id="tab-charts", style=HIDDEN, children=[
        html.P(id="charts-note", className="note"),
        *[html.Div([
            html.H2(chart.title),
            html.P("No hands for this chart under these filters.", id=f"empty-{chart.id}",
                   className="note", style=HIDDEN),
            dcc.Graph(id=f"chart-{chart.id}", figure={}, config={"displaylogo": False},
                      style=HIDDEN),
        ], className="panel") for chart in views.CHARTS],
    ])


def _audit_tab() -> html.Div:
    return html.Div(id="tab-audit", style=HIDDEN, children=[
        html.P(id="audit-note", className="note"),
        dcc.Graph(id="audit-by-code", figure={}, style=HIDDEN),
        dcc.Graph(id="audit-over-time", figure={}, style=HIDDEN),
        html.H2("Flagged hands (click one to replay it)"),
        dag.AgGrid(
            id="flagged-grid", rowData=[], style={"height": "420px", "width": "100%"}, getRowId=(
            "params.data.hand_key + ':' + params.data.code + ':' + params.rowIndex"),
            columnDefs=[{"field": f, "headerName": h} for f, h in (
                ("hand_id", "hand"), ("started_at", "started"), ("game", "game"),
                ("severity", "severity"), ("code", "code"), ("street", "street"),
                ("action", "offending action"), ("message", "what happened"),
                ("consequences", "consequences"), ("rule", "rule"),
                ("source", "file:line"))],
            defaultColDef={"sortable": True, "resizable": True, "filter": True}),
    ], className="panel")


def _drill_panel() -> html.Div:
    return html.Div([
        html.H2(id="drill-title", children="Hands"),
        html.P("Click a bar, a heat-map cell, a point of the winnings line or a table row "
               "to list the hands behind it; click a hand to replay it.",
               id="drill-note", className="note"),
        dag.AgGrid(id="drill-grid", rowData=[], style={"height": "300px", "width": "100%"},
                   getRowId="params.data.hand_key + ':' + (params.data.player || '')",
                   columnDefs=[{"field": f, "headerName": h} for f, h in (
                       ("hand_id", "hand"), ("started", "started"), ("game", "game"),
                       ("stakes", "stakes"), ("player", "player"), ("net_text", "won"),
                       ("findings", "findings"))],
                   defaultColDef={"sortable": True, "resizable": True}),
        html.Iframe(id="replayer", style={**HIDDEN}, title="hand replayer"),
    ], className="panel")


def scope_from(player: str | None, game: str | None, stakes: str | None, kind: str | None,
               unit: str | None, start: str | None, end: str | None, minimum: Any
               ) -> data.Scope:
    """The filters on the page as a ``Scope`` (what every query takes)."""
    return data.Scope(
        players=(player,) if player else (), game=game or None, stakes=stakes or None,
        kind=None if kind in (None, "all") else kind, unit=unit or None,
        since=start[:10] if start else None, until=end[:10] if end else None,
        min_hands=int(minimum or 0),
    )


def _when(stamp: float | None) -> str:
    if stamp is None:
        return ""
    return (" (as read at " + datetime.fromtimestamp(stamp, UTC).strftime("%H:%M:%S UTC")
            + "; an import is writing to the database)")


def build(path: Path) -> dash.Dash:
    db = Database(path)
    app = dash.Dash(__name__, title="stud_hh", update_title="",
                    suppress_callback_exceptions=True)
    app.index_string = app.index_string.replace("</head>", f"<style>{CSS}</style></head>")
    app.layout = _layout(db)
    _status_callbacks(app, db)
    _tab_callbacks(app, db)
    _drill_callbacks(app, db)
    return app


def _status_callbacks(app: dash.Dash, db: Database) -> None:
    @app.callback(Output("db-version", "data"), Output("db-status", "children"),
                  Output("db-status", "style"), Input("tick", "n_intervals"),
                  State("db-version", "data"), State("db-status", "style"))
    def status(_: int | None, known: str | None, shown: dict[str, str] | None
               ) -> tuple[Any, str, dict[str, str]]:
        """Every few seconds: is a writer holding the file, and did the file change? When
        a writer lets go, the page reads everything again (what it showed meanwhile may
        be old, or a notice)."""
        now = db.status()
        if now.busy:
            return no_update, now.message, SHOWN
        was_busy = shown is not None and shown.get("display") != "none"
        if was_busy:
            return f"{now.version}@{time.time()}", "", HIDDEN
        return (now.version if now.version != (known or "").split("@")[0] else no_update), \
            "", HIDDEN

    @app.callback(Output("f-stakes", "options"), Output("f-unit", "options"),
                  Output("f-dates", "min_date_allowed"), Output("f-dates", "max_date_allowed"),
                  Input("db-version", "data"))
    def options(_: str | None) -> tuple[Any, ...]:
        def compute(con: Any) -> tuple[Any, ...]:
            stakes = con.execute(
                "SELECT stakes, any_value(coalesce(currency, '')), count(*) FROM player_facts "
                "GROUP BY stakes ORDER BY count(*) DESC").fetchall()
            scope = data.ready(con, data.Scope())
            from pipelines.stats.filters import unit_sql

            units = con.execute(
                f"SELECT DISTINCT {unit_sql('', scope.with_hands)} FROM player_facts "
                "ORDER BY 1").fetchall()
            span = con.execute("SELECT min(started_at), max(started_at) FROM player_facts"
                               ).fetchall()[0]
            words = {"chips": "tournament chips", "play": "play money"}
            return (
                [{"label": f"{s} {c}".strip(), "value": s} for s, c, _ in stakes],
                [{"label": words.get(u, u), "value": u} for (u,) in units],
                None if span[0] is None else span[0].date().isoformat(),
                None if span[1] is None else span[1].date().isoformat(),
            )
        try:
            value, _when_read = db.answer(("options",), compute)
        except (DatabaseBusy, ReportError, StatsError):
            raise PreventUpdate from None
        return value

    @app.callback(Output("f-player", "options"), Input("f-player", "search_value"),
                  Input("db-version", "data"), State("f-player", "value"))
    def players(search: str | None, _: str | None, chosen: str | None) -> Any:
        def compute(con: Any) -> list[dict[str, str]]:
            if search:
                rows = con.execute(
                    "SELECT player, count(*) AS n FROM player_facts WHERE player ILIKE ? "
                    "GROUP BY player ORDER BY n DESC, player LIMIT 50",
                    [f"%{search}%"]).fetchall()
            else:
                rows = con.execute(
                    "SELECT player, count(*) AS n FROM player_facts GROUP BY player "
                    "ORDER BY n DESC, player LIMIT 50").fetchall()
            names = [r[0] for r in rows]
            if chosen and chosen not in names:
                names.insert(0, chosen)
            return [{"label": n, "value": n} for n in names]
        try:
            value, _when_read = db.answer(("players", search, chosen), compute)
        except DatabaseBusy:
            raise PreventUpdate from None
        return value


def _tab_callbacks(app: dash.Dash, db: Database) -> None:
    """The tab shown, the players table's search, and each tab's content."""

    @app.callback(Output("tab-players", "style"), Output("tab-charts", "style"),
                  Output("tab-audit", "style"), Input("tabs", "value"))
    def show_tab(tab: str) -> tuple[dict[str, str], ...]:
        return tuple(SHOWN if tab == name else HIDDEN
                     for name in ("players", "charts", "audit"))

    @app.callback(Output("players-grid", "dashGridOptions"), Input("players-search", "value"))
    def search(text: str | None) -> dict[str, Any]:
        return {"quickFilterText": text or "", "tooltipShowDelay": 300}

    _players_callback(app, db)
    _charts_callback(app, db)
    _audit_callback(app, db)


def _players_callback(app: dash.Dash, db: Database) -> None:
    """The players table under the filters, with the stats added from the catalogue."""

    @app.callback(Output("players-grid", "columnDefs"), Output("players-grid", "rowData"),
                  Output("players-note", "children"), *_FILTER_INPUTS,
                  Input("players-extra", "value"), Input("db-version", "data"),
                  Input("tabs", "value"))
    def players_tab(*args: Any) -> tuple[Any, ...]:
        *values, extra, _version, tab = args
        if tab != "players":
            raise PreventUpdate
        scope = scope_from(*values)
        try:
            table, when = db.answer(("players", scope, tuple(extra or ())),
                                    lambda con: views.players_table(con, scope, extra))
        except DatabaseBusy:
            return no_update, no_update, "An import is writing to the database; the table "\
                "appears when it is done."
        except (ReportError, StatsError) as exc:
            return [], [], str(exc)
        note = (f"{table['players']:,} players (the {views.MAX_TABLE_ROWS:,} with most hands "
                "are listed)" if table["players"] >= views.MAX_TABLE_ROWS
                else f"{table['players']:,} players") + \
            "; hover a rate for its sample; money in each unit apart" + _when(when)
        return table["columns"], table["rows"], note


def _charts_callback(app: dash.Dash, db: Database) -> None:
    """Every chart under the filters; a chart with no hands says so instead."""
    chart_outputs = []
    for chart in views.CHARTS:
        chart_outputs += [Output(f"chart-{chart.id}", "figure"),
                          Output(f"chart-{chart.id}", "style"),
                          Output(f"empty-{chart.id}", "style")]

    @app.callback(*chart_outputs, Output("charts-note", "children"), *_FILTER_INPUTS,
                  Input("db-version", "data"), Input("tabs", "value"))
    def charts_tab(*args: Any) -> tuple[Any, ...]:
        *values, _version, tab = args
        if tab != "charts":
            raise PreventUpdate
        scope = scope_from(*values)
        try:
            out, when = db.answer(("charts", scope), lambda con: views.charts(con, scope))
        except DatabaseBusy:
            return (*[no_update] * len(chart_outputs),
                    "An import is writing to the database; the charts appear when it is done.")
        except (ReportError, StatsError) as exc:
            return (*[no_update] * len(chart_outputs), str(exc))
        result: list[Any] = []
        for chart in views.CHARTS:
            fig = out["figures"][chart.id]
            result += [fig or {}, SHOWN if fig else HIDDEN, HIDDEN if fig else SHOWN]
        hero = out["hero"]
        note = ("No hands match these filters." if hero is None else
                f"One-player charts are for {hero}" + ("" if scope.players else
                " (the player in most hands; choose one above)") + _when(when))
        return (*result, note)


def _audit_callback(app: dash.Dash, db: Database) -> None:
    """The violations by code and over time, and the flagged hands, under the filters."""

    @app.callback(Output("audit-by-code", "figure"), Output("audit-by-code", "style"),
                  Output("audit-over-time", "figure"), Output("audit-over-time", "style"),
                  Output("flagged-grid", "rowData"), Output("audit-note", "children"),
                  *_FILTER_INPUTS, Input("db-version", "data"), Input("tabs", "value"))
    def audit_tab(*args: Any) -> tuple[Any, ...]:
        *values, _version, tab = args
        if tab != "audit":
            raise PreventUpdate
        scope = scope_from(*values)
        try:
            out, when = db.answer(("audit", scope), lambda con: views.audit_view(con, scope))
        except DatabaseBusy:
            return (*[no_update] * 5, "An import is writing to the database; the audit "
                    "appears when it is done.")
        except (ReportError, StatsError) as exc:
            return (*[no_update] * 5, str(exc))
        listed = (f"; the first {len(out['rows']):,} listed"
                  if out["total"] > len(out["rows"]) else "")
        note = (f"{out['violations']:,} violations (roots, their consequences folded) in "
                f"{out['flagged']:,} of {out['hands']:,} hands" + listed + _when(when))
        return (out["by_code"] or {}, SHOWN if out["by_code"] else HIDDEN,
                out["over_time"] or {}, SHOWN if out["over_time"] else HIDDEN,
                out["rows"], note)


def _drill_callbacks(app: dash.Dash, db: Database) -> None:
    clicks = [Input(f"chart-{c.id}", "clickData") for c in views.CHARTS if c.drill]
    drills = {f"chart-{c.id}": c.drill for c in views.CHARTS if c.drill}

    @app.callback(Output("drill-title", "children"), Output("drill-grid", "rowData"),
                  Output("drill-note", "children"), *clicks,
                  Input("audit-by-code", "clickData"), Input("players-grid", "cellClicked"),
                  State("chart-door", "figure"), *_FILTER_STATES, prevent_initial_call=True)
    def drill(*args: Any) -> tuple[Any, ...]:
        values = args[-len(_FILTER_STATES):]
        door_figure = args[-len(_FILTER_STATES) - 1]
        trigger = dash.ctx.triggered_id
        if trigger is None:
            raise PreventUpdate
        scope = scope_from(*values)
        chosen = dash.ctx.triggered[0]["value"]
        if trigger == "players-grid":
            if not chosen or not chosen.get("rowId"):
                raise PreventUpdate
            chart, key = "player", {"player": chosen["rowId"]}
        else:
            chart = "violations" if trigger == "audit-by-code" else drills[str(trigger)]
            points = (chosen or {}).get("points") or []
            found = views.drill_key(chart, points[0], door_figure if chart == "door"
                                    else None) if points else None
            if found is None:
                raise PreventUpdate
            key = found
            if chart in ("game_stakes", "door", "starting_hands", "session", "bring_in") \
                    and not scope.players:
                scope = replace(scope, players=_hero(db, scope))
        try:
            (frame, total), when = db.answer(
                ("drill", scope, chart, tuple(sorted(key.items()))),
                lambda con: data.hands_behind(con, scope, chart, key))
        except DatabaseBusy:
            return no_update, no_update, "An import is writing to the database; try again " \
                "when it is done."
        except (ReportError, StatsError) as exc:
            return "Hands", [], str(exc)
        rows = views.hand_rows(frame)
        shown = f"{total:,} hands" if total == len(rows) else \
            f"the newest {len(rows):,} of {total:,} hands"
        return (f"Hands: {views.describe(chart, key)}", rows,
                f"{shown}; click one to replay it" + _when(when))

    @app.callback(Output("replayer", "srcDoc"), Output("replayer", "style"),
                  Input("drill-grid", "cellClicked"), Input("flagged-grid", "cellClicked"),
                  prevent_initial_call=True)
    def replay(drill_cell: Any, flagged_cell: Any) -> tuple[Any, ...]:
        cell = drill_cell if dash.ctx.triggered_id == "drill-grid" else flagged_cell
        if not cell or not cell.get("rowId"):
            raise PreventUpdate
        hand_key = int(str(cell["rowId"]).split(":")[0])
        try:
            replay_data, _ = db.answer(("replay", hand_key),
                                       lambda con: hand_replay(con, hand_key))
        except DatabaseBusy:
            raise PreventUpdate from None
        except LookupError as exc:
            return f"<p>{esc(str(exc))}</p>", {"width": "100%", "height": "80px", "border": "0"}
        return replay_document(replay_data), {"width": "100%", "height": "760px",
                                              "border": "1px solid #d5dbe3"}


def _hero(db: Database, scope: data.Scope) -> tuple[str, ...]:
    """The player the one-player charts showed (their drill-downs are his hands)."""
    try:
        (hero, _), _ = db.answer(("hero", scope), lambda con: views.hero_of(
            con, data.ready(con, scope)))
    except DatabaseBusy:
        raise PreventUpdate from None
    return () if hero is None else (hero,)

