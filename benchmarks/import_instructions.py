"""Instructions per hand of each import stage (callgrind), for this tree and a reference tree.

Wall and CPU time on a shared machine move by +-25 % from one run to the next; the number
of instructions a stage executes does not. This runs the import's stages on the first
``--hands`` hands of the simulated corpus (``import_bench.py``'s, built once) under
``valgrind --tool=callgrind``, once up to each stage, and prints the difference between a
run and the run up to the stage before it, per hand: what each stage costs, repeatable to
~0.5 %. With ``--reference TREE`` (a checkout of another commit, e.g. made with
``git worktree add /tmp/ref HEAD~3``) the same is measured there and the ratio printed.

    python benchmarks/import_instructions.py                    # ~15 minutes on one core
    python benchmarks/import_instructions.py --reference /tmp/ref --stages parse validate

Needs valgrind. The stages are those of a 1-worker import, run through the entry points
every tree has (``parse_raw``, ``validate``, ``workers.process_chunk``, ``store.Writer``), so
trees of different designs compare: parse, validate, rows (facts, table rows and Arrow
tables: a chunk's ``process_chunk`` less its parsing and validation), write (DuckDB
inserts, commits and the closing checkpoint).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(os.path.abspath(__file__)).parent
ROOT = HERE.parent
STAGES = ("read", "parse", "validate", "rows", "write")
CHUNK = 1_000


def run_stages(tree: Path, stop: str, n: int, corpus: Path) -> None:
    """In a child process under callgrind: the import's stages up to ``stop`` on ``n`` hands.

    Up to ``validate``: reading, then parsing, then validating every hand. ``rows``: reading,
    then ``process_chunk`` (which parses and validates again, so its cost less that of the
    ``validate`` run is the rest of a worker's work); ``write``: the same, each chunk then
    stored.
    """
    sys.path.insert(0, str(tree))
    import gc

    from pipelines import import_paths
    from pipelines.db import connect
    from pipelines.store import Writer
    from pipelines.workers import process_chunk, set_rules
    from stud_hh.dialects import hand_starts
    from stud_hh.parse import parse_raw
    from stud_hh.reader import read_hands
    from stud_hh.validate import validate

    upto = STAGES.index(stop)
    files = sorted(corpus.glob("*.txt"))
    set_rules(None)
    # Warm-up outside the measured difference: grammar, tables, lazy imports, first batch.
    warm = list(read_hands(files[-1], boundary=hand_starts()))[:300]
    for raw in warm:
        validate(parse_raw(raw))  # type: ignore[arg-type]
    process_chunk(warm)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "stages.duckdb"
        import_paths([], db=db, jobs=1)  # the tree's own tables, and import run 1
        con = connect(db)
        writer = Writer(con, 1)
        gc.collect()
        gc.disable()  # as in the workers: no collection inside a chunk
        raws = []
        for path in files:
            raws.extend(read_hands(path, boundary=hand_starts()))
            if len(raws) >= n:
                break
        raws = raws[:n]
        if upto in (1, 2):
            hands = [parse_raw(r) for r in raws]
            if upto == 2:
                for hand in hands:
                    validate(hand)  # type: ignore[arg-type]
        if upto >= 3:
            for start in range(0, n, CHUNK):
                batch = process_chunk(raws[start:start + CHUNK])
                if upto >= 4:
                    writer.write(batch)
        con.close()  # the closing checkpoint belongs to the write


def instructions(tree: Path, stop: str, n: int, corpus: Path) -> int:
    """Total instructions (callgrind ``Ir``) of a child run up to ``stop``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out",
             sys.executable, __file__, "--child", str(tree), stop, str(n), str(corpus)],
            capture_output=True, text=True, check=True,
        )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"no callgrind total in: {out.stderr[-500:]}")
    return int(found.group(1))


def per_stage(tree: Path, stages: list[str], n: int, corpus: Path) -> dict[str, float]:
    """Instructions per hand of each of ``stages`` in ``tree``."""
    totals: dict[str, int] = {}
    wanted = set(stages) | {STAGES[STAGES.index(s) - 1] for s in stages}
    for stage in STAGES:
        if stage in wanted:
            totals[stage] = instructions(tree, stage, n, corpus)
    return {s: (totals[s] - totals[STAGES[STAGES.index(s) - 1]]) / n for s in stages}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000)
    parser.add_argument("--stages", nargs="+", choices=STAGES[1:], default=list(STAGES[1:]))
    parser.add_argument("--reference", type=Path, help="another tree to measure the same way")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        tree, stop, n, corpus = args.child
        run_stages(Path(tree), stop, int(n), Path(corpus))
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: nothing to count with")
    sys.path.insert(0, str(HERE))
    from import_bench import corpus

    source = corpus(25_000, "sim")
    stages = [s for s in STAGES[1:] if s in args.stages]
    trees = [("this tree", ROOT)] + ([("reference", args.reference)] if args.reference else [])
    results = {label: per_stage(tree, stages, args.hands, source) for label, tree in trees}
    print(f"instructions per hand (callgrind Ir), {args.hands:,} simulated hands")
    for stage in stages:
        line = f"{stage:>10}: " + "  ".join(
            f"{label} {results[label][stage] / 1000:8.1f}k" for label, _ in trees)
        if args.reference:
            line += f"  ratio {results['this tree'][stage] / results['reference'][stage]:.3f}"
        print(line)
    total = {label: sum(results[label].values()) for label, _ in trees}
    line = f"{'total':>10}: " + "  ".join(f"{label} {total[label] / 1000:8.1f}k"
                                         for label, _ in trees)
    if args.reference:
        line += f"  ratio {total['this tree'] / total['reference']:.3f}"
    print(line)


if __name__ == "__main__":
    main()
