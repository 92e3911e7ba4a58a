"""End-to-end import speed: files -> parse -> validate -> facts -> DuckDB, in hands/second.

Generates the corpus once (the simulator's PokerStars files, cached under
``benchmarks/.cache``; the replicated real Stars hands with ``--source stars``), then
imports it into a fresh database with 1 worker and with every core, each run in its own
process so that peak memory (main process + largest worker, from ``getrusage``) is that
run's alone. A quarter-size run shows whether memory stays flat as the input grows.

    python benchmarks/import_bench.py                 # 100,000 simulated hands
    python benchmarks/import_bench.py --hands 20000 --source stars

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

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
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
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {
        "hands": result.hands_found, "imported": result.imported,
        "quarantined": result.quarantined, "seconds": seconds,
        "hands_per_s": result.hands_found / seconds, "db_bytes": size,
        "peak_main_mib": own / 1024, "peak_worker_mib": kids / 1024,
    }


def measure(source: Path, jobs: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--one", str(source), str(jobs)],
        check=True, capture_output=True, text=True, cwd=ROOT,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--source", choices=("sim", "stars"), default="sim")
    parser.add_argument("--one", nargs=2, metavar=("SOURCE", "JOBS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one_run(Path(args.one[0]), int(args.one[1]))))
        return
    CACHE.mkdir(exist_ok=True)
    cores = len(os.sched_getaffinity(0))
    source = corpus(args.hands, args.source)
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
            f"largest worker {r['peak_worker_mib']:5.0f} MiB",
            flush=True,
        )
    one, many = runs["1 worker"], runs[f"{cores} workers"]
    quarter = runs["1 worker, 1/4 size"]
    print(f"speed-up with {cores} workers: x{many['hands_per_s'] / one['hands_per_s']:.2f}")
    print(f"vs fpdb (~{FPDB_HANDS_PER_S:.0f} hands/s): x{one['hands_per_s'] / FPDB_HANDS_PER_S:.0f}"
          f" with 1 worker")
    print(f"db size per 100,000 hands: {one['db_bytes'] / one['hands'] * 1e5 / 2**20:.1f} MiB")
    print(f"peak memory, full vs 1/4 input (1 worker): {one['peak_main_mib']:.0f} vs "
          f"{quarter['peak_main_mib']:.0f} MiB (flat if close)")


if __name__ == "__main__":
    main()
