"""``stud-hh watch DIR... [--db FILE]``: import new hands as they are written, until Ctrl-C.

Exit status: 0 when stopped by Ctrl-C (what was imported stays), 1 when the database cannot
be written, 2 for a folder that does not exist.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pipelines.commands._common import add_db_option, console
from pipelines.db import DatabaseBusy, DatabaseUnavailable, resolve_db
from pipelines.watch import INTERVAL, SETTLE

if TYPE_CHECKING:
    from pipelines.importer import ImportResult


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="DIR", help="folders the client writes to")
    add_db_option(parser)
    parser.add_argument("--interval", type=float, default=INTERVAL, metavar="SECONDS",
                        help=f"seconds between looks (default {INTERVAL})")
    parser.add_argument("--settle", type=float, default=SETTLE, metavar="SECONDS",
                        help="a file's unfinished last hand is read once the file has been "
                        f"quiet this long (default {SETTLE})")
    parser.add_argument("--rules", type=str.upper, default=None, metavar="PRESET",
                        help="rule book to validate against")


def run(args: argparse.Namespace) -> int:
    from pipelines.watch import watch

    out = console()
    err = console(stderr=True)
    db = resolve_db(args.db)
    out.print(f"database: {db}")
    out.print(f"watching {', '.join(args.paths)} (Ctrl-C to stop)")

    said: set[str] = set()  # a file of a site not read yet grows all session: say it once

    def imported(result: ImportResult) -> None:
        if result.hands_found:
            out.print(
                f"{result.hands_found} new hands: {result.imported} imported, "
                f"{result.duplicates} duplicates, {result.quarantined} quarantined"
            )
        for line in result.skipped.lines():
            if line not in said or line.startswith("other games"):
                said.add(line)
                out.print(line)
        for path in result.unfinished:
            out.print(f"unfinished last hand, quarantined until the client finishes it: {path}")

    def busy(exc: DatabaseBusy) -> None:
        out.print(f"waiting: {exc}", style="yellow")

    try:
        total = watch(args.paths, db=db, rules=args.rules, interval=args.interval,
                      settle=args.settle, on_import=imported, on_busy=busy)
    except FileNotFoundError as exc:
        err.print(f"stud-hh watch: {exc}")
        return 2
    except DatabaseUnavailable as exc:
        err.print(f"stud-hh watch: {exc}")
        return 1
    out.print(f"stopped; {total} hands imported in this session")
    return 0
