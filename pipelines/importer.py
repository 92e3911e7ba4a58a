"""``import_paths``: hand-history files into the database, idempotent and loss-free.

One run: take the writer lock, walk the paths, skip files unchanged since the last import,
and stream the new hands of every other file through the worker pool in chunks; each
chunk comes back as columns and is stored in one transaction with the progress of its
files and the run's counters. Every hand read is counted exactly once, as imported,
duplicate or quarantined (``hands_found = imported + duplicates + quarantined``), both in
the returned ``ImportResult`` and in the run's ``imports`` row.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import duckdb

from pipelines.batches import add_quarantine
from pipelines.db import WRITER_WAIT, connect, resolve_db, unwritable, writer_lock
from pipelines.executors import Executor, open_executor
from pipelines.files import (
    FilePlan,
    FileState,
    Reading,
    file_row,
    plan_file,
    still_writing,
    stored_states,
    text_hash,
    unchanged,
    walk,
)
from pipelines.signals import sigint_deferred
from pipelines.store import BatchCounts, Writer
from pipelines.workers import CHUNK_HANDS
from stud_hh.formats import FileFormat, Skipped, recognise_file
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
    #: hands an earlier run stored that this run withdrew and read again: from a file's
    #: unfinished last hand, or any hand read again with ``replace``
    replaced: int = 0
    replace: bool = False  # the run was asked to replace what it reads again
    seconds: float = 0.0
    jobs: int = 1
    held_back: list[str] = field(default_factory=list)  # files whose last hand waits
    #: files whose last hand, unfinished, is quarantined for now (the next run reads it again)
    unfinished: list[str] = field(default_factory=list)
    #: files not read (not hand histories, sites not supported yet), other games' hands
    skipped: Skipped = field(default_factory=Skipped)
    store: str | None = None  # a Parquet store's URL (``pipelines.store_import``)

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


class ImportInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped the run between two batches: everything committed stays, and the
    same import run again continues where this one stopped. ``result``: what was done."""

    def __init__(self, result: ImportResult) -> None:
        super().__init__("import interrupted")
        self.result = result


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
    tail_hash: str | None = None  # the hand at last_line is open (``pipelines.files``)


@dataclass(slots=True)
class _Chunk:
    raws: list[RawHand] = field(default_factory=list)
    marks: list[_Mark] = field(default_factory=list)
    revise: list[tuple[str, int]] = field(default_factory=list)  # (file, line) read again


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
    executor: str = "local",
    replace: bool = False,
) -> ImportResult:
    """Import every hand-history file under ``paths`` into the DuckDB file ``db``.

    ``db`` defaults to ``$STUD_HH_DB`` or the user data directory. ``jobs`` worker
    processes (default: one per core) parse and validate under ``rules`` (a preset name or
    a ``RuleSet``; default the validator's). A second concurrent import waits up to
    ``lock_timeout`` seconds, then raises ``DatabaseBusy``. ``settle`` (used by watch)
    holds back the unfinished last hand of a file modified less than that many seconds
    ago, since the poker client may still be writing it. Files that are not hand
    histories, or are in a site's format not read yet, are counted in ``result.skipped``
    and not read (``stud_hh.formats``). Ctrl-C raises ``ImportInterrupted`` once the batch
    being stored is committed. ``executor``: where the workers run, ``local`` (a forked
    pool) or ``dask`` / ``dask=tcp://host:port`` (``pipelines.executors``); the work and
    the writer are the same. ``replace``: read every file whole again, and let what this
    run makes of each hand replace what an earlier run stored of it (``stud-hh import
    --replace``, after an upgrade or with other ``rules``; ``pipelines.store``) instead of
    dropping it as a duplicate.
    """
    started = time.monotonic()
    db_path = resolve_db(db)
    paths = list(paths)
    files = walk(paths)
    rules_name = rules.upper() if isinstance(rules, str) else getattr(rules, "name", None)
    with closing(open_executor(executor, jobs, rules)) as pool, \
            writer_lock(db_path, lock_timeout):
        # readers (stud-hh serve, stats) hold the file a moment at a time: wait for them
        con = connect(db_path, wait=max(WRITER_WAIT, lock_timeout - (time.monotonic() - started)))
        try:
            result = _import(con, db_path, paths, files, pool, rules_name, progress, started,
                             settle, chunk_hands, replace)
        except duckdb.IOException as exc:  # the WAL or the file itself cannot be written
            raise unwritable(db_path, exc) from None
        finally:
            con.close()
    result.seconds = time.monotonic() - started
    return result


def _import(
    con: duckdb.DuckDBPyConnection, db: Path, paths: list[str | os.PathLike[str]],
    files: list[Path], pool: Executor, rules: str | None,
    progress: Callable[[Progress], None] | None, started: float, settle: float,
    chunk_hands: int, replace: bool,
) -> ImportResult:
    """The run between its ``imports`` row's opening and its status."""
    with sigint_deferred():
        import_id = _begin(con, [str(p) for p in paths], rules, pool.jobs)
    result = ImportResult(db=db, import_id=import_id, jobs=pool.jobs, replace=replace)
    try:
        _run(con, files, pool, result, progress, started, settle, chunk_hands, replace)
    except KeyboardInterrupt:
        _finish_quietly(con, import_id, "interrupted", result)
        result.seconds = time.monotonic() - started
        raise ImportInterrupted(result) from None
    except BaseException:
        _finish_quietly(con, import_id, "failed", result)
        raise
    with sigint_deferred():
        _finish(con, import_id, "done", result)
    return result


def _finish_quietly(
    con: duckdb.DuckDBPyConnection, import_id: int, status: str, result: ImportResult
) -> None:
    """``_finish`` on the way out of a failed run: a second failure (the disk that made
    the first) must not hide the first."""
    with contextlib.suppress(duckdb.Error), sigint_deferred():
        _finish(con, import_id, status, result)


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
    skipped = result.skipped
    sites, games = skipped.unsupported, skipped.other_games
    con.execute(
        "UPDATE imports SET status = ?, finished_at = ?, files_skipped = ?, files_other = ?, "
        "files_unsupported = map(?::VARCHAR[], ?::INTEGER[]), "
        "other_games = map(?::VARCHAR[], ?::BIGINT[]) WHERE import_id = ?",
        [status, datetime.now(UTC), result.files_skipped, skipped.other_files,
         list(sites), list(sites.values()), list(games), list(games.values()), import_id],
    )


def _run(
    con: duckdb.DuckDBPyConnection, files: list[Path], pool: Executor, result: ImportResult,
    progress: Callable[[Progress], None] | None, started: float, settle: float,
    chunk_hands: int, replace: bool,
) -> None:
    states = {} if replace else stored_states(con)  # replace: every file read whole
    todo: list[Path] = []
    for path in files:
        if unchanged(path, states.get(str(path))):
            result.files_skipped += 1
        else:
            todo.append(path)
    writer = Writer(con, result.import_id, replace)
    files_done = 0
    totals = BatchCounts()
    chunks = _chunks(todo, states, settle, chunk_hands, result)
    for chunk, batch in pool.map_ordered((c, c.raws) for c in chunks):
        result.skipped.add_other_games(batch.other_games)
        starts = {(row["file"], row["hand_line"]) for row in batch.quarantine}
        rows, finished, rejected, errors = file_progress(chunk, starts, result)
        for rejected_file, error in errors:
            add_quarantine(batch, error, kind="file", file=rejected_file)
        # A batch commits whole, even on Ctrl-C, and the result counts it before the
        # interrupt is raised (the message says how many hands are stored).
        with sigint_deferred():
            counts = writer.write(batch, rows, finished, rejected, chunk.revise)
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
            result.replaced = totals.replaced
        if progress is not None:
            progress(Progress(
                files_done + result.files_skipped, len(files), totals.found,
                totals.imported, totals.duplicates, totals.quarantined,
                time.monotonic() - started,
            ))


def file_progress(
    chunk: _Chunk, quarantined: set[tuple[str | None, int | None]], result: ImportResult,
) -> tuple[list[list[object]], int, int, list[tuple[str, str]]]:
    """What a chunk's marks say once its hands are stored: the ``files`` rows to write,
    the files finished and rejected, and the rejected files' ``(path, error)`` (each
    becomes a quarantine row of kind ``file``). ``quarantined``: ``(file, hand_line)`` of
    the chunk's quarantined hands (an open last hand among them is ``unfinished``).
    The local writer and the Parquet store's driver both settle a chunk's files here."""
    rows: list[list[object]] = []
    errors: list[tuple[str, str]] = []
    finished = rejected = 0
    for mark in chunk.marks:
        if mark.error is not None:
            errors.append((str(mark.plan.path), mark.error))
            rejected += 1
        else:
            rows.append(file_row(mark.plan, mark.last_line, mark.hands, mark.complete,
                                 result.import_id, mark.tail_hash))
            if mark.final and mark.tail_hash and \
                    (mark.plan.path, mark.last_line) in quarantined:
                result.unfinished.append(mark.plan.path)
        finished += mark.final and mark.plan.needs_reading
        result.files_skipped += not mark.plan.needs_reading
    return rows, finished, rejected, errors


def _chunks(
    todo: list[Path], states: dict[str, FileState], settle: float, size: int,
    result: ImportResult,
) -> Iterator[_Chunk]:
    """Read the files in order and cut their new hands into chunks of ``size``.

    Each chunk carries a mark per file it advances, so the writer stores a file's progress
    with the hands that make it. A file's last mark is ``final``. Files that are not hand
    histories we read are counted in ``result.skipped`` and get no mark.
    """
    chunk = _Chunk()
    for path in todo:
        try:
            fmt = recognise_file(path)
            if not fmt.supported:
                result.skipped.add_file(fmt)
                continue
            plan = plan_file(path, states.get(str(path)))
        except OSError as exc:
            plan = FilePlan(str(path), 0, 0, "", "unreadable", 0, None)
            chunk.marks.append(_Mark(plan, 0, 0, True, False, f"cannot read {path}: {exc}"))
            continue
        if not plan.needs_reading:
            chunk.marks.append(_Mark(plan, plan.after_line, 0, True,
                                     tail_hash=plan.previous.tail_hash if plan.previous
                                     else None))
            continue
        yield from _file_chunks(plan, settle, size, result, chunk, fmt)
        if len(chunk.raws) >= size:
            yield chunk
            chunk = _Chunk()
    if chunk.raws or chunk.marks:
        yield chunk


def _file_chunks(
    plan: FilePlan, settle: float, size: int, result: ImportResult, chunk: _Chunk,
    fmt: FileFormat,
) -> Iterator[_Chunk]:
    """One file's new hands into ``chunk`` (and the full chunks it fills, yielded and
    replaced in place). The file's last hand, if open and the file may still grow, waits
    (``held_back``); if open and read, its hash goes in the files row (``tail_hash``).
    ``fmt``: the file's format, recognised once (``recognise_file``)."""
    reading = Reading(plan, fmt)
    last_line = plan.after_line
    tail = plan.open_tail[1] if plan.open_tail and plan.reason != "changed" else None
    count = 0
    error = None
    complete = False
    try:
        hands = reading.hands()
        pending = next(hands, None)
        while pending is not None:
            following = next(hands, None)
            raw, revises = pending
            last = following is None
            if last and reading.open_tail and still_writing(plan, settle):
                result.held_back.append(plan.path)
                break
            chunk.raws.append(raw)
            if revises:
                chunk.revise.append((plan.path, raw.line))
            last_line = raw.line
            tail = text_hash(raw.text) if last and reading.open_tail else None
            count += 1
            pending = following
            if len(chunk.raws) >= size and not last:
                chunk.marks.append(_Mark(plan, last_line, count, False, False))
                yield _swap(chunk)
        complete = pending is None
    except OSError as exc:
        error = f"cannot read {plan.path}: {exc}"
    chunk.marks.append(_Mark(plan, last_line, count, True, complete and error is None,
                             error, tail))


def _swap(chunk: _Chunk) -> _Chunk:
    """A copy of ``chunk`` to send, leaving ``chunk`` empty for the hands that follow."""
    full = _Chunk(chunk.raws, chunk.marks, chunk.revise)
    chunk.raws, chunk.marks, chunk.revise = [], [], []
    return full
