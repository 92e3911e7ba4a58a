"""Where the per-chunk work runs: this machine's forked pool, or a Dask cluster.

The work itself is the same function on both (``pipelines.workers.process_chunk``: parse,
validate, facts, rows; or ``pipelines.parquet_store``'s task, which runs it and writes the
tables as Parquet files): an executor only schedules it. Both answer ``map_ordered``:
results in submission order with a bounded number in flight, so memory stays flat and the
driver can commit progress in order whatever order the tasks finish in.

``--executor local`` is ``pipelines.workers.Pool``. ``--executor dask`` starts a
``distributed.LocalCluster`` of worker processes sized to the machine (``jobs`` of them,
one thread each: the work is pure Python, bound by the GIL); ``dask=tcp://host:8786``
connects to a running scheduler. A worker that dies mid-task (killed, out of memory)
costs nothing but time: the scheduler reruns its task on another worker
(``distributed.scheduler.allowed-failures`` times), and a task's output is either handed
back whole or not at all.
"""

from __future__ import annotations

import gc
import pickle
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol, TypeVar

from pipelines.transfer import pack, unpack
from pipelines.workers import GC_THRESHOLDS, Pool, default_jobs, process_chunk, set_rules
from stud_hh.rules import RuleSet

T = TypeVar("T")

#: Tasks in flight per worker: one running, the next ones queued on the worker, so a
#: worker never waits for the driver (a round trip through the scheduler) to get work.
DASK_IN_FLIGHT = 3


#: A ``LocalCluster``'s scheduler runs in the importing process, beside the driver. Its
#: event-loop checks every 20 ms and system monitor every 0.5 s cost that process ~6.7 %
#: of a core while idle; at 1 s and 5 s, ~1.3 % (measured over 15 s, 2 workers).
LOCAL_CLUSTER_CONFIG = {
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
}


class Executor(Protocol):
    """What the importers need of an executor (``Pool`` and ``DaskPool``)."""

    jobs: int

    def map_ordered(self, items: Iterable[tuple[T, Any]],
                    work: Callable[[Any], Any] = ...) -> Iterator[tuple[T, Any]]: ...

    def close(self) -> None: ...


class ExecutorError(RuntimeError):
    """The executor named cannot be used (unknown name, dask not installed, no scheduler)."""


def parse_executor(spec: str) -> tuple[str, str | None]:
    """``"local"`` -> ``("local", None)``; ``"dask"`` -> ``("dask", None)``;
    ``"dask=tcp://host:8786"`` -> ``("dask", "tcp://host:8786")``.

    >>> parse_executor("dask=tcp://10.0.0.5:8786")
    ('dask', 'tcp://10.0.0.5:8786')
    """
    name, _, address = spec.partition("=")
    name = name.strip().lower()
    if name not in ("local", "dask") or (name == "local" and address):
        raise ExecutorError(f"unknown executor {spec!r}: local, dask or dask=tcp://HOST:PORT")
    return name, (address.strip() or None) if name == "dask" else None


def open_executor(spec: str, jobs: int | None, rules: RuleSet | str | None) -> Executor:
    """The executor ``spec`` names (``parse_executor``), started."""
    name, address = parse_executor(spec)
    if name == "local":
        return Pool(jobs, rules)
    return DaskPool(address, jobs, rules)


_frozen = False


def _dask_task(work: Callable[[Any], Any], pickled: bytes, rules: RuleSet | str | None) -> Any:
    """``work(payload)`` in a Dask worker, under ``rules``; a ``Batch`` comes back packed.

    The payload travels pickled, as one ``bytes``: Dask walks a task's arguments looking
    for futures and keys, and a chunk's list of ~1,000 raw hands cost the driver ~0.3 s
    a chunk that way (profiled). The worker process is Dask's, not ours: the rules and
    the collector's thresholds are set here (cheap, per task), not by an initializer.
    """
    from pipelines.batches import Batch

    global _frozen
    payload = pickle.loads(pickled)
    set_rules(rules)
    thresholds = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        result = work(payload)
    finally:
        gc.set_threshold(*thresholds)
    if not _frozen:
        # As the forked pool's workers do: what the first task built (grammar, evaluator
        # tables, modules) lives as long as the worker, so full collections skip it.
        gc.freeze()
        _frozen = True
    return pack(result) if isinstance(result, Batch) else result


class DaskPool:
    """``map_ordered`` on a Dask cluster: a ``LocalCluster`` of ``jobs`` worker processes
    (default one per core), or the scheduler at ``address`` (``jobs``: its threads)."""

    def __init__(self, address: str | None, jobs: int | None,
                 rules: RuleSet | str | None) -> None:
        try:
            import distributed
        except ImportError:
            raise ExecutorError("--executor dask needs Dask: pip install 'stud_hh[dask]'"
                                ) from None
        self.rules = rules
        self._cluster: Any = None
        # distributed ships no type information: its classes are used as Any
        Client: Any = distributed.Client
        LocalCluster: Any = distributed.LocalCluster
        if address is None:
            import dask

            workers = default_jobs() if jobs is None else max(1, jobs)
            with dask.config.set(LOCAL_CLUSTER_CONFIG):
                self._cluster = LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True,
                    dashboard_address=None, silence_logs=40,  # logging.ERROR
                )
            self.client: Any = Client(self._cluster)
        else:
            try:
                self.client = Client(address, timeout=10)
            except OSError as exc:
                raise ExecutorError(f"no Dask scheduler at {address}: {exc}") from None
        threads = sum(self.client.nthreads().values())
        self.jobs = threads if address is not None or jobs is None else max(1, jobs)

    def map_ordered(self, items: Iterable[tuple[T, Any]],
                    work: Callable[[Any], Any] = process_chunk,
                    ) -> Iterator[tuple[T, Any]]:
        """``(tag, work(payload))`` in input order, ``DASK_IN_FLIGHT`` tasks per worker."""
        from pipelines.batches import Batch  # noqa: F401  (the unpacked type)
        from pipelines.transfer import Packed

        pending: deque[tuple[T, Any]] = deque()
        limit = max(1, self.jobs) * DASK_IN_FLIGHT

        def result(future: Any) -> Any:
            value = future.result()
            future.release()
            return unpack(value) if isinstance(value, Packed) else value

        for tag, payload in items:
            pickled = pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
            pending.append((tag, self.client.submit(_dask_task, work, pickled, self.rules,
                                                    pure=False)))
            while len(pending) > limit or (pending and pending[0][1].done()):
                done_tag, future = pending.popleft()
                yield done_tag, result(future)
        while pending:
            done_tag, future = pending.popleft()
            yield done_tag, result(future)

    def worker_pids(self) -> dict[str, int]:
        """Each worker's process id (the tests kill one mid-import)."""
        import os

        pids: dict[str, int] = self.client.run(os.getpid)
        return pids

    def close(self) -> None:
        if getattr(self, "client", None) is not None:
            self.client.close()
            self.client = None
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None

    def __enter__(self) -> DaskPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
