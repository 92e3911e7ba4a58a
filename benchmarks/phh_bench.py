"""Hands per second through PHH: written (``stud_hh.phh``) and read (the ``phh`` dialect),
beside the PokerStars writer and parser on the same hands, in the same run.

The hands are simulated (a mix of the three games, 6-handed cash tables). Each direction
runs ``--rounds`` times, alternating PHH and PokerStars, and the medians of the process's
CPU time are printed with their ratio (a shared machine's wall clock counts other
processes' turns).

    python benchmarks/phh_bench.py --hands 3000 --rounds 5
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from stud_hh.dialects.phh import PHH
from stud_hh.dialects.pokerstars import PokerStars
from stud_hh.dialects.pokerstars.writer import write_hand
from stud_hh.events import Hand
from stud_hh.phh import write_phh
from stud_hh.reader import RawHand
from stud_hh.simulate import simulate_hands


def cpu(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    per_game = args.hands // 3
    hands: list[Hand] = [h for game in ("stud", "stud8", "razz")
                         for h in simulate_hands(per_game, game=game, players=6, seed=7)]
    phh_texts = [write_phh(h) for h in hands]
    stars_texts = [write_hand(h) + "\n" for h in hands]
    phh, stars = PHH(), PokerStars()
    stars.parse_hand(RawHand(None, 1, stars_texts[0]))  # build the Lark parser first
    runs: dict[str, list[float]] = {}
    work: dict[str, Callable[[], object]] = {
        "write PHH": lambda: [write_phh(h) for h in hands],
        "write PokerStars": lambda: [write_hand(h) for h in hands],
        "read PHH": lambda: [phh.parse_hand(RawHand(None, 1, t)) for t in phh_texts],
        "read PokerStars": lambda: [stars.parse_hand(RawHand(None, 1, t)) for t in stars_texts],
    }
    for _ in range(args.rounds):
        for name, job in work.items():
            runs.setdefault(name, []).append(cpu(job))
    n = len(hands)
    for name, seconds in runs.items():
        median = statistics.median(seconds)
        print(f"{name:18} {n / median:10,.0f} hands/s  (median CPU {median:.3f} s, {n} hands)")
    for direction in ("write", "read"):
        ratio = statistics.median(runs[f"{direction} PHH"]) / statistics.median(
            runs[f"{direction} PokerStars"])
        print(f"{direction} PHH / PokerStars CPU: {ratio:.2f}")


if __name__ == "__main__":
    main()
