"""The single writer: one batch of hands, one transaction, no double counts.

Everything a batch changes commits together or not at all: its hands and their child
rows, its quarantined hands, the progress of the files it came from and the run's
counters in ``imports``. A run killed at any moment therefore leaves a database whose
counters agree with its rows, and whose ``files`` rows say exactly where to resume.

Duplicates are dropped by an anti-join of the batch's ``(site, hand_id)`` against the
stored hands (and within the batch), not by a key constraint: DuckDB's composite keys
cost ~3x the insert time and ~4.5x the file size (performance notes). It is safe because
only one writer runs at a time (``pipelines.db.writer_lock``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import duckdb
import polars as pl

from pipelines import facts_hook
from pipelines.batches import Columns, to_frames

_CHILDREN = ("hand_players", "actions", "violations")


@dataclass(slots=True)
class BatchCounts:
    found: int = 0
    imported: int = 0
    duplicates: int = 0
    quarantined: int = 0
    with_violations: int = 0
    violations: int = 0

    def add(self, other: BatchCounts) -> None:
        self.found += other.found
        self.imported += other.imported
        self.duplicates += other.duplicates
        self.quarantined += other.quarantined
        self.with_violations += other.with_violations
        self.violations += other.violations


class Writer:
    """Writes batches for one import run (``import_id``) over one connection."""

    def __init__(self, con: duckdb.DuckDBPyConnection, import_id: int) -> None:
        self.con = con
        self.import_id = import_id
        row = con.execute("SELECT coalesce(max(hand_key), 0) + 1 FROM hands").fetchone()
        self.next_key = int(row[0]) if row else 1
        self.facts_columns = _table_columns(con, facts_hook.TABLE)

    def write(
        self, batch: dict[str, Columns], file_rows: Sequence[Sequence[object]] = (),
        files_done: int = 0, files_rejected: int = 0,
    ) -> BatchCounts:
        """Store one batch in one transaction; returns what it counted."""
        frames = to_frames(batch)
        hands = frames["hands"]
        quarantine = frames["quarantine"]
        counts = BatchCounts()
        counts.quarantined = int((quarantine["kind"] == "hand").sum())
        counts.found = hands.height + counts.quarantined
        con = self.con
        con.execute("BEGIN TRANSACTION")
        try:
            keep = self._new_hands(hands)
            counts.imported = keep.height
            counts.duplicates = hands.height - keep.height
            key_of = keep.select(
                "local",
                (pl.int_range(pl.len(), dtype=pl.Int64) + self.next_key).alias("hand_key"),
            )
            if keep.height:
                stored = keep.join(key_of, on="local").drop("local")
                self._insert("hands", stored.with_columns(
                    pl.lit(self.import_id, pl.Int32).alias("import_id")))
                for table in _CHILDREN:
                    rows = frames[table].join(key_of, on="local").drop("local")
                    if rows.height:
                        self._insert(table, rows)
                violated = keep.filter((pl.col("errors") + pl.col("warnings")) > 0)
                counts.with_violations = violated.height
                counts.violations = int(
                    (violated["errors"].cast(pl.Int64) + violated["warnings"]).sum()
                )
                self._insert_facts(batch.get("player_facts"), key_of)
            if quarantine.height:
                self._insert("quarantine", quarantine.with_columns(
                    pl.lit(self.import_id, pl.Int32).alias("import_id")))
            for row in file_rows:
                con.execute("DELETE FROM files WHERE path = ?", [row[0]])
                con.execute("INSERT INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            con.execute(
                "UPDATE imports SET files = files + ?, files_rejected = files_rejected + ?, "
                "hands_found = hands_found + ?, imported = imported + ?, "
                "duplicates = duplicates + ?, quarantined = quarantined + ?, "
                "with_violations = with_violations + ?, violations = violations + ? "
                "WHERE import_id = ?",
                [files_done, files_rejected, counts.found, counts.imported,
                 counts.duplicates, counts.quarantined, counts.with_violations,
                 counts.violations, self.import_id],
            )
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        self.next_key += counts.imported
        return counts

    def _new_hands(self, hands: pl.DataFrame) -> pl.DataFrame:
        """The batch's hands that are neither stored already nor repeated earlier in it."""
        if not hands.height:
            return hands
        firsts = hands.filter(pl.struct("site", "hand_id").is_first_distinct())
        keys = firsts.select("local", "site", "hand_id")
        self.con.register("_batch_keys", keys)
        try:
            stored = self.con.execute(
                "SELECT b.local FROM _batch_keys b SEMI JOIN hands h "
                "ON h.site = b.site AND h.hand_id = b.hand_id"
            ).fetchall()
        finally:
            self.con.unregister("_batch_keys")
        if not stored:
            return firsts
        seen = pl.Series([r[0] for r in stored], dtype=pl.Int64)
        return firsts.filter(~pl.col("local").is_in(seen.implode()))

    def _insert(self, table: str, frame: pl.DataFrame) -> None:
        self.con.register("_batch_rows", frame)
        try:
            self.con.execute(f"INSERT INTO {table} BY NAME SELECT * FROM _batch_rows")
        finally:
            self.con.unregister("_batch_rows")

    def _insert_facts(self, columns: Columns | None, key_of: pl.DataFrame) -> None:
        if not columns or not self.facts_columns or not columns.get("local"):
            return
        schema = facts_hook.facts_schema()
        if schema is not None and set(schema) | {"local"} == set(columns):
            frame = pl.DataFrame(columns, schema={**schema, "local": pl.Int64})
        else:
            frame = pl.DataFrame(columns, strict=False)
        frame = frame.join(key_of, on="local")
        wanted = [c for c in frame.columns if c in self.facts_columns]
        if frame.height:
            self._insert(facts_hook.TABLE, frame.select(wanted))


def _table_columns(con: duckdb.DuckDBPyConnection, table: str) -> set[str]:
    rows = con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = ?", [table]
    ).fetchall()
    return {r[0] for r in rows}
