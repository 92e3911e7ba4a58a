"""CPU seconds to start a ``stud-hh`` command, this tree against a reference tree, paired.

The CLI imports only the module of the command it runs (``stud_hh/cli.py``): ``stud-hh parse
--help`` should cost the interpreter and the pure layer, not DuckDB, Polars, Arrow and
Plotly. Each round runs the command once per tree, alternating which goes first, and the
medians of the children's CPU time (user + system: a shared machine's wall clock counts
other processes' turns) are printed with their ratio.

    python benchmarks/cli_startup.py --reference /work/baseline
    python benchmarks/cli_startup.py --reference /tmp/ref --rounds 20 -- audit tests/hands
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(os.path.abspath(__file__)).parent.parent


def cpu_seconds(tree: Path, argv: list[str]) -> float:
    """CPU time of one ``python -m stud_hh.cli ARGV`` run with ``tree`` first on the path."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "stud_hh.cli", *argv], capture_output=True,
                   env={**os.environ, "PYTHONPATH": str(tree)}, check=False, cwd=tree)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, required=True, help="the tree to compare to")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("command", nargs="*", default=["parse", "--help"],
                        help="the stud-hh command line (default: parse --help)")
    args = parser.parse_args()
    trees = {"this": ROOT, "reference": args.reference.resolve()}
    times: dict[str, list[float]] = {name: [] for name in trees}
    for i in range(args.rounds):
        order = list(trees.items()) if i % 2 == 0 else list(reversed(trees.items()))
        for name, tree in order:
            times[name].append(cpu_seconds(tree, args.command))
    this, ref = statistics.median(times["this"]), statistics.median(times["reference"])
    print(f"stud-hh {' '.join(args.command)}: median CPU {this:.2f} s (this tree), "
          f"{ref:.2f} s (reference), reference/this = {ref / this:.1f}x over {args.rounds} "
          "paired rounds")


if __name__ == "__main__":
    main()
