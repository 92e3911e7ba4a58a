"""Validation speed against parsing: parse-only and parse+validate on the same corpus.

Run: ``python benchmarks/validate_bench.py [--hands 20000] [--rounds 3]``

The corpus is the real PokerStars stud hands replicated with fresh ids
(``benchmarks/corpus.py``). Both pipelines stream the same file in the same run and the
rounds alternate (parse-only, parse+validate, ...). The rates shown are the best round of
each; the ratio is the median of each round's own ratio, since both halves of a round saw
the same load on a noisy shared machine. Target: parse+validate runs at >= 0.5 of
parse-only hands/second, i.e. validating costs at most as much as parsing (issue 4).

Also printed: validation alone on already-parsed hands, split into the engine replay and
the record checks, to show where the time goes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import build_corpus
from stud_hh.events import Hand
from stud_hh.parse import parse_file
from stud_hh.rules import POKERSTARS
from stud_hh.validate import validate
from stud_hh.validate.consistency import check_record
from stud_hh.validate.replay import replay


def parse_only(path: Path) -> int:
    n = 0
    for item in parse_file(path):
        n += isinstance(item, Hand)
    return n


def parse_and_validate(path: Path) -> int:
    n = 0
    for item in parse_file(path):
        if isinstance(item, Hand):
            validate(item, POKERSTARS)
            n += 1
    return n


def timed(fn: Callable[[], int]) -> tuple[int, float, float]:
    """``(result, wall seconds, CPU seconds of this process)``.

    CPU time is printed too because the machine is shared: other jobs stretch the wall
    time of whichever half of a round they overlap, not this process's CPU time.
    """
    start, cpu = time.perf_counter(), time.process_time()
    n = fn()
    return n, time.perf_counter() - start, time.process_time() - cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20_000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)

    path = build_corpus(args.hands)
    for h in list(parse_file(path))[:50]:  # one-off costs (evaluator tables) out of timing
        if isinstance(h, Hand):
            validate(h, POKERSTARS)
    best_parse = best_both = float("inf")
    n = 0
    ratios = []
    cpu_ratios = []
    for r in range(args.rounds):
        n, t_parse, c_parse = timed(lambda: parse_only(path))
        _, t_both, c_both = timed(lambda: parse_and_validate(path))
        best_parse, best_both = min(best_parse, t_parse), min(best_both, t_both)
        ratios.append(t_parse / t_both)
        cpu_ratios.append(c_parse / c_both)
        print(f"round {r + 1}: parse-only {n / t_parse:8.0f} hands/s   "
              f"parse+validate {n / t_both:8.0f} hands/s   ratio {t_parse / t_both:.2f}"
              f"   (CPU time: {n / c_parse:6.0f} / {n / c_both:6.0f} hands/s, "
              f"ratio {c_parse / c_both:.2f})")

    hands = [h for h in parse_file(path) if isinstance(h, Hand)]
    split = {}
    for name, fn in (("validate", validate), ("engine replay", replay),
                     ("record checks", check_record)):
        best = best_cpu = float("inf")
        for _ in range(args.rounds):
            start, cpu = time.perf_counter(), time.process_time()
            for h in hands:
                fn(h, POKERSTARS) if fn is not check_record else fn(h)  # type: ignore[call-arg]
            best = min(best, time.perf_counter() - start)
            best_cpu = min(best_cpu, time.process_time() - cpu)
        split[name] = (len(hands) / best, len(hands) / best_cpu)

    parse_rate, both_rate = n / best_parse, n / best_both
    ratio = statistics.median(ratios)  # within-round ratios: both halves saw the same load
    print(f"\ncorpus: {n} hands ({path})")
    print(f"parse-only       {parse_rate:8.0f} hands/s")
    print(f"parse+validate   {both_rate:8.0f} hands/s")
    for name, (rate, cpu_rate) in split.items():
        print(f"  {name:15}{rate:8.0f} hands/s (already parsed hands; CPU time "
              f"{cpu_rate:6.0f} hands/s)")
    verdict = "OK" if ratio >= 0.5 else "BELOW TARGET"
    print(f"ratio parse+validate / parse-only = {ratio:.2f}, median of the rounds "
          f"(target >= 0.50: {verdict}); on CPU time "
          f"{statistics.median(cpu_ratios):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
