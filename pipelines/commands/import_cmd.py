"""``stud-hh import PATH... [--db FILE] [--jobs N] [--rules PRESET] [--quiet]``."""

from __future__ import annotations

import argparse
import sys

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from pipelines.commands._common import add_db_option
from pipelines.db import DatabaseBusy, resolve_db
from pipelines.importer import ImportResult, import_paths
from pipelines.importer import Progress as ImportProgress
from stud_hh.rules import PRESETS


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files or folders to import")
    add_db_option(parser)
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="worker processes (default: one per core)")
    parser.add_argument("--rules", type=str.upper, choices=sorted(PRESETS), default=None,
                        metavar="PRESET",
                        help=f"rule book to validate against: {', '.join(sorted(PRESETS))}")
    parser.add_argument("--wait", type=float, default=0.0, metavar="SECONDS",
                        help="if another import holds the database, wait this long "
                        "(default: fail at once)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar, counts only")


def run(args: argparse.Namespace) -> int:
    out = Console(highlight=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    db = resolve_db(args.db)
    if args.jobs is not None and args.jobs < 1:
        err.print("--jobs must be at least 1")
        return 2
    try:
        if args.quiet or not out.is_terminal:
            result = import_paths(args.paths, db=db, jobs=args.jobs, rules=args.rules,
                                  lock_timeout=args.wait)
        else:
            result = _with_progress(args, db, out)
    except DatabaseBusy as exc:
        err.print(f"stud-hh import: {exc}")
        return 1
    except FileNotFoundError as exc:
        err.print(f"stud-hh import: {exc}")
        return 2
    report(result, out, quiet=args.quiet)
    return 0


def _with_progress(args: argparse.Namespace, db: object, out: Console) -> ImportResult:
    columns = (
        TextColumn("[bold]importing"), BarColumn(), MofNCompleteColumn(),
        TextColumn("files  {task.fields[hands]} hands  {task.fields[rate]:,.0f} hands/s"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=out, transient=True) as bar:
        task = bar.add_task("import", total=None, hands=0, rate=0.0)

        def update(p: ImportProgress) -> None:
            bar.update(task, total=p.files_total, completed=p.files_done,
                       hands=p.hands_found, rate=p.hands_per_second)

        return import_paths(args.paths, db=db, jobs=args.jobs, rules=args.rules,
                            progress=update, lock_timeout=args.wait)


def report(result: ImportResult, out: Console, quiet: bool = False) -> None:
    """The run's counts; ``found = imported + duplicates + quarantined`` always shows."""
    out.print(f"database: {result.db}")
    out.print(
        f"files: {result.files} read, {result.files_skipped} unchanged, "
        f"{result.files_rejected} unreadable"
    )
    out.print(
        f"hands: {result.hands_found} found = {result.imported} imported + "
        f"{result.duplicates} duplicates + {result.quarantined} quarantined"
    )
    out.print(f"rule violations: {result.violations} in {result.with_violations} hands")
    if not quiet:
        out.print(f"{result.hands_per_second:,.0f} hands/s with {result.jobs} workers "
                  f"({result.seconds:.1f} s)")
    for path in result.held_back:
        out.print(f"still being written, its last hand waits for the next import: {path}")
    if result.quarantined:
        out.print("quarantined hands are in the 'quarantine' table with their text and error")
    sys.stdout.flush()
