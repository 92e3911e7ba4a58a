"""Ctrl-C that waits for the database: a transaction is committed or rolled back whole.

DuckDB's Python client checks for a pending ``KeyboardInterrupt`` while a statement runs
and aborts the statement: Ctrl-C during ``COMMIT`` left a batch neither committed nor
rolled back ("Query interrupted", then "cannot rollback - no transaction is active").
Inside ``sigint_deferred()`` a SIGINT is only noted; the ``KeyboardInterrupt`` is raised
when the block ends, between two transactions, where stopping loses nothing.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


@contextmanager
def sigint_deferred() -> Iterator[None]:
    """Run the block to its end even if Ctrl-C is pressed, then act on it as the process
    would have: ``KeyboardInterrupt`` (Python's default), or the handler the program had
    installed. A process that ignores SIGINT (started with ``nohup``, or in the background
    of a script) keeps ignoring it. Only the main thread receives signals: elsewhere,
    nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    if not callable(previous):  # SIG_IGN, SIG_DFL, or set outside Python
        yield
        return
    caught: list[tuple[int, FrameType | None]] = []

    def note(signum: int, frame: FrameType | None) -> None:
        caught.append((signum, frame))

    signal.signal(signal.SIGINT, note)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        previous(*caught[0])


__all__ = ["sigint_deferred"]
