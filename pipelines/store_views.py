"""A Parquet store read through DuckDB views with the database's own table names.

``attach(con, store)`` creates, in a DuckDB connection, a view per table the import
stores (``hands``, ``hand_players``, ``actions``, ``violations``, ``quarantine``,
``player_facts``, ``hand_events``) over exactly the files the finished runs' manifests
name, with the columns of ``pipelines.schema`` in order and the hands deduplication
withdrew left out; ``imports`` and ``files`` become small tables made from the manifests.
Every query written for the database (stats, reports, the audit page) then runs unchanged.
``attach_file`` does the same in a DuckDB file (views, so nothing is copied: attach again
after the next import, to see it), which ``stud-hh import --db F --store PATH`` writes
and ``stud-hh stats/report --store PATH`` use.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import duckdb

from pipelines.parquet_store import (
    HAND_TABLES,
    STORED,
    Store,
    files_table,
    imports_table,
)
from pipelines.schema import BY_NAME, FILES, IMPORTS, VERSION, Table


def visible_files(store: Store, table: str) -> list[str]:
    """The files of ``table`` that the finished runs committed, oldest run first."""
    return [path for manifest in store.manifests()
            for path in manifest["tables"].get(table, [])]


def dropped_files(store: Store) -> list[str]:
    return [m["dropped"] for m in store.manifests() if m.get("dropped")]


def _literal(paths: list[str]) -> str:
    return "[" + ", ".join("'" + p.replace("'", "''") + "'" for p in paths) + "]"


def _columns(table: Table) -> str:
    return ", ".join(f'"{c.name}"' for c in table.columns)


def _empty(table: Table) -> str:
    return ("SELECT " + ", ".join(f'NULL::{c.sql_type} AS "{c.name}"' for c in table.columns)
            + " WHERE false")


def view_sql(store: Store, name: str) -> str:
    """The SELECT behind the view of stored table ``name``."""
    table = BY_NAME[name]
    files = [store.readable(p) for p in visible_files(store, name)]
    if not files:
        return _empty(table)
    # By name, under the table's columns: a column the schema gained later (hand_events'
    # text, version 6) is NULL in the files written before it, even if no file has it yet.
    # DuckDB still reads only the columns and row groups a query needs.
    source = (f"SELECT {_columns(table)} FROM ({_empty(table)} UNION ALL BY NAME "
              f"SELECT * FROM read_parquet({_literal(files)}, union_by_name = true))")
    if name in HAND_TABLES and dropped_files(store):
        source += " ANTI JOIN _store_dropped USING (hand_key)"
    return source


def attach(con: duckdb.DuckDBPyConnection, store: Store | str | os.PathLike[str]) -> None:
    """The store's tables as views (and ``imports``/``files`` tables) in ``con``."""
    store = store if isinstance(store, Store) else Store(store)
    if not store.local:
        con.register_filesystem(store.fs)
    dropped = [store.readable(p) for p in dropped_files(store)]
    con.execute("CREATE OR REPLACE VIEW _store_dropped AS " + (
        f"SELECT hand_key FROM read_parquet({_literal(dropped)})" if dropped
        else "SELECT NULL::BIGINT AS hand_key WHERE false"))
    for name in STORED:
        con.execute(f"CREATE OR REPLACE VIEW {name} AS {view_sql(store, name)}")
    manifests = store.manifests()
    for table, rows in ((IMPORTS, imports_table(manifests)), (FILES, files_table(store))):
        _store_rows = rows  # read by name (below)
        con.execute(f"CREATE OR REPLACE TABLE {table.name} AS SELECT * FROM _store_rows")
    con.execute("CREATE OR REPLACE TABLE schema_version AS SELECT "
                f"{VERSION}::INTEGER AS version")


def open_store(store: str | os.PathLike[str]) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB over the store (``FileNotFoundError`` when there is none)."""
    from pipelines.store_import import connect_store

    opened = Store(store)
    if not opened.fs.exists(opened.path("_runs")):
        raise FileNotFoundError(f"no Parquet store at {opened.url}: import into it first "
                                "(stud-hh import PATH --out STORE)")
    con = connect_store(opened)
    attach(con, opened)
    return con


def attach_file(db: str | os.PathLike[str], store: str | os.PathLike[str]) -> Path:
    """The store's views in the DuckDB file ``db`` (created if missing). A file that
    holds imported hands of its own is refused: its tables have the views' names."""
    opened = Store(store)
    if not opened.fs.exists(opened.path("_runs")):
        raise FileNotFoundError(f"no Parquet store at {opened.url}")
    path = Path(db)
    con = duckdb.connect(str(path))
    try:
        kinds = dict(con.execute(
            "SELECT table_name, table_type FROM information_schema.tables "
            "WHERE table_name = 'hands'").fetchall())
        if kinds.get("hands") == "BASE TABLE":
            raise ValueError(f"{path} holds imported hands of its own; attach the store "
                             "into a new file")
        attach(con, opened)
    finally:
        con.close()
    return path


@contextlib.contextmanager
def store_as_db(store: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary DuckDB file holding the store's views, for readers that open a
    database by path (``build_report``); removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="stud-hh-store-") as folder:
        yield attach_file(Path(folder) / "store.duckdb", store)
