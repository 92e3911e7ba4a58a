"""Options and messages the database commands share."""

from __future__ import annotations

import argparse

from pipelines.db import ENV_VAR


def add_db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db", metavar="FILE", default=None,
        help=f"DuckDB database file (default: ${ENV_VAR}, else stud_hh.duckdb in the "
        "user data directory)",
    )
