"""The app's way into the database: one short read-only connection per request.

DuckDB lets a file be open for writing by one process and refuses every other process
meanwhile, readers included; and a writer cannot open a file another process holds, even
read-only (DuckDB 2.0: "Could not set lock on file ... Conflicting lock is held"). So the
app never keeps the file open: each request opens it read-only, computes, and closes it,
and ``import``/``watch`` (which wait ``pipelines.db.WRITER_WAIT`` for readers) get the file
between requests. While an import holds the file, a request retries for
``pipelines.db.READER_WAIT`` seconds, then the app keeps showing what it last computed for
those filters (``Answers``) under a notice that says an import is writing and that the page
refreshes when it is done (``Status``: the file's size and time tell the page when it
changed).
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import duckdb

from pipelines.db import DatabaseBusy, connect

T = TypeVar("T")


@dataclass(frozen=True)
class Status:
    """What the page says about the database: readable or busy, and its version."""

    busy: bool
    version: str  # changes whenever the file (or its write-ahead log) changes
    message: str


class Database:
    """One database file, opened per request (see the module docstring)."""

    def __init__(self, path: Path, wait: float | None = None, remembered: int = 64) -> None:
        self.path = path
        self.wait = wait
        self._answers: OrderedDict[tuple[Any, ...], tuple[float, Any]] = OrderedDict()
        self._remembered = remembered
        self._lock = threading.Lock()

    @contextmanager
    def reader(self, wait: float | None = None) -> Iterator[duckdb.DuckDBPyConnection]:
        """A read-only connection for one request (``DatabaseBusy`` while a writer holds
        the file past ``wait`` seconds)."""
        con = connect(self.path, read_only=True, wait=self.wait if wait is None else wait)
        try:
            yield con
        finally:
            con.close()

    def version(self) -> str:
        """Size and modification time of the file and its log: a cheap "did it change"."""
        parts = []
        for path in (self.path, self.path.with_name(self.path.name + ".wal")):
            try:
                st = os.stat(path)
            except OSError:
                parts.append("-")
                continue
            parts.append(f"{st.st_size}:{st.st_mtime_ns}")
        return "/".join(parts)

    def status(self) -> Status:
        """Busy (a writer holds the file) or not, without waiting."""
        version = self.version()
        try:
            with self.reader(wait=0.0):
                pass
        except DatabaseBusy:
            return Status(True, version, "An import is writing to the database: the page "
                          "shows what it last read, and refreshes when the import is done.")
        return Status(False, version, "")

    def answer(self, key: tuple[Any, ...], compute: Callable[[duckdb.DuckDBPyConnection], T]
               ) -> tuple[T, float | None]:
        """``compute`` over a fresh connection, remembered under ``key``; while a writer
        holds the file, the last answer for ``key`` and when it was computed (seconds since
        the epoch), else ``DatabaseBusy``."""
        try:
            with self.reader() as con:
                value = compute(con)
        except DatabaseBusy:
            with self._lock:
                if key in self._answers:
                    when, old = self._answers[key]
                    return old, when
            raise
        with self._lock:
            self._answers[key] = (time.time(), value)
            self._answers.move_to_end(key)
            while len(self._answers) > self._remembered:
                self._answers.popitem(last=False)
        return value, None
