"""DuckDB tables -> the Polars frames the chart builders read.

Player charts read ``player_facts`` (the stats catalogue's per-hand facts, so a "showdown" or
a "bring-in called" means here exactly what it means in ``stud-hh stats``); the audit reads
``violations`` with ``hands`` and ``actions``.

Every query is scoped by an optional game and a set of players; charts about one player's
own results (sessions, door cards, the bring-in) take a single player. Money comes out as
the exact ``BIGINT`` smallest units plus a ``unit`` divisor column (100 for a currency, 1 for
chips); ``net_bb`` divides by the hand's big bet so that stakes and currencies can be
compared. The tables are the import pipeline's (``pipelines/schema.sql``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

import duckdb
import polars as pl

from dashboards.errors import ReportError
from pipelines.stats.catalogue import BY_KEY
from stud_hh.facts import CATEGORIES

#: A new table session starts after this many minutes without a hand at that table.
SESSION_GAP_MINUTES = 30
#: The flagged-hands table stops here (the total is stated on the page).
MAX_FLAGGED_ROWS = 2_000

_UNIT = "CASE WHEN f.currency IS NULL THEN 1 ELSE 100 END"


@dataclass(frozen=True)
class Scope:
    """What a report covers: a game (None: all) and players (empty: everyone)."""

    game: str | None = None
    players: tuple[str, ...] = ()

    def where(self, f: str = "f", player: str = "player") -> tuple[str, list[object]]:
        """SQL conditions and parameters restricting rows of alias ``f`` (game, player)."""
        clauses = ["TRUE"]
        params: list[object] = []
        if self.game is not None:
            clauses.append(f"{f}.game = ?")
            params.append(self.game)
        if self.players:
            clauses.append(f"{f}.{player} IN ({', '.join('?' for _ in self.players)})")
            params.extend(self.players)
        return " AND ".join(clauses), params


class MissingTable(ReportError):
    """The database lacks a table the report reads (not imported yet, or an old version)."""


def connect(db: str | os.PathLike[str]) -> duckdb.DuckDBPyConnection:
    """Read-only: a report never changes the database.

    DuckDB lets one process write a file at a time and refuses readers meanwhile; that
    becomes a sentence about the running import rather than a lock error.
    """
    try:
        return duckdb.connect(str(db), read_only=True)
    except duckdb.IOException as exc:
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


def _frame(con: duckdb.DuckDBPyConnection, sql: str, params: Sequence[object]) -> pl.DataFrame:
    return con.sql(sql, params=list(params)).pl()


def scalar(con: duckdb.DuckDBPyConnection, sql: str, params: Sequence[object] = ()) -> int:
    """A count; fetched to the end (DuckDB 2 refuses new work beside a half-read result)."""
    rows = con.execute(sql, list(params)).fetchall()
    return int(rows[0][0]) if rows and rows[0][0] is not None else 0


def players_by_volume(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``player``, ``hands``: busiest first (ties by name, so colours are stable)."""
    where, params = scope.where()
    return _frame(con, f"""
        SELECT f.player, count(*) AS hands FROM player_facts f WHERE {where}
        GROUP BY f.player ORDER BY hands DESC, f.player""", params)


def winnings(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """One row per (player, hand), chronological per player (see ``figures.winnings``)."""
    where, params = scope.where()
    return _frame(con, f"""
        SELECT f.player, f.net, f.big_bet, {_UNIT} AS unit, f.currency, f.showdown
        FROM player_facts f WHERE {where}
        ORDER BY f.player, f.started_at, f.site, f.hand_id""", params)


def funnel(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``player``, ``stage``, ``hands``: saw 3rd..7th street, showdown, won something."""
    where, params = scope.where()
    wide = _frame(con, f"""
        SELECT f.player, count(*) AS "saw 3rd",
               count(*) FILTER (f.saw_4) AS "saw 4th", count(*) FILTER (f.saw_5) AS "saw 5th",
               count(*) FILTER (f.saw_6) AS "saw 6th", count(*) FILTER (f.saw_7) AS "saw 7th",
               count(*) FILTER (f.showdown) AS "showdown", count(*) FILTER (f.won) AS "won"
        FROM player_facts f WHERE {where}
        GROUP BY f.player""", params)
    stages = [c for c in wide.columns if c != "player"]
    order = {p: i for i, p in enumerate(scope.players)}
    return (wide.unpivot(stages, index="player", variable_name="stage", value_name="hands")
            .with_columns(pl.col("player").replace_strict(order, default=len(order))
                          .alias("_order"))
            .sort("_order", maintain_order=True).drop("_order"))


def game_stakes(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``game``, ``stakes``, ``hands``, ``net``, ``unit``, ``net_bb`` per game and stakes."""
    where, params = scope.where()
    return _frame(con, f"""
        SELECT f.game, f.stakes || coalesce(' ' || f.currency, '') AS stakes,
               count(*) AS hands, sum(f.net)::BIGINT AS net, min({_UNIT}) AS unit,
               sum(f.net / f.big_bet) AS net_bb
        FROM player_facts f WHERE {where}
        GROUP BY ALL ORDER BY f.game, stakes""", params)


def sessions(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """One row per table session: hands at one table with no gap over the session gap."""
    where, params = scope.where()
    return _frame(con, f"""
        WITH played AS (
            SELECT h.table_name, f.started_at, f.net, f.big_bet, {_UNIT} AS unit,
                   CASE WHEN lag(f.started_at) OVER w IS NULL
                          OR f.started_at - lag(f.started_at) OVER w
                             > INTERVAL {SESSION_GAP_MINUTES} MINUTE
                        THEN 1 ELSE 0 END AS new_session
            FROM player_facts f JOIN hands h USING (site, hand_id)
            WHERE {where}
            WINDOW w AS (PARTITION BY h.table_name ORDER BY f.started_at, f.hand_id)
        ), numbered AS (
            SELECT *, sum(new_session) OVER (PARTITION BY table_name ORDER BY started_at
                                             ROWS UNBOUNDED PRECEDING) AS session
            FROM played
        )
        SELECT table_name AS "table", session, min(started_at) AS start,
               max(started_at) AS "end", count(*) AS hands, sum(net)::BIGINT AS net,
               min(unit) AS unit, sum(net / big_bet) AS net_bb
        FROM numbered GROUP BY table_name, session ORDER BY start""", params)


def door_cards(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``door_rank``, ``other_rank`` (best other door card), ``hands``, ``net_bb``."""
    where, params = scope.where()
    return _frame(con, f"""
        WITH mine AS (
            SELECT f.site, f.hand_id, f.seat, f.door_rank, f.net / f.big_bet AS net_bb
            FROM player_facts f WHERE f.door_rank IS NOT NULL AND {where}
        ), versus AS (
            SELECT m.door_rank, max(o.door_rank) AS other_rank, any_value(m.net_bb) AS net_bb
            FROM mine m JOIN player_facts o
              ON o.site = m.site AND o.hand_id = m.hand_id AND o.seat <> m.seat
                 AND o.door_rank IS NOT NULL
            GROUP BY m.site, m.hand_id, m.seat, m.door_rank
        )
        SELECT door_rank, other_rank, count(*) AS hands, sum(net_bb) AS net_bb
        FROM versus GROUP BY ALL ORDER BY ALL""", params)


def starting_hands(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``category`` (with the game when several), ``hands``, ``vpip_hands``, ``net_bb``."""
    where, params = scope.where()
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
    return frame.with_columns(name.alias("category")).drop("game")


def _stat_counts(con: duckdb.DuckDBPyConnection, scope: Scope, keys: dict[str, str],
                 within: str) -> pl.DataFrame:
    """``outcome``, ``hands``: how many rows meet each catalogue stat's numerator.

    The predicates are the stats catalogue's own SQL (``pipelines.stats.catalogue``), so the
    chart counts exactly what ``stud-hh stats`` calls, say, "bring-in calls a completion".
    """
    where, params = scope.where()
    counts = ", ".join(
        f'count(*) FILTER (WHERE {BY_KEY[key].numerator}) AS "{outcome}"'
        for outcome, key in keys.items()
    )
    return _frame(con, f"SELECT {counts} FROM player_facts f WHERE ({within}) AND {where}",
                  params).unpivot(variable_name="outcome", value_name="hands")


def bring_in_outcomes(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``outcome``, ``hands`` over the hands the scope's players brought in (exclusive)."""
    frame = _stat_counts(con, scope, {
        "completed instead": "bi_complete",
        "won uncontested": "bi_walk",
        "folded to a completion": "bi_fold_to_complete",
        "called a completion": "bi_call_complete",
        "re-raised a completion": "bi_reraise",
    }, within=BY_KEY["bi_complete"].denominator)
    where, params = scope.where()
    rest = scalar(con, f"""SELECT count(*) FROM player_facts f WHERE f.is_bring_in AND NOT
                           (f.bi_complete OR f.bi_walk OR f.bi_faced_complete) AND {where}""",
                  params)
    return pl.concat([frame, pl.DataFrame({"outcome": ["not completed against"],
                                           "hands": [rest]}, schema=frame.schema)])


def hilo_shares(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``outcome``, ``hands``: Stud Hi/Lo showdowns with shown cards, by halves won.

    The slices must not overlap, so unlike the catalogue's "won the high half only" (which
    also counts a high hand scooping a pot without a qualifying low) a scoop is only a scoop.
    """
    where, params = scope.where()
    within = BY_KEY["scoop"].denominator
    return _frame(con, f"""
        SELECT count(*) FILTER (f.scoop) AS "scoop",
               count(*) FILTER (NOT f.scoop AND f.won_high AND NOT f.won_low) AS "high only",
               count(*) FILTER (NOT f.scoop AND f.won_low AND NOT f.won_high) AS "low only",
               count(*) FILTER (NOT f.scoop AND f.won_high AND f.won_low)
                 AS "shares of both halves",
               count(*) FILTER (NOT f.scoop AND NOT f.won_high AND NOT f.won_low)
                 AS "neither half"
        FROM player_facts f WHERE ({within}) AND {where}""", params
    ).unpivot(variable_name="outcome", value_name="hands")


def razz_lows(con: duckdb.DuckDBPyConnection, scope: Scope) -> pl.DataFrame:
    """``low`` (top card 5..13), ``hands``, ``won``: Razz lows made at showdown."""
    where, params = scope.where()
    within = BY_KEY["razz_low_paired"].denominator  # razz showdowns with shown cards
    return _frame(con, f"""
        SELECT f.razz_low AS low, count(*) AS hands, count(*) FILTER (f.won_showdown) AS won
        FROM player_facts f
        WHERE ({within}) AND f.razz_low IS NOT NULL AND {where}
        GROUP BY 1 ORDER BY 1""", params)


def games_played(con: duckdb.DuckDBPyConnection, scope: Scope) -> list[str]:
    """Games present in the scope (Hi/Lo and Razz charts appear only when played)."""
    where, params = scope.where()
    rows = con.execute(f"SELECT DISTINCT f.game FROM player_facts f WHERE {where} ORDER BY 1",
                       params).fetchall()
    return [r[0] for r in rows]


# --- audit ----------------------------------------------------------------------------------


def violations_by_code(con: duckdb.DuckDBPyConnection, game: str | None) -> pl.DataFrame:
    where, params = Scope(game=game).where("h")
    return _frame(con, f"""
        SELECT v.code, v.severity, count(*) AS count
        FROM violations v JOIN hands h USING (hand_key)
        WHERE {where} GROUP BY ALL ORDER BY count DESC""", params)


def violations_over_time(con: duckdb.DuckDBPyConnection, game: str | None) -> pl.DataFrame:
    where, params = Scope(game=game).where("h")
    return _frame(con, f"""
        SELECT h.site, CAST(h.started_at AS DATE) AS day, count(*) AS count
        FROM violations v JOIN hands h USING (hand_key)
        WHERE {where} GROUP BY ALL ORDER BY h.site, day""", params)


def flagged_hands(con: duckdb.DuckDBPyConnection, game: str | None,
                  limit: int = MAX_FLAGGED_ROWS) -> tuple[pl.DataFrame, int]:
    """Violations with the hand and the offending action; also the total before ``limit``."""
    where, params = Scope(game=game).where("h")
    total = scalar(con, f"""SELECT count(*) FROM violations v JOIN hands h USING (hand_key)
                            WHERE {where}""", params)
    frame = _frame(con, f"""
        SELECT h.site, h.hand_id, h.game, h.started_at, h.source_file, h.source_line,
               {_UNIT.replace("f.", "h.")} AS unit, h.currency, v.code, v.severity, v.street,
               v.action_index, v.player,
               v.rule, v.message, a.player AS actor, a.kind, a.amount, a.raise_to, a.all_in
        FROM violations v JOIN hands h USING (hand_key)
        LEFT JOIN actions a ON a.hand_key = v.hand_key AND a.action_index = v.action_index
        WHERE {where}
        ORDER BY h.started_at, h.hand_key, v.action_index NULLS FIRST
        LIMIT {int(limit)}""", params)
    return frame, total
