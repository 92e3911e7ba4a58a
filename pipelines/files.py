"""Which files to read, and from where: folder walks and per-file import tracking.

Poker clients append each finished hand to the session's file, so the same path is seen
again and again, a little longer each time. A file is recognised by path; its row in
``files`` keeps the size and mtime (a cheap "unchanged" test), a hash of its first
``hashed_bytes`` bytes and the start line of the last hand consumed. When the stored prefix
hash still matches, the file only grew, and reading resumes after that line: the new hands
are the only ones parsed. When it does not match, the file was rewritten and is read whole;
the writer's duplicate check keeps what was already stored from counting twice.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import BinaryIO

import duckdb

from stud_hh.dialects import hand_starts
from stud_hh.reader import RawHand, read_text_hands

#: Names never taken as hand histories when walking a folder: our own database files.
_OWN_SUFFIXES = (".duckdb", ".duckdb.wal", ".duckdb.lock", ".wal", ".lock")
_HASH_STEP = 1 << 20
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class FileState:
    """A ``files`` row: what an earlier import saw of the file."""

    path: str
    size: int
    mtime_us: int
    content_hash: str
    hashed_bytes: int
    bytes_imported: int
    last_hand_line: int
    hands: int
    complete: bool
    first_import: int


@dataclass(frozen=True, slots=True)
class FilePlan:
    """What to read of one file in this run.

    ``reason``: ``new``, ``grown`` (appended since), ``resumed`` (an earlier run stopped
    mid-file), ``changed`` (rewritten: read whole) or ``touched`` (same bytes, new mtime:
    nothing to read). Hands starting at or before ``after_line`` are already stored.
    """

    path: str
    size: int
    mtime_us: int
    content_hash: str
    reason: str
    after_line: int
    previous: FileState | None

    @property
    def needs_reading(self) -> bool:
        return self.reason != "touched"


def walk(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Every regular file under ``paths`` (files given directly are taken as they are).

    Hidden files and folders and the database's own files are skipped; the order is
    sorted so that a run is reproducible.
    """
    found: list[Path] = []
    for given in paths:
        root = Path(given).expanduser()
        if root.is_file():
            found.append(root.resolve())
        elif root.is_dir():
            for folder, dirs, names in os.walk(root):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(names):
                    if name.startswith(".") or name.endswith(_OWN_SUFFIXES):
                        continue
                    path = Path(folder, name)
                    if path.is_file():
                        found.append(path.resolve())
        else:
            raise FileNotFoundError(f"no such file or folder: {given}")
    unique = dict.fromkeys(found)  # a file named twice is read once
    return list(unique)


def stored_states(con: duckdb.DuckDBPyConnection) -> dict[str, FileState]:
    rows = con.execute(
        "SELECT path, size, epoch_us(mtime), content_hash, hashed_bytes, bytes_imported, "
        "last_hand_line, hands, complete, first_import FROM files"
    ).fetchall()
    return {row[0]: FileState(*row) for row in rows}


def mtime_us(stat: os.stat_result) -> int:
    return stat.st_mtime_ns // 1000


def unchanged(path: Path, state: FileState | None) -> bool:
    """The cheap test: complete before, and same size and mtime now."""
    if state is None or not state.complete:
        return False
    try:
        stat = path.stat()
    except OSError:
        return False  # gone or unreadable: reading it will say so
    return stat.st_size == state.size and mtime_us(stat) == state.mtime_us


def plan_file(path: Path, state: FileState | None) -> FilePlan:
    """Hash the file and decide what to read (see ``FilePlan``)."""
    stat = path.stat()
    size = stat.st_size
    prefix_len = state.hashed_bytes if state is not None and state.hashed_bytes <= size else -1
    digest, prefix = _hash(path, size, prefix_len)
    name = str(path)
    if state is None:
        return FilePlan(name, size, mtime_us(stat), digest, "new", 0, None)
    if prefix != state.content_hash:
        return FilePlan(name, size, mtime_us(stat), digest, "changed", 0, state)
    if size == state.hashed_bytes and state.complete:
        return FilePlan(name, size, mtime_us(stat), digest, "touched", state.last_hand_line,
                        state)
    reason = "grown" if state.complete else "resumed"
    return FilePlan(name, size, mtime_us(stat), digest, reason, state.last_hand_line, state)


def _hash(path: Path, size: int, prefix_len: int) -> tuple[str, str | None]:
    """BLAKE2b of the first ``size`` bytes, and of the first ``prefix_len`` on the way."""
    h = hashlib.blake2b(digest_size=16)
    prefix = None
    done = 0
    with open(path, "rb") as stream:
        while done < size:
            step = min(_HASH_STEP, size - done)
            if done < prefix_len < done + step:
                step = prefix_len - done
            data = stream.read(step)
            if not data:
                break
            h.update(data)
            done += len(data)
            if done == prefix_len:
                prefix = h.hexdigest()
    if prefix_len == 0:
        prefix = hashlib.blake2b(digest_size=16).hexdigest()
    elif prefix_len == size and prefix is None:
        prefix = h.hexdigest()
    return h.hexdigest(), prefix


class _Limited:
    """A read-only view of a binary stream's first ``limit`` bytes.

    Reading stops at the size that was hashed, so what is stored and what the hash
    vouches for are the same bytes, even while the client keeps appending.
    """

    def __init__(self, stream: BinaryIO, limit: int) -> None:
        self._stream = stream
        self._left = limit

    def read(self, n: int = -1) -> bytes:
        if self._left <= 0:
            return b""
        n = self._left if n is None or n < 0 else min(n, self._left)
        data = self._stream.read(n)
        self._left -= len(data)
        return data


def new_hands(plan: FilePlan) -> Iterator[RawHand]:
    """The hands of the planned bytes that start after ``plan.after_line``."""
    with open(plan.path, "rb") as stream:
        limited = _Limited(stream, plan.size)
        for raw in read_text_hands(limited, plan.path, hand_starts()):  # type: ignore[arg-type]
            if raw.line > plan.after_line:
                yield raw


def still_writing(plan: FilePlan, settle: float) -> bool:
    """Whether the file's last hand may be half written: it changed since it was hashed,
    or it was modified less than ``settle`` seconds ago."""
    try:
        stat = os.stat(plan.path)
    except OSError:
        return False
    if stat.st_size != plan.size or mtime_us(stat) != plan.mtime_us:
        return True
    return settle > 0 and time.time() - stat.st_mtime < settle


def file_row(
    plan: FilePlan, last_hand_line: int, hands: int, complete: bool, import_id: int
) -> list[object]:
    """The ``files`` row after this run consumed hands up to ``last_hand_line``."""
    prev = plan.previous
    if complete:
        bytes_imported = plan.size
    elif prev is not None and plan.reason == "grown":
        bytes_imported = prev.bytes_imported
    else:
        bytes_imported = 0
    return [
        plan.path,
        plan.size,
        _EPOCH + timedelta(microseconds=plan.mtime_us),
        plan.content_hash,
        plan.size,
        bytes_imported,
        last_hand_line,
        hands + (prev.hands if prev is not None and plan.reason != "changed" else 0),
        complete,
        prev.first_import if prev is not None else import_id,
        import_id,
    ]
