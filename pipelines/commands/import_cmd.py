"""``stud-hh import PATH... [--db FILE] [--jobs N] [--rules PRESET] [--replace] [--wait S]
[--quiet] [--executor local|dask[=tcp://HOST:PORT]]``.

Exit status: 0 done, 1 when the database cannot be written or another process holds it,
2 for usage errors (a path that does not exist), 130 when Ctrl-C stopped it (what was
committed stays; the same command run again continues).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from pipelines.commands._common import add_db_option, add_wait_option, console
from pipelines.db import DatabaseBusy, DatabaseUnavailable, resolve_db
from stud_hh.rules import PRESETS

if TYPE_CHECKING:
    from rich.console import Console

    from pipelines.importer import ImportResult


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files or folders to import")
    add_db_option(parser)
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="worker processes (default: one per core)")
    parser.add_argument("--rules", type=str.upper, choices=sorted(PRESETS), default=None,
                        metavar="PRESET",
                        help=f"rule book to validate against: {', '.join(sorted(PRESETS))}")
    parser.add_argument(
        "--replace", action="store_true",
        help="read the files whole again and replace the hands already stored from them "
        "(their rows, findings and facts) by this read, instead of counting them as "
        "duplicates: after an upgrade of stud_hh, or to audit them under other --rules")
    add_wait_option(parser, "giving up", 0.0, "fail at once")
    parser.add_argument("--quiet", action="store_true", help="no progress bar, counts only")
    parser.add_argument(
        "--executor", default="local", metavar="local|dask[=tcp://HOST:PORT]",
        help="where the workers run: local processes (default), or Dask: a local cluster "
        "of --jobs worker processes (default one per core), or the scheduler at the "
        "address given (pip install 'stud_hh[dask]')")
    parser.add_argument(
        "--out", metavar="STORE", default=None,
        help="write a Parquet store (a folder or an fsspec URL: s3://bucket/path) instead "
        "of a DuckDB file: each worker writes its own files (docs/scale.md); read it with "
        "stud-hh stats/report --store STORE")
    parser.add_argument(
        "--store", metavar="STORE", default=None,
        help="with --db FILE: attach the Parquet store STORE into FILE as views (no "
        "PATH needed; nothing is copied, attach again after the next import)")


def run(args: argparse.Namespace) -> int:
    from pipelines.importer import ImportInterrupted, import_paths

    out = console()
    err = console(stderr=True)
    if args.store is not None:
        return _attach(args, out, err)
    if not args.paths:
        err.print("stud-hh import: give the files or folders to import (PATH...)")
        return 2
    db = resolve_db(args.db)
    if args.jobs is not None and args.jobs < 1:
        err.print("stud-hh import: --jobs must be at least 1")
        return 2
    from pipelines.executors import ExecutorError, parse_executor

    try:
        parse_executor(args.executor)
    except ExecutorError as exc:
        err.print(f"stud-hh import: {exc}")
        return 2
    if args.replace and args.out is not None:
        err.print("stud-hh import: --replace works on a DuckDB file; a Parquet store (--out) "
                  "keeps what it wrote: import into a new store instead")
        return 2
    try:
        if args.out is not None:
            from pipelines.store_import import import_store

            result = import_store(args.paths, args.out, jobs=args.jobs, rules=args.rules,
                                  executor=args.executor)
        elif args.quiet or not out.is_terminal:
            result = import_paths(args.paths, db=db, jobs=args.jobs, rules=args.rules,
                                  lock_timeout=args.wait, executor=args.executor,
                                  replace=args.replace)
        else:
            result = _with_progress(args, db, out)
    except (DatabaseBusy, DatabaseUnavailable, ExecutorError) as exc:
        err.print(f"stud-hh import: {exc}")
        return 1
    except FileNotFoundError as exc:
        err.print(f"stud-hh import: {exc}")
        return 2
    except PermissionError as exc:
        err.print(f"stud-hh import: cannot read {exc.filename}: {exc.strerror}")
        return 1
    except ImportInterrupted as stop:
        done = stop.result
        err.print(f"stud-hh import: interrupted; {done.imported:,} hands stored in {db} by "
                  "this run (every batch is stored whole or not at all). Run the same "
                  "command again to continue where it stopped.")
        return 130
    except KeyboardInterrupt:
        if args.out is not None:
            err.print(f"stud-hh import: interrupted; the tasks committed to {args.out} stay, "
                      "and the same command run again finalizes them and continues")
        else:
            err.print("stud-hh import: interrupted before any hand was stored")
        return 130
    report(result, out, quiet=args.quiet)
    return 0


def _attach(args: argparse.Namespace, out: Console, err: Console) -> int:
    """``--db F --store S``: the store's tables as views in the DuckDB file F."""
    from pipelines.store_views import attach_file

    if args.paths or args.out is not None:
        err.print("stud-hh import: --store attaches a store; it takes no PATH and no --out")
        return 2
    try:
        db = attach_file(resolve_db(args.db), args.store)
    except (FileNotFoundError, ValueError) as exc:
        err.print(f"stud-hh import: {exc}")
        return 1
    out.print(f"attached the Parquet store {args.store} into {db} (views; attach again "
              "after the next import to see it)")
    return 0


def _with_progress(args: argparse.Namespace, db: Path, out: Console) -> ImportResult:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    from pipelines.importer import Progress as ImportProgress
    from pipelines.importer import import_paths

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
                            progress=update, lock_timeout=args.wait,
                            executor=args.executor, replace=args.replace)


def report(result: ImportResult, out: Console, quiet: bool = False) -> None:
    """The run's counts; ``found = imported + duplicates + quarantined`` always shows,
    then what was not read (other sites, other games, files that are not hand histories)."""
    out.print(f"store: {result.store}" if result.store else f"database: {result.db}")
    out.print(
        f"files: {result.files} read, {result.files_skipped} unchanged, "
        f"{result.files_rejected} unreadable"
    )
    out.print(
        f"hands: {result.hands_found} found = {result.imported} imported + "
        f"{result.duplicates} duplicates + {result.quarantined} quarantined"
    )
    out.print(f"rule violations: {result.violations} in {result.with_violations} hands")
    for line in result.skipped.lines():
        out.print(line)
    if not quiet:
        out.print(f"{result.hands_per_second:,.0f} hands/s with {result.jobs} workers "
                  f"({result.seconds:.1f} s)")
    for path in result.held_back:
        out.print(f"still being written, its last hand waits for the next import: {path}")
    for path in result.unfinished:
        out.print(f"unfinished last hand (the client may still be writing it), quarantined "
                  f"for now and read again by the next import: {path}")
    if result.replaced and result.replace:
        out.print(f"{result.replaced} hands stored earlier replaced by this read")
    elif result.replaced:
        out.print(f"{result.replaced} hands stored earlier from unfinished text replaced by "
                  "their whole text")
    if result.quarantined:
        out.print("quarantined hands: stud-hh quarantine (reason, file:line, first line)")
    sys.stdout.flush()
