"""``stud-hh simulate``: write simulated PokerStars stud hand histories, faults on request.

The project's data source for tests, benchmarks and the README's first command; with
``--faults RATE --manifest FILE`` also the ground truth for ``stud-hh audit``. Exit 0 on
success, 2 for usage errors (argparse, bad stakes, a fault rate without a manifest).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from stud_hh.simulate.api import GAMES, simulate_to_result
from stud_hh.simulate.session import parse_stakes


def _players(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 2 <= value <= 8:
        raise argparse.ArgumentTypeError("a stud table seats 2 to 8 players")
    return value


def _hands(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("at least one hand")
    return value


def _stakes(text: str) -> tuple[int, int]:
    try:
        return parse_stakes(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError("a share of hands between 0 and 1")
    return value


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError("0 (one per core) or more")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=_hands, required=True, metavar="N",
                        help="number of hands to write")
    parser.add_argument("--game", choices=GAMES, default="stud",
                        help="stud, stud8 (Hi/Lo eight or better), razz, or mixed (rotating)")
    parser.add_argument("--players", type=_players, default=6, metavar="2-8",
                        help="players a table aims to seat (default 6)")
    parser.add_argument("--stakes", type=_stakes, default=(50, 100), metavar="SMALL/BIG",
                        help="cash-game small/big bet in dollars, e.g. 0.5/1 (default)")
    parser.add_argument("--tournament", action="store_true",
                        help="single-table tournaments in chips instead of cash games")
    parser.add_argument("--seed", type=int, default=0, help="same seed, same bytes")
    parser.add_argument("--out", type=Path, default=Path("simulated"), metavar="FILE|DIR",
                        help="directory (one file per table session) or a .txt file")
    parser.add_argument("--faults", type=_rate, default=0.0, metavar="RATE",
                        help="share of hands to break with a named fault (needs --manifest)")
    parser.add_argument("--manifest", type=Path, default=None, metavar="FILE",
                        help="JSON list of the injected faults the audit must find")
    parser.add_argument("--jobs", type=_jobs, default=1, metavar="N",
                        help="worker processes (0: one per core; default 1); the files "
                             "written are the same whatever N")


def run(args: argparse.Namespace) -> int:
    if args.faults and args.manifest is None:
        print("stud-hh simulate: --faults needs --manifest FILE", file=sys.stderr)
        return 2
    started = time.perf_counter()
    result = simulate_to_result(
        args.out, args.hands, game=args.game, players=args.players, stakes=args.stakes,
        tournament=args.tournament, seed=args.seed, faults=args.faults,
        manifest=args.manifest, jobs=args.jobs or None,
    )
    seconds = time.perf_counter() - started
    where = args.out if len(result.files) == 1 else f"{len(result.files)} files in {args.out}"
    print(f"wrote {result.hands} hands to {where} in {seconds:.1f} s "
          f"({result.hands / max(seconds, 1e-9):,.0f} hands/s)", file=sys.stderr)
    if args.manifest is not None:
        print(f"{len(result.faults)} faults listed in {args.manifest}", file=sys.stderr)
    return 0
