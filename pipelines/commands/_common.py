"""Options, consoles and messages the database commands share.

Nothing here imports DuckDB or Polars (``pipelines.db`` imports DuckDB only to connect):
building a command's parser (``--help``) stays fast.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from pipelines.db import ENV_VAR

if TYPE_CHECKING:
    from rich.console import Console


def add_db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db", metavar="FILE", default=None,
        help=f"DuckDB database file (default: ${ENV_VAR}, else stud_hh.duckdb in the "
        "user data directory)",
    )


def add_wait_option(parser: argparse.ArgumentParser, what: str, default: float | None = None,
                    default_text: str = "a moment") -> None:
    parser.add_argument(
        "--wait", type=float, default=default, metavar="SECONDS",
        help=f"if another process is writing to the database, wait this long for it "
        f"before {what} (default: {default_text})",
    )


def console(stderr: bool = False) -> Console:
    """A console that prints text as it is: no markup, so that a player named
    ``[bold red]x[/bold red]`` or ``Joe[/b]`` prints as such and cannot break the output."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True, markup=False)


def escape(text: object) -> str:
    """``text`` for a console or table that does read markup (rich's ``Table`` cells)."""
    from rich.markup import escape as rich_escape

    return rich_escape(str(text))


def add_store_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--store", metavar="STORE", default=None,
        help="read a Parquet store (stud-hh import --out STORE: a folder or an fsspec URL) "
        "instead of a DuckDB database")
