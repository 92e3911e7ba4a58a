"""Evaluator speed: ours against treys, PokerKit and eval7 on the same random 7-card hands.

Run: ``python benchmarks/eval_bench.py [--hands 200000] [--pokerkit-hands 3000] [--seed 7]``

Every library evaluates the same hands in the same run, so the ratios hold even on a
noisy machine. PokerKit is about 200 times slower than the others, so it is timed on the
first ``--pokerkit-hands`` of them (said in the output). Our lookup tables are built before
timing; their one-off build time and the package's import time are printed separately.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

Hand = Sequence[int]


def _rate(fn: Callable[[Any], Any], hands: Sequence[Any]) -> float:
    """Evaluations per second over ``hands`` (best of three passes, to dodge noise)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for h in hands:
            fn(h)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def _import_seconds() -> float:
    """Wall time of ``import stud_hh.evaluate`` in a fresh interpreter, minus a bare start."""

    def run(code: str) -> float:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        return time.perf_counter() - start

    bare = min(run("pass") for _ in range(3))
    return min(run("import stud_hh.evaluate") for _ in range(3)) - bare


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--pokerkit-hands", type=int, default=3_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    from stud_hh.cards import str_card
    from stud_hh.evaluate import _tables, high_value, low8_value, razz_value

    rng = random.Random(args.seed)
    deck = list(range(52))
    hands = [tuple(rng.sample(deck, 7)) for _ in range(args.hands)]
    n = len(hands)

    start = time.perf_counter()
    _tables.build()
    build = time.perf_counter() - start
    print(f"import stud_hh.evaluate: {_import_seconds() * 1000:.0f} ms; "
          f"table build on first use: {build * 1000:.0f} ms")
    print(f"{n:,} random 7-card hands (seed {args.seed})\n")

    rows: list[tuple[str, float, int]] = []
    ours = {
        "ours high": _rate(high_value, hands),
        "ours eight-or-better low": _rate(low8_value, hands),
        "ours razz low": _rate(razz_value, hands),
    }
    rows += [(name, rate, n) for name, rate in ours.items()]

    import eval7
    import treys

    e7 = [eval7.Card(str_card(c)) for c in range(52)]
    e7_hands = [[e7[c] for c in h] for h in hands]
    rows.append(("eval7 high (C)", _rate(eval7.evaluate, e7_hands), n))

    evaluator = treys.Evaluator()
    tr = [treys.Card.new(str_card(c)) for c in range(52)]
    tr_hands = [([tr[c] for c in h[:2]], [tr[c] for c in h[2:]]) for h in hands]
    rows.append(("treys high", _rate(lambda hb: evaluator.evaluate(*hb), tr_hands), n))

    from pokerkit import Card, EightOrBetterLowHand, RegularLowHand, StandardHighHand

    pk = [next(iter(Card.parse(str_card(c)))) for c in range(52)]
    m = min(args.pokerkit_hands, n)
    pk_hands = [([pk[c] for c in h[:3]], [pk[c] for c in h[3:]]) for h in hands[:m]]

    def pk_low8(hb: tuple[list[Any], list[Any]]) -> Any:
        try:
            return EightOrBetterLowHand.from_game(*hb)
        except ValueError:  # PokerKit raises when there is no qualifying low
            return None

    rows.append(("PokerKit high", _rate(lambda hb: StandardHighHand.from_game(*hb), pk_hands), m))
    rows.append(("PokerKit eight-or-better low", _rate(pk_low8, pk_hands), m))
    rows.append(("PokerKit razz low", _rate(lambda hb: RegularLowHand.from_game(*hb), pk_hands),
                 m))

    print(f"{'evaluator':32} {'hands':>9} {'evals/s':>12}")
    for name, rate, count in rows:
        print(f"{name:32} {count:>9,} {rate:>12,.0f}")
    rates = {name: rate for name, rate, _ in rows}
    print("\nratios (same run):")
    for mine, ref in [
        ("ours high", "treys high"),
        ("ours high", "PokerKit high"),
        ("ours high", "eval7 high (C)"),
        ("ours eight-or-better low", "PokerKit eight-or-better low"),
        ("ours razz low", "PokerKit razz low"),
    ]:
        print(f"  {mine} / {ref}: {rates[mine] / rates[ref]:.2f}x")
    if m < n:
        print(f"\nPokerKit timed on the first {m:,} of the {n:,} hands (it is too slow for all).")
    target = 300_000
    missed = [name for name, rate in ours.items() if rate < target]
    print(f"target {target:,}/s: " + ("met" if not missed else f"MISSED by {', '.join(missed)}"))
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
