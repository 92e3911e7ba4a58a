"""DuckDB tables -> the Polars frames the chart builders read, and the hands behind them.

Player charts read ``player_facts`` (the stats catalogue's per-hand facts, so a "showdown" or
a "bring-in called" means here exactly what it means in ``stud-hh stats``); the audit reads
``violations`` with ``hands`` and ``actions``.

Every query is scoped by a ``Scope`` (``pipelines.stats.filters.Filters``: players, game,
stakes, cash or tournament, money unit, dates), the same rows ``stud-hh stats`` counts.
Charts about one player's own results (sessions, door cards, the bring-in) take a single
player. Money comes out as the exact ``BIGINT`` smallest units plus a ``unit`` divisor column
(100 for a currency, 1 for chips) and the money unit's name (``money``: ``USD``, ``chips``);
``net_bb`` divides by the hand's big bet so that stakes and currencies can be compared.

Drill-down: each chart's rows are one SQL per player-hand (``*_rows_sql``) that its
aggregate groups and ``hands_behind`` filters, so the hands listed for a bar or a cell are
exactly the ones counted in it. The tables are the import pipeline's
(``pipelines/schema.sql``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import replace

import duckdb
import polars as pl

from dashboards.errors import ReportError
from pipelines.stats.catalogue import BY_KEY
from pipelines.stats.filters import Filters, StatsError, unit_sql
from pipelines.stats.query import prepared
from stud_hh.facts import CATEGORIES

#: A new table session starts after this many minutes without a hand at that table.
SESSION_GAP_MINUTES = 30
#: The flagged-hands table stops here (the total is stated on the page).
MAX_FLAGGED_ROWS = 2_000
#: A drill-down lists at most this many hands (the total is stated).
MAX_DRILL_HANDS = 500

_UNIT = "CASE WHEN f.currency IS NULL THEN 1 ELSE 100 END"
Scope = Filters  # what a report or a request covers (the name the report code uses)
Params = dict[str, object]


class MissingTable(ReportError):
    """The database lacks a table the report reads (not imported yet, or an old version)."""


def connect(db: str | os.PathLike[str]) -> duckdb.DuckDBPyConnection:
    """Read-only: a report never changes the database.

    DuckDB lets one process write a file at a time and refuses readers meanwhile; the
    connection retries for a moment (an import between two batches lets go of the file
    only briefly), then says so in a sentence about the running import.
    """
    from pathlib import Path

    from pipelines.db import DatabaseBusy
    from pipelines.db import connect as db_connect

    try:
        return db_connect(Path(db), read_only=True)
    except DatabaseBusy as exc:
        raise ReportError(f"cannot open {db}: {exc}. If an import or watch is writing to "
                          "it, run the report when it has finished.") from None


def require_tables(con: duckdb.DuckDBPyConnection, *names: str) -> None:
    present = {r[0] for r in con.execute(
        "SELECT table_name FROM information_schema.tables").fetchall()}
    missing = [n for n in names if n not in present]
    if missing:
        raise MissingTable(
            f"the database has no {', '.join(missing)} table: import hands first "
            "(stud-hh import PATH), or run stud-hh rebuild if it was made by an older stud_hh")


def ready(con: duckdb.DuckDBPyConnection, scope: Scope) -> Scope:
    """The scope normalised for this database (``ReportError`` on a bad filter)."""
    try:
        return prepared(con, scope)
    except StatsError as exc:
        raise ReportError(str(exc)) from None


def _frame(con: duckdb.DuckDBPyConnection, sql: str, params: Mapping[str, object] | Sequence[object]
           ) -> pl.DataFrame:
    return con.sql(sql, params=params if isinstance(params, Mapping) else list(params)).pl()


def scalar(con: duckdb.DuckDBPyConnection, sql: str,
           params: Mapping[str, object] | Sequence[object] = ()) -> int:
    """A count; fetched to the end (DuckDB 2 refuses new work beside a half-read result)."""
    rows = con.execute(sql, params if isinstance(params, Mapping) else list(params)).fetchall()
    return int(rows[0][0]) if rows and rows[0][0] is not None else 0


def _where(con: duckdb.DuckDBPyConnection, scope: Scope) -> tuple[str, Params, Scope]:
    scope = ready(con, scope)
    where, params = scope.where("f")
    return where, params, scope


def players_by_volume(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``player``, ``hands``: busiest first (ties by name, so colours are stable)."""
    where, params, _ = _where(con, scope)
    return _frame(con, f"""
        SELECT f.player, count(*) AS hands FROM player_facts f WHERE {where}
        GROUP BY f.player ORDER BY hands DESC, f.player""", params)


def winnings(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """One row per (player, hand), chronological per player (see ``figures.winnings``)."""
    where, params, scope = _where(con, scope)
    return _frame(con, f"""
        SELECT f.player, f.net, f.big_bet, {_UNIT} AS unit, f.currency,
               {unit_sql('f', scope.with_hands)} AS money, f.showdown, f.started_at, f.ev_net
        FROM player_facts f WHERE {where}
        ORDER BY f.player, f.started_at, f.site, f.hand_id""", params)


_STAGES = {
    "saw 3rd": "TRUE", "saw 4th": "f.saw_4", "saw 5th": "f.saw_5", "saw 6th": "f.saw_6",
    "saw 7th": "f.saw_7", "showdown": "f.showdown", "won": "f.won",
}


def funnel(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``player``, ``stage``, ``hands``: saw 3rd..7th street, showdown, won something."""
    where, params, scope = _where(con, scope)
    counts = ", ".join(f'count(*) FILTER ({cond}) AS "{stage}"'
                       for stage, cond in _STAGES.items())
    wide = _frame(con, f"""
        SELECT f.player, {counts} FROM player_facts f WHERE {where}
        GROUP BY f.player""", params)
    stages = [c for c in wide.columns if c != "player"]
    order = {p: i for i, p in enumerate(scope.players)}
    return (wide.unpivot(stages, index="player", variable_name="stage", value_name="hands")
            .with_columns(pl.col("player").replace_strict(order, default=len(order))
                          .alias("_order"))
            .sort("_order", maintain_order=True).drop("_order"))


_STAKES_LABEL = "f.stakes || coalesce(' ' || f.currency, '')"


def game_stakes(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``game``, ``stakes``, ``hands``, ``net``, ``unit``, ``money``, ``net_bb`` per game and
    stakes (a stakes label names its currency, so each row is in one money unit)."""
    where, params, scope = _where(con, scope)
    return _frame(con, f"""
        SELECT f.game, {_STAKES_LABEL} AS stakes,
               count(*) AS hands, sum(f.net)::BIGINT AS net, min({_UNIT}) AS unit,
               min({unit_sql('f', scope.with_hands)}) AS money,
               sum(f.net / f.big_bet) AS net_bb
        FROM player_facts f WHERE {where}
        GROUP BY ALL ORDER BY f.game, stakes""", params)


def _session_rows_sql(where: str) -> str:
    """Per player-hand: its table and session number (a gap over the session gap starts one)."""
    return f"""
        WITH played AS (
            SELECT f.hand_key, f.site, f.hand_id, f.player, h.table_name, f.started_at, f.net,
                   f.big_bet, {_UNIT} AS unit,
                   CASE WHEN lag(f.started_at) OVER w IS NULL
                          OR f.started_at - lag(f.started_at) OVER w
                             > INTERVAL {SESSION_GAP_MINUTES} MINUTE
                        THEN 1 ELSE 0 END AS new_session
            FROM player_facts f JOIN hands h USING (site, hand_id)
            WHERE {where}
            WINDOW w AS (PARTITION BY h.table_name ORDER BY f.started_at, f.hand_id)
        )
        SELECT *, sum(new_session) OVER (PARTITION BY table_name ORDER BY started_at, hand_id
                                         ROWS UNBOUNDED PRECEDING) AS session
        FROM played"""


def sessions(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """One row per table session: hands at one table with no gap over the session gap."""
    where, params, _ = _where(con, scope)
    return _frame(con, f"""
        SELECT table_name AS "table", session, min(started_at) AS start,
               max(started_at) AS "end", count(*) AS hands, sum(net)::BIGINT AS net,
               min(unit) AS unit, sum(net / big_bet) AS net_bb
        FROM ({_session_rows_sql(where)}) GROUP BY table_name, session ORDER BY start""",
        params)


def _door_rows_sql(where: str) -> str:
    """Per player-hand: the game, his door rank and the best other door card showing.

    "Best" is the game's: the highest rank in stud and stud8, the lowest (ace low) in razz;
    ranks stay 2..14 (14 the ace) in the result.
    """
    return f"""
        WITH mine AS (
            SELECT f.hand_key, f.site, f.hand_id, f.seat, f.player, f.game, f.door_rank,
                   f.net / f.big_bet AS net_bb
            FROM player_facts f WHERE f.door_rank IS NOT NULL AND {where}
        ), versus AS (
            SELECT m.hand_key, m.site, m.hand_id, m.player, m.game, m.door_rank,
                   CASE WHEN m.game = 'razz'
                        THEN min(CASE WHEN o.door_rank = 14 THEN 1 ELSE o.door_rank END)
                        ELSE max(o.door_rank) END AS best, any_value(m.net_bb) AS net_bb
            FROM mine m JOIN player_facts o
              ON o.site = m.site AND o.hand_id = m.hand_id AND o.seat <> m.seat
                 AND o.door_rank IS NOT NULL
            GROUP BY m.hand_key, m.site, m.hand_id, m.seat, m.player, m.game, m.door_rank
        )
        SELECT hand_key, site, hand_id, player, game, door_rank,
               CASE WHEN best = 1 THEN 14 ELSE best END AS other_rank, net_bb
        FROM versus"""


def door_cards(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``game``, ``door_rank``, ``other_rank`` (the best other door card for that game),
    ``hands``, ``net_bb``: per game, so a razz king and a stud king never share a cell."""
    where, params, _ = _where(con, scope)
    return _frame(con, f"""
        SELECT game, door_rank, other_rank, count(*) AS hands, sum(net_bb) AS net_bb
        FROM ({_door_rows_sql(where)}) GROUP BY ALL ORDER BY ALL""", params)


def starting_hands(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``game``, ``category`` (with the game when several), ``key`` (``game:category``),
    ``hands``, ``vpip_hands``, ``net_bb``; each game's categories in their own order."""
    where, params, _ = _where(con, scope)
    frame = _frame(con, f"""
        SELECT f.game, f.start_category AS category, count(*) AS hands,
               count(*) FILTER (f.vpip) AS vpip_hands, sum(f.net / f.big_bet) AS net_bb
        FROM player_facts f WHERE f.start_category IS NOT NULL AND {where}
        GROUP BY ALL""", params)
    rank = {(str(g), c): i for i, (g, cats) in enumerate(CATEGORIES.items())
            for i, c in enumerate(cats, start=100 * i)}
    frame = frame.with_columns(
        pl.struct("game", "category").map_elements(
            lambda r: rank.get((r["game"], r["category"]), 10_000), return_dtype=pl.Int64)
        .alias("_order")).sort("_order").drop("_order")
    several = frame.get_column("game").n_unique() > 1
    name = pl.col("category").str.replace_all("_", " ")
    if several:
        name = pl.col("game") + pl.lit(": ") + name
    return frame.with_columns(
        (pl.col("game") + pl.lit(":") + pl.col("category")).alias("key"),
        name.alias("category"))


_BRING_IN = {
    "completed instead": "bi_complete",
    "won uncontested": "bi_walk",
    "folded to a completion": "bi_fold_to_complete",
    "called a completion": "bi_call_complete",
    "re-raised a completion": "bi_reraise",
}
_BRING_IN_REST = "f.is_bring_in AND NOT (f.bi_complete OR f.bi_walk OR f.bi_faced_complete)"


def _bring_in_condition(outcome: str) -> str:
    """The row condition of one bring-in outcome: the catalogue's numerator, within its
    denominator, so the chart counts what ``stud-hh stats`` calls it."""
    if outcome == "not completed against":
        return _BRING_IN_REST
    stat = BY_KEY[_BRING_IN[outcome]]
    return f"({BY_KEY['bi_complete'].denominator}) AND ({stat.numerator})"


def bring_in_outcomes(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``outcome``, ``hands`` over the hands the scope's players brought in (exclusive)."""
    where, params, _ = _where(con, scope)
    outcomes = [*_BRING_IN, "not completed against"]
    counts = ", ".join(f'count(*) FILTER (WHERE {_bring_in_condition(o)}) AS "{o}"'
                       for o in outcomes)
    return _frame(con, f"SELECT {counts} FROM player_facts f WHERE {where}", params
                  ).unpivot(variable_name="outcome", value_name="hands")


_HILO = {
    "scoop": "f.scoop",
    "high only": "NOT f.scoop AND f.won_high AND NOT f.won_low",
    "low only": "NOT f.scoop AND f.won_low AND NOT f.won_high",
    "shares of both halves": "NOT f.scoop AND f.won_high AND f.won_low",
    "neither half": "NOT f.scoop AND NOT f.won_high AND NOT f.won_low",
}


def hilo_shares(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``outcome``, ``hands``: Stud Hi/Lo showdowns with shown cards, by halves won.

    The slices must not overlap, so unlike the catalogue's "won the high half only" (which
    also counts a high hand scooping a pot without a qualifying low) a scoop is only a scoop.
    """
    where, params, _ = _where(con, scope)
    within = BY_KEY["scoop"].denominator
    counts = ", ".join(f'count(*) FILTER ({cond}) AS "{name}"' for name, cond in _HILO.items())
    return _frame(con, f"SELECT {counts} FROM player_facts f WHERE ({within}) AND {where}",
                  params).unpivot(variable_name="outcome", value_name="hands")


def razz_lows(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``low`` (top card 5..13), ``hands``, ``won``: Razz lows made at showdown."""
    where, params, _ = _where(con, scope)
    within = BY_KEY["razz_low_paired"].denominator  # razz showdowns with shown cards
    return _frame(con, f"""
        SELECT f.razz_low AS low, count(*) AS hands, count(*) FILTER (f.won_showdown) AS won
        FROM player_facts f
        WHERE ({within}) AND f.razz_low IS NOT NULL AND {where}
        GROUP BY 1 ORDER BY 1""", params)


def games_played(con: duckdb.DuckDBPyConnection, scope: Scope) -> list[str]:
    """Games present in the scope (Hi/Lo and Razz charts appear only when played)."""
    where, params, _ = _where(con, scope)
    rows = con.execute(f"SELECT DISTINCT f.game FROM player_facts f WHERE {where} ORDER BY 1",
                       params).fetchall()
    return [r[0] for r in rows]


def biggest_pots(con: duckdb.DuckDBPyConnection, scope: Scope, limit: int = 10
                 ) -> pl.DataFrame:
    """The scope's hands with the largest pots in big bets (the player page's replays)."""
    where, params, scope = _where(con, scope)
    return _frame(con, f"""
        SELECT h.hand_key, h.site, h.hand_id, h.game, h.started_at,
               {_STAKES_LABEL} AS stakes, f.player, f.net, {_UNIT} AS unit,
               {unit_sql('f', scope.with_hands)} AS money_name,
               h.total_pot, h.total_pot / h.big_bet AS pot_bb
        FROM player_facts f JOIN hands h USING (hand_key)
        WHERE {where} AND h.total_pot IS NOT NULL
        ORDER BY pot_bb DESC, h.hand_key LIMIT {int(limit)}""", params)


# --- drill-down -----------------------------------------------------------------------------

#: What a click names -> the rows of that chart's query it selects. Each entry is
#: ``(rows SQL builder taking the scope's WHERE, condition on those rows, parameter names)``.
_HAND_COLUMNS = """r.hand_key, r.site, r.hand_id, r.player"""


def _drill_sql(where: str, chart: str, key: Mapping[str, object]) -> tuple[str, Params]:
    """The per-player-hand rows of ``chart`` that make the clicked element ``key``."""
    p: Params = {}
    if chart == "door":
        rows = _door_rows_sql(where)
        cond = "r.game = $d_game AND r.door_rank = $d_door AND r.other_rank = $d_other"
        p = {"d_game": key["game"], "d_door": int(key["door_rank"]),  # type: ignore[call-overload]
             "d_other": int(key["other_rank"])}  # type: ignore[call-overload]
    elif chart == "game_stakes":
        rows = (f"SELECT f.*, {_STAKES_LABEL} AS stakes_label FROM player_facts f "
                f"WHERE {where}")
        cond = "r.game = $d_game AND r.stakes_label = $d_stakes"
        p = {"d_game": key["game"], "d_stakes": key["stakes"]}
    elif chart == "starting_hands":
        rows = f"SELECT f.* FROM player_facts f WHERE {where}"
        cond = "r.game || ':' || r.start_category = $d_key"
        p = {"d_key": key["key"]}
    elif chart == "session":
        rows = _session_rows_sql(where)
        cond = "r.table_name = $d_table AND r.session = $d_session"
        p = {"d_table": key["table"], "d_session": int(key["session"])}  # type: ignore[call-overload]
    elif chart == "funnel":
        stage = str(key["stage"])
        if stage not in _STAGES:
            raise ReportError(f"unknown stage {stage!r}")
        rows = f"SELECT f.* FROM player_facts f WHERE {where} AND {_STAGES[stage]}"
        cond = "r.player = $d_player"
        p = {"d_player": key["player"]}
    elif chart == "bring_in":
        outcome = str(key["outcome"])
        if outcome not in _BRING_IN and outcome != "not completed against":
            raise ReportError(f"unknown bring-in outcome {outcome!r}")
        rows = (f"SELECT f.* FROM player_facts f WHERE {where} "
                f"AND {_bring_in_condition(outcome)}")
        cond = "TRUE"
    elif chart == "winnings":
        rows = (f"SELECT f.*, row_number() OVER (PARTITION BY f.player ORDER BY f.started_at, "
                f"f.site, f.hand_id) AS hand_no FROM player_facts f WHERE {where}")
        cond = "r.player = $d_player AND r.hand_no BETWEEN $d_from AND $d_to"
        p = {"d_player": key["player"], "d_from": int(key["from"]),  # type: ignore[call-overload]
             "d_to": int(key["to"])}  # type: ignore[call-overload]
    elif chart == "player":
        rows = f"SELECT f.* FROM player_facts f WHERE {where}"
        cond = "r.player = $d_player"
        p = {"d_player": key["player"]}
    else:
        raise ReportError(f"no drill-down for chart {chart!r}")
    return f"SELECT {_HAND_COLUMNS} FROM ({rows}) r WHERE {cond}", p


def hands_behind(con: duckdb.DuckDBPyConnection, scope: Scope, chart: str,
                 key: Mapping[str, object], limit: int = MAX_DRILL_HANDS
                 ) -> tuple[pl.DataFrame, int]:
    """The hands behind one clicked element of ``chart`` (and how many there are in all).

    Rows: ``hand_key``, ``site``, ``hand_id``, ``player``, ``started_at``, ``game``,
    ``stakes``, ``net`` (smallest unit), ``unit`` (divisor), ``money`` (unit name),
    ``findings`` (the hand's violations), newest first.
    """
    where, params, scope = _where(con, scope)
    if chart == "violations":
        return flagged_hand_list(con, scope, str(key["code"]), limit)
    inner, extra = _drill_sql(where, chart, key)
    params = {**params, **extra}
    total = scalar(con, f"SELECT count(*) FROM ({inner})", params)
    frame = _frame(con, f"""
        SELECT d.hand_key, d.site, d.hand_id, d.player, f.started_at, f.game,
               {_STAKES_LABEL} AS stakes, f.net, {_UNIT} AS unit,
               {unit_sql('f', scope.with_hands)} AS money,
               (SELECT count(*) FROM violations v WHERE v.hand_key = d.hand_key) AS findings
        FROM ({inner}) d JOIN player_facts f
          ON f.site = d.site AND f.hand_id = d.hand_id AND f.player = d.player
        ORDER BY f.started_at DESC, d.hand_id DESC LIMIT {int(limit)}""", params)
    return frame, total


def flagged_hand_list(con: duckdb.DuckDBPyConnection, scope: Scope, code: str | None,
                      limit: int = MAX_DRILL_HANDS) -> tuple[pl.DataFrame, int]:
    """Hands with a violation (of ``code``, if given) in the scope, newest first."""
    scope = ready(con, scope)
    where, params = scope.hands_where("h")
    cond = "TRUE" if code is None else "v.code = $d_code"
    if code is not None:
        params["d_code"] = code
    inner = (f"SELECT DISTINCT h.hand_key FROM violations v JOIN hands h USING (hand_key) "
             f"WHERE {where} AND {cond}")
    total = scalar(con, f"SELECT count(*) FROM ({inner})", params)
    frame = _frame(con, f"""
        SELECT h.hand_key, h.site, h.hand_id, NULL::VARCHAR AS player, h.started_at, h.game,
               h.stakes || coalesce(' ' || h.currency, '') AS stakes, NULL::BIGINT AS net,
               CASE WHEN h.currency IS NULL THEN 1 ELSE 100 END AS unit,
               coalesce(h.currency, CASE WHEN h.play_money THEN 'play' ELSE 'chips' END)
                 AS money, h.errors + h.warnings AS findings
        FROM hands h WHERE h.hand_key IN ({inner})
        ORDER BY h.started_at DESC, h.hand_key DESC LIMIT {int(limit)}""", params)
    return frame, total


# --- audit ----------------------------------------------------------------------------------


def _hands_where(con: duckdb.DuckDBPyConnection, scope: Scope | str | None
                 ) -> tuple[str, Params]:
    if scope is None or isinstance(scope, str):
        scope = Scope(game=scope)
    return ready(con, scope).hands_where("h")


#: A root finding: not a consequence of another (issue 17); rows stored before version 4
#: have no ``caused_by`` and are roots.
_ROOT = "v.caused_by IS NULL"


def violations_by_code(con: duckdb.DuckDBPyConnection, scope: Scope | str | None
                       ) -> pl.DataFrame:
    """Root findings by code (a consequence is not another breach)."""
    where, params = _hands_where(con, scope)
    return _frame(con, f"""
        SELECT v.code, v.severity, count(*) AS count
        FROM violations v JOIN hands h USING (hand_key)
        WHERE {where} AND {_ROOT} GROUP BY ALL ORDER BY count DESC, v.code""", params)


def violations_over_time(con: duckdb.DuckDBPyConnection, scope: Scope | str | None
                         ) -> pl.DataFrame:
    where, params = _hands_where(con, scope)
    return _frame(con, f"""
        SELECT h.site, CAST(h.started_at AS DATE) AS day, count(*) AS count
        FROM violations v JOIN hands h USING (hand_key)
        WHERE {where} AND {_ROOT} GROUP BY ALL ORDER BY h.site, day""", params)


def flagged_hands(con: duckdb.DuckDBPyConnection, scope: Scope | str | None,
                  limit: int = MAX_FLAGGED_ROWS) -> tuple[pl.DataFrame, int]:
    """Root violations with the hand, the offending action and how many consequences follow
    from each (``consequences``); also the number of roots before ``limit``."""
    where, params = _hands_where(con, scope)
    total = scalar(con, f"""SELECT count(*) FROM violations v JOIN hands h USING (hand_key)
                            WHERE {where} AND {_ROOT}""", params)
    frame = _frame(con, f"""
        SELECT h.hand_key, h.site, h.hand_id, h.game, h.started_at, h.source_file,
               h.source_line, {_UNIT.replace("f.", "h.")} AS unit, h.currency, v.code,
               v.severity, v.street, v.action_index, v.player,
               v.rule, v.message, a.player AS actor, a.kind, a.amount, a.raise_to, a.all_in,
               (SELECT count(*) FROM violations c
                 WHERE c.hand_key = v.hand_key AND c.caused_by = v.finding) AS consequences
        FROM violations v JOIN hands h USING (hand_key)
        LEFT JOIN actions a ON a.hand_key = v.hand_key AND a.action_index = v.action_index
        WHERE {where} AND {_ROOT}
        ORDER BY h.started_at, h.hand_key, v.action_index NULLS FIRST
        LIMIT {int(limit)}""", params)
    return frame, total


def audit_counts(con: duckdb.DuckDBPyConnection, scope: Scope | str | None
                 ) -> tuple[int, int, int]:
    """``(hands, flagged hands, violations)`` in the scope; violations are the roots (a
    consequence is not another breach)."""
    where, params = _hands_where(con, scope)
    row = con.execute(f"""
        SELECT (SELECT count(*) FROM hands h WHERE {where}),
               (SELECT count(DISTINCT v.hand_key) FROM violations v JOIN hands h
                  USING (hand_key) WHERE {where}),
               (SELECT count(*) FROM violations v JOIN hands h USING (hand_key)
                  WHERE {where} AND {_ROOT})""", params).fetchall()[0]
    return int(row[0]), int(row[1]), int(row[2])


def with_players(scope: Scope, players: Sequence[str]) -> Scope:
    return replace(scope, players=tuple(players))
