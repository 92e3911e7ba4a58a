"""Paired import speed: this tree against a reference tree, alternating in one run.

A shared machine's speed drifts by tens of percent over minutes, so two trees timed at
different moments cannot be compared. This runner imports the same corpus with both trees
in turn, round after round (ABBA order, so a drift favours neither), each import in its own
process with ``PYTHONPATH`` set to its tree and a fresh database, and prints each tree's
median hands/s (wall clock and CPU time of the import process and its workers) and the
ratio of this tree to the reference.

Each child runs as an installed package does: with its tree's byte code cached (in a
folder of this run, ``PYTHONPYCACHEPREFIX``, written by one untimed import per tree before
the rounds), whatever ``PYTHONDONTWRITEBYTECODE`` says. pip writes the byte code at install
time, so a user's import never compiles the package's source; a child that did would time
the compiler, and the larger tree would pay more for it (``--compile-source`` does that,
to see by how much).

    python benchmarks/paired_import.py --reference /work/baseline
    python benchmarks/paired_import.py --reference ../ref --hands 20000 --rounds 6 --jobs 2

``--small N`` also imports an ``N``-hand corpus with both trees in each round and prints
the ratio of the per-hand cost, ``(cpu(hands) - cpu(N)) / (hands - N)``: what a tree
spends on each further hand once it has started. A small corpus is dominated by what a run
pays once (module imports, building or loading tables, opening the database), and a tree
that starts faster looks faster there than it is on a player's 100,000 hands.

    python benchmarks/paired_import.py --reference /work/baseline --hands 20000 --small 2000

The corpus: ``--hands`` simulated hands of mixed games (stud, stud8, razz; cash, 7
players), written once by this tree's simulator under ``benchmarks/.cache``; or
``--source stars`` for the real PokerStars hands replicated (``benchmarks/corpus.py``).

``--stages`` times the worker's stages instead, in one process per tree and round (CPU
time, µs a hand, 1,000-hand chunks as the workers cut them): ``parse``, ``validate``, then
``rows``: the table rows, the stats facts and their Arrow tables (``hands``,
``hand_players``, ``actions``, ``violations``, ``player_facts``), and ``events``: the
``hand_events`` table (the hands' texts; their MessagePack events in a tree before schema
6), which a tree without it reports as 0. So a slower validator and a slower rows stage
can be told apart.

    python benchmarks/paired_import.py --reference /work/baseline --stages --rounds 6
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


#: ``--stages``: in a child process of one tree, each stage's CPU µs a hand over the corpus.
#: Trees of two designs are run through their own chunk code: ``Chunk`` (one row path,
#: ``pipelines.batches``) or the older ``BatchRows`` with ``facts_hook``'s collector.
_STAGES_CHILD = """
import gc, json, sys, time
from pathlib import Path
from pipelines import batches, workers
from stud_hh.dialects import hand_starts
from stud_hh.parse import parse_raw
from stud_hh.reader import read_hands
from stud_hh.validate import validate

def rows_stage(audited):
    if hasattr(batches, "Chunk"):  # one chunk of rows, facts and tables
        from pipelines import hand_events
        batch, chunk = batches.Batch(), batches.Chunk()
        for raw, hand, found in audited:
            workers.add_audited(batch, chunk, raw, hand, found)
        tables = chunk.tables()
        started = time.process_time()
        if hasattr(hand_events, "texts_table"):  # the hands' texts (schema 6 on)
            hand_events.texts_table(chunk.texts)
        else:  # their events as MessagePack (schema 2 to 5)
            hand_events.events_table(chunk.hands)
        return tables, time.process_time() - started
    from pipelines import facts_hook
    batch, rows, facts, local = batches.empty_batch(), batches.BatchRows(), \
        facts_hook.collector(), 0
    for raw, hand, found in audited:
        local += workers.add_audited(batch, rows, facts, local, raw, hand, found)
    tables = rows.tables()
    tables["player_facts"] = facts.table(tables["hands"])
    return tables, 0.0

workers.set_rules(None)
source = Path(sys.argv[1])
files = [source] if source.is_file() else sorted(source.rglob("*.txt"))
raws = [r for p in files for r in read_hands(p, boundary=hand_starts())][:int(sys.argv[2])]
spent = dict.fromkeys(("parse", "validate", "rows", "events"), 0.0)
rows_stage([(r, h, validate(h)) for r in raws[:200] for h in [parse_raw(r)]])  # warm-up
gc.disable()
hands = 0
for start in range(0, len(raws), 1000):
    t0 = time.process_time()
    parsed = [(r, parse_raw(r)) for r in raws[start:start + 1000]]
    t1 = time.process_time()
    audited = [(r, h, validate(h)) for r, h in parsed]
    t2 = time.process_time()
    tables, events = rows_stage(audited)
    t3 = time.process_time()
    spent["parse"] += t1 - t0
    spent["validate"] += t2 - t1
    spent["rows"] += t3 - t2 - 2 * events  # chunk.tables() made hand_events once too
    spent["events"] += events
    hands += tables["hands"].num_rows
    del parsed, audited, tables
    gc.collect()
print(json.dumps({"hands": hands, **{k: v / hands * 1e6 for k, v in spent.items()}}))
"""
STAGES = ("parse", "validate", "rows", "events")


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


def child_env(tree: Path, pycache: Path | None) -> dict[str, str]:
    """A child's environment: ``tree`` first on the path; its byte code cached in
    ``pycache`` (None: compiled from source in every child)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def one_import(tree: Path, source: Path, jobs: int, pycache: Path | None) -> dict[str, float]:
    """Import ``source`` with ``tree``'s code into a fresh database; its figures."""
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        out = subprocess.run(
            [sys.executable, "-c", _CHILD, str(Path(tmp) / "paired.duckdb"), str(source),
             str(jobs)],
            env=child_env(tree, pycache), cwd=tmp, capture_output=True, text=True,
        )
    if out.returncode:
        raise SystemExit(f"import with {tree} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def one_stage_run(tree: Path, source: Path, hands: int) -> dict[str, float]:
    """µs a hand of each stage, ``tree``'s code in its own process and folder."""
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        out = subprocess.run(
            [sys.executable, "-c", _STAGES_CHILD, str(source), str(hands)],
            env=child_env(tree, None), cwd=tmp, capture_output=True, text=True,
        )
    if out.returncode:
        raise SystemExit(f"stages with {tree} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def stages(trees: dict[str, Path], source: Path, rounds: int, hands: int) -> None:
    """Each tree's stages, alternating ABBA; the medians and their ratios."""
    runs: dict[str, list[dict[str, float]]] = {label: [] for label in trees}
    for round_no in range(rounds):
        order = list(trees) if round_no % 2 == 0 else list(reversed(trees))
        for label in order + order[::-1]:
            figures = one_stage_run(trees[label], source, hands)
            runs[label].append(figures)
            print(f"  round {round_no + 1}, {label:>9}: " + ", ".join(
                f"{name} {figures[name]:6.1f}" for name in STAGES) + " µs/hand", flush=True)
    counted = {r["hands"] for label in trees for r in runs[label]}
    if len(counted) != 1:
        raise SystemExit(f"the trees stored different numbers of hands: {sorted(counted)}")
    median = {label: {name: statistics.median(r[name] for r in runs[label]) for name in STAGES}
              for label in trees}
    for label in trees:
        print(f"{label:>9}: median " + ", ".join(
            f"{name} {median[label][name]:6.1f}" for name in STAGES) + " µs/hand (CPU)")
    new, ref = median["this tree"], median["reference"]
    for name in ("parse", "validate", "rows"):
        print(f"ratio {name:>8} this tree / reference: {new[name] / ref[name]:.3f} (time a hand)")
    print(f"ratio rows+events this tree / reference rows: "
          f"{(new['rows'] + new['events']) / ref['rows']:.3f} ({counted.pop():,} hands)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, required=True,
                        help="the other tree (a checkout of another commit)")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the tree under test")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--source", choices=("sim", "stars"), default="sim")
    parser.add_argument("--rounds", type=int, default=4, help="each round imports twice per tree")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes per import")
    parser.add_argument("--stages", action="store_true",
                        help="time the worker's stages (parse, validate, rows, events) instead")
    parser.add_argument("--small", type=int, default=0,
                        help="also import this many hands per tree and round; print the "
                             "per-hand ratio (the cost of a further hand, without start-up)")
    parser.add_argument("--compile-source", action="store_true",
                        help="no byte-code cache: every child compiles its tree's source")
    args = parser.parse_args()
    CACHE.mkdir(exist_ok=True)
    source = simulated(args.hands) if args.source == "sim" else stars(args.hands)
    trees = {"this tree": args.tree.resolve(), "reference": args.reference.resolve()}
    if args.stages:
        print(f"corpus {source}; {args.rounds} rounds, ABBA, stages in one process", flush=True)
        stages(trees, source, args.rounds, args.hands)
        return
    small = None
    if args.small:
        if not 0 < args.small < args.hands:
            raise SystemExit("--small must be between 0 and --hands")
        small = simulated(args.small) if args.source == "sim" else stars(args.small)
    with tempfile.TemporaryDirectory(dir=CACHE) as pycache:
        paired(trees, source, args.rounds, args.jobs,
               None if args.compile_source else Path(pycache), small)


def paired(trees: dict[str, Path], source: Path, rounds: int, jobs: int,
           pycache: Path | None, small: Path | None = None) -> None:
    """Each tree's imports, alternating ABBA; the medians and their ratio (and, with a
    ``small`` corpus, the per-hand ratio)."""
    runs: dict[str, list[dict[str, float]]] = {label: [] for label in trees}
    small_runs: dict[str, list[dict[str, float]]] = {label: [] for label in trees}
    hands = set()
    print(f"corpus {source}; {rounds} rounds, ABBA, {jobs} worker(s) per import, "
          + ("source compiled in every import" if pycache is None else "byte code cached"),
          flush=True)
    if pycache is not None:  # one untimed import per tree writes its byte code
        for tree in trees.values():
            one_import(tree, source, jobs, pycache)
    for round_no in range(rounds):
        order = list(trees) if round_no % 2 == 0 else list(reversed(trees))
        for label in order + order[::-1]:
            if small is not None:
                small_runs[label].append(one_import(trees[label], small, jobs, pycache))
            figures = one_import(trees[label], source, jobs, pycache)
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
          f"({hands.pop()[0]:,} hands, {jobs} worker(s))")
    if small is not None:
        per_hand(runs, small_runs)


def per_hand(runs: dict[str, list[dict[str, float]]],
             small_runs: dict[str, list[dict[str, float]]]) -> None:
    """The CPU a further hand costs each tree (each big import less the small one of its
    round and turn), the once-per-run cost that remains, and the per-hand ratio."""
    cost = {}
    for label in runs:
        pairs = list(zip(runs[label], small_runs[label], strict=True))
        each = statistics.median((big["cpu"] - little["cpu"]) / (big["hands"] - little["hands"])
                                 for big, little in pairs)
        once = statistics.median(little["cpu"] - each * little["hands"]
                                 for _, little in pairs)
        cost[label] = each
        print(f"{label:>9}: {each * 1e6:6.0f} µs CPU a further hand "
              f"({1 / each:8,.0f} hands/s), {once:5.2f} s once per run")
    print(f"per-hand ratio this tree / reference: "
          f"{cost['reference'] / cost['this tree']:.3f} CPU (start-up left out)")


if __name__ == "__main__":
    main()
