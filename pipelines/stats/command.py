"""``stud-hh stats``: the catalogue for the players in the database, as a table, CSV or JSON.

The table shows about ten main stats per player (``SUMMARY``), or the stats named by
``--columns``, sorted (``--sort``) and cut to ``--limit`` rows with the rest counted. It is
laid out for the terminal's width: every cell is printed whole, and when the terminal is
too narrow for every column the least important ones are left out and named under the
table. A table for one player lists every stat with a sample (its value beside the number
of chances behind it). CSV and JSON carry the full catalogue for every player: a ``key``
column and its ``key_n`` sample per stat, money per unit (``net_won_USD``,
``net_won_chips``, ...).
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from dataclasses import dataclass

import polars as pl
from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from pipelines.stats.catalogue import BY_KEY, CATALOGUE, Kind, Stat
from pipelines.stats.query import StatsError, player_stats, unit_columns

#: The default columns: stat key -> header (two short lines at most), most important first
#: among the stats (the order they are dropped in at a narrow width is ``DROP_ORDER``).
SUMMARY = {
    "hands": "hands", "vpip": "VPIP", "complete_3rd": "complete\nunopened",
    "steal_pos": "steal\nattempt", "saw_4": "saw\n4th", "showdown": "went to\nshowdown",
    "won_showdown": "won at\nshowdown", "af": "aggr.\nfactor", "bb_per_100": "BB/100",
    "net_won": "net won",
}
#: Columns left out first when the terminal is too narrow for the default set.
DROP_ORDER = ("complete_3rd", "steal_pos", "af", "saw_4", "won_showdown", "showdown")
DEFAULT_LIMIT = 25
#: The player column keeps at least this many cells (longer names wrap, never cut).
PLAYER_MIN = 10
#: Width used when the output is not a terminal and $COLUMNS is not set.
PIPE_WIDTH = 160


def configure(parser: argparse.ArgumentParser) -> None:
    from pipelines.commands._common import add_db_option, add_store_option, add_wait_option

    add_db_option(parser)
    add_store_option(parser)
    add_wait_option(parser, "giving up")
    parser.add_argument("--player", metavar="NAME", help="only this player (exact name)")
    parser.add_argument("--game", metavar="G", help="stud, stud8 or razz")
    parser.add_argument("--stakes", metavar="S", help='as stored, e.g. "0.04/0.08" or "50/100"')
    parser.add_argument("--kind", choices=("cash", "tournament"),
                        help="cash games or tournaments only")
    parser.add_argument("--currency", metavar="UNIT",
                        help="one money unit: a currency (USD, EUR), chips (tournament "
                        "chips) or play (play money)")
    parser.add_argument("--since", metavar="DATE", help="first day (YYYY-MM-DD, UTC), inclusive")
    parser.add_argument("--until", metavar="DATE", help="last day (YYYY-MM-DD, UTC), inclusive")
    parser.add_argument("--min-hands", metavar="N", type=int, default=0,
                        help="only players with at least N hands")
    parser.add_argument("--columns", metavar="KEYS",
                        help="comma-separated stat keys from the catalogue (docs/stats.md), "
                        f"e.g. vpip,saw_4,bb_per_100 (default: {','.join(SUMMARY)})")
    parser.add_argument("--sort", metavar="KEY", default="hands",
                        help="sort by this stat key or 'player' (default: hands, most first)")
    parser.add_argument("--ascending", action="store_true", help="sort smallest first")
    parser.add_argument("--limit", metavar="N", type=int, default=DEFAULT_LIMIT,
                        help=f"table rows (default {DEFAULT_LIMIT}; 0: every player)")
    parser.add_argument("--samples", action="store_true",
                        help="show each rate's sample (value/n) in the table")
    parser.add_argument("--format", choices=("table", "csv", "json"), default="table",
                        help="csv and json hold every stat of every player (--columns and "
                        "--limit shape the table only)")


def run(args: argparse.Namespace) -> int:
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    if args.min_hands < 0 or args.limit < 0:
        err.print("stud-hh stats: --min-hands and --limit must be 0 or more")
        return 2
    from pipelines.db import DatabaseBusy, DatabaseUnavailable, connect_read_only, resolve_db

    try:  # busy (an import writing), missing or broken: one line naming the database
        if getattr(args, "store", None) is not None:
            from pipelines.store_views import open_store

            con = open_store(args.store)
        else:
            con = connect_read_only(resolve_db(args.db), wait=args.wait)
    except (DatabaseBusy, DatabaseUnavailable, FileNotFoundError) as exc:
        err.print(f"stud-hh stats: {escape(str(exc))}")
        return 1
    try:
        frame = player_stats(
            con, player=args.player, game=args.game, stakes=args.stakes,
            since=args.since, until=args.until, min_hands=args.min_hands,
            kind=args.kind, unit=args.currency,
        )
        frame = sort_frame(frame, args.sort, args.ascending)
        columns = choose_columns(frame, args.columns)
    except StatsError as exc:
        err.print(f"stud-hh stats: {escape(str(exc))}")
        return 2 if "database" not in str(exc) and "table" not in str(exc) else 1
    finally:
        con.close()
    if args.format == "csv":
        sys.stdout.write(frame.write_csv())
        return 0
    if args.format == "json":
        sys.stdout.write(frame.write_json() + "\n")
        return 0
    out = terminal()
    if frame.is_empty():
        out.print("no player matches these filters")
    elif frame.height == 1 and args.player is not None:
        out.print(detail_table(frame.row(0, named=True), frame,
                               None if args.columns is None else columns))
    else:
        shown = frame if args.limit == 0 else frame.head(args.limit)
        out.print(summary_table(shown, None if args.columns is None else columns, out.width,
                                args.samples))
        if frame.height > shown.height:
            more = frame.height - shown.height
            out.print(f"{more:,} more player{'s' if more != 1 else ''} "
                      "(--limit 0 shows all, --min-hands N fewer)")
    return 0


def terminal() -> Console:
    """The output console: the terminal's width, $COLUMNS when set, else ``PIPE_WIDTH``."""
    out = Console(highlight=False)
    if not out.is_terminal and "COLUMNS" not in os.environ:
        out = Console(highlight=False, width=PIPE_WIDTH)
    return out


def sort_frame(frame: pl.DataFrame, key: str, ascending: bool = False) -> pl.DataFrame:
    """Players by ``key`` (a stat, ``net_won_USD``, or ``player``); nulls last."""
    if key == "player":
        return frame.sort("player", descending=ascending)
    column = _money_column(frame, key) if key in BY_KEY and BY_KEY[key].per_unit else key
    if column not in frame.columns:
        raise StatsError(f"cannot sort by {key!r}: {_suggest(key, frame)}")
    return frame.sort([column, "player"], descending=[not ascending, False], nulls_last=True)


def _money_column(frame: pl.DataFrame, key: str) -> str:
    units = unit_columns(frame)
    if len(units) == 1:
        return f"{key}_{units[0]}"
    if not units:
        return key
    raise StatsError(f"{key} is per money unit here: sort by "
                     + " or ".join(f"{key}_{u}" for u in units))


def _suggest(key: str, frame: pl.DataFrame) -> str:
    names = [c for c in frame.columns if not c.endswith("_n")]
    close = difflib.get_close_matches(key, names, n=4)
    hint = f"did you mean {', '.join(close)}?" if close else "see docs/stats.md for the keys"
    return f"no such stat; {hint}"


@dataclass(frozen=True)
class Column:
    """One table column: the frame column it shows, its header, its stat."""

    name: str
    header: str
    stat: Stat | None  # None: the player column


def choose_columns(frame: pl.DataFrame, keys: str | None) -> list[Column]:
    """The table's columns: ``SUMMARY`` or the ``--columns`` keys, money split by unit."""
    wanted = list(SUMMARY) if keys is None else [k.strip() for k in keys.split(",") if k.strip()]
    columns = [Column("player", "player", None)]
    for key in wanted:
        if key == "player":
            continue
        stat = BY_KEY.get(key)
        if stat is not None and stat.per_unit:
            for unit in unit_columns(frame):
                columns.append(Column(f"{key}_{unit}", _header(key, stat, unit), stat))
            continue
        if stat is None:
            base, _, unit = key.rpartition("_")
            money = BY_KEY.get(base)
            if money is not None and money.per_unit and key in frame.columns:
                columns.append(Column(key, _header(base, money, unit), money))
                continue
            raise StatsError(f"unknown column {key!r}: {_suggest(key, frame)}")
        columns.append(Column(key, _header(key, stat), stat))
    return columns


def _header(key: str, stat: Stat, unit: str | None = None) -> str:
    if unit is not None:
        name = SUMMARY.get(key) or stat.label
        return f"{name}\n{'tourn. chips' if unit == 'chips' else unit}"
    if key in SUMMARY:
        return SUMMARY[key]
    return stat.label


def format_value(stat: Stat, value: float | int | None) -> str:
    if value is None:
        return "-"
    if stat.per_unit:
        return f"{value:+,}" if stat.key == "net_won" else f"{value:,}"
    if stat.unit == "%":
        return f"{value:.1f}%"
    if stat.unit == "ratio":
        return f"{value:.2f}"
    if stat.unit in ("BB/100", "SB/100"):
        return f"{value:+.2f}"
    return f"{int(value):,}"


def money_text(value: int | None, unit: str) -> str:
    """A money total in its unit: cents of a currency as ``+12.34``, chips as ``+1,234``."""
    if value is None:
        return "-"
    if unit in ("chips", "play"):
        return f"{value:+,}"
    sign = "-" if value < 0 else "+"
    whole, cents = divmod(abs(value), 100)
    return f"{sign}{whole:,}.{cents:02d}"


def _cell(column: Column, row: dict[str, object], samples: bool) -> str:
    stat = column.stat
    if stat is None:
        return escape(str(row["player"]))
    value = row.get(column.name)
    if stat.per_unit:
        unit = column.name.removeprefix(f"{stat.key}_")
        text = money_text(value, unit)  # type: ignore[arg-type]
        return text if stat.key == "net_won" else text.lstrip("+")
    if stat.kind is Kind.RATE and stat.unit == "%":
        text = "-" if value is None else f"{value:.0f}%"
    else:
        text = format_value(stat, value)  # type: ignore[arg-type]
    if samples and stat.kind is Kind.RATE:
        text += f"/{row.get(f'{column.name}_n', 0)}"
    return text


def _fit(columns: list[Column], cells: dict[str, list[str]], width: int | None,
         explicit: bool) -> tuple[list[Column], list[Column]]:
    """The columns that fit ``width`` whole (and those left out), dropping ``DROP_ORDER``
    first; columns asked for by name are dropped from the right."""
    def need(cols: list[Column]) -> int:
        total = 0
        for c in cols:
            lines = [cell_len(line) for line in c.header.split("\n")]
            widest = max([*lines, *(cell_len(v) for v in cells[c.name])])
            if c.stat is None:
                widest = min(widest, max(PLAYER_MIN, max(lines)))
            total += widest
        return total + 2 * len(cols) - 1  # each column's right padding, the dividers

    shown = list(columns)
    dropped: list[Column] = []
    if width is None:
        return shown, dropped
    order = [c for key in DROP_ORDER for c in shown if c.name == key] if not explicit else []
    order += [c for c in reversed(shown[1:]) if c not in order]
    while need(shown) > width and order:
        gone = order.pop(0)
        shown.remove(gone)
        dropped.append(gone)
    return shown, dropped


def summary_table(frame: pl.DataFrame, columns: list[Column] | None = None,
                  width: int | None = None, samples: bool = False) -> Table:
    """One row per player; every cell whole within ``width`` (None: no limit)."""
    explicit = columns is not None
    columns = columns if columns is not None else choose_columns(frame, None)
    rows = list(frame.iter_rows(named=True))
    cells = {c.name: [_cell(c, r, samples) for r in rows] for c in columns}
    shown, dropped = _fit(columns, cells, width, explicit)
    units = [c.name for c in shown if c.stat is not None and c.stat.per_unit]
    notes = ["rates in % of each player's chances" + ("" if samples else
             " (--samples: how many)")]
    if units:
        notes.append("money in each unit apart, never added")
    if dropped:
        notes.append("left out at this width: " + ", ".join(c.name for c in dropped)
                     + " (a wider terminal, or --columns)")
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1, 0, 0),
                  caption="; ".join(notes), caption_justify="left")
    for c in shown:
        if c.stat is None:
            table.add_column(c.header, overflow="fold", min_width=PLAYER_MIN)
        else:
            widest = max([cell_len(v) for v in cells[c.name]]
                         + [cell_len(line) for line in c.header.split("\n")])
            table.add_column(c.header, justify="right", no_wrap=True, min_width=widest)
    for i in range(len(rows)):
        table.add_row(*(cells[c.name][i] for c in shown))
    return table


def detail_table(row: dict[str, object], frame: pl.DataFrame,
                 columns: list[Column] | None = None) -> Table:
    """Every stat with a non-empty sample for one player, by section (or ``columns``)."""
    table = Table(title=escape(f"{row['player']}: {row['hands']:,} hands"),
                  caption="n = the sample (denominator); stats with no sample are left out; "
                  "money in each unit apart", box=box.SIMPLE_HEAD, show_edge=False,
                  pad_edge=False)
    table.add_column("section", overflow="fold")
    table.add_column("stat", overflow="fold")
    table.add_column("value", justify="right", no_wrap=True)
    table.add_column("n", justify="right", no_wrap=True)
    wanted = None if columns is None else {c.name for c in columns}
    section = None
    for stat in CATALOGUE:
        names = ([f"{stat.key}_{u}" for u in unit_columns(frame)] if stat.per_unit
                 else [stat.key])
        for name in names:
            n = row.get(f"{name}_n")
            if not n or (wanted is not None and name not in wanted):
                continue
            value = row[name]
            if stat.per_unit:
                unit = name.removeprefix(f"{stat.key}_")
                label = f"{stat.label} ({'tournament chips' if unit == 'chips' else unit})"
                text = money_text(value, unit)  # type: ignore[arg-type]
            else:
                label = stat.label
                text = format_value(stat, value)  # type: ignore[arg-type]
            shown_section = stat.section if stat.section != section else ""
            section = stat.section
            table.add_row(escape(shown_section), escape(label), text, f"{n:,}")
    return table
