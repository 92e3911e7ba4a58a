"""The single writer: one batch of hands, one transaction, no double counts.

Everything a batch changes commits together or not at all: its hands and their child
rows, its quarantined hands, the progress of the files it came from and the run's
counters in ``imports``. A run killed at any moment therefore leaves a database whose
counters agree with its rows, and whose ``files`` rows say exactly where to resume.

Duplicates are dropped by an anti-join of the batch's ``(site, hand_id)`` against the
stored hands (and within the batch), not by a key constraint: DuckDB's composite keys
cost ~3x the insert time and ~4.5x the file size (performance notes). It is safe because
only one writer runs at a time (``pipelines.db.writer_lock``).

A file's last hand read while the client was still writing it is read again once it grew
(``pipelines.files``); its batch names it in ``revise``, and what was made of its earlier
text is withdrawn first, in the same transaction: a hand stored from it is deleted
(``replaced``), a quarantine row for it is marked ``superseded_by`` this run.

``stud-hh import --replace`` reads files again on purpose: after an upgrade whose parser or
validator reads them differently, or to audit them under other ``--rules``. Its writer
(``replace=True``) withdraws, in each batch's transaction, every stored hand the batch
reads again (the same site and hand id, or a hand now quarantined from the same file and
line) and supersedes the quarantine rows of the hands it reads again, so the batch's read
takes their place instead of being dropped as duplicates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from pipelines.batches import Batch
from pipelines.schema import PLAYER_FACTS

_CHILDREN = ("hand_players", "actions", "violations")


@dataclass(slots=True)
class BatchCounts:
    found: int = 0
    imported: int = 0
    duplicates: int = 0
    quarantined: int = 0
    with_violations: int = 0
    violations: int = 0
    replaced: int = 0  # hands of earlier runs withdrawn (``revise``)

    def add(self, other: BatchCounts) -> None:
        self.found += other.found
        self.imported += other.imported
        self.duplicates += other.duplicates
        self.quarantined += other.quarantined
        self.with_violations += other.with_violations
        self.violations += other.violations
        self.replaced += other.replaced


class Writer:
    """Writes batches for one import run (``import_id``) over one connection."""

    def __init__(self, con: duckdb.DuckDBPyConnection, import_id: int,
                 replace: bool = False) -> None:
        self.con = con
        self.import_id = import_id
        self.replace = replace
        row = con.execute("SELECT coalesce(max(hand_key), 0) + 1, max(hand_id) FROM hands"
                          ).fetchone()
        self.next_key = int(row[0]) if row else 1
        #: No stored hand id is above this one (None: no hand stored). Hand ids grow over
        #: time, so a batch usually starts above it and cannot repeat a stored hand.
        self.top_id: str | None = row[1] if row else None
        con.execute(PLAYER_FACTS.ddl(if_not_exists=True))
        self.facts_columns = _table_columns(con, PLAYER_FACTS.name)

    def write(
        self, batch: Batch, file_rows: Sequence[Sequence[object]] = (),
        files_done: int = 0, files_rejected: int = 0,
        revise: Sequence[tuple[str, int]] = (),
    ) -> BatchCounts:
        """Store one batch in one transaction; returns what it counted.

        A batch's hands are numbered ``local`` 0..n-1; a stored hand gets ``hand_key =
        next_key + its rank among the kept ones``. Without duplicates (the usual case)
        that is ``next_key + local``, computed by DuckDB during the insert, no join.
        ``revise``: ``(file, line)`` of hands read again (see the module docstring).
        """
        tables = batch.tables
        hands = tables["hands"]
        quarantine = batch.quarantine_table()
        counts = BatchCounts()
        counts.quarantined = batch.quarantined_hands
        counts.found = hands.num_rows + counts.quarantined
        con = self.con
        con.execute("BEGIN TRANSACTION")
        try:
            if revise:
                counts.replaced = self._withdraw(revise)
            if self.replace:
                counts.replaced += self._withdraw_read_again(hands, quarantine)
            dropped = self._duplicates(hands)
            counts.imported = hands.num_rows - len(dropped)
            counts.duplicates = len(dropped)
            if counts.imported:
                keys = None if not dropped else self._keys(hands, dropped)
                self._insert("hands", hands, keys, f", {self.import_id} AS import_id")
                for table in _CHILDREN:
                    if tables[table].num_rows:
                        self._insert(table, tables[table], keys)
                found = zip(hands.column("local").to_pylist(),
                            hands.column("errors").to_pylist(),
                            hands.column("warnings").to_pylist(), strict=True)
                for local, errors, warnings in found:
                    if errors + warnings and local not in dropped:
                        counts.with_violations += 1
                        counts.violations += errors + warnings
                facts = self._facts_table(tables["player_facts"])
                if facts.num_rows:
                    self._insert(PLAYER_FACTS.name, facts, keys)
                if tables["hand_events"].num_rows:
                    self._insert("hand_events", tables["hand_events"], keys)
            if quarantine.num_rows:
                self._insert("quarantine", quarantine, None,
                             f", {self.import_id} AS import_id", has_local=False)
            if file_rows:
                self._store_files(file_rows)
            con.execute(
                "UPDATE imports SET files = files + ?, files_rejected = files_rejected + ?, "
                "hands_found = hands_found + ?, imported = imported + ?, "
                "duplicates = duplicates + ?, quarantined = quarantined + ?, "
                "with_violations = with_violations + ?, violations = violations + ?, "
                "replaced = replaced + ? WHERE import_id = ?",
                [files_done, files_rejected, counts.found, counts.imported,
                 counts.duplicates, counts.quarantined, counts.with_violations,
                 counts.violations, counts.replaced, self.import_id],
            )
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        self.next_key += counts.imported
        if counts.imported:
            high = pc.max(hands.column("hand_id")).as_py()
            self.top_id = high if self.top_id is None else max(self.top_id, high)
        return counts

    def _withdraw(self, revise: Sequence[tuple[str, int]]) -> int:
        """Delete the hands stored from these ``(file, line)`` starts (returns how many)
        and mark their quarantine rows superseded by this run."""
        replaced = 0
        for file, line in revise:
            keys = [int(r[0]) for r in self.con.execute(
                "SELECT hand_key FROM hands WHERE source_file = ? AND source_line = ?",
                [file, line]).fetchall()]
            self._delete_hands(keys)
            replaced += len(keys)
            self.con.execute(
                "UPDATE quarantine SET superseded_by = ? WHERE file = ? AND hand_line = ? "
                "AND kind = 'hand' AND superseded_by IS NULL", [self.import_id, file, line])
        return replaced

    def _withdraw_read_again(self, hands: pa.Table, quarantine: pa.Table) -> int:
        """``--replace``: delete the hands earlier runs stored that this batch reads again,
        by site and hand id, or by file and line for a hand the batch quarantines; mark the
        quarantine rows of earlier runs at the batch's hand starts superseded. Returns the
        hands deleted. (A hand an earlier batch of this run stored, read again from another
        file, stays: the duplicate check drops the second read, as without ``replace``.)"""
        quarantined = quarantine.filter(pc.equal(quarantine.column("kind"), "hand"))
        _batch_ids = hands.select(["site", "hand_id"])  # read by name (below)
        _batch_starts = pa.concat_tables([  # read by name (below)
            hands.select(["source_file", "source_line"]).rename_columns(["file", "line"]),
            quarantined.select(["file", "hand_line"]).rename_columns(["file", "line"])
            .cast(pa.schema([("file", pa.string()), ("line", pa.int64())])),
        ])
        keys = [int(key) for (key,) in self.con.execute(  # this run's own: duplicates
            "SELECT hand_key FROM (SELECT hand_key, site, hand_id FROM hands WHERE "
            "import_id <> $run) SEMI JOIN _batch_ids USING (site, hand_id) UNION "
            "SELECT hand_key FROM hands h SEMI JOIN _batch_starts s "
            "ON h.source_file = s.file AND h.source_line = s.line WHERE h.import_id <> $run",
            {"run": self.import_id}).fetchall()]
        self._delete_hands(keys)
        self.con.execute(
            "UPDATE quarantine SET superseded_by = ? FROM _batch_starts s "
            "WHERE quarantine.file = s.file AND quarantine.hand_line = s.line "
            "AND quarantine.kind = 'hand' AND quarantine.superseded_by IS NULL "
            "AND quarantine.import_id <> ?", [self.import_id, self.import_id])
        return len(keys)

    def _delete_hands(self, keys: Sequence[int]) -> None:
        """Delete stored hands with everything kept of them: rows, findings, facts, text."""
        if keys:
            for table in (*_CHILDREN, "hand_events", PLAYER_FACTS.name, "hands"):
                self.con.execute(f"DELETE FROM {table} WHERE hand_key IN "
                                 "(SELECT unnest(?::BIGINT[]))", [list(keys)])

    def _store_files(self, file_rows: Sequence[Sequence[object]]) -> None:
        """Replace the ``files`` rows of the batch's files: two statements for all of them
        (a statement costs ~0.5 ms, and a batch of short files advances dozens)."""
        latest = {row[0]: row for row in file_rows}  # a path given twice: its last row
        rows = list(latest.values())
        self.con.execute(
            f"DELETE FROM files WHERE path IN ({', '.join(['?'] * len(rows))})", list(latest))
        one = f"({', '.join(['?'] * len(rows[0]))})"
        self.con.execute(f"INSERT INTO files VALUES {', '.join([one] * len(rows))}",
                         [value for row in rows for value in row])

    def _duplicates(self, hands: pa.Table) -> set[int]:
        """``local`` of the batch's hands that repeat an earlier one of the batch or are
        stored already.

        The first are found in Python (1,000 ids: ~0.2 ms). The second need a query only
        when the batch's id range reaches down to ``top_id``; the range then lets DuckDB
        skip the stored row groups that cannot match (zone maps), so the check reads the
        newest hands only and its cost stays flat as the database grows.
        """
        if not hands.num_rows:
            return set()
        locals_ = hands.column("local").to_pylist()
        ids = hands.column("hand_id").to_pylist()
        keys = list(zip(hands.column("site").to_pylist(), ids, strict=True))
        dropped: set[int] = set()
        if len(set(keys)) < len(keys):
            seen: set[tuple[str, str]] = set()
            for local, key in sorted(zip(locals_, keys, strict=True)):
                if key in seen:
                    dropped.add(local)
                seen.add(key)
        low, high = min(ids), max(ids)
        if self.top_id is not None and low <= self.top_id:
            _batch_keys = hands.select(["local", "site", "hand_id"])  # read by name (below)
            rows = self.con.execute(
                "SELECT local FROM _batch_keys b SEMI JOIN (SELECT site, hand_id FROM hands "
                "WHERE hand_id BETWEEN ? AND ?) h USING (site, hand_id)", [low, high],
            ).fetchall()
            dropped.update(r[0] for r in rows)
        return dropped

    def _keys(self, hands: pa.Table, dropped: set[int]) -> pa.Table:
        """``local -> hand_key`` of the kept hands, numbered in batch order."""
        kept = [local for local in hands.column("local").to_pylist() if local not in dropped]
        return pa.table({
            "local": pa.array(kept, pa.int64()),
            "hand_key": pa.array(range(self.next_key, self.next_key + len(kept)), pa.int64()),
        })

    def _insert(
        self, table: str, rows: pa.Table, keys: pa.Table | None, extra: str = "",
        has_local: bool = True,
    ) -> None:
        """``INSERT ... BY NAME``, swapping ``local`` for ``hand_key`` on the way.

        DuckDB reads the Arrow tables through its replacement scan, by the name of the
        local variable (``_batch_rows``): half the cost of ``register``/``unregister``,
        which took ~0.4 ms a statement, a third of the writer's fixed cost per batch.
        """
        _batch_rows, _batch_keys = rows, keys  # read by name (below)
        if not has_local:
            select = f"SELECT *{extra} FROM _batch_rows"
        elif keys is None:
            select = (f"SELECT * EXCLUDE (local), local + {self.next_key} AS hand_key"
                      f"{extra} FROM _batch_rows")
        else:
            select = (f"SELECT r.* EXCLUDE (local), k.hand_key{extra} FROM _batch_rows r "
                      "JOIN _batch_keys k USING (local)")
        self.con.execute(f"INSERT INTO {table} BY NAME {select}")

    def _facts_table(self, facts: pa.Table) -> pa.Table:
        """The facts rows with only the columns the stored table has (it may predate a
        catalogue change until ``stud-hh rebuild``)."""
        kept = [n for n in facts.column_names if n in self.facts_columns or n == "local"]
        return facts if len(kept) == facts.num_columns else facts.select(kept)


def _table_columns(con: duckdb.DuckDBPyConnection, table: str) -> set[str]:
    rows = con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = ?", [table]
    ).fetchall()
    return {r[0] for r in rows}
