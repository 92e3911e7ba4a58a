"""Parse, validate and flatten chunks of hands in a pool of forked worker processes.

Parsing and validation are pure Python and CPU bound, so they scale with processes, not
threads. The pool is forked (workers inherit the imported modules; each builds its grammar
and evaluator tables once, ~0.4 s), fed chunks of ~1,000 raw hands, and answers with Arrow
tables rather than ``Hand`` objects: they travel as one IPC stream each
(``pipelines.transfer``), and the writer inserts them as they are (performance notes:
x1.7-2.0 on 2 cores). Facts and flattening run here too, so the single writer does
nothing per hand. At most a few chunks are in flight, so memory stays flat however large
the input; results come back in submission order, which lets the writer record each
file's progress in the same transaction as its hands.

Nothing a hand contains may crash a worker: a parser, validator or facts failure on one
hand quarantines that hand with the error, and the rest of the chunk goes on.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from pipelines.batches import Batch, Chunk, add_quarantine
from pipelines.rows import hand_rows
from pipelines.transfer import Packed, pack, unpack
from stud_hh.events import Hand, OtherGame, ParseError
from stud_hh.parse import parse_raw as _parse_raw
from stud_hh.reader import RawHand
from stud_hh.recap import recap
from stud_hh.rules import RuleSet, preset
from stud_hh.validate import StructureSheet, Violation, validate

#: Hands per chunk sent to a worker, and so per writer transaction. A transaction has a
#: fixed cost (~15 ms: commit, six statements, the duplicate check), 0.03 ms a hand at
#: 500, 0.015 at 1,000. 2,000 measured no faster (the commit's cost grows with its rows)
#: but peaked ~40 MiB higher in the main process and ~30 MiB in each worker.
CHUNK_HANDS = 1000

T = TypeVar("T")

_rules: RuleSet | None = None


def set_rules(rules: RuleSet | str | None) -> None:
    """The rule set the validator uses in this process (a preset name or a RuleSet)."""
    global _rules
    _rules = preset(rules) if isinstance(rules, str) else rules


#: Garbage-collector thresholds while importing. A chunk allocates hundreds of thousands
#: of small tuples (rows, events) and no cycles worth chasing; the default (700, 10, 10)
#: re-scans them over and over (~7 % of a worker's time).
GC_THRESHOLDS = (10_000, 50, 100)


def _init_worker(rules: RuleSet | str | None) -> None:
    set_rules(rules)
    # What the fork inherited (grammar, tables, modules) is never garbage: keep the
    # collector off it (and its pages shared with the parent).
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    _die_with_parent()
    # Ctrl-C goes to the whole process group; the parent alone decides how to stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _die_with_parent() -> None:
    """Linux: a worker whose parent is killed (SIGKILL included) is killed too."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def parse_raw(raw: RawHand) -> Hand | ParseError | OtherGame:
    """One raw hand through its site's dialect; never raises."""
    try:
        return _parse_raw(raw)
    except Exception as exc:  # a parser bug must not cost the rest of the run
        return ParseError(
            message=f"parser failed: {type(exc).__name__}: {exc}",
            path=raw.path, line=raw.line, text=raw.text,
        )


def process_chunk(raws: list[RawHand]) -> Batch:
    """Parse, validate, compute facts and rows of ``raws``; hands back Arrow tables.

    Everything per hand happens here, in the worker: the writer only inserts. The tables
    are Arrow (sent as Arrow IPC buffers, far cheaper than lists of Python objects);
    quarantine rows stay rows, to which the importer may add whole-file rows.
    """
    # No collection inside a chunk: the hands are gc=False structs freed by reference
    # counting, and the rows pile up in lists a collection would traverse again and again
    # for nothing. Whatever cycle a chunk makes is collected after it.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _process_chunk(raws)
    finally:
        if enabled:
            gc.enable()


def _process_chunk(raws: list[RawHand]) -> Batch:
    """One stage at a time over the whole chunk: parse all, validate all, then the rows.

    Why not hand by hand: interleaving the parser and the validator makes each evict the
    other's code and data from the CPU caches (and CPython's type-attribute cache). The
    validator measured ~195 µs a hand when it ran right after each parse against ~135 µs
    over already-parsed hands; a chunk of 1,000 parsed hands is only ~15 MB.
    """
    batch = Batch()
    parsed: list[tuple[RawHand, Hand]] = []
    for raw in raws:
        item = parse_raw(raw)
        if isinstance(item, ParseError):
            add_quarantine(batch, item, file=raw.path, line=raw.line, text=raw.text)
        elif isinstance(item, OtherGame):  # a mixed-game file's hold'em, Omaha, draw...
            other = batch.other_games.setdefault(raw.path or "<text>", {})  # not stored
            other[item.game] = other.get(item.game, 0) + 1
        else:
            parsed.append((raw, item))
    audited: list[tuple[RawHand, Hand, list[Violation]]] = []
    sheet = StructureSheet(hand for _, hand in parsed)  # the bring-in each stakes posts
    for raw, hand in parsed:
        try:
            audited.append((raw, hand, validate(hand, _rules, sheet)))
        except Exception as exc:
            _quarantine_failed(batch, raw, hand, "validator", exc)
    del parsed
    chunk = Chunk()
    for raw, hand, found in audited:
        add_audited(batch, chunk, raw, hand, found)
    batch.tables = chunk.tables()
    return batch


def add_audited(
    batch: Batch, chunk: Chunk, raw: RawHand, hand: Hand, found: list[Violation],
) -> bool:
    """Add a validated hand's rows and facts to ``chunk`` (True), or quarantine it (False)."""
    try:
        seen = recap(hand)
        chunk.add_facts(hand, seen)
    except Exception as exc:
        _quarantine_failed(batch, raw, hand, "facts", exc)
        return False
    try:
        rows = hand_rows(len(chunk), hand, seen, found, raw.path, raw.line, _rules)
    except Exception as exc:
        chunk.drop_facts()
        _quarantine_failed(batch, raw, hand, "flattening", exc)
        return False
    chunk.add(rows, raw.text)
    return True


def _quarantine_failed(
    batch: Batch, raw: RawHand, hand: Hand, stage: str, exc: BaseException
) -> None:
    add_quarantine(
        batch, f"{raw.path}:{raw.line} (hand {hand.hand_id}): {stage} failed: "
        f"{type(exc).__name__}: {exc}",
        file=raw.path, line=raw.line, hand_id=hand.hand_id, text=raw.text,
    )


def _packed(work: Callable[[Any], Any], payload: Any) -> Any:
    """``work(payload)`` in a worker; a ``Batch``'s tables packed for the trip back
    (``transfer``), any other answer (a Parquet task's summary) as it is."""
    result = work(payload)
    return pack(result) if isinstance(result, Batch) else result


def _unpacked(result: Any) -> Any:
    return unpack(result) if isinstance(result, Packed) else result


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else (os.cpu_count() or 1))


class Pool:
    """``map_ordered`` over chunks, in this process (``jobs == 1``) or a forked pool.

    Create it before opening the database or taking the lock: forked children must not
    inherit either.
    """

    def __init__(self, jobs: int | None, rules: RuleSet | str | None) -> None:
        self.jobs = default_jobs() if jobs is None else max(1, jobs)
        self._pool: Any = None
        self._thresholds: tuple[int, int, int] | None = None
        if self.jobs == 1:
            set_rules(rules)
            self._thresholds = gc.get_threshold()  # restored by close()
            gc.set_threshold(*GC_THRESHOLDS)
        else:
            context = multiprocessing.get_context("fork")
            self._pool = context.Pool(self.jobs, initializer=_init_worker, initargs=(rules,))

    def map_ordered(
        self, items: Iterable[tuple[T, Any]],
        work: Callable[[Any], Any] = process_chunk,
    ) -> Iterator[tuple[T, Any]]:
        """``(tag, work(payload))`` in input order, with a bounded number in flight."""
        if self._pool is None:
            for tag, raws in items:
                yield tag, work(raws)
            return
        pending: deque[tuple[T, Any]] = deque()
        limit = self.jobs * 2
        for tag, raws in items:
            pending.append((tag, self._pool.apply_async(_packed, (work, raws))))
            while len(pending) > limit or (pending and pending[0][1].ready()):
                done_tag, result = pending.popleft()
                yield done_tag, _unpacked(result.get())
        while pending:
            done_tag, result = pending.popleft()
            yield done_tag, _unpacked(result.get())

    def close(self) -> None:
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
