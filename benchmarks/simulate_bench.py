"""Simulated hands per second written to disk, and where the time goes.

Run: ``python benchmarks/simulate_bench.py [--hands 5000] [--game stud] [--repeat 3]``.

Prints, for the same hands in the same run (medians of ``--repeat`` runs, after a warm-up
that builds the evaluator and starting-hand tables):

* ``simulate_to``: hands played by the engine, written as PokerStars text, on disk;
* ``play only``: the same hands without writing (engine + profiles + events);
* ``writer only``: ``write_hand`` over those hands already in memory;
* ``engine reference``: the bare engine dealing and checking/calling the same number of
  hands with no decisions and no events: the floor any engine-driven simulator pays.

Target from the issue: >= 5,000 hands/s to disk, single process.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from stud_hh.dialects.pokerstars.writer import write_hand  # noqa: E402
from stud_hh.engine import Action, ActionKind, Phase, Stakes, StudState  # noqa: E402
from stud_hh.events import Game  # noqa: E402
from stud_hh.rules import POKERSTARS  # noqa: E402
from stud_hh.simulate import simulate_hands, simulate_to  # noqa: E402
from stud_hh.simulate.deal import shuffled_deck  # noqa: E402

TARGET = 5_000


def _median_rate(run: Callable[[], int], repeat: int) -> float:
    rates = []
    for _ in range(repeat):
        started = time.perf_counter()
        count = run()
        rates.append(count / (time.perf_counter() - started))
    return statistics.median(rates)


def engine_reference(n: int, game: Game, players: int = 6) -> int:
    """The engine alone: deal, everyone checks or calls to the showdown, award."""
    rng = random.Random(1)
    stakes = Stakes(ante=7, bring_in=15, small_bet=50, big_bet=100)
    names = tuple(f"P{i}" for i in range(players))
    passive = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN)
    for _ in range(n):
        st = StudState(game, stakes, (10_000,) * players, rules=POKERSTARS, players=names)
        deck = shuffled_deck(rng)
        while st.phase is not Phase.OVER:
            phase = st.phase
            if phase is Phase.ANTES:
                st.post_antes()
            elif phase is Phase.DEALING:
                st.deal_from(deck)
            elif phase is Phase.BETTING:
                legal = st.legal_actions()
                choice = next((a for a in legal if a.kind in passive), legal[0])
                st.apply(Action(choice.kind, st.to_act,
                                choice.amounts[0] if choice.amounts else None))
            else:
                st.award(rake=0)
    return n


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5_000)
    parser.add_argument("--game", default="stud", choices=("stud", "stud8", "razz", "mixed"))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n = args.hands

    for _ in simulate_hands(200, game=args.game, seed=99):  # warm-up: tables, imports
        pass

    with tempfile.TemporaryDirectory() as tmp:
        def to_disk() -> int:
            files = simulate_to(Path(tmp) / "out", n, game=args.game, seed=1)
            assert files
            return n

        disk = _median_rate(to_disk, args.repeat)
        size = sum(p.stat().st_size for p in (Path(tmp) / "out").iterdir())

    play = _median_rate(lambda: sum(1 for _ in simulate_hands(n, game=args.game, seed=1)),
                        args.repeat)
    hands = list(simulate_hands(n, game=args.game, seed=1))
    writer = _median_rate(lambda: sum(1 for h in hands if write_hand(h, "Hero")), args.repeat)
    engine_game = Game.STUD if args.game == "mixed" else Game(args.game)
    engine = _median_rate(lambda: engine_reference(n, engine_game), args.repeat)

    print(f"simulated {n:,} {args.game} hands ({size / n / 1024:.1f} KB per hand on disk)")
    print(f"  simulate_to (to disk) {disk:10,.0f} hands/s   target {TARGET:,}: "
          f"{'met' if disk >= TARGET else 'NOT met'}")
    print(f"  play only             {play:10,.0f} hands/s")
    print(f"  writer only           {writer:10,.0f} hands/s")
    print(f"  engine reference      {engine:10,.0f} hands/s   (check/call to showdown)")
    print(f"  ratios: to-disk/engine {disk / engine:.2f}, play/engine {play / engine:.2f}, "
          f"writer/to-disk {writer / disk:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
