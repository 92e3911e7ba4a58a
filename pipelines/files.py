"""Which files to read, and from where: folder walks and per-file import tracking.

Poker clients append each finished hand to the session's file, so the same path is seen
again and again, a little longer each time. A file is recognised by path; its row in
``files`` keeps the size and mtime (a cheap "unchanged" test), a hash of its first
``hashed_bytes`` bytes and the start line of the last hand consumed. When the stored prefix
hash still matches, the file only grew, and reading resumes after that line: the new hands
are the only ones parsed. When it does not match, the file was rewritten and is read whole;
the writer's duplicate check keeps what was already stored from counting twice.

The last hand of a file is *open* when no blank line follows it yet: the client may still
be writing it, and its text may be cut anywhere, even mid-line. It is read (a finished
file's last hand is stored at once), but the resume point does not pass it: ``tail_hash``
remembers its text, and the next run reads it again. Unchanged, it is skipped; grown, it is
read as new and whatever the earlier run made of its unfinished text (a quarantined error, or
a hand cut in its summary that happened to parse) is withdrawn by the writer in the same
transaction (``revise``). Only whole characters are read: a file cut inside a UTF-8 or
UTF-16 character stops before it (``readable_size``), so the cut never turns the rest of the
file into cp1252.
"""

from __future__ import annotations

import hashlib
import os
import re
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from stud_hh import formats
from stud_hh.dialects import hand_starts
from stud_hh.reader import RawHand, decode_chunks, sniff_encoding, split_hands

if TYPE_CHECKING:
    import duckdb

#: Names never taken as hand histories when walking a folder: our own database files.
_OWN_SUFFIXES = (".duckdb", ".duckdb.wal", ".duckdb.lock", ".wal", ".lock")
_HASH_STEP = 1 << 20
#: Bytes at the end of a file checked for a character cut in two (``readable_size``).
_TAIL_BYTES = 4096
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
#: Decoded text ending in a blank line (spaces allowed on it): its last hand is finished.
_SEALED = re.compile(r"\n[ \t\f\v]*\n[ \t\f\v\n]*\Z")


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
    tail_hash: str | None = None  # the hand at last_hand_line was open (see module doc)


@dataclass(frozen=True, slots=True)
class FilePlan:
    """What to read of one file in this run.

    ``reason``: ``new``, ``grown`` (appended since), ``resumed`` (an earlier run stopped
    mid-file), ``changed`` (rewritten: read whole) or ``touched`` (same bytes, new mtime:
    nothing to read). Hands starting at or before ``after_line`` are already stored, but
    for an open last hand (``previous.tail_hash``), which is read again if it changed.
    ``size`` is the bytes hashed and read (whole characters), ``file_size`` what stat said.
    """

    path: str
    size: int
    mtime_us: int
    content_hash: str
    reason: str
    after_line: int
    previous: FileState | None
    file_size: int = -1

    @property
    def needs_reading(self) -> bool:
        return self.reason != "touched"

    @property
    def open_tail(self) -> tuple[int, str] | None:
        """``(line, hash)`` of the previous run's open last hand, to read again if changed."""
        prev = self.previous
        if prev is None or prev.tail_hash is None or self.reason == "touched":
            return None
        return prev.last_hand_line, prev.tail_hash


def walk(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Every regular file under ``paths``, absolute (``stud_hh.formats.walk``), without the
    database's own files; raises ``FileNotFoundError`` for a path that does not exist."""
    found = (path.resolve() for path in formats.walk(paths))
    return list(dict.fromkeys(p for p in found if not p.name.endswith(_OWN_SUFFIXES)))


def stored_states(con: duckdb.DuckDBPyConnection) -> dict[str, FileState]:
    rows = con.execute(
        "SELECT path, size, epoch_us(mtime), content_hash, hashed_bytes, bytes_imported, "
        "last_hand_line, hands, complete, first_import, tail_hash FROM files"
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
    size = readable_size(path, stat.st_size)
    prefix_len = state.hashed_bytes if state is not None and state.hashed_bytes <= size else -1
    digest, prefix = _hash(path, size, prefix_len)
    name = str(path)
    when = mtime_us(stat)
    if state is None:
        return FilePlan(name, size, when, digest, "new", 0, None, stat.st_size)
    if prefix != state.content_hash:
        return FilePlan(name, size, when, digest, "changed", 0, state, stat.st_size)
    if size == state.hashed_bytes and state.complete:
        return FilePlan(name, size, when, digest, "touched", state.last_hand_line, state,
                        stat.st_size)
    reason = "grown" if state.complete else "resumed"
    return FilePlan(name, size, when, digest, reason, state.last_hand_line, state, stat.st_size)


def readable_size(path: Path, size: int) -> int:
    """``size`` less a character the client has only half written (UTF-8 or UTF-16).

    Decoding a cut character fails, and the reader would then take the rest of the file
    for cp1252; stopping before it leaves it whole for the next run. A file whose end is
    not UTF-8 anyway (cp1252) is read to its last byte.
    """
    if size == 0:
        return 0
    with open(path, "rb") as stream:
        head = stream.read(64)
        stream.seek(max(0, size - _TAIL_BYTES))
        tail = stream.read(min(size, _TAIL_BYTES))
    encoding, bom = sniff_encoding(head)
    if encoding.startswith("utf-16"):
        body = size - bom
        cut = body % 2
        if body - cut >= 2:
            last = tail[len(tail) - cut - 2: len(tail) - cut]
            unit = int.from_bytes(last, "little" if encoding.endswith("le") else "big")
            if 0xD800 <= unit < 0xDC00:  # a high surrogate waiting for its pair
                cut += 2
        return size - cut
    if size > len(tail):  # the block may start inside a character: skip its rest
        skip = 0
        while skip < 3 and skip < len(tail) and 0x80 <= tail[skip] < 0xC0:
            skip += 1
        tail = tail[skip:]
    try:
        tail.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.end == len(tail) and exc.reason == "unexpected end of data":
            return size - (len(tail) - exc.start)
    return size


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


def text_hash(text: str) -> str:
    """What ``tail_hash`` compares: a hand's decoded text."""
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


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


class Reading:
    """The hands of one planned file still to consume, in order (``hands()``).

    Each comes with ``revises``: True for the previous run's open last hand, now grown
    (the writer withdraws what was made of its earlier text). Once the hands are
    exhausted, ``open_tail`` says whether the file's last hand is open.
    """

    def __init__(self, plan: FilePlan, fmt: formats.FileFormat | None = None) -> None:
        self.plan = plan
        self.fmt = fmt  # the file's format, when the caller has recognised it already
        self.open_tail = False

    def hands(self) -> Iterator[tuple[RawHand, bool]]:
        plan = self.plan
        tail = plan.open_tail
        with open(plan.path, "rb") as stream:
            if self.fmt is not None:
                own = formats.splitter_of(self.fmt)
            else:
                own = formats.own_splitter(stream.read(formats.HEAD_BYTES))
                stream.seek(0)
            limited = _Limited(stream, plan.size)
            if own is not None:  # XML, TOML: the dialect cuts; a client never appends to them
                raws = own.split(limited, plan.path)  # type: ignore[arg-type]
            else:
                chunks = self._watch_end(decode_chunks(limited))  # type: ignore[arg-type]
                raws = split_hands(chunks, plan.path, hand_starts())
            for raw in raws:
                if tail is not None and raw.line == tail[0]:
                    if text_hash(raw.text) != tail[1]:
                        yield raw, True
                elif raw.line > plan.after_line:
                    yield raw, False

    def _watch_end(self, chunks: Iterator[str]) -> Iterator[str]:
        end = ""
        for chunk in chunks:
            end = (end + chunk[-256:])[-256:]  # (not the whole chunk: a megabyte copied)
            yield chunk
        self.open_tail = bool(end.strip()) and not _SEALED.search(end)


def still_writing(plan: FilePlan, settle: float) -> bool:
    """Whether the file's last hand may be half written: it changed since it was hashed,
    or it was modified less than ``settle`` seconds ago."""
    try:
        stat = os.stat(plan.path)
    except OSError:
        return False
    if stat.st_size != plan.file_size or mtime_us(stat) != plan.mtime_us:
        return True
    return settle > 0 and time.time() - stat.st_mtime < settle


def file_row(
    plan: FilePlan, last_hand_line: int, hands: int, complete: bool, import_id: int,
    tail_hash: str | None = None,
) -> list[object]:
    """The ``files`` row after this run consumed hands up to ``last_hand_line``
    (``tail_hash``: that hand is open, see the module docstring)."""
    prev = plan.previous
    if complete:
        bytes_imported = plan.size
    elif prev is not None and plan.reason == "grown":
        bytes_imported = prev.bytes_imported
    else:
        bytes_imported = 0
    return [
        plan.path,
        plan.file_size if plan.file_size >= 0 else plan.size,
        _EPOCH + timedelta(microseconds=plan.mtime_us),
        plan.content_hash,
        plan.size,
        bytes_imported,
        last_hand_line,
        hands + (prev.hands if prev is not None and plan.reason != "changed" else 0),
        complete,
        prev.first_import if prev is not None else import_id,
        import_id,
        tail_hash,
    ]
