"""``stud-hh stats``: the catalogue for the players in the database, as a table, CSV or JSON.

A table for one player lists every stat with a sample (its value beside the number of
chances behind it); for several players it shows one summary row each. CSV and JSON carry
the full catalogue: a ``key`` column and its ``key_n`` sample per stat.
"""

from __future__ import annotations

import argparse
import sys

import polars as pl
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from pipelines.stats.catalogue import BY_KEY, CATALOGUE, Stat
from pipelines.stats.query import StatsError, player_stats

#: The summary columns (stat key -> short header) when several players are shown.
SUMMARY = {
    "hands": "hands", "vpip": "VPIP", "complete_3rd": "compl", "steal_pos": "steal",
    "saw_4": "4th", "showdown": "WTSD", "won_showdown": "W$SD", "af": "AF",
    "bb_per_100": "BB/100", "net_won": "net",
}


def configure(parser: argparse.ArgumentParser) -> None:
    from pipelines.commands._common import add_db_option, add_wait_option

    add_db_option(parser)
    add_wait_option(parser, "giving up")
    parser.add_argument("--player", metavar="NAME", help="only this player (exact name)")
    parser.add_argument("--game", metavar="G", help="stud, stud8 or razz")
    parser.add_argument("--stakes", metavar="S", help='as stored, e.g. "0.04/0.08" or "50/100"')
    parser.add_argument("--since", metavar="DATE", help="first day (YYYY-MM-DD, UTC), inclusive")
    parser.add_argument("--until", metavar="DATE", help="last day (YYYY-MM-DD, UTC), inclusive")
    parser.add_argument("--min-hands", metavar="N", type=int, default=0,
                        help="only players with at least N hands")
    parser.add_argument("--format", choices=("table", "csv", "json"), default="table")


def run(args: argparse.Namespace) -> int:
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    if args.min_hands < 0:
        err.print("stud-hh stats: --min-hands must be 0 or more")
        return 2
    from pipelines.db import DatabaseBusy, DatabaseUnavailable, connect_read_only, resolve_db

    try:
        con = connect_read_only(resolve_db(args.db), wait=args.wait)
    except (DatabaseBusy, DatabaseUnavailable, FileNotFoundError) as exc:
        err.print(f"stud-hh stats: {escape(str(exc))}")
        return 1
    try:
        frame = player_stats(
            con, player=args.player, game=args.game, stakes=args.stakes,
            since=args.since, until=args.until, min_hands=args.min_hands,
        )
    except StatsError as exc:
        err.print(f"stud-hh stats: {escape(str(exc))}")
        return 2 if "database" not in str(exc) and "table" not in str(exc) else 1
    finally:
        con.close()
    if args.format == "csv":
        sys.stdout.write(frame.write_csv())
    elif args.format == "json":
        sys.stdout.write(frame.write_json() + "\n")
    else:
        out = Console(highlight=False)
        if not out.is_terminal:  # piped: do not squeeze the table into 80 columns
            out = Console(highlight=False, width=160)
        if frame.is_empty():
            out.print("no player matches these filters")
        elif frame.height == 1:
            out.print(detail_table(frame.row(0, named=True)))
        else:
            out.print(summary_table(frame))
    return 0


def format_value(stat: Stat, value: float | int | None) -> str:
    if value is None:
        return "-"
    if stat.unit == "%":
        return f"{value:.1f}%"
    if stat.unit == "ratio":
        return f"{value:.2f}"
    if stat.unit in ("BB/100", "SB/100"):
        return f"{value:+.2f}"
    return f"{int(value):,}"


def detail_table(row: dict[str, object]) -> Table:
    """Every stat with a non-empty sample for one player, by section."""
    table = Table(title=f"{escape(str(row['player']))}: {row['hands']} hands",
                  caption="n = the sample (denominator); stats with no sample are left out")
    table.add_column("section")
    table.add_column("stat")
    table.add_column("value", justify="right")
    table.add_column("n", justify="right")
    section = None
    for stat in CATALOGUE:
        n = row[f"{stat.key}_n"]
        if not n:
            continue
        value = row[stat.key]
        shown_section = stat.section if stat.section != section else ""
        section = stat.section
        table.add_row(shown_section, stat.label, format_value(stat, value), str(n))  # type: ignore[arg-type]
    return table


def summary_table(frame: pl.DataFrame) -> Table:
    table = Table(caption="value/n: n = the sample behind each rate (--player NAME: all stats); "
                  "net in cents or chips")
    table.add_column("player")
    for header in SUMMARY.values():
        table.add_column(header, justify="right")
    for row in frame.iter_rows(named=True):
        cells = [escape(str(row["player"]))]  # a name is text, never markup
        for key in SUMMARY:
            stat = BY_KEY[key]
            value = row[key]
            if stat.kind == "rate" and stat.unit == "%":
                text = "-" if value is None else f"{value:.0f}%"
            else:
                text = format_value(stat, value)
            if stat.kind == "rate":
                text += f"/{row[f'{key}_n']}"
            cells.append(text)
        table.add_row(*cells)
    return table
