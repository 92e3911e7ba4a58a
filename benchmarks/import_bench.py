"""End-to-end import speed: files -> parse -> validate -> facts -> DuckDB, in hands/second.

Generates the corpus once (the simulator's PokerStars files, cached under
``benchmarks/.cache``; the replicated real Stars hands with ``--source stars``), then
imports it into a fresh database with 1 worker and with every core, each run in its own
process so that peak memory (main process + largest worker, from ``getrusage``) is that
run's alone. A quarter-size run shows whether memory stays flat as the input grows.

    python benchmarks/import_bench.py                 # 100,000 simulated hands
    python benchmarks/import_bench.py --hands 20000 --source stars
    python benchmarks/import_bench.py --stages        # CPU ms/hand per stage only

Reference: fpdb imports the same PokerStars stud hands at about 55 hands/s here.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(os.path.abspath(__file__)).parent  # not resolved: a tree of symlinks stays itself
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # this tree's stud_hh and pipelines, not an installed copy
CACHE = HERE / ".cache"
FPDB_HANDS_PER_S = 55.0


def corpus(n: int, source: str) -> Path:
    """A folder (simulated) or file (stars) of ``n`` hands, built once and cached."""
    if source == "stars":
        sys.path.insert(0, str(HERE))
        from corpus import build_corpus  # the parser engineer's replicated real hands

        return build_corpus(n)
    out = CACHE / f"import-sim-{n}"
    done = out / ".complete"
    if not done.exists():
        from stud_hh.simulate import simulate_to

        started = time.monotonic()
        print(f"simulating {n:,} hands into {out} (once) ...", flush=True)
        simulate_to(out, n, game="stud", players=7, stakes="0.5/1", seed=2026)
        done.write_text(str(n))
        print(f"  {time.monotonic() - started:.0f} s", flush=True)
    return out


def one_run(source: Path, jobs: int) -> dict[str, float]:
    """Import ``source`` into a fresh database; runs in a child process (see ``main``)."""
    from pipelines import import_paths

    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        db = Path(tmp) / "bench.duckdb"
        started = time.monotonic()
        result = import_paths([source], db=db, jobs=jobs)
        seconds = time.monotonic() - started
        size = db.stat().st_size + sum(
            p.stat().st_size for p in Path(tmp).glob("bench.duckdb.wal"))
    own_usage = resource.getrusage(resource.RUSAGE_SELF)
    kids_usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    own, kids = own_usage.ru_maxrss, kids_usage.ru_maxrss
    n = max(1, result.hands_found)
    return {
        "cpu_main_ms": (own_usage.ru_utime + own_usage.ru_stime) * 1000 / n,
        "cpu_workers_ms": (kids_usage.ru_utime + kids_usage.ru_stime) * 1000 / n,
        "hands": result.hands_found, "imported": result.imported,
        "quarantined": result.quarantined, "seconds": seconds,
        "hands_per_s": result.hands_found / seconds, "db_bytes": size,
        "peak_main_mib": own / 1024, "peak_worker_mib": kids / 1024,
    }


def reference(source: Path, n: int = 5_000) -> dict[str, float]:
    """Parse + validate alone (no facts, no database) on ``n`` hands, in this process:
    the ceiling the import is measured against."""
    from stud_hh.dialects import hand_starts
    from stud_hh.parse import parse_raw
    from stud_hh.reader import read_hands
    from stud_hh.validate import validate

    files = sorted(source.glob("*.txt")) if source.is_dir() else [source]
    raws = []
    for path in files:
        raws.extend(read_hands(path, boundary=hand_starts()))
        if len(raws) >= n:
            break
    raws = raws[:n]
    validate(parse_raw(raws[0]))  # warm up (grammar, evaluator tables)
    started = time.monotonic()
    parsed = [parse_raw(r) for r in raws]
    parse_s = time.monotonic() - started
    for hand in parsed:
        validate(hand)  # type: ignore[arg-type]
    both_s = time.monotonic() - started
    return {"parse": len(raws) / parse_s, "parse_validate": len(raws) / both_s}


def stages(source: Path, n: int = 4_000, chunk: int | None = None) -> dict[str, float]:
    """CPU milliseconds per hand of each import stage, in this process, on ``n`` hands.

    The same work as a worker's ``process_chunk`` and the writer, timed stage by stage
    (``time.process_time``: less sensitive to a shared machine than wall time): parsing and
    validation alone, then ``process_chunk`` again, whose cost beyond those two is the
    rows stage (recap, facts, table rows, Arrow tables).
    """
    import gc
    import pickle
    from multiprocessing.reduction import ForkingPickler

    from pipelines.db import connect
    from pipelines.store import Writer
    from pipelines.transfer import pack, unpack
    from pipelines.workers import CHUNK_HANDS, process_chunk, set_rules
    from stud_hh.dialects import hand_starts
    from stud_hh.parse import parse_raw
    from stud_hh.reader import read_hands
    from stud_hh.validate import validate

    files = sorted(source.glob("*.txt")) if source.is_dir() else [source]
    clock = time.process_time
    chunk = chunk or CHUNK_HANDS
    set_rules(None)
    gc.collect()
    gc.disable()  # as in the workers: no collection inside a chunk
    took: dict[str, float] = {}
    t = clock()
    raws = []
    for path in files:
        raws.extend(read_hands(path, boundary=hand_starts()))
        if len(raws) >= n:
            break
    raws = raws[:n]
    took["read+split"] = clock() - t
    validate(parse_raw(raws[0]))  # warm up (grammar, evaluator tables)
    process_chunk(raws[:50])
    t = clock()
    hands = [parse_raw(r) for r in raws]
    took["parse"] = clock() - t
    t = clock()
    for hand in hands:
        validate(hand)  # type: ignore[arg-type]
    took["validate"] = clock() - t
    t = clock()
    batches = [process_chunk(raws[start:start + chunk]) for start in range(0, n, chunk)]
    took["rows"] = clock() - t - took["parse"] - took["validate"]
    t = clock()
    # what the pool does with a worker's batch (jobs > 1): pack, pickle, unpickle, unpack
    batches = [unpack(pickle.loads(ForkingPickler.dumps(pack(b)))) for b in batches]
    took["pickle"] = clock() - t
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        con = connect(Path(tmp) / "stages.duckdb")
        con.execute("INSERT INTO imports (import_id, started_at, status) "
                    "VALUES (1, now(), 'running')")
        writer = Writer(con, 1)
        t = clock()
        for batch in batches:
            writer.write(batch)
        con.close()  # its checkpoint is part of the write
        took["write"] = clock() - t
    gc.enable()
    return {stage: seconds * 1000 / len(raws) for stage, seconds in took.items()}


def measure(source: Path, jobs: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--one", str(source), str(jobs)],
        check=True, capture_output=True, text=True, cwd=ROOT,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def print_stages(source: Path) -> None:
    per = stages(source)
    total = sum(per.values())
    print("CPU per hand by stage (1 process, 4,000 hands): " + ", ".join(
        f"{stage} {ms:.3f}" for stage, ms in per.items()) + f"; total {total:.3f} ms "
        f"= {1000 / total:,.0f} hands/s per core")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--source", choices=("sim", "stars"), default="sim")
    parser.add_argument("--one", nargs=2, metavar=("SOURCE", "JOBS"), help=argparse.SUPPRESS)
    parser.add_argument("--stages", action="store_true",
                        help="only print CPU ms/hand per stage (4,000 hands, one process)")
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one_run(Path(args.one[0]), int(args.one[1]))))
        return
    CACHE.mkdir(exist_ok=True)
    cores = len(os.sched_getaffinity(0))
    source = corpus(args.hands, args.source)
    if args.stages:
        print_stages(source)
        return
    small = corpus(args.hands // 4, args.source)
    print(f"corpus: {source} ({args.source}); {cores} cores")
    runs = {}
    for label, path, jobs in (("1 worker", source, 1), (f"{cores} workers", source, cores),
                              ("1 worker, 1/4 size", small, 1)):
        r = measure(path, jobs)
        runs[label] = r
        print(
            f"{label:>20}: {r['hands']:>8,.0f} hands ({r['imported']:,.0f} imported, "
            f"{r['quarantined']:,.0f} quarantined) in {r['seconds']:6.1f} s = "
            f"{r['hands_per_s']:7,.0f} hands/s; db {r['db_bytes'] / 2**20:6.1f} MiB; "
            f"peak memory main {r['peak_main_mib']:5.0f} MiB, "
            f"largest worker {r['peak_worker_mib']:5.0f} MiB; CPU per hand: main "
            f"{r['cpu_main_ms']:.2f} ms, workers {r['cpu_workers_ms']:.2f} ms",
            flush=True,
        )
    one, many = runs["1 worker"], runs[f"{cores} workers"]
    quarter = runs["1 worker, 1/4 size"]
    # The machine is shared: wall-clock speed-ups depend on what else runs. CPU time per
    # hand does not, and bounds what the cores could do if they were ours alone.
    cpu = many["cpu_main_ms"] + many["cpu_workers_ms"]
    bound = min(cores / cpu, 1 / many["cpu_main_ms"], cores / many["cpu_workers_ms"]) * 1000
    single = 1000 / (one["cpu_main_ms"] + one["cpu_workers_ms"])
    print(f"CPU-time bounds on idle cores: 1 worker {single:,.0f} hands/s, {cores} workers "
          f"{bound:,.0f} hands/s (x{bound / single:.2f}; main process "
          f"{many['cpu_main_ms']:.2f} ms/hand, workers {many['cpu_workers_ms']:.2f} ms/hand)")
    ref = reference(source)
    print(f"reference, same run, 1 core, no database: parse {ref['parse']:,.0f} hands/s, "
          f"parse + validate {ref['parse_validate']:,.0f} hands/s; the 1-worker import "
          f"runs at {one['hands_per_s'] / ref['parse_validate']:.0%} of the latter")
    print(f"speed-up with {cores} workers: x{many['hands_per_s'] / one['hands_per_s']:.2f}")
    print(f"vs fpdb (~{FPDB_HANDS_PER_S:.0f} hands/s): x{one['hands_per_s'] / FPDB_HANDS_PER_S:.0f}"
          f" with 1 worker")
    print_stages(source)
    print(f"db size per 100,000 hands: {one['db_bytes'] / one['hands'] * 1e5 / 2**20:.1f} MiB")
    print(f"peak memory, full vs 1/4 input (1 worker): {one['peak_main_mib']:.0f} vs "
          f"{quarter['peak_main_mib']:.0f} MiB (flat if close)")


if __name__ == "__main__":
    main()
