"""``stud-hh rebuild [--db FILE]``: recompute per-hand facts after a stats catalogue change."""

from __future__ import annotations

import argparse

from pipelines.commands._common import add_db_option, console
from pipelines.db import DatabaseBusy, DatabaseUnavailable


def configure(parser: argparse.ArgumentParser) -> None:
    add_db_option(parser)


def run(args: argparse.Namespace) -> int:
    from pipelines.rebuild import rebuild

    out = console()
    try:
        result = rebuild(args.db)
    except (DatabaseBusy, DatabaseUnavailable, FileNotFoundError) as exc:
        console(stderr=True).print(f"stud-hh rebuild: {exc}")
        return 1
    out.print(f"database: {result.db}")
    out.print(f"facts recomputed for {result.hands} hands ({result.rows} player rows)")
    for path in result.missing:
        out.print(f"source file missing, its hands keep no facts: {path}", style="yellow")
    if result.unparsed:
        out.print(f"{result.unparsed} stored hands no longer read back as imported, and keep "
                  "no facts: import their files again with stud-hh import --replace",
                  style="yellow")
    return 1 if result.missing or result.unparsed else 0
