"""``stud-hh equity "DOWN | UP" "DOWN | UP" ...``: each player's chances from here.

One argument per player, his downcards then his upcards, e.g.
``stud-hh equity --game stud "Ah Kh | Qh Jh 2c 3d" "7c 7d | 7s 8s 9d 4c" --dead "Th 5h"``.
A downcard nobody has seen is written ``?`` (``"? ? | Qs 8d"``): it is dealt at random,
like the cards still to come. Exit 0 with the answer, 2 for a spot that cannot happen.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import TextIO

from stud_hh.cards import CardError, card, str_cards
from stud_hh.equity.model import DEFAULT_STDERR, EquityError, EquityResult, Method
from stud_hh.events import Game, Street

UNKNOWN = frozenset({"?", "??", "x", "xx", "X", "XX"})
GAME_NAMES = {Game.STUD: "Seven Card Stud", Game.STUD8: "Stud Hi/Lo (eight or better)",
              Game.RAZZ: "Razz"}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("players", nargs="+", metavar="'DOWN | UP'",
                        help="one per player: his downcards, a bar, his upcards "
                             "(e.g. 'Ah Kh | Qh Jh 2c'); ? for a downcard nobody saw")
    parser.add_argument("--game", choices=[g.value for g in Game], default="stud")
    parser.add_argument("--dead", default="", metavar="CARDS",
                        help="cards out of play: folded upcards, cards only you saw")
    parser.add_argument("--board", default="", metavar="CARD",
                        help="the community card, when the deck ran out on 7th street")
    parser.add_argument("--community", action=argparse.BooleanOptionalAction, default=None,
                        help="7th street is (or is not) one community card; default: only "
                             "when the unseen cards cannot give everyone his own")
    parser.add_argument("--method", choices=["auto", *(m.value for m in Method)],
                        default="auto", help="auto (default) picks by cost")
    parser.add_argument("--seed", type=int, default=0, help="Monte Carlo seed (default 0)")
    parser.add_argument("--stderr", type=float, default=DEFAULT_STDERR, metavar="E",
                        help=f"Monte Carlo: sample until every equity's standard error is "
                             f"at most E (default {DEFAULT_STDERR})")
    parser.add_argument("--samples", type=int, default=None, metavar="N",
                        help="Monte Carlo: exactly N runouts instead")
    parser.add_argument("--format", choices=("text", "json"), default="text", dest="fmt")


@dataclass(frozen=True)
class Seen:
    """One player's argument, read: known downcards, upcards, unknown downcards."""

    down: tuple[int, ...]
    up: tuple[int, ...]
    hidden: int

    @property
    def known(self) -> tuple[int, ...]:
        return self.down + self.up

    def text(self) -> str:
        down = " ".join([str_cards(self.down)] * bool(self.down) + ["?"] * self.hidden)
        return f"{down} | {str_cards(self.up)}".strip()


def read_player(text: str) -> Seen:
    """``"Ah Kh | Qh Jh 2c"`` -> downcards and upcards (``ValueError`` with the reason)."""
    if text.count("|") != 1:
        raise ValueError(f"{text!r}: write a player as 'DOWN | UP', e.g. 'Ah Kh | Qh Jh 2c'")
    down_text, up_text = text.split("|")
    try:
        down = tuple(card(t) for t in down_text.split() if t not in UNKNOWN)
        up = tuple(card(t) for t in up_text.split())
    except CardError as exc:
        raise ValueError(f"{text!r}: {exc}") from None
    hidden = sum(1 for t in down_text.split() if t in UNKNOWN)
    if len(down) + hidden > 3:
        raise ValueError(f"{text!r}: a stud player holds at most 3 downcards")
    if len(up) > 4:
        raise ValueError(f"{text!r}: a stud player shows at most 4 upcards")
    return Seen(down, up, hidden)


def street_of(players: list[Seen]) -> Street | None:
    """The street the upcards say (all players still in have the same number of them)."""
    ups = {len(p.up) for p in players}
    if len(ups) != 1:
        raise ValueError(f"players show different numbers of upcards ({sorted(ups)}): "
                         "everyone still in has been dealt the same streets")
    (n,) = ups
    if not n:
        return None
    downs = max(len(p.down) + p.hidden for p in players)
    return Street.SEVENTH if n == 4 and downs == 3 else Street(n + 2)


def run(args: argparse.Namespace) -> int:
    from stud_hh.equity import equity  # NumPy: paid by this command only

    try:
        players = [read_player(p) for p in args.players]
        street = street_of(players)
        dead = tuple(card(t) for t in args.dead.split())
        board = tuple(card(t) for t in args.board.split())
        result = equity([p.known for p in players], args.game, dead, board=board,
                        community=args.community, method=args.method, seed=args.seed,
                        stderr=args.stderr, samples=args.samples)
    except (ValueError, CardError, EquityError) as exc:
        print(f"stud-hh equity: error: {exc}", file=sys.stderr)
        return 2
    if args.fmt == "json":
        json.dump(result.as_json(), sys.stdout)
        sys.stdout.write("\n")
    else:
        write_text(sys.stdout, result, players, Game(args.game), street, dead)
    return 0


def write_text(out: TextIO, result: EquityResult, players: list[Seen], game: Game,
               street: Street | None, dead: tuple[int, ...]) -> None:
    where = f", {street.label}" if street is not None else ""
    out.write(f"{GAME_NAMES[game]}{where}, {len(players)} players"
              + (f", dead: {str_cards(dead)}" if dead else "")
              + (", community 7th card" if result.community else "") + "\n")
    if result.method is Method.EXACT:
        out.write(f"exact: every one of {result.runouts:,} runouts\n")
    else:
        out.write(f"monte-carlo: {result.runouts:,} runouts (seed {result.seed}); each equity "
                  f"within +/-{1.96 * result.stderr:.2%} at 95 % "
                  f"(standard error {result.stderr:.2%})\n")
    width = max(len(p.text()) for p in players)
    out.write(f"{'':3} {'player':<{width}}  {'win':>7}  {'tie':>7}  {'scoop':>7}  "
              f"{'equity':>7}\n")
    for i, (p, e) in enumerate(zip(players, result.players, strict=True), 1):
        out.write(f"{i:>2}. {p.text():<{width}}  {e.win:>7.2%}  {e.tie:>7.2%}  "
                  f"{e.scoop:>7.2%}  {e.equity:>7.2%}\n")
