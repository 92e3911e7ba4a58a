"""An independent brute force for stud equity: every runout dealt out, one at a time.

Written the obvious way (nested card choices, the scalar evaluators, plain Python rules,
the engine's ``award_pots`` for whole chips), so that it shares nothing with
``stud_hh.equity`` but the evaluators. Only for small spots: it visits each runout.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from stud_hh.engine.pots import award_pots
from stud_hh.engine.types import Pot
from stud_hh.evaluate import high_value, low8_value, razz_value
from stud_hh.events import Game
from stud_hh.rules import OddChipCards


@dataclass
class Brute:
    runouts: int
    share: list[float]
    win: list[int]
    tie: list[int]
    scoop: list[int]
    chips: list[int]

    def equity(self, i: int) -> float:
        return self.share[i] / self.runouts


def _deals(deck: list[int], needs: Sequence[int]) -> Iterator[list[tuple[int, ...]]]:
    if not needs:
        yield []
        return
    for mine in combinations(deck, needs[0]):
        rest = [c for c in deck if c not in mine]
        for others in _deals(rest, needs[1:]):
            yield [mine, *others]


def _winners(values: list[int], smaller: bool) -> list[int]:
    best = min(values) if smaller else max(values)
    return [i for i, v in enumerate(values) if v == best]


def brute_force(hands: Sequence[Sequence[int]], game: str, dead: Sequence[int] = (),
                board: Sequence[int] = (), community: bool = False, pot: int | None = None,
                odd: OddChipCards = OddChipCards.BEST_FIVE, odd_to_low: bool = False) -> Brute:
    g = Game(game)
    used = {c for h in hands for c in h} | set(dead) | set(board)
    deck = [c for c in range(52) if c not in used]
    own = 6 if community else 7
    needs = [own - len(h) for h in hands]
    n = len(hands)
    out = Brute(0, [0.0] * n, [0] * n, [0] * n, [0] * n, [0] * n)
    tops = [tuple(board)] if board or not community else [(c,) for c in deck]
    for top in tops:
        left = [c for c in deck if c not in top]
        for deal in _deals(left, needs):
            finals = [tuple(h) + d + top for h, d in zip(hands, deal, strict=True)]
            _score(out, g, finals, pot, odd, odd_to_low)
    return out


def _score(out: Brute, g: Game, finals: list[tuple[int, ...]], pot: int | None,
           odd: OddChipCards, odd_to_low: bool = False) -> None:
    n = len(finals)
    out.runouts += 1
    if g is Game.RAZZ:
        halves = [_winners([razz_value(f) for f in finals], True)]
    else:
        halves = [_winners([high_value(f) for f in finals], False)]
    if g is Game.STUD8:
        lows = {i: low8_value(f) for i, f in enumerate(finals)}
        qualified = {i: v for i, v in lows.items() if v is not None}
        if qualified:
            best = min(qualified.values())
            halves.append([i for i, v in qualified.items() if v == best])
    for i in range(n):
        share = sum(1 / len(w) for w in halves if i in w) / len(halves)
        out.share[i] += share
        alone = [len(w) == 1 and i in w for w in halves]
        out.scoop[i] += all(alone)
        out.win[i] += any(alone)
        out.tie[i] += any(i in w and len(w) > 1 for w in halves)
    if pot is not None:
        hands = dict(enumerate(finals))
        awards = award_pots([Pot(pot, tuple(range(n)))], 0, hands, g, odd, list(range(n)),
                            odd_chip_to_low=odd_to_low)
        for a in awards:
            for s in a.shares:
                out.chips[s.player] += s.amount
