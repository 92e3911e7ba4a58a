"""The stored tables as Polars DataFrames: the read side of the Python API."""

from __future__ import annotations

import os

import duckdb
import polars as pl

from pipelines.db import DatabaseBusy, resolve_db

#: Tables ``read_table`` serves (the schema's, plus the stats module's companion table).
TABLES = (
    "imports", "files", "hands", "hand_players", "actions", "violations", "quarantine",
    "player_facts", "schema_version",
)


def read_table(db: str | os.PathLike[str] | None, name: str) -> pl.DataFrame:
    """The whole table ``name`` of database ``db`` (read-only) as a Polars DataFrame."""
    if name not in TABLES:
        raise ValueError(f"unknown table {name!r}; one of {', '.join(TABLES)}")
    path = resolve_db(db)
    if not path.exists():
        raise FileNotFoundError(f"no database at {path}; run `stud-hh import` first")
    try:
        con = duckdb.connect(str(path), read_only=True)
    except duckdb.IOException as exc:
        raise DatabaseBusy(f"{path} is being written by another process ({exc})") from exc
    try:
        return con.sql(f"SELECT * FROM {name}").pl()
    finally:
        con.close()
