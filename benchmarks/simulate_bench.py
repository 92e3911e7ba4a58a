"""Simulated hands per second written to disk, and where the time goes.

Run: ``python benchmarks/simulate_bench.py [--hands 5000] [--game stud] [--repeat 3]``.

Prints, for the same hands in the same run (medians of ``--repeat`` runs, after a warm-up
of 1,000 other hands that builds the evaluator and starting-hand tables and fills the
strength memos, as any long simulation has them):

* ``simulate_to``: hands played by the engine, written as PokerStars text, on disk;
* ``play only``: the same hands without writing (engine + profiles + events);
* ``writer only``: ``write_hand`` over those hands already in memory;
* ``engine reference``: the bare engine dealing and checking/calling the same number of
  hands with no decisions and no events: the floor any engine-driven simulator pays;
* ``engine replay``: the engine calls ``play only`` made (antes, deals, every action,
  mucks, awards) replayed on a fresh engine with nothing around them: the engine's share
  of these very hands, so ``play only`` / ``engine replay`` is the simulator's own share;
* ``simulate_to --jobs N`` (with ``--jobs N`` > 1): the same hands in N processes.

Each figure is given per second of wall time and per second of this process' CPU time
(the machine is shared: the CPU figure moves less with other people's load). Each
repeat plays other hands (seed = repeat number), so that no memo of the simulator's
sees the same hands twice.

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
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from stud_hh.dialects.pokerstars.writer import write_hand  # noqa: E402
from stud_hh.engine import Action, ActionKind, Deck, Phase, Stakes, StudState  # noqa: E402
from stud_hh.events import Game  # noqa: E402
from stud_hh.rules import POKERSTARS  # noqa: E402
from stud_hh.simulate import simulate_hands, simulate_to  # noqa: E402
from stud_hh.simulate.api import BLOCK_HANDS  # noqa: E402
from stud_hh.simulate.deal import shuffled_deck  # noqa: E402

TARGET = 5_000


def _median_rate(run: Callable[[], int], repeat: int) -> tuple[float, float]:
    """Median hands per wall second and per CPU second of this process."""
    wall, cpu = [], []
    for _ in range(repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        count = run()
        wall.append(count / (time.perf_counter() - started))
        cpu.append(count / max(time.process_time() - started_cpu, 1e-9))
    return statistics.median(wall), statistics.median(cpu)


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


def record_engine_calls(n: int, game: str, seed: int) -> list[list[tuple[Any, ...]]]:
    """The engine calls ``simulate_hands(n, game, seed=seed)`` makes, hand by hand."""
    from stud_hh.simulate import play

    logs: list[list[tuple[Any, ...]]] = []

    class Recording(StudState):
        __slots__ = ("log",)

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.log: list[tuple[Any, ...]] = [("new", args, kwargs)]
            logs.append(self.log)

        def post_antes(self) -> None:
            self.log.append(("antes",))
            super().post_antes()

        def deal_from(self, deck: Deck) -> None:
            # the hand's deck as it was before its first card went out: the replay
            # deals every street from one copy of it, as the hand did
            self.log.append(("deal", list(deck.cards)))
            super().deal_from(deck)

        def apply(self, action: Action) -> Action:
            applied = super().apply(action)  # only what the engine accepted
            self.log.append(("apply", action))
            return applied

        def muck(self, player: int | str) -> None:
            self.log.append(("muck", player))
            super().muck(player)

        def award(self, rake: int = 0) -> Any:
            self.log.append(("award", rake))
            return super().award(rake=rake)

    original = play.StudState
    play.StudState = Recording  # type: ignore[misc]
    try:
        for _ in simulate_hands(n, game=game, seed=seed):
            pass
    finally:
        play.StudState = original  # type: ignore[misc]
    return logs


def engine_replay(logs: list[list[tuple[Any, ...]]]) -> int:
    """Replay recorded engine calls on fresh engines: nothing but the engine's work."""
    for log in logs:
        _, args, kwargs = log[0]
        st = StudState(*args, **kwargs)
        deck = None
        for step in log[1:]:
            what = step[0]
            if what == "apply":
                st.apply(step[1])
            elif what == "deal":
                if deck is None:
                    deck = Deck(step[1])
                st.deal_from(deck)
            elif what == "antes":
                st.post_antes()
            elif what == "muck":
                st.muck(step[1])
            else:
                st.award(rake=step[1])
    return len(logs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5_000)
    parser.add_argument("--game", default="stud", choices=("stud", "stud8", "razz", "mixed"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1,
                        help="also time simulate_to with this many worker processes")
    args = parser.parse_args()
    n = args.hands

    # warm-up (other hands: seed 99): imports, the evaluator and starting-hand tables,
    # and the strength memos a long simulation keeps warm
    for _ in simulate_hands(1_000, game=args.game, seed=99):
        pass

    with tempfile.TemporaryDirectory() as tmp:
        runs = iter(range(1_000_000))

        def to_disk(jobs: int = 1) -> int:
            run = next(runs)
            files = simulate_to(Path(tmp) / f"out{run}", n, game=args.game,
                                seed=1 + run % args.repeat, jobs=jobs)
            assert files
            return n

        disk = _median_rate(to_disk, args.repeat)
        size = sum(p.stat().st_size for p in (Path(tmp) / "out0").iterdir())
        parallel = (_median_rate(lambda: to_disk(args.jobs), args.repeat)
                    if args.jobs > 1 else None)

    seeds = iter(range(1_000_000))
    play = _median_rate(
        lambda: sum(1 for _ in simulate_hands(n, game=args.game,
                                              seed=1 + next(seeds) % args.repeat)),
        args.repeat)
    hands = list(simulate_hands(n, game=args.game, seed=1))
    writer = _median_rate(lambda: sum(1 for h in hands if write_hand(h, "Hero")), args.repeat)
    engine_game = Game.STUD if args.game == "mixed" else Game(args.game)
    engine = _median_rate(lambda: engine_reference(n, engine_game), args.repeat)
    logs = record_engine_calls(n, args.game, seed=1)
    replay = _median_rate(lambda: engine_replay(logs), args.repeat)

    def line(label: str, rate: tuple[float, float], note: str = "") -> None:
        print(f"  {label:<22}{rate[0]:10,.0f} hands/s wall {rate[1]:10,.0f} hands/s CPU{note}")

    print(f"simulated {n:,} {args.game} hands ({size / n / 1024:.1f} KB per hand on disk)")
    met = "met" if disk[0] >= TARGET else "NOT met"
    line("simulate_to (to disk)", disk, f"   target {TARGET:,} (wall): {met}")
    if parallel is not None:  # the work is in the workers: only the wall figure means much
        print(f"  {'simulate_to --jobs ' + str(args.jobs):<22}{parallel[0]:10,.0f} hands/s wall"
              f"   ({len(range(0, n, BLOCK_HANDS))} blocks of up to {BLOCK_HANDS:,} hands)")
    line("play only", play)
    line("writer only", writer)
    line("engine reference", engine, "   (check/call to showdown)")
    line("engine replay", replay, "   (the engine calls of play only)")
    print(f"  ratios (CPU): to-disk/engine {disk[1] / engine[1]:.2f}, "
          f"play/engine {play[1] / engine[1]:.2f}, writer/to-disk {writer[1] / disk[1]:.1f}")
    print(f"  per hand (CPU): play {1e6 / play[1]:.0f} us = engine {1e6 / replay[1]:.0f} us "
          f"+ simulator {1e6 / play[1] - 1e6 / replay[1]:.0f} us; writer "
          f"{1e6 / writer[1]:.0f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
