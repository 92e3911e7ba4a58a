"""``stud-hh report``: write the Plotly HTML report (or, with ``--audit``, the audit page)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="FILE",
                        help="DuckDB database (default: $STUD_HH_DB or the user data folder)")
    parser.add_argument("--store", metavar="STORE",
                        help="read a Parquet store (stud-hh import --out STORE) instead of "
                        "a DuckDB database")
    parser.add_argument("--player", metavar="NAME", help="one player's report")
    parser.add_argument("--game", metavar="G", help="stud, stud8 (hilo) or razz")
    parser.add_argument("--kind", choices=("cash", "tournament"),
                        help="cash games or tournaments only")
    parser.add_argument("--currency", metavar="UNIT",
                        help="one money unit: a currency (USD, EUR), chips or play")
    parser.add_argument("--out", metavar="FILE", default="report.html",
                        help="HTML file to write (default: report.html)")
    parser.add_argument("--audit", action="store_true",
                        help="the audit page: violations by code, by site, flagged hands")
    parser.add_argument("--wait", type=float, default=None, metavar="SECONDS",
                        help="if an import is writing to the database, wait this long for "
                        "it (default: a moment)")


def run(args: argparse.Namespace) -> int:
    from dashboards.report import ReportError, build_report
    from pipelines.db import DatabaseBusy, DatabaseUnavailable, connect_read_only, resolve_db
    from pipelines.stats.query import StatsError, normalise_game

    try:
        game = normalise_game(args.game) if args.game else None
    except StatsError as exc:
        print(f"stud-hh report: {exc}", file=sys.stderr)
        return 2
    db = resolve_db(args.db)
    try:  # busy or missing: say so before any work (and wait if asked)
        if args.store is not None:
            from pipelines.store_views import store_as_db

            with store_as_db(args.store) as views:
                out = build_report(views, Path(args.out), player=args.player, game=game,
                                   audit=args.audit, kind=args.kind, unit=args.currency)
            db = args.store
        else:
            connect_read_only(db, wait=args.wait).close()
            out = build_report(db, Path(args.out), player=args.player, game=game,
                               audit=args.audit, kind=args.kind, unit=args.currency)
    except (ReportError, StatsError, DatabaseBusy, DatabaseUnavailable,
            FileNotFoundError) as exc:
        print(f"stud-hh report: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # the HTML file cannot be written
        print(f"stud-hh report: cannot write {args.out}: "
              f"{exc.strerror or exc}; choose another place with --out FILE", file=sys.stderr)
        return 1
    size = out.stat().st_size / 1e6
    print(f"report written to {out} ({size:.1f} MB) from {db}")
    return 0
