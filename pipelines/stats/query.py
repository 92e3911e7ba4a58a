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
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path

import duckdb
import polars as pl

from pipelines.stats.catalogue import CATALOGUE, Kind, Stat
from pipelines.stats.facts_table import COLUMNS, TABLE

GAME_ALIASES = {
    "stud": "stud", "7stud": "stud", "stud-hi": "stud", "studhi": "stud",
    "stud8": "stud8", "hilo": "stud8", "stud-hilo": "stud8", "studhilo": "stud8",
    "stud/8": "stud8", "razz": "razz",
}
_CURRENCY_MARKS = str.maketrans("", "", "$€£ ")


class StatsError(ValueError):
    """A filter the query cannot use, or a database without facts."""


def normalise_game(game: str) -> str:
    try:
        return GAME_ALIASES[game.strip().lower()]
    except KeyError:
        raise StatsError(
            f"unknown game {game!r}: use stud, stud8 or razz"
        ) from None


def normalise_stakes(stakes: str) -> str:
    """``$0.04/$0.08`` -> ``0.04/0.08`` (the stored label)."""
    return stakes.translate(_CURRENCY_MARKS).replace("USD", "").replace("EUR", "")


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
            if stat.kind is Kind.TOTAL:
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
            if stat.kind is Kind.TOTAL:
                self.alias[("", "", stat.numerator)] = f"t_{stat.key}"

    def column(self, stat: Stat, expr: str) -> str:
        where = f"group:{stat.group[0]}" if stat.group else stat.scope
        return self.alias[(where, stat.group[1] if stat.group else "", expr)]

    def sql(self, stats: tuple[Stat, ...], where: str) -> str:
        """The catalogue query; named parameters as ``where`` uses them, and $min_hands."""
        totals = [s for s in stats if s.kind is Kind.TOTAL]
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
    from pipelines.db import resolve_db

    path = resolve_db(db)
    if not Path(path).exists():
        raise StatsError(f"no database at {path}: import hand histories first (stud-hh import)")
    return duckdb.connect(str(path), read_only=True), True


def player_stats(
    db: duckdb.DuckDBPyConnection | str | os.PathLike[str] | None,
    player: str | None = None,
    game: str | None = None,
    stakes: str | None = None,
    since: date | datetime | str | None = None,
    until: date | datetime | str | None = None,
    min_hands: int = 0,
) -> pl.DataFrame:
    """The whole catalogue for every player matching the filters, computed in DuckDB.

    ``db`` is an open connection or a database path (None: the default database).
    ``since``/``until`` are inclusive; a bare date means that whole day, times in UTC.
    """
    where: list[str] = []
    params: dict[str, object] = {"min_hands": max(int(min_hands), 0)}
    if player is not None:
        where.append("player = $player")
        params["player"] = player
    if game is not None:
        where.append("game = $game")
        params["game"] = normalise_game(game)
    if stakes is not None:
        where.append("stakes = $stakes")
        params["stakes"] = normalise_stakes(stakes)
    if since is not None:
        where.append("started_at >= $since")
        params["since"] = _bound(since, end=False)
    if until is not None:
        where.append("started_at < $until")
        params["until"] = _bound(until, end=True)
    con, owned = _connect(db)
    try:
        exists = con.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_name = ?", [TABLE]
        ).fetchall()[0][0]
        if not exists:
            raise StatsError(
                f"the database has no {TABLE} table: run `stud-hh rebuild` to compute "
                "per-hand facts"
            )
        sql = stats_sql(where=" AND ".join(where) or "TRUE")
        return con.sql(sql, params=params).pl()
    finally:
        if owned:
            con.close()


def _bound(value: date | datetime | str, end: bool) -> datetime:
    """A filter bound as an aware UTC time; a bare date ``until`` includes the whole day.

    >>> _bound("2009-11-26", end=True).isoformat()
    '2009-11-27T00:00:00+00:00'
    >>> _bound("2009-11-26T10:00", end=False).isoformat()
    '2009-11-26T10:00:00+00:00'
    """
    if isinstance(value, str):
        text = value.strip()
        try:
            parsed = datetime.fromisoformat(text)
        except ValueError:
            raise StatsError(f"not a date: {value!r} (use YYYY-MM-DD)") from None
        value = parsed.date() if len(text) == 10 else parsed
    if isinstance(value, datetime):
        moment = value
    else:
        moment = datetime.combine(value + timedelta(days=1) if end else value, time())
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
