"""Parsing speed: hands/second for splitting alone (the floor) and for the full parse.

    python benchmarks/parse_bench.py [--hands 20000] [--rounds 3] [--no-pure] [--corpus PATH]

Builds (once, cached) a corpus of PokerStars hands replicated from the real ones with fresh
ids (or takes ``--corpus``: a hand history file, or a directory of ``*.txt`` ones, such as
a simulated session corpus: the replicated corpus repeats a few dozen hands, so whatever
the parser remembers between hands helps it more than real sessions would), then, in the
same run and interleaved round by round so that a busy machine slows every figure alike,
times on one core:

  (a) split:  bytes -> decoded text -> ``RawHand`` per hand (``read_hands``), the floor;
  (b) parse:  split + dialect detection + Lark (lark-cython) + events (``parse_file``);
  (c) pure:   the same through pure-Python Lark, for reference.

CPU time (``time.process_time``) is reported beside wall time because other processes
share the machine; the ratios are taken within each round and their median printed.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import build_corpus
from stud_hh.dialects import hand_starts
from stud_hh.dialects.pokerstars.parser import PokerStarsParser
from stud_hh.events import Hand
from stud_hh.parse import parse_file
from stud_hh.reader import read_hands


def _files(path: Path) -> list[Path]:
    return sorted(path.glob("*.txt")) if path.is_dir() else [path]


def _split(path: Path) -> int:
    return sum(1 for file in _files(path) for _ in read_hands(file, boundary=hand_starts()))


def _parse(path: Path) -> int:
    count = 0
    for file in _files(path):
        for result in parse_file(file):
            if type(result) is not Hand:
                raise SystemExit(f"benchmark corpus hand failed to parse: {result}")
            count += 1
    return count


def _pure(parser: PokerStarsParser) -> Callable[[Path], int]:
    def run(path: Path) -> int:
        count = 0
        for file in _files(path):
            for raw in read_hands(file, boundary=hand_starts()):
                if type(parser.parse_hand(raw)) is not Hand:
                    raise SystemExit("benchmark corpus hand failed to parse (pure lark)")
                count += 1
        return count

    return run


def _time(work: Callable[[Path], int], path: Path) -> tuple[int, float, float]:
    gc.collect()
    wall, cpu = time.perf_counter(), time.process_time()
    count = work(path)
    return count, time.perf_counter() - wall, time.process_time() - cpu


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--hands", type=int, default=20_000)
    options.add_argument("--rounds", type=int, default=3)
    options.add_argument("--no-pure", action="store_true", help="skip the pure-Lark run")
    options.add_argument("--corpus", type=Path, default=None,
                         help="time this file, or directory of *.txt files, instead")
    args = options.parse_args(argv)

    path = args.corpus or build_corpus(args.hands)
    if args.corpus is not None:
        args.hands = _split(path)
    size = sum(file.stat().st_size for file in _files(path))
    _parse(build_corpus(200))  # build the Lark parser outside the timings
    runs: dict[str, Callable[[Path], int]] = {"split": _split, "parse": _parse}
    if not args.no_pure:
        runs["pure"] = _pure(PokerStarsParser(use_cython=False))
    cpu_rates: dict[str, list[float]] = {name: [] for name in runs}
    wall_rates: dict[str, list[float]] = {name: [] for name in runs}
    ratios: list[float] = []
    print(f"corpus: {path} ({args.hands} hands, {size / 1e6:.1f} MB, {size / args.hands:.0f} "
          f"bytes/hand); {args.rounds} rounds, one process")
    for round_no in range(1, args.rounds + 1):
        line = []
        for name, work in runs.items():
            count, wall, cpu = _time(work, path)
            assert count == args.hands, (name, count)
            cpu_rates[name].append(count / cpu)
            wall_rates[name].append(count / wall)
            line.append(f"{name} {count / cpu:,.0f}/s cpu ({count / wall:,.0f}/s wall)")
        ratios.append(cpu_rates["split"][-1] / cpu_rates["parse"][-1])
        print(f"round {round_no}: " + "; ".join(line))
    print()
    print("median hands/second (CPU time; wall time in brackets):")
    for name in runs:
        print(f"  ({'abc'[list(runs).index(name)]}) {name:<5} "
              f"{statistics.median(cpu_rates[name]):>9,.0f}  "
              f"[{statistics.median(wall_rates[name]):>9,.0f}]")
    print(f"split/parse ratio (median of rounds): {statistics.median(ratios):.1f}x; "
          f"parse is {100 / statistics.median(ratios):.1f} % of the split floor's speed")
    if "pure" in runs:
        speedup = statistics.median(cpu_rates["parse"]) / statistics.median(cpu_rates["pure"])
        print(f"lark-cython speed-up over pure Lark: {speedup:.2f}x")
    target = 3_000
    best = statistics.median(cpu_rates["parse"])
    print(f"target {target:,} hands/s per core: {'met' if best >= target else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
