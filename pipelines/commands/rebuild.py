"""``stud-hh rebuild [--db FILE]``: recompute per-hand facts after a stats catalogue change."""

from __future__ import annotations

import argparse

from rich.console import Console

from pipelines.commands._common import add_db_option
from pipelines.db import DatabaseBusy
from pipelines.rebuild import rebuild


def configure(parser: argparse.ArgumentParser) -> None:
    add_db_option(parser)


def run(args: argparse.Namespace) -> int:
    out = Console(highlight=False, soft_wrap=True)
    try:
        result = rebuild(args.db)
    except (DatabaseBusy, FileNotFoundError) as exc:
        out.print(f"stud-hh rebuild: {exc}")
        return 1
    out.print(f"database: {result.db}")
    out.print(f"facts recomputed for {result.hands} hands ({result.rows} player rows)")
    for path in result.missing:
        out.print(f"[yellow]source file missing, its hands keep no facts:[/] {path}")
    if result.unparsed:
        out.print(f"[yellow]{result.unparsed} stored hands no longer parse[/]")
    return 1 if result.missing or result.unparsed else 0
