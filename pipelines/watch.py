"""Auto-import: keep importing hands as the poker client appends them, like trackers do.

A cycle stats the files under the watched folders and imports those whose size or mtime
changed since the previous cycle (the importer itself resumes a grown file after its last
stored hand). The database is opened only for a cycle that has work, so between cycles
other programs (``stud-hh stats``, a notebook) can read it. The last hand of a file that
changed within ``settle`` seconds is held back until the client has surely finished it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from pipelines.db import DatabaseBusy
from pipelines.files import walk

if TYPE_CHECKING:  # the importer (DuckDB, Arrow) loads when watching starts, not before
    from pipelines.importer import ImportResult

#: Seconds between cycles, and how long a file must be quiet before its last hand counts.
INTERVAL = 2.0
SETTLE = 3.0


def snapshot(paths: Iterable[str | os.PathLike[str]]) -> dict[str, tuple[int, int]]:
    """``path -> (size, mtime_ns)`` for every file under ``paths``."""
    seen: dict[str, tuple[int, int]] = {}
    for path in walk(paths):
        try:
            stat = path.stat()
        except OSError:
            continue
        seen[str(path)] = (stat.st_size, stat.st_mtime_ns)
    return seen


def watch(
    paths: Iterable[str | os.PathLike[str]],
    db: str | os.PathLike[str] | None = None,
    *,
    jobs: int | None = 1,
    rules: str | None = None,
    interval: float = INTERVAL,
    settle: float = SETTLE,
    stop: threading.Event | None = None,
    on_import: Callable[[ImportResult], None] | None = None,
    on_busy: Callable[[DatabaseBusy], None] | None = None,
) -> int:
    """Import changes under ``paths`` every ``interval`` seconds until ``stop`` is set.

    Returns the number of hands imported in all. One worker by default: a session's
    new hands arrive a few at a time, and forking a pool per cycle would cost more.
    """
    paths = list(paths)
    stop = stop or threading.Event()
    total = [0]  # kept by _cycles, so that Ctrl-C still reports it
    try:
        _cycles(paths, db, jobs, rules, interval, settle, stop, on_import, on_busy, total)
    except KeyboardInterrupt as exc:  # an import cut short keeps what it committed
        stop.set()
        total[0] += getattr(getattr(exc, "result", None), "imported", 0)
    return total[0]


def _cycles(
    paths: list[str | os.PathLike[str]], db: str | os.PathLike[str] | None,
    jobs: int | None, rules: str | None, interval: float, settle: float,
    stop: threading.Event, on_import: Callable[[ImportResult], None] | None,
    on_busy: Callable[[DatabaseBusy], None] | None, total: list[int],
) -> None:
    from pipelines.importer import import_paths

    before: dict[str, tuple[int, int]] = {}
    waiting: set[str] = set()  # held back last cycle: look again even if unchanged
    while not stop.is_set():
        now = snapshot(paths)
        changed = sorted(p for p, sig in now.items() if before.get(p) != sig or p in waiting)
        if changed:
            try:
                result = import_paths(changed, db=db, jobs=jobs, rules=rules, settle=settle)
            except DatabaseBusy as exc:
                if on_busy is not None:
                    on_busy(exc)
                stop.wait(interval)
                continue  # `before` untouched: the same files are tried next cycle
            total[0] += result.imported
            waiting = set(result.held_back)
            before = now
            if on_import is not None:
                on_import(result)
        else:
            before = now
        stop.wait(interval if not waiting else min(interval, settle))


__all__ = ["INTERVAL", "SETTLE", "snapshot", "watch"]
