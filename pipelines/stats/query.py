"""The catalogue as one DuckDB query over ``player_facts``, grouped by player.

The result has one row per player; for every stat ``key`` a value column ``key`` (null when
the sample is empty) and its sample size ``key_n`` (the denominator), so no rate is ever
shown without the number of chances behind it.

The query is planned from the catalogue (``_Plan``): every distinct row expression is summed
once, stats with a scope are summed over their scope's rows only and breakdowns by door card
or starting hand are grouped, all joined on the player. ``test_stats.py`` checks the result
equals the naive one-pass sum of every numerator and denominator.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from datetime import date, datetime
from pathlib import Path

import duckdb
import polars as pl

from pipelines.stats.catalogue import CATALOGUE, Kind, Stat
from pipelines.stats.facts_table import COLUMNS, TABLE
from pipelines.stats.filters import (
    GAME_ALIASES,
    Filters,
    StatsError,
    normalise_game,
    normalise_stakes,
    unit_sql,
)

__all__ = [
    "GAME_ALIASES", "Filters", "StatsError", "money_by_unit", "normalise_game",
    "normalise_stakes", "player_stats", "stats_sql",
]

_BOOLEAN_COLUMNS = {name for name, (sql, _) in COLUMNS.items() if sql == "BOOLEAN"}
_PREDICATE = re.compile(r" AND | OR |NOT | IS |[=<>]")


def _aggregate(expr: str) -> str:
    """The cheapest exact sum of one row expression: count(*), count_if or SUM."""
    if expr == "1":
        return "count(*)"
    if expr in _BOOLEAN_COLUMNS or _PREDICATE.search(expr):
        return f"count_if({expr})"
    return f"SUM({expr})"


class _Plan:
    """Each distinct row expression summed once, in the cheapest pass that can hold it.

    Passes: all filtered rows (with the hand count and ``min_hands``), one pass per stat
    scope (only rows where the scope holds), one grouped pass per group column.
    """

    def __init__(self, stats: tuple[Stat, ...]) -> None:
        self.alias: dict[tuple[str, str, str], str] = {}  # (pass, group value, expr)
        self.passes: dict[str, list[str]] = {"": []}
        for stat in stats:
            if stat.kind is Kind.TOTAL or stat.per_unit:
                continue
            where = f"group:{stat.group[0]}" if stat.group else stat.scope
            value = stat.group[1] if stat.group else ""
            for expr in (stat.numerator, stat.denominator):
                key = (where, value, expr)
                if key in self.alias:
                    continue
                self.alias[key] = f"a{len(self.alias)}"
                exprs = self.passes.setdefault(where, [])
                if expr not in exprs:
                    exprs.append(expr)
        for stat in stats:
            if stat.kind is Kind.TOTAL and not stat.per_unit:
                self.alias[("", "", stat.numerator)] = f"t_{stat.key}"

    def column(self, stat: Stat, expr: str) -> str:
        where = f"group:{stat.group[0]}" if stat.group else stat.scope
        return self.alias[(where, stat.group[1] if stat.group else "", expr)]

    def sql(self, stats: tuple[Stat, ...], where: str) -> str:
        """The catalogue query; named parameters as ``where`` uses them, and $min_hands."""
        totals = [s for s in stats if s.kind is Kind.TOTAL and not s.per_unit]
        core = ["count(*) AS hands"]
        core += [f"CAST(SUM({s.numerator}) AS BIGINT) AS t_{s.key}" for s in totals]
        core += [f"{_aggregate(e)} AS {self.alias[('', '', e)]}" for e in self.passes[""]]
        ctes = [
            f"p0 AS (SELECT player, {', '.join(core)} FROM {TABLE} WHERE {where} "
            "GROUP BY player HAVING count(*) >= $min_hands)"
        ]
        joins = []
        for i, (name, exprs) in enumerate(self.passes.items()):
            if not name:
                continue
            cte = f"p{i}"
            if name.startswith("group:"):
                column = name.removeprefix("group:")
                inner = ", ".join(f"{_aggregate(e)} AS e{j}" for j, e in enumerate(exprs))
                pivots = ", ".join(
                    f"SUM(CASE WHEN g = {value} THEN e{exprs.index(expr)} END) AS {alias}"
                    for (pname, value, expr), alias in self.alias.items() if pname == name
                )
                ctes.append(
                    f"{cte} AS (SELECT player, {pivots} FROM (SELECT player, {column} AS g, "
                    f"{inner} FROM {TABLE} WHERE {where} AND {column} IS NOT NULL "
                    "GROUP BY player, g) GROUP BY player)"
                )
            else:
                sums = ", ".join(f"{_aggregate(e)} AS {self.alias[(name, '', e)]}"
                                 for e in exprs)
                ctes.append(f"{cte} AS (SELECT player, {sums} FROM {TABLE} "
                            f"WHERE {where} AND ({name}) GROUP BY player)")
            joins.append(f"LEFT JOIN {cte} USING (player)")
        values = []
        for stat in stats:
            if stat.per_unit:
                continue  # one column per money unit: ``money_by_unit``
            if stat.kind is Kind.TOTAL:
                values.append(f't_{stat.key} AS "{stat.key}", hands AS "{stat.key}_n"')
                continue
            n = f"COALESCE({self.column(stat, stat.numerator)}, 0)"
            d = f"COALESCE({self.column(stat, stat.denominator)}, 0)"
            values.append(
                f'CASE WHEN {d} > 0 THEN {stat.scale!r} * {n} / {d} END AS "{stat.key}", '
                f'CAST({d} AS BIGINT) AS "{stat.key}_n"'
            )
        return (
            "WITH " + ",\n".join(ctes) + "\nSELECT player, " + ",\n".join(values)
            + "\nFROM p0 " + " ".join(joins) + "\nORDER BY hands DESC, player"
        )


def stats_sql(stats: tuple[Stat, ...] = CATALOGUE, where: str = "TRUE") -> str:
    """The catalogue as one query (named parameters: the filters', then ``$min_hands``)."""
    return _Plan(stats).sql(stats, where)


def _connect(db: duckdb.DuckDBPyConnection | str | os.PathLike[str] | None
             ) -> tuple[duckdb.DuckDBPyConnection, bool]:
    if isinstance(db, duckdb.DuckDBPyConnection):
        return db, False
    from pipelines.db import DatabaseBusy, connect, resolve_db

    path = resolve_db(db)
    if not Path(path).exists():
        raise StatsError(f"no database at {path}: import hand histories first (stud-hh import)")
    try:
        return connect(path, read_only=True), True
    except DatabaseBusy as exc:
        raise StatsError(str(exc)) from None


def _tables(con: duckdb.DuckDBPyConnection) -> set[str]:
    return {r[0] for r in con.execute(
        "SELECT table_name FROM information_schema.tables").fetchall()}


def prepared(con: duckdb.DuckDBPyConnection, filters: Filters) -> Filters:
    """``filters`` normalised for this database (raises ``StatsError`` without facts)."""
    present = _tables(con)
    if TABLE not in present:
        raise StatsError(
            f"the database has no {TABLE} table: run `stud-hh rebuild` to compute "
            "per-hand facts"
        )
    if not {"ev_net"} <= _facts_columns(con):
        raise StatsError(
            f"the {TABLE} table predates the all-in EV: run `stud-hh rebuild` to recompute "
            "per-hand facts")
    return replace(filters.normalised(), with_hands="hands" in present)


def _facts_columns(con: duckdb.DuckDBPyConnection) -> set[str]:
    return {r[0] for r in con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = ?",
        [TABLE]).fetchall()}


def player_stats(
    db: duckdb.DuckDBPyConnection | str | os.PathLike[str] | None,
    player: str | None = None,
    game: str | None = None,
    stakes: str | None = None,
    since: date | datetime | str | None = None,
    until: date | datetime | str | None = None,
    min_hands: int = 0,
    *,
    kind: str | None = None,
    unit: str | None = None,
    filters: Filters | None = None,
) -> pl.DataFrame:
    """The whole catalogue for every player matching the filters, computed in DuckDB.

    ``db`` is an open connection or a database path (None: the default database).
    ``since``/``until`` are inclusive; a bare date means that whole day, times in UTC.
    ``kind`` is cash or tournament, ``unit`` a currency code, ``chips`` or ``play``.
    ``filters`` (``pipelines.stats.filters.Filters``) replaces the separate arguments.

    Money totals (``net_won``, ``rake_paid``) come as one column per money unit present,
    ``net_won_USD``, ``net_won_chips``, ... with the unit's hands as their sample
    (``net_won_USD_n``): amounts of two units are never added.
    """
    if filters is None:
        filters = Filters(players=() if player is None else (player,), game=game,
                          stakes=stakes, kind=kind, unit=unit, since=since, until=until,
                          min_hands=min_hands)
    con, owned = _connect(db)
    try:
        filters = prepared(con, filters)
        where, params = filters.where()
        params["min_hands"] = filters.min_hands
        frame = con.sql(stats_sql(where=where), params=params).pl()
        return _with_money(frame, money_by_unit(con, filters, prepared_=True))
    finally:
        if owned:
            con.close()


def money_by_unit(con: duckdb.DuckDBPyConnection, filters: Filters,
                  prepared_: bool = False) -> pl.DataFrame:
    """``player``, ``unit``, ``hands``, then each per-unit total (``net_won``,
    ``rake_paid``): one row per player and money unit, never summed across units."""
    if not prepared_:
        filters = prepared(con, filters)
    where, params = filters.where()
    money = [s for s in CATALOGUE if s.per_unit]
    sums = ", ".join(f'CAST(SUM({s.numerator}) AS BIGINT) AS "{s.key}"' for s in money)
    return con.sql(
        f"SELECT player, {unit_sql('', filters.with_hands)} AS unit, count(*) AS hands, "
        f"{sums} FROM {TABLE} WHERE {where} GROUP BY ALL ORDER BY player, unit",
        params=params).pl()


def unit_columns(frame: pl.DataFrame) -> list[str]:
    """The money units a stats frame has columns for, in order (``USD``, ``chips``, ...)."""
    first = next(s.key for s in CATALOGUE if s.per_unit)
    return [c.removeprefix(f"{first}_") for c in frame.columns
            if c.startswith(f"{first}_") and not c.endswith("_n")]


def _with_money(frame: pl.DataFrame, money: pl.DataFrame) -> pl.DataFrame:
    """The stats frame with ``<key>_<unit>`` and ``<key>_<unit>_n`` per money stat and
    unit, placed where the catalogue lists the stat."""
    per_unit = [s for s in CATALOGUE if s.per_unit]
    units = sorted(money["unit"].unique().to_list(), key=lambda u: (u in ("chips", "play"), u))
    wide = frame.select("player")
    for u in units:
        rows = money.filter(pl.col("unit") == u)
        cols = [pl.col("player")]
        for s in per_unit:
            cols += [pl.col(s.key).alias(f"{s.key}_{u}"),
                     pl.col("hands").alias(f"{s.key}_{u}_n")]
        wide = wide.join(rows.select(cols), on="player", how="left")
    wide = wide.with_columns(pl.col("^.*_n$").exclude("player").fill_null(0))
    joined = frame.join(wide, on="player", how="left", maintain_order="left")
    order: list[str] = ["player"]
    for stat in CATALOGUE:
        if stat.per_unit:
            for u in units:
                order += [f"{stat.key}_{u}", f"{stat.key}_{u}_n"]
        else:
            order += [stat.key, f"{stat.key}_n"]
    return joined.select(order)
