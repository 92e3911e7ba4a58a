"""``stud-hh watch DIR... [--db FILE]``: import new hands as they are written, until Ctrl-C."""

from __future__ import annotations

import argparse

from rich.console import Console

from pipelines.commands._common import add_db_option
from pipelines.db import DatabaseBusy, resolve_db
from pipelines.importer import ImportResult
from pipelines.watch import INTERVAL, SETTLE, watch


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="DIR", help="folders the client writes to")
    add_db_option(parser)
    parser.add_argument("--interval", type=float, default=INTERVAL, metavar="SECONDS",
                        help=f"seconds between looks (default {INTERVAL})")
    parser.add_argument("--settle", type=float, default=SETTLE, metavar="SECONDS",
                        help="a file's last hand is imported once the file has been quiet "
                        f"this long (default {SETTLE})")
    parser.add_argument("--rules", type=str.upper, default=None, metavar="PRESET",
                        help="rule book to validate against")


def run(args: argparse.Namespace) -> int:
    out = Console(highlight=False, soft_wrap=True)
    db = resolve_db(args.db)
    out.print(f"database: {db}")
    out.print(f"watching {', '.join(args.paths)} (Ctrl-C to stop)")

    def imported(result: ImportResult) -> None:
        if result.hands_found:
            out.print(
                f"{result.hands_found} new hands: {result.imported} imported, "
                f"{result.duplicates} duplicates, {result.quarantined} quarantined"
            )

    def busy(exc: DatabaseBusy) -> None:
        out.print(f"[yellow]waiting: {exc}[/]")

    try:
        total = watch(args.paths, db=db, rules=args.rules, interval=args.interval,
                      settle=args.settle, on_import=imported, on_busy=busy)
    except FileNotFoundError as exc:
        out.print(f"stud-hh watch: {exc}")
        return 2
    out.print(f"stopped; {total} hands imported in this session")
    return 0
