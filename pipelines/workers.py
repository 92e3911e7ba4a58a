"""Parse, validate and flatten chunks of hands in a pool of forked worker processes.

Parsing and validation are pure Python and CPU bound, so they scale with processes, not
threads. The pool is forked (workers inherit the loaded grammar instead of rebuilding it),
fed chunks of ~500 raw hands, and answers with column lists rather than ``Hand`` objects:
lists of ints and strings pickle fast, and the writer needs columns anyway (performance
notes: x1.7-2.0 on 2 cores). At most a few chunks are in flight, so memory stays flat
however large the input; results come back in submission order, which lets the writer
record each file's progress in the same transaction as its hands.

Nothing a hand contains may crash a worker: a parser, validator or facts failure on one
hand quarantines that hand with the error, and the rest of the chunk goes on.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from pipelines.batches import Columns, add_hand, add_quarantine, empty_batch
from pipelines.facts_hook import facts_for
from stud_hh.events import Hand, ParseError
from stud_hh.parse import parse_raw as _parse_raw
from stud_hh.reader import RawHand
from stud_hh.rules import RuleSet, preset
from stud_hh.validate import validate

#: Hands per chunk sent to a worker (performance notes: ~500 balances overhead and memory).
CHUNK_HANDS = 500

Batch = dict[str, Columns]
T = TypeVar("T")

_rules: RuleSet | None = None


def set_rules(rules: RuleSet | str | None) -> None:
    """The rule set the validator uses in this process (a preset name or a RuleSet)."""
    global _rules
    _rules = preset(rules) if isinstance(rules, str) else rules


def _init_worker(rules: RuleSet | str | None) -> None:
    set_rules(rules)
    _die_with_parent()
    # Ctrl-C goes to the whole process group; the parent alone decides how to stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _die_with_parent() -> None:
    """Linux: a worker whose parent is killed (SIGKILL included) is killed too."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def parse_raw(raw: RawHand) -> Hand | ParseError:
    """One raw hand through its site's dialect; never raises."""
    try:
        return _parse_raw(raw)
    except Exception as exc:  # a parser bug must not cost the rest of the run
        return ParseError(
            message=f"parser failed: {type(exc).__name__}: {exc}",
            path=raw.path, line=raw.line, text=raw.text,
        )


def process_chunk(raws: list[RawHand]) -> Batch:
    """Parse, validate and flatten ``raws``; hands the batch's column lists back."""
    batch = empty_batch()
    kept: list[tuple[RawHand, Hand, list[Any]]] = []
    for raw in raws:
        parsed = parse_raw(raw)
        if isinstance(parsed, ParseError):
            add_quarantine(batch, parsed, file=raw.path, line=raw.line, text=raw.text)
            continue
        try:
            found = validate(parsed, _rules)
        except Exception as exc:
            _quarantine_failed(batch, raw, parsed, "validator", exc)
            continue
        kept.append((raw, parsed, found))
    facts, failed = facts_for([hand for _, hand, _ in kept])
    local = 0
    for position, (raw, hand, found) in enumerate(kept):
        if position in failed:
            _quarantine_failed(batch, raw, hand, "facts", failed[position])
            continue
        try:
            add_hand(batch, local, hand, found, raw.path, raw.line)
        except Exception as exc:
            _drop_partial(batch, local)
            _quarantine_failed(batch, raw, hand, "flattening", exc)
            continue
        facts.assign(position, local)
        local += 1
    batch["player_facts"] = facts.columns()
    return batch


def _quarantine_failed(
    batch: Batch, raw: RawHand, hand: Hand, stage: str, exc: BaseException
) -> None:
    add_quarantine(
        batch, f"{raw.path}:{raw.line} (hand {hand.hand_id}): {stage} failed: "
        f"{type(exc).__name__}: {exc}",
        file=raw.path, line=raw.line, hand_id=hand.hand_id, text=raw.text,
    )


def _drop_partial(batch: Batch, local: int) -> None:
    """Remove rows a failed ``add_hand`` already appended for hand ``local``."""
    for table in ("hands", "hand_players", "actions", "violations"):
        cols = batch[table]
        keep = [i for i, v in enumerate(cols["local"]) if v != local]
        if len(keep) == len(cols["local"]):
            continue
        for name, values in cols.items():
            cols[name] = [values[i] for i in keep]


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
        if self.jobs == 1:
            set_rules(rules)
        else:
            context = multiprocessing.get_context("fork")
            self._pool = context.Pool(self.jobs, initializer=_init_worker, initargs=(rules,))

    def map_ordered(
        self, items: Iterable[tuple[T, list[RawHand]]],
        work: Callable[[list[RawHand]], Batch] = process_chunk,
    ) -> Iterator[tuple[T, Batch]]:
        """``(tag, work(raws))`` in input order, with a bounded number in flight."""
        if self._pool is None:
            for tag, raws in items:
                yield tag, work(raws)
            return
        pending: deque[tuple[T, Any]] = deque()
        limit = self.jobs * 2
        for tag, raws in items:
            pending.append((tag, self._pool.apply_async(work, (raws,))))
            while len(pending) > limit or (pending and pending[0][1].ready()):
                done_tag, result = pending.popleft()
                yield done_tag, result.get()
        while pending:
            done_tag, result = pending.popleft()
            yield done_tag, result.get()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
