"""Paired import speed: this tree against a reference tree, alternating in one run.

A shared machine's speed drifts by tens of percent over minutes, so two trees timed at
different moments cannot be compared. This runner imports the same corpus with both trees
in turn, round after round (ABBA order, so a drift favours neither), each import in its own
process with ``PYTHONPATH`` set to its tree and a fresh database, and prints each tree's
median hands/s (wall clock and CPU time of the import process and its workers) and the
ratio of this tree to the reference.

    python benchmarks/paired_import.py --reference /work/baseline
    python benchmarks/paired_import.py --reference ../ref --hands 20000 --rounds 6 --jobs 2

The corpus: ``--hands`` simulated hands of mixed games (stud, stud8, razz; cash, 7
players), written once by this tree's simulator under ``benchmarks/.cache``; or
``--source stars`` for the real PokerStars hands replicated (``benchmarks/corpus.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(os.path.abspath(__file__)).parent
ROOT = HERE.parent
CACHE = HERE / ".cache"

#: Run in a child process with ``PYTHONPATH`` set to the tree under test: one import into a
#: fresh database; prints hands, wall seconds and CPU seconds (itself and its workers).
_CHILD = """
import json, resource, sys, time
from pipelines import import_paths
started = time.perf_counter()
result = import_paths([sys.argv[2]], db=sys.argv[1], jobs=int(sys.argv[3]))
wall = time.perf_counter() - started
cpu = sum(getattr(resource.getrusage(who), field)
          for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
          for field in ("ru_utime", "ru_stime"))
print(json.dumps({"hands": result.hands_found, "imported": result.imported,
                  "wall": wall, "cpu": cpu}))
"""


def simulated(n: int) -> Path:
    """A folder of ``n`` simulated mixed-game hands, written once."""
    out = CACHE / f"paired-mixed-{n}"
    if not (out / ".complete").exists():
        sys.path.insert(0, str(ROOT))
        from stud_hh.simulate import simulate_to

        print(f"simulating {n:,} hands into {out} (once) ...", flush=True)
        simulate_to(out, n, game="mixed", players=7, stakes="0.5/1", seed=2027)
        (out / ".complete").write_text(str(n))
    return out


def stars(n: int) -> Path:
    sys.path.insert(0, str(HERE))
    from corpus import build_corpus

    return build_corpus(n)


def one_import(tree: Path, source: Path, jobs: int) -> dict[str, float]:
    """Import ``source`` with ``tree``'s code into a fresh database; its figures."""
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        out = subprocess.run(
            [sys.executable, "-c", _CHILD, str(Path(tmp) / "paired.duckdb"), str(source),
             str(jobs)],
            env={**os.environ, "PYTHONPATH": str(tree)}, cwd=tmp,
            capture_output=True, text=True,
        )
    if out.returncode:
        raise SystemExit(f"import with {tree} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, required=True,
                        help="the other tree (a checkout of another commit)")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the tree under test")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--source", choices=("sim", "stars"), default="sim")
    parser.add_argument("--rounds", type=int, default=4, help="each round imports twice per tree")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes per import")
    args = parser.parse_args()
    CACHE.mkdir(exist_ok=True)
    source = simulated(args.hands) if args.source == "sim" else stars(args.hands)
    trees = {"this tree": args.tree.resolve(), "reference": args.reference.resolve()}
    runs: dict[str, list[dict[str, float]]] = {label: [] for label in trees}
    hands = set()
    print(f"corpus {source}; {args.rounds} rounds, ABBA, {args.jobs} worker(s) per import",
          flush=True)
    for round_no in range(args.rounds):
        order = list(trees) if round_no % 2 == 0 else list(reversed(trees))
        for label in order + order[::-1]:
            figures = one_import(trees[label], source, args.jobs)
            runs[label].append(figures)
            hands.add((figures["hands"], figures["imported"]))
            print(f"  round {round_no + 1}, {label:>9}: {figures['hands'] / figures['wall']:8,.0f}"
                  f" hands/s wall, {figures['hands'] / figures['cpu']:8,.0f} hands/s CPU",
                  flush=True)
    if len(hands) != 1:
        raise SystemExit(f"the trees counted different hands: {sorted(hands)}")
    speed = {}
    for label, tree in trees.items():
        n = runs[label][0]["hands"]
        wall = statistics.median(n / r["wall"] for r in runs[label])
        cpu = statistics.median(n / r["cpu"] for r in runs[label])
        speed[label] = (wall, cpu)
        print(f"{label:>9} ({tree}): median {wall:8,.0f} hands/s wall, {cpu:8,.0f} hands/s CPU")
    (wall_a, cpu_a), (wall_b, cpu_b) = speed["this tree"], speed["reference"]
    print(f"ratio this tree / reference: {wall_a / wall_b:.3f} wall, {cpu_a / cpu_b:.3f} CPU "
          f"({hands.pop()[0]:,} hands, {args.jobs} worker(s))")


if __name__ == "__main__":
    main()
