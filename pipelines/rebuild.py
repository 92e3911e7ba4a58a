"""Recompute ``player_facts`` from the hands already stored, after a catalogue change.

Imported hands keep their source file and line rather than their text, so a rebuild
re-reads exactly those hands from the files (only the stored lines are parsed), and hands
whose file has gone are counted as missing instead of silently losing their facts. The
stats module does the replacing (``rebuild_facts``: drop, recreate from the current DDL,
refill, in one transaction), so an interrupted rebuild leaves the old facts in place.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from pipelines.db import connect, resolve_db, writer_lock
from pipelines.workers import parse_raw
from stud_hh.events import Hand
from stud_hh.formats import read_file_hands


@dataclass(slots=True)
class RebuildResult:
    db: Path
    hands: int = 0  # stored hands whose facts were recomputed
    rows: int = 0  # player_facts rows written
    missing: list[str] = field(default_factory=list)  # files no longer readable
    unparsed: int = 0  # stored hands the current parser no longer reads


def stored_hands(con: duckdb.DuckDBPyConnection, result: RebuildResult) -> Iterator[Hand]:
    """Every stored hand, re-parsed from its source file, file by file."""
    files = con.execute(
        "SELECT source_file, list(source_line) FROM hands WHERE source_file IS NOT NULL "
        "GROUP BY source_file ORDER BY source_file"
    ).fetchall()
    for path, lines in files:
        wanted = set(lines)
        if not os.path.isfile(path):
            result.missing.append(path)
            continue
        try:
            for raw in read_file_hands(path):
                if raw.line not in wanted:
                    continue
                parsed = parse_raw(raw)
                if isinstance(parsed, Hand):
                    result.hands += 1
                    yield parsed
                else:
                    result.unparsed += 1
        except OSError:
            result.missing.append(path)


def rebuild(db: str | os.PathLike[str] | None = None, lock_timeout: float = 0.0) -> RebuildResult:
    """Drop and recompute ``player_facts`` for every stored hand."""
    from pipelines.stats.facts_table import rebuild_facts

    path = resolve_db(db)
    if not path.exists():
        raise FileNotFoundError(f"no database at {path}; run `stud-hh import` first")
    result = RebuildResult(db=path)
    with writer_lock(path, lock_timeout):
        con = connect(path)
        try:
            result.rows = rebuild_facts(con, stored_hands(con, result))
        finally:
            con.close()
    return result
