"""Validation speed against parsing: parse-only and parse+validate on the same corpus.

Run: ``python benchmarks/validate_bench.py [--hands 20000] [--rounds 3]``

The corpus is the real PokerStars stud hands replicated with fresh ids
(``benchmarks/corpus.py``). The pipelines read the same file in the same run and the
rounds alternate (parse-only, parse+validate hand by hand, parse+validate in chunks, ...).
The rates shown are the best round of each; the ratios are the medians of each round's own
ratios, since the parts of a round saw the same load on a noisy shared machine. Target:
parse+validate runs at >= 0.5 of parse-only hands/second, i.e. validating costs at most as
much as parsing (issue 4).

Two arrangements of parse+validate are measured. "In chunks" is the import's: a worker
parses a chunk of 1,000 hands, then validates them (``pipelines/workers.py``), and the
verdict is on it. "Hand by hand" validates each hand right after parsing it; it is slower
because the parser and the validator keep evicting each other's code and data from the
CPU caches (the same validation costs ~45 % more per hand there), and is shown so that
this cost stays visible.

Also printed: validation alone on already-parsed hands, split into the walk (one pass over
the events feeding the engine and gathering the record checks' ledger) and the record
checks on that ledger, to show where the time goes.
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
from stud_hh.rules import POKERSTARS, RuleSet
from stud_hh.validate import validate
from stud_hh.validate.consistency import Ledger, check_record
from stud_hh.validate.replay import walk


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


#: Hands parsed before they are validated, as in an import worker's chunk.
CHUNK_HANDS = 1000


def parse_and_validate_chunked(path: Path) -> int:
    n = 0
    chunk: list[Hand] = []
    for item in parse_file(path):
        if isinstance(item, Hand):
            chunk.append(item)
            if len(chunk) == CHUNK_HANDS:
                n += _validate_all(chunk)
                chunk = []
    return n + _validate_all(chunk)


def _validate_all(hands: list[Hand]) -> int:
    for h in hands:
        validate(h, POKERSTARS)
    return len(hands)


def _each(fn: Callable[[Hand, RuleSet], object], hands: list[Hand]) -> None:
    """Results are dropped as they come, as in a stream: thousands of results kept alive
    would make the garbage collector's full passes part of the measure."""
    for h in hands:
        fn(h, POKERSTARS)


def _each_ledger(hands: list[Hand], ledgers: list[Ledger]) -> None:
    for h, led in zip(hands, ledgers, strict=True):
        check_record(h, led)


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
    best_parse = best_both = best_chunked = float("inf")
    n = 0
    ratios: list[float] = []
    cpu_ratios: list[float] = []
    chunk_ratios: list[float] = []
    chunk_cpu_ratios: list[float] = []
    for r in range(args.rounds):
        n, t_parse, c_parse = timed(lambda: parse_only(path))
        _, t_both, c_both = timed(lambda: parse_and_validate(path))
        _, t_chunk, c_chunk = timed(lambda: parse_and_validate_chunked(path))
        best_parse, best_both = min(best_parse, t_parse), min(best_both, t_both)
        best_chunked = min(best_chunked, t_chunk)
        ratios.append(t_parse / t_both)
        cpu_ratios.append(c_parse / c_both)
        chunk_ratios.append(t_parse / t_chunk)
        chunk_cpu_ratios.append(c_parse / c_chunk)
        print(f"round {r + 1}: parse-only {n / t_parse:6.0f}/s   "
              f"parse+validate in chunks {n / t_chunk:6.0f}/s (ratio {t_parse / t_chunk:.2f})"
              f"   hand by hand {n / t_both:6.0f}/s (ratio {t_parse / t_both:.2f})"
              f"   CPU-time ratios {c_parse / c_chunk:.2f} / {c_parse / c_both:.2f}")

    hands = [h for h in parse_file(path) if isinstance(h, Hand)]
    ledgers = [walk(h, POKERSTARS)[1] for h in hands]
    split = {}
    for name, fn in (
        ("validate", lambda: _each(validate, hands)),
        ("walk", lambda: _each(walk, hands)),
        ("record checks", lambda: _each_ledger(hands, ledgers)),
    ):
        best = best_cpu = float("inf")
        for _ in range(args.rounds):
            start, cpu = time.perf_counter(), time.process_time()
            fn()
            best = min(best, time.perf_counter() - start)
            best_cpu = min(best_cpu, time.process_time() - cpu)
        split[name] = (len(hands) / best, len(hands) / best_cpu)

    parse_rate, both_rate = n / best_parse, n / best_both
    ratio = statistics.median(chunk_ratios)  # within-round ratios: same load in a round
    print(f"\ncorpus: {n} hands ({path})")
    print(f"parse-only                   {parse_rate:8.0f} hands/s")
    print(f"parse+validate in chunks     {n / best_chunked:8.0f} hands/s (as the import)")
    print(f"parse+validate hand by hand  {both_rate:8.0f} hands/s (ratio "
          f"{statistics.median(ratios):.2f}; CPU time {statistics.median(cpu_ratios):.2f})")
    for name, (rate, cpu_rate) in split.items():
        print(f"  {name:15}{rate:8.0f} hands/s (already parsed hands; CPU time "
              f"{cpu_rate:6.0f} hands/s)")
    verdict = "OK" if ratio >= 0.5 else "BELOW TARGET"
    print(f"ratio parse+validate in chunks / parse-only = {ratio:.2f}, median of the "
          f"rounds (target >= 0.50: {verdict}); on CPU time "
          f"{statistics.median(chunk_cpu_ratios):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
