"""The import on Dask against the local pool, in one run: hands/s, memory, Parquet size.

The corpus is simulated once and cached (``import_bench.corpus``: the simulator's
PokerStars files under ``benchmarks/.cache``). Each configuration runs in its own process,
so its peak memory is its own; the configurations alternate over ``--repeat`` rounds (the
machine is shared: compare figures of the same run only):

* ``local-duckdb``  today's import: ``--jobs 2`` forked workers, the single DuckDB writer
* ``local-parquet`` the same pool, each worker writing its own Parquet files
* ``dask-parquet``  a ``LocalCluster`` of 2 (then 1) worker processes writing Parquet
* ``dask-duckdb``   the Dask workers, the single DuckDB writer

hands/s counts the import alone; the cluster's start and its workers' warm-up (imports,
grammar, evaluator tables: a long-lived cluster pays them once) are ``cluster_s``. The
local pool is forked per import, and its warm-up is in its time.
Peak memory per worker is the largest worker's ``ru_maxrss``.

    python benchmarks/scale_bench.py --hands 1000000      # the issue's size
    python benchmarks/scale_bench.py --hands 20000 --repeat 2
    python benchmarks/scale_bench.py --stages             # CPU ms/hand per stage
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(os.path.abspath(__file__)).parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))
CACHE = HERE / ".cache"

CONFIGS = ("local-duckdb", "local-parquet", "dask-parquet-2", "dask-parquet-1",
           "dask-duckdb-2")


def _size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def _usage() -> tuple[int, float]:
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_maxrss, own.ru_utime + own.ru_stime


def _warm(source: str) -> None:
    """In a Dask worker: the work's modules and tables, built on 20 hands."""
    import pickle

    from pipelines.executors import _dask_task
    from pipelines.workers import process_chunk
    from stud_hh.reader import read_hands

    path = sorted(Path(source).glob("*.txt"))[0]
    _dask_task(process_chunk, pickle.dumps(list(read_hands(path))[:20]), None)


def one_run(config: str, source: Path) -> dict[str, Any]:
    """One configuration over ``source``, in this (child) process."""
    from pipelines.importer import import_paths
    from pipelines.store_import import import_store

    kind, storage, *workers = config.split("-")
    jobs = int(workers[0]) if workers else 2
    cluster: Any = None
    cluster_s = 0.0
    executor = "local"
    if kind == "dask":
        import dask
        import distributed

        from pipelines.executors import LOCAL_CLUSTER_CONFIG

        started = time.monotonic()
        with dask.config.set(LOCAL_CLUSTER_CONFIG):  # as --executor dask starts its own
            cluster = distributed.LocalCluster(n_workers=jobs, threads_per_worker=1,
                                               processes=True, dashboard_address=None,
                                               silence_logs=40)
        cluster_s = time.monotonic() - started
        executor = f"dask={cluster.scheduler_address}"
        # a long-lived cluster's workers are warm: imports, grammar and evaluator tables
        # built once (the warm-up is counted in cluster_s, not in the import)
        started = time.monotonic()
        from distributed import Client

        with Client(cluster) as client:
            client.run(_warm, str(source))
            before = sum(u[1] for u in client.run(_usage).values())
        cluster_s += time.monotonic() - started
    driver_before = sum(_usage()[1:])
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        out = Path(tmp) / ("bench.duckdb" if storage == "duckdb" else "store")
        started = time.monotonic()
        if storage == "duckdb":
            result = import_paths([source], db=out, jobs=jobs, executor=executor)
        else:
            result = import_store([source], out, jobs=jobs, executor=executor)
        seconds = time.monotonic() - started
        size = _size(out) + (_size(Path(str(out) + ".wal")) if storage == "duckdb"
                             and Path(str(out) + ".wal").exists() else 0)
        if storage == "parquet":
            size -= _size(out / "_runs")  # the manifests (reported apart)
            manifests = _size(out / "_runs")
            files = sum(1 for _ in out.rglob("*.parquet"))
        else:
            manifests = files = 0
    if cluster is not None:
        from distributed import Client

        with Client(cluster) as client:
            usages = list(client.run(_usage).values())
        worker_kib = max(u[0] for u in usages)
        worker_cpu = sum(u[1] for u in usages) - before
        cluster.close()
    else:
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        worker_kib, worker_cpu = kids.ru_maxrss, kids.ru_utime + kids.ru_stime
    own = resource.getrusage(resource.RUSAGE_SELF)
    n = max(1, result.hands_found)
    return {
        "config": config, "hands": result.hands_found, "imported": result.imported,
        "balanced": result.balanced, "seconds": seconds, "hands_per_s": n / seconds,
        "cluster_s": cluster_s, "bytes_per_100k": size * 100_000 / n, "files": files,
        "manifest_bytes": manifests,
        "peak_worker_mib": worker_kib / 1024,
        # CPU per hand: the workers' (task processes), the driver's (with, for Dask, the
        # scheduler it runs; the nannies are not counted)
        "worker_cpu_ms": worker_cpu * 1000 / n,
        "driver_cpu_ms": (own.ru_utime + own.ru_stime - driver_before) * 1000 / n,
        "peak_driver_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def measure(config: str, source: Path) -> dict[str, Any]:
    out = subprocess.run([sys.executable, __file__, "--one", config, str(source)],
                         check=True, capture_output=True, text=True, cwd=ROOT)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def parquet_stage(source: Path, n: int = 4_000) -> float:
    """CPU ms per hand of writing a worker's tables as Parquet (``write_batch``)."""
    from pipelines.parquet_store import Store, TaskSpec, write_batch
    from pipelines.workers import CHUNK_HANDS, process_chunk
    from stud_hh.dialects import hand_starts
    from stud_hh.reader import read_hands

    raws = []
    for path in sorted(source.glob("*.txt")):
        raws.extend(read_hands(path, boundary=hand_starts()))
        if len(raws) >= n:
            break
    raws = raws[:n]
    batches = [process_chunk(raws[s:s + CHUNK_HANDS]) for s in range(0, n, CHUNK_HANDS)]
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        store = Store(Path(tmp) / "store")
        write_batch(store, TaskSpec(store.url, 1, 999), batches[0])  # warm up
        t = time.process_time()
        for i, batch in enumerate(batches):
            write_batch(store, TaskSpec(store.url, 1, i), batch)
        return (time.process_time() - t) * 1000 / len(raws)


def print_stages(source: Path) -> None:
    from import_bench import stages

    per = stages(source)
    per["parquet"] = parquet_stage(source)
    worker = sum(v for k, v in per.items() if k not in ("write", "pickle"))
    print("CPU ms per hand by stage (1 process, 4,000 hands): " + ", ".join(
        f"{stage} {ms:.3f}" for stage, ms in per.items()))
    print(f"a Parquet worker's CPU per hand (read..rows + parquet): {worker:.3f} ms = "
          f"{3_600_000 / worker:,.0f} hands per worker-hour")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--configs", default=",".join(CONFIGS))
    parser.add_argument("--one", nargs=2, metavar=("CONFIG", "SOURCE"), help=argparse.SUPPRESS)
    parser.add_argument("--stages", action="store_true", help="CPU ms/hand per stage only")
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one_run(args.one[0], Path(args.one[1]))))
        return
    CACHE.mkdir(exist_ok=True)
    from import_bench import corpus

    source = corpus(args.hands, "sim")
    if args.stages:
        print_stages(source)
        return
    configs = [c for c in args.configs.split(",") if c]
    runs: dict[str, list[dict[str, Any]]] = {c: [] for c in configs}
    for r in range(args.repeat):
        for config in configs if r % 2 == 0 else reversed(configs):
            run = measure(config, source)
            runs[config].append(run)
            print(f"  round {r + 1} {config}: {run['hands_per_s']:,.0f} hands/s", flush=True)
    best = {c: max(rs, key=lambda x: x["hands_per_s"]) for c, rs in runs.items()}
    print(f"\n{args.hands:,} simulated hands, best of {args.repeat} (2 cores, shared)")
    print(f"{'config':<16}{'hands/s':>9}{'s':>8}{'cluster s':>10}{'worker MiB':>11}"
          f"{'driver MiB':>11}{'MB/100k':>9}{'files':>7}{'worker ms':>10}{'driver ms':>10}")
    for c, x in best.items():
        print(f"{c:<16}{x['hands_per_s']:>9,.0f}{x['seconds']:>8.1f}{x['cluster_s']:>10.1f}"
              f"{x['peak_worker_mib']:>11.0f}{x['peak_driver_mib']:>11.0f}"
              f"{x['bytes_per_100k'] / 1e6:>9.1f}{x['files']:>7}"
              f"{x['worker_cpu_ms']:>10.3f}{x['driver_cpu_ms']:>10.3f}")
    print("worker ms / driver ms: CPU per hand of the worker processes and of the driver "
          "(with the Dask scheduler); MB/100k: the tables' bytes per 100,000 hands")
    rate = {c: x["hands_per_s"] for c, x in best.items()}
    pairs = (("dask-parquet-2", "local-duckdb"), ("dask-parquet-2", "local-parquet"),
             ("dask-duckdb-2", "local-duckdb"), ("dask-parquet-2", "dask-parquet-1"))
    for a, b in pairs:
        if a in rate and b in rate:
            print(f"{a} / {b}: {rate[a] / rate[b]:.2f}")
    shutil.rmtree(CACHE / "scale-tmp", ignore_errors=True)


if __name__ == "__main__":
    main()
