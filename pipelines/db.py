"""Where the database lives, opening it, and the one-writer-at-a-time rule.

DuckDB itself refuses a second process that opens a file for writing, but with an error
about file locks that means nothing to a player, and only at the moment of opening. The
importer takes an advisory lock on ``<db>.lock`` first, so a second import either waits
(``lock_timeout``) or stops at once with a sentence naming the database and the process
that holds it. The operating system drops the lock when its holder dies, SIGKILL included,
so a killed import never leaves a stale lock behind.
"""

from __future__ import annotations

import fcntl
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs

if TYPE_CHECKING:
    import duckdb

ENV_VAR = "STUD_HH_DB"
DB_NAME = "stud_hh.duckdb"
#: DuckDB's memory for the writing connection. The writer only appends, and DuckDB's
#: default (80 % of RAM) lets its buffer pool keep every block written, so the importer's
#: memory would grow with the database (~+120 MiB per 75,000 hands, measured). A limit
#: keeps it bounded, but it must hold what the import appends between two checkpoints
#: (``CHECKPOINT_THRESHOLD`` of log, ~2.5 times that in memory): below that, DuckDB
#: spills those blocks to a temporary file and reads them back at the checkpoint.
#: Measured on 60,000 simulated hands, ``--jobs 2``, the writer's CPU: 11.6 s at 64 MB
#: (~170 MB spilled), 9.6 s at 128 MB (~30 MB), 8.7 s at 192 MB (none, as at 256 MB);
#: its peak memory 258, 318 and 370 MB. ``STUD_HH_DB_MEMORY`` overrides it.
WRITER_MEMORY = "192MB"
#: The writing connection runs one DuckDB thread: its statements are small appends, and
#: more threads only add CPU (measured: ~15 % of the write) on cores the workers need.
WRITER_THREADS = 1
#: WAL size that triggers a checkpoint. At DuckDB's default (16 MiB) an import checkpoints
#: every few batches, and each checkpoint re-compresses the tables' last, still growing row
#: groups again: at 64 MiB the write costs half the CPU and the file is ~30 % smaller
#: (measured over 100,000 hands), while memory stays flat (``WRITER_MEMORY`` still holds).
CHECKPOINT_THRESHOLD = "64MB"


#: How long a writer waits for readers to let go of the file. DuckDB refuses a writer while
#: another process holds the file read-only (and a reader while a writer holds it); readers
#: such as ``stud-hh serve`` open it for one request at a time, so a short wait suffices.
WRITER_WAIT = 10.0
#: How long a reader retries while a writer (an import, watch's import) holds the file.
READER_WAIT = 2.0


class DatabaseBusy(RuntimeError):
    """Another process is writing to the database."""


class DatabaseUnavailable(RuntimeError):
    """The database cannot be created, opened or written (permissions, a full disk, a
    file that is not a DuckDB database); the message names it and what to do."""


def unwritable(db: Path, reason: object) -> DatabaseUnavailable:
    text = getattr(reason, "strerror", None) or str(reason)
    return DatabaseUnavailable(
        f"cannot write the database {db}: {text}; choose a writable place with --db FILE "
        f"(or ${ENV_VAR})")


def default_db_path() -> Path:
    """``$STUD_HH_DB`` if set, else ``stud_hh.duckdb`` in the user's data directory."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return platformdirs.user_data_path("stud_hh", appauthor=False) / DB_NAME


def resolve_db(db: str | os.PathLike[str] | None) -> Path:
    path = default_db_path() if db is None else Path(db).expanduser()
    return path.resolve()


@contextmanager
def writer_lock(db: Path, timeout: float = 0.0, poll: float = 0.2) -> Iterator[None]:
    """Hold the database's writer lock; wait up to ``timeout`` seconds, then refuse."""
    lock_path = db.with_name(db.name + ".lock")
    try:
        db.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise unwritable(db, exc) from None
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    holder = os.pread(fd, 64, 0).decode("ascii", "replace").strip()
                    who = f" (process {holder})" if holder else ""
                    raise DatabaseBusy(
                        f"another import is writing to {db}{who}; wait for it to finish, "
                        "or retry with --wait SECONDS"
                    ) from None
                time.sleep(poll)
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the flock


def connect(db: Path, read_only: bool = False, wait: float | None = None
            ) -> duckdb.DuckDBPyConnection:
    """Open (creating and migrating if needed) the database.

    While another process holds the file (DuckDB allows one writer, and no reader beside
    it), retry for ``wait`` seconds (default: a writer ``WRITER_WAIT``, a reader
    ``READER_WAIT``), then raise ``DatabaseBusy`` naming the database, the process and
    ``--wait``. A database that cannot be created or opened raises ``DatabaseUnavailable``.
    """
    import duckdb  # here, not at the top: the commands' --help needs this module, not DuckDB

    from pipelines.migrate import migrate

    if not read_only:
        try:
            db.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise unwritable(db, exc) from None
    if wait is None:
        wait = READER_WAIT if read_only else WRITER_WAIT
    deadline = time.monotonic() + wait
    while True:
        try:
            con = duckdb.connect(str(db), read_only=read_only)
            break
        except (duckdb.IOException, duckdb.ConnectionException) as exc:
            # another process holds the file ("lock"), or this one does with another
            # mode ("same database file": a notebook reading while watch runs in a thread)
            if not _held_elsewhere(exc):
                if read_only:
                    raise DatabaseUnavailable(f"cannot open the database {db}: {exc}") from None
                raise unwritable(db, exc) from None
            if time.monotonic() >= deadline:
                raise DatabaseBusy(busy_message(db, str(exc), read_only)) from None
            time.sleep(0.05)
        except duckdb.Error as exc:  # not a database file, a newer storage version...
            raise DatabaseUnavailable(f"cannot open the database {db}: {exc}") from None
    con.execute("SET enable_progress_bar = false")  # our own bar, or none, on the terminal
    if not read_only:
        memory = os.environ.get("STUD_HH_DB_MEMORY") or WRITER_MEMORY  # set but empty: unset
        con.execute(f"SET memory_limit = '{memory.replace(chr(39), '')}'")
        con.execute(f"SET threads = {WRITER_THREADS}")
        con.execute(f"SET checkpoint_threshold = '{CHECKPOINT_THRESHOLD}'")
        migrate(con)
    return con


def _held_elsewhere(exc: Exception) -> bool:
    text = str(exc).lower()
    return "lock" in text or "same database file" in text


def connect_read_only(db: Path, wait: float | None = None) -> duckdb.DuckDBPyConnection:
    """Open an existing database for reading (``FileNotFoundError`` if there is none);
    ``wait`` as for ``connect`` (default ``READER_WAIT``)."""
    if not db.exists():
        raise FileNotFoundError(f"no database at {db}: import hand histories first "
                                "(stud-hh import)")
    return connect(db, read_only=True, wait=wait)


def busy_message(db: Path, error: str, read_only: bool = True) -> str:
    """DuckDB's lock error as a sentence: who holds the database, and what to do."""
    pid = re.search(r"PID (\d+)", error)
    who = f" (process {pid.group(1)})" if pid else ""
    holder = ("is being written by another process{who}, an import or watch" if read_only
              else "is open in another process{who}: an import, watch, or a reader such as "
              "stud-hh serve").format(who=who)
    return f"{db} {holder}; wait for it to finish, or retry with --wait SECONDS"
