"""``equity``: one function for every stud spot, exact when cheap, sampled otherwise.

The method is chosen by cost (``exact_cost``, ``sample_cost``): exact where that is cheap
(heads-up from 5th street, three or four players from 6th, anyone on 7th); otherwise a
seeded Monte Carlo sample runs until the largest standard error among the players'
equities is at most ``stderr`` (or for a fixed number of ``samples``). Either method can
be forced.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from math import comb

import numpy as np

from stud_hh.equity.heads_up import heads_up_tally
from stud_hh.equity.model import (
    DEFAULT_STDERR,
    EquityError,
    EquityResult,
    Method,
    PlayerEquity,
    Spot,
    spot,
)
from stud_hh.equity.runouts import exact_blocks, sample_block
from stud_hh.equity.showdown import Tally, tally_block
from stud_hh.events import Game
from stud_hh.rules import OddChipCards, SplitOddChip

#: Auto counts exactly up to this cost (``exact_cost``: listed runouts, about 0.3 s), and
#: beyond it while the exact count costs no more than the sample would.
EXACT_LIMIT = 2_000_000
#: A forced exact count refuses beyond this cost: it would take minutes.
EXACT_CEILING = 400_000_000
#: A sample stops here whatever its error (the error is then stated as it is).
MAX_SAMPLES = 2_000_000
#: Runouts per sampled block at most (memory), and at least (the error estimate needs some).
SAMPLE_BLOCK = 20_000
MIN_BLOCK = 200


def equity(
    hands: Sequence[Sequence[int]],
    game: Game | str = Game.STUD,
    dead: Sequence[int] = (),
    *,
    board: Sequence[int] = (),
    community: bool | None = None,
    method: Method | str = "auto",
    seed: int = 0,
    stderr: float = DEFAULT_STDERR,
    samples: int | None = None,
    exact_limit: int = EXACT_LIMIT,
    pot: int | None = None,
    odd_chip_cards: OddChipCards = OddChipCards.BEST_FIVE,
    split_odd_chip: SplitOddChip = SplitOddChip.HIGH,
) -> EquityResult:
    """Each player's win, tie, scoop and equity given the known cards.

    ``hands``: each player's known cards (down and up); ``dead``: cards out of play (folded
    upcards, cards only the hero saw); ``board``: a community card already dealt;
    ``community``: whether 7th street is a community card (None: when the deck runs out).
    ``pot``: also give each player's expected chips from a pot of that many, odd chips
    included (``odd_chip_cards`` and, for the odd chip of a split hi/lo pot,
    ``split_odd_chip``, as the rules say).

    >>> from stud_hh.cards import parse_cards as c
    >>> r = equity([c("Ah Kh Qh Jh 2c"), c("7c 7d 7s 8s 9d")], "stud", c("Th 5h"))
    >>> r.method.value, round(r.players[0].equity, 3), round(r.players[1].equity, 3)
    ('exact', 0.288, 0.712)
    """
    s = spot(tuple(tuple(h) for h in hands), game, tuple(dead), tuple(board), community)
    return solve(s, method=method, seed=seed, stderr=stderr, samples=samples,
                 exact_limit=exact_limit, pot=pot, odd_chip_cards=odd_chip_cards,
                 split_odd_chip=split_odd_chip)


def heads_up(s: Spot) -> bool:
    """Two players, both drawing: counted without listing the runouts (``heads_up``)."""
    return len(s.hands) == 2 and min(s.needs) > 0


def exact_cost(s: Spot) -> int:
    """An exact count's work, in listed runouts (the unit both exact paths were timed in).

    Heads-up counts sort every subset of every draw once per comparison: about a dozen
    comparisons for stud and razz, more for stud8's scoops, each entry some three times
    a listed runout.
    """
    if not heads_up(s):
        return s.exact_runouts()
    entries = 0
    left = len(s.deck) - (1 if s.draws_community else 0)
    for need in s.needs:
        entries += comb(left, need) * 2 ** min(s.needs)
    comparisons = 14 if s.game is Game.STUD8 else 4
    return entries * comparisons * 3 * (len(s.deck) if s.draws_community else 1)


def sample_cost(s: Spot, stderr: float, samples: int | None = None) -> int:
    """A sample's work in the same unit: runouts (at most 0.25 / stderr^2) times players."""
    n = samples if samples is not None else min(MAX_SAMPLES, math.ceil(0.25 / stderr ** 2))
    return int(n * len(s.hands) * 2.3)


def choose_method(s: Spot, method: Method | str = "auto", exact_limit: int = EXACT_LIMIT,
                  stderr: float = DEFAULT_STDERR, samples: int | None = None) -> Method:
    """``auto``: exact when it costs at most ``exact_limit`` or no more than the sample."""
    if method == "auto":
        cost = exact_cost(s)
        cheap = cost <= max(exact_limit, sample_cost(s, stderr, samples))
        return Method.EXACT if cheap else Method.MONTE_CARLO
    chosen = Method(method)
    if chosen is Method.EXACT and exact_cost(s) > EXACT_CEILING:
        raise EquityError(f"an exact count of {s.exact_runouts():,} runouts would take too "
                          "long: use monte-carlo")
    return chosen


def solve(s: Spot, *, method: Method | str = "auto", seed: int = 0,
          stderr: float = DEFAULT_STDERR, samples: int | None = None,
          exact_limit: int = EXACT_LIMIT, pot: int | None = None,
          odd_chip_cards: OddChipCards = OddChipCards.BEST_FIVE,
          split_odd_chip: SplitOddChip = SplitOddChip.HIGH) -> EquityResult:
    """:func:`equity` of a checked :class:`Spot`."""
    chosen = choose_method(s, method, exact_limit, stderr, samples)
    tally = Tally(len(s.hands))
    if chosen is Method.EXACT:
        if heads_up(s):
            tally = heads_up_tally(s, pot, odd_chip_cards, split_odd_chip)
        else:
            for block in exact_blocks(s):
                tally_block(tally, block, s.game, pot, odd_chip_cards, split_odd_chip)
        return _result(tally, chosen, 0.0, None, s, pot)
    if samples is not None and samples < 2:
        raise EquityError("a Monte Carlo estimate needs at least 2 samples")
    if not stderr > 0:
        raise EquityError("the target standard error must be positive")
    rng = np.random.default_rng(seed)
    goal = samples if samples is not None else MAX_SAMPLES
    # a first block of a quarter of the worst case (a share's variance is at most 1/4),
    # then as many as the observed variance says are still needed, 10 % spare
    n = goal if samples is not None else math.ceil(0.25 / stderr ** 2 / 4)
    while tally.runouts < goal:
        n = max(MIN_BLOCK, min(n, SAMPLE_BLOCK, goal - tally.runouts))
        tally_block(tally, sample_block(s, rng, n), s.game, pot, odd_chip_cards,
                    split_odd_chip)
        if samples is None:
            if _stderr(tally) <= stderr:
                break
            n = math.ceil(1.1 * _variance(tally) / stderr ** 2) - tally.runouts
    return _result(tally, chosen, _stderr(tally), seed, s, pot)


def _variance(tally: Tally) -> float:
    """The largest sample variance of a player's share per runout."""
    n = tally.runouts
    mean = tally.share / n
    var = np.maximum(tally.share_sq / n - mean * mean, 0.0) * n / (n - 1)
    return float(var.max())


def _stderr(tally: Tally) -> float:
    """The largest standard error among the players' mean shares."""
    return math.sqrt(_variance(tally) / tally.runouts)


def _result(tally: Tally, method: Method, err: float, seed: int | None, s: Spot,
            pot: int | None) -> EquityResult:
    n = tally.runouts
    players = tuple(
        PlayerEquity(int(tally.win[i]) / n, int(tally.tie[i]) / n, int(tally.scoop[i]) / n,
                     float(tally.share[i]) / n)
        for i in range(tally.players))
    chips = None if pot is None else tuple(int(c) / n for c in tally.chips)
    return EquityResult(method, players, err, n, seed, s.community, chips)
