"""Equity speed: exact heads-up 5th street, sampled 3-way 3rd street, all-in EV at import.

    python benchmarks/equity_bench.py                  # all three
    python benchmarks/equity_bench.py --spots 300 --ev-hands 5000

1. Heads-up all-in on 5th street (five known cards each, two to come from the unseen),
   counted exactly: equities per second and the median time of one (target: under 10 ms).
2. Three players on 3rd street by Monte Carlo until every equity's standard error is at
   most 1 percentage point: equities per second.
3. All-in EV over the import benchmark's corpus (``import_bench.py``'s simulated stud cash
   hands, built once under ``benchmarks/.cache``): the corpus is imported in the same run
   (one job, a fresh database), then ``all_in_ev`` is run over the same hands, parsed; the
   ratio is what computing EV at import would add (the issue's budget: 5 %).

Spots are dealt from a seeded generator, so runs compare like with like. Times are CPU
time of this process (``time.process_time``): on a shared machine the wall clock also
counts other processes' turns; the wall-clock median is printed beside it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(os.path.abspath(__file__)).parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # this tree's stud_hh, not an installed copy
sys.path.insert(0, str(HERE))


def _deals(n: int, hands: int, cards: int, seed: int) -> list[list[tuple[int, ...]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        deck = list(range(52))
        rng.shuffle(deck)
        out.append([tuple(deck[i * cards:(i + 1) * cards]) for i in range(hands)])
    return out


def _timed(spots: list[list[tuple[int, ...]]], game: str, **kw: object
           ) -> tuple[list[float], list[float]]:
    """CPU and wall seconds of each spot's equity."""
    from stud_hh.equity import equity

    equity(spots[0], game, **kw)  # tables built, caches warm
    cpu, wall = [], []
    for s in spots:
        start, clock = time.process_time(), time.perf_counter()
        equity(s, game, **kw)
        cpu.append(time.process_time() - start)
        wall.append(time.perf_counter() - clock)
    return cpu, wall


def bench_exact(n: int, seed: int) -> None:
    print(f"heads-up 5th street, exact ({n} random spots per game):")
    for game in ("stud", "stud8", "razz"):
        times, wall = _timed(_deals(n, 2, 5, seed), game, method="exact")
        median = statistics.median(times)
        print(f"  {game:<6} {len(times) / sum(times):8,.0f} equities/s   median "
              f"{median * 1e3:5.2f} ms CPU ({statistics.median(wall) * 1e3:5.2f} ms wall)   "
              f"worst {max(times) * 1e3:5.2f} ms   "
              f"{'OK' if median < 0.010 else 'OVER'} (target < 10 ms)")


def bench_sampled(n: int, seed: int) -> None:
    from stud_hh.equity import equity

    print(f"3-way 3rd street, Monte Carlo to a standard error of 1 point ({n} spots per game):")
    for game in ("stud", "stud8", "razz"):
        spots = _deals(n, 3, 3, seed)
        times, wall = _timed(spots, game, method="monte-carlo", stderr=0.01)
        runs = [equity(s, game, method="monte-carlo", stderr=0.01).runouts for s in spots[:20]]
        print(f"  {game:<6} {len(times) / sum(times):8,.0f} equities/s   median "
              f"{statistics.median(times) * 1e3:5.2f} ms CPU "
              f"({statistics.median(wall) * 1e3:5.2f} ms wall)   "
              f"~{statistics.mean(runs):,.0f} runouts")


def bench_all_in(n: int) -> None:
    from import_bench import corpus

    from pipelines import import_paths
    from stud_hh.equity import all_in_ev
    from stud_hh.parse import parse_file

    source = corpus(n, "simulated")
    with tempfile.TemporaryDirectory(dir=HERE / ".cache") as tmp:
        start = time.process_time()
        result = import_paths([source], db=Path(tmp) / "bench.duckdb", jobs=1)
        imported = time.process_time() - start  # one job: the import's CPU is this process's
    hands = [h for path in sorted(source.rglob("*.txt")) for h in parse_file(path)
             if not hasattr(h, "message")]
    all_in_ev(next(h for h in hands if all_in_ev(h) is not None))  # tables, imports
    from stud_hh.equity.allin import _pot_chips

    _pot_chips.cache_clear()
    start = time.process_time()
    found = [all_in_ev(h) for h in hands]
    spent = time.process_time() - start
    qualified = [f for f in found if f is not None]
    sampled = sum(1 for f in qualified if f.method.value == "monte-carlo")
    print(f"all-in EV over the import corpus ({result.imported:,} simulated stud cash hands):")
    print(f"  import, 1 job: {imported:.2f} s CPU ({result.imported / imported:,.0f} hands/s)")
    print(f"  all_in_ev: {len(qualified):,} hands qualify ({sampled} sampled); {spent:.2f} s "
          f"CPU = {spent / imported:.1%} of the import (budget 5 %)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spots", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--ev-hands", type=int, default=5000)
    parser.add_argument("--only", choices=("exact", "sampled", "all-in"), default=None)
    args = parser.parse_args()
    if args.only in (None, "exact"):
        bench_exact(args.spots, args.seed)
    if args.only in (None, "sampled"):
        bench_sampled(max(20, args.spots // 4), args.seed)
    if args.only in (None, "all-in"):
        bench_all_in(args.ev_hands)


if __name__ == "__main__":
    main()
