"""A tiny migration runner: the schema is versioned so old databases keep working.

``schema.sql`` is always the current schema and says its version in a
``-- schema-version: N`` line; a new database is created from it directly. A database made
by an older release is upgraded by ``migrations/NNNN_name.sql`` files, NNNN being the
version each produces, applied in order, each in its own transaction. The applied versions
are recorded in ``schema_version`` so a run can tell what it has.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import duckdb

_VERSION_LINE = re.compile(r"^--\s*schema-version:\s*(\d+)\s*$", re.MULTILINE)
_MIGRATION_NAME = re.compile(r"^(\d{4})_[\w-]+\.sql$")


class SchemaError(RuntimeError):
    """The database's schema cannot be brought to the version this code needs."""


def schema_text() -> str:
    return resources.files("pipelines").joinpath("schema.sql").read_text(encoding="utf-8")


def migrations_dir() -> Path:
    return Path(str(resources.files("pipelines").joinpath("migrations")))


def declared_version(sql: str) -> int:
    match = _VERSION_LINE.search(sql)
    if not match:
        raise SchemaError("schema.sql lacks a '-- schema-version: N' line")
    return int(match.group(1))


def list_migrations(folder: Path) -> list[tuple[int, Path]]:
    """``(version, file)`` for every migration in ``folder``, in version order."""
    found = []
    for path in folder.glob("*.sql") if folder.is_dir() else ():
        match = _MIGRATION_NAME.match(path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


def current_version(con: duckdb.DuckDBPyConnection) -> int | None:
    """The database's schema version, or None for a database stud_hh never touched."""
    exists = con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'schema_version'"
    ).fetchone()
    if not exists or not exists[0]:
        return None
    row = con.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0]) if row and row[0] is not None else None


def migrate(
    con: duckdb.DuckDBPyConnection, schema: str | None = None, folder: Path | None = None
) -> int:
    """Create or upgrade the schema; returns the version the database is now at."""
    schema = schema_text() if schema is None else schema
    folder = migrations_dir() if folder is None else folder
    target = declared_version(schema)
    have = current_version(con)
    if have is None:
        _apply(con, schema, target, "initial schema")
        return target
    if have > target:
        raise SchemaError(
            f"database schema is version {have}, newer than this stud_hh knows ({target}); "
            "upgrade stud_hh"
        )
    steps = [(v, p) for v, p in list_migrations(folder) if have < v <= target]
    expected = list(range(have + 1, target + 1))
    if [v for v, _ in steps] != expected:
        raise SchemaError(
            f"cannot migrate from version {have} to {target}: migrations found for "
            f"{[v for v, _ in steps]}, needed {expected}"
        )
    for version, path in steps:
        _apply(con, path.read_text(encoding="utf-8"), version, path.name)
    return target


def _apply(con: duckdb.DuckDBPyConnection, sql: str, version: int, name: str) -> None:
    """One step, all or nothing: the DDL and the version row commit together."""
    con.execute("BEGIN TRANSACTION")
    try:
        con.execute(
            "CREATE TABLE IF NOT EXISTS schema_version "
            "(version INTEGER NOT NULL, name VARCHAR NOT NULL, applied_at TIMESTAMPTZ NOT NULL)"
        )
        con.execute(sql)
        con.execute(
            "INSERT INTO schema_version VALUES (?, ?, current_timestamp)", [version, name]
        )
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
