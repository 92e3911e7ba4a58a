"""``import_paths``: hand-history files into the database, idempotent and loss-free.

One run: take the writer lock, walk the paths, skip files unchanged since the last import,
and stream the new hands of every other file through the worker pool in chunks; each
chunk comes back as columns and is stored in one transaction with the progress of its
files and the run's counters. Every hand read is counted exactly once, as imported,
duplicate or quarantined (``hands_found = imported + duplicates + quarantined``), both in
the returned ``ImportResult`` and in the run's ``imports`` row.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import duckdb

from pipelines.batches import add_quarantine
from pipelines.db import connect, resolve_db, writer_lock
from pipelines.files import (
    FilePlan,
    file_row,
    new_hands,
    plan_file,
    still_writing,
    stored_states,
    unchanged,
    walk,
)
from pipelines.store import BatchCounts, Writer
from pipelines.workers import CHUNK_HANDS, Pool
from stud_hh.reader import RawHand
from stud_hh.rules import RuleSet


@dataclass(slots=True)
class ImportResult:
    """What one run did; ``hands_found == imported + duplicates + quarantined``."""

    db: Path
    import_id: int
    files: int = 0  # files read (new, grown, resumed or changed)
    files_skipped: int = 0  # unchanged since the last import
    files_rejected: int = 0  # could not be read at all (quarantined whole)
    hands_found: int = 0
    imported: int = 0
    duplicates: int = 0
    quarantined: int = 0
    with_violations: int = 0
    violations: int = 0
    seconds: float = 0.0
    jobs: int = 1
    held_back: list[str] = field(default_factory=list)  # files whose last hand waits

    @property
    def hands_per_second(self) -> float:
        return self.hands_found / self.seconds if self.seconds > 0 else 0.0

    @property
    def balanced(self) -> bool:
        return self.hands_found == self.imported + self.duplicates + self.quarantined

    def summary(self) -> str:
        return (
            f"{self.hands_found} hands found in {self.files} files "
            f"({self.files_skipped} unchanged): {self.imported} imported, "
            f"{self.duplicates} duplicates, {self.quarantined} quarantined; "
            f"{self.with_violations} imported hands with rule violations"
        )


@dataclass(frozen=True, slots=True)
class Progress:
    """Handed to the ``progress`` callback after every stored batch."""

    files_done: int
    files_total: int
    hands_found: int
    imported: int
    duplicates: int
    quarantined: int
    elapsed: float

    @property
    def hands_per_second(self) -> float:
        return self.hands_found / self.elapsed if self.elapsed > 0 else 0.0


@dataclass(slots=True)
class _Mark:
    """A file whose progress a chunk advances: the files row to write, if any."""

    plan: FilePlan
    last_line: int
    hands: int  # hands consumed from this file so far in this run
    final: bool
    complete: bool = True
    error: str | None = None


@dataclass(slots=True)
class _Chunk:
    raws: list[RawHand] = field(default_factory=list)
    marks: list[_Mark] = field(default_factory=list)


def stud_hh_version() -> str:
    try:
        return version("stud_hh")
    except PackageNotFoundError:
        return "unknown"


def import_paths(
    paths: Iterable[str | os.PathLike[str]],
    db: str | os.PathLike[str] | None = None,
    jobs: int | None = None,
    rules: RuleSet | str | None = None,
    progress: Callable[[Progress], None] | None = None,
    *,
    lock_timeout: float = 0.0,
    settle: float = 0.0,
    chunk_hands: int = CHUNK_HANDS,
) -> ImportResult:
    """Import every hand-history file under ``paths`` into the DuckDB file ``db``.

    ``db`` defaults to ``$STUD_HH_DB`` or the user data directory. ``jobs`` worker
    processes (default: one per core) parse and validate under ``rules`` (a preset name or
    a ``RuleSet``; default the validator's). A second concurrent import waits up to
    ``lock_timeout`` seconds, then raises ``DatabaseBusy``. ``settle`` (used by watch)
    holds back the last hand of a file modified less than that many seconds ago, since
    the poker client may still be writing it.
    """
    started = time.monotonic()
    db_path = resolve_db(db)
    paths = list(paths)
    files = walk(paths)
    rules_name = rules.upper() if isinstance(rules, str) else getattr(rules, "name", None)
    with Pool(jobs, rules) as pool, writer_lock(db_path, lock_timeout):
        con = connect(db_path)
        try:
            import_id = _begin(con, [str(p) for p in paths], rules_name, pool.jobs)
            result = ImportResult(db=db_path, import_id=import_id, jobs=pool.jobs)
            try:
                _run(con, files, pool, result, progress, started, settle, chunk_hands)
            except BaseException:
                _finish(con, import_id, "failed", result)
                raise
            _finish(con, import_id, "done", result)
        finally:
            con.close()
    result.seconds = time.monotonic() - started
    return result


def _begin(
    con: duckdb.DuckDBPyConnection, paths: list[str], rules: str | None, jobs: int
) -> int:
    """Close runs a crash left open, then open this run's ``imports`` row (committed)."""
    con.execute("UPDATE imports SET status = 'interrupted' WHERE status = 'running'")
    row = con.execute("SELECT coalesce(max(import_id), 0) + 1 FROM imports").fetchone()
    import_id = int(row[0]) if row else 1
    con.execute(
        "INSERT INTO imports (import_id, started_at, status, paths, rules, jobs, version) "
        "VALUES (?, ?, 'running', ?, ?, ?, ?)",
        [import_id, datetime.now(UTC), paths, rules, jobs, stud_hh_version()],
    )
    return import_id


def _finish(
    con: duckdb.DuckDBPyConnection, import_id: int, status: str, result: ImportResult
) -> None:
    con.execute(
        "UPDATE imports SET status = ?, finished_at = ?, files_skipped = ? WHERE import_id = ?",
        [status, datetime.now(UTC), result.files_skipped, import_id],
    )


def _run(
    con: duckdb.DuckDBPyConnection, files: list[Path], pool: Pool, result: ImportResult,
    progress: Callable[[Progress], None] | None, started: float, settle: float,
    chunk_hands: int,
) -> None:
    states = stored_states(con)
    todo: list[Path] = []
    for path in files:
        if unchanged(path, states.get(str(path))):
            result.files_skipped += 1
        else:
            todo.append(path)
    writer = Writer(con, result.import_id)
    files_done = 0
    totals = BatchCounts()
    chunks = _chunks(todo, states, settle, chunk_hands, result)
    for chunk, batch in pool.map_ordered((c, c.raws) for c in chunks):
        rows = []
        finished = rejected = 0
        for mark in chunk.marks:
            if mark.error is not None:
                add_quarantine(batch, mark.error, kind="file", file=str(mark.plan.path))
                rejected += 1
            else:
                rows.append(file_row(
                    mark.plan, mark.last_line, mark.hands, mark.complete, result.import_id
                ))
            finished += mark.final and mark.plan.needs_reading
            result.files_skipped += not mark.plan.needs_reading
        counts = writer.write(batch, rows, finished, rejected)
        totals.add(counts)
        files_done += finished
        result.files += finished
        result.files_rejected += rejected
        result.hands_found = totals.found
        result.imported = totals.imported
        result.duplicates = totals.duplicates
        result.quarantined = totals.quarantined
        result.with_violations = totals.with_violations
        result.violations = totals.violations
        if progress is not None:
            progress(Progress(
                files_done + result.files_skipped, len(files), totals.found,
                totals.imported, totals.duplicates, totals.quarantined,
                time.monotonic() - started,
            ))


def _chunks(
    todo: list[Path], states: dict, settle: float, size: int, result: ImportResult
) -> Iterator[_Chunk]:
    """Read the files in order and cut their new hands into chunks of ``size``.

    Each chunk carries a mark per file it advances, so the writer stores a file's progress
    with the hands that make it. A file's last mark is ``final``.
    """
    chunk = _Chunk()
    for path in todo:
        try:
            plan = plan_file(path, states.get(str(path)))
        except OSError as exc:
            plan = FilePlan(str(path), 0, 0, "", "unreadable", 0, None)
            chunk.marks.append(_Mark(plan, 0, 0, True, False, f"cannot read {path}: {exc}"))
            continue
        if not plan.needs_reading:
            chunk.marks.append(_Mark(plan, plan.after_line, 0, True))
            continue
        last_line = plan.after_line
        count = 0
        mark: _Mark | None = None
        try:
            hands = new_hands(plan)
            pending = next(hands, None)
            while pending is not None:
                following = next(hands, None)
                if following is None and still_writing(plan, settle):
                    result.held_back.append(plan.path)
                    break
                chunk.raws.append(pending)
                last_line = pending.line
                count += 1
                pending = following
                if len(chunk.raws) >= size:
                    chunk.marks.append(_Mark(plan, last_line, count, False, False))
                    yield chunk
                    chunk = _Chunk()
            complete = pending is None
        except OSError as exc:
            mark = _Mark(plan, last_line, count, True, False, f"cannot read {path}: {exc}")
        chunk.marks.append(mark or _Mark(plan, last_line, count, True, complete))
    if chunk.raws or chunk.marks:
        yield chunk
