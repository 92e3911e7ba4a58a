"""``stud-hh report``: write the Plotly HTML report (or, with ``--audit``, the audit page)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="FILE",
                        help="DuckDB database (default: $STUD_HH_DB or the user data folder)")
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


def run(args: argparse.Namespace) -> int:
    from dashboards.report import ReportError, build_report
    from pipelines.db import resolve_db
    from pipelines.stats.query import StatsError, normalise_game

    try:
        game = normalise_game(args.game) if args.game else None
    except StatsError as exc:
        print(f"stud-hh report: {exc}", file=sys.stderr)
        return 2
    db = resolve_db(args.db)
    try:
        out = build_report(db, Path(args.out), player=args.player, game=game, audit=args.audit,
                           kind=args.kind, unit=args.currency)
    except (ReportError, StatsError) as exc:
        print(f"stud-hh report: {exc}", file=sys.stderr)
        return 1
    size = out.stat().st_size / 1e6
    print(f"report written to {out} ({size:.1f} MB) from {db}")
    return 0
