"""Who wins each runout of a block, summed: shares, wins, ties, scoops and pot chips.

The rules are the rule book's section 8, vectorised over runouts: the best high hand wins
(greater ``high_value``), razz the best ace-to-five low, stud8 gives half to the best high
and half to the best eight-or-better low, or the whole pot to the high when no low
qualifies. Ties split. With a pot amount the split is in whole chips: each half (the high
half takes the odd chip of the split) goes evenly to its tied winners and the chips left
over go one each to the winners ordered by highest card by suit, as ``engine.pots``
awards them (``odd_chip_keys``, computed only for the runouts that need it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce

import numpy as np
from numpy.typing import NDArray

from stud_hh.equity.runouts import Block, IndexArray, IntArray
from stud_hh.equity.values import hand_values, odd_chip_keys, smaller_wins
from stud_hh.evaluate.batch import NO_LOW
from stud_hh.events import Game
from stud_hh.rules import OddChipCards, SplitOddChip

BoolArray = NDArray[np.bool_]
FloatArray = NDArray[np.float64]


@dataclass(slots=True)
class Tally:
    """Sums over runouts, per player; ``share_sq`` feeds the sampling error."""

    players: int
    runouts: int = 0
    share: FloatArray = field(init=False)
    share_sq: FloatArray = field(init=False)
    win: IntArray = field(init=False)
    tie: IntArray = field(init=False)
    scoop: IntArray = field(init=False)
    chips: IntArray = field(init=False)

    def __post_init__(self) -> None:
        self.share = np.zeros(self.players)
        self.share_sq = np.zeros(self.players)
        self.win = np.zeros(self.players, np.int64)
        self.tie = np.zeros(self.players, np.int64)
        self.scoop = np.zeros(self.players, np.int64)
        self.chips = np.zeros(self.players, np.int64)


@dataclass(frozen=True, slots=True)
class _Half:
    """The winners of one half (or the whole pot) in every runout of a block."""

    column: int
    winners: list[BoolArray]
    count: IntArray


def _half(values: list[IntArray], column: int, smaller: bool, rows: int,
          qualifies: BoolArray | None = None) -> _Half:
    best = reduce(np.minimum if smaller else np.maximum, values)
    winners = [np.broadcast_to(v == best, (rows,)) for v in values]
    if qualifies is not None:
        winners = [w & qualifies for w in winners]
    count: IntArray = np.asarray(np.sum(winners, axis=0, dtype=np.int64))
    return _Half(column, winners, count)


def _columns(block: Block, game: Game) -> list[list[IntArray]]:
    """``columns[half][player]``: each player's value in every row (or one broadcast)."""
    per_player = []
    for p in block.players:
        v = hand_values(game, p.table)
        per_player.append(v if p.index is None else v[p.index])
    return [[v[:, h] for v in per_player] for h in range(per_player[0].shape[1])]


def tally_block(tally: Tally, block: Block, game: Game, pot: int | None = None,
                odd_chip_cards: OddChipCards = OddChipCards.BEST_FIVE,
                split_odd_chip: SplitOddChip = SplitOddChip.HIGH) -> None:
    """Add a block's runouts to ``tally``."""
    rows = block.rows
    columns = _columns(block, game)
    high = _half(columns[0], 0, smaller_wins(game, 0), rows)
    qualifies: BoolArray = np.zeros(rows, np.bool_)
    halves = [high]
    if game is Game.STUD8:
        qualifies = np.broadcast_to(reduce(np.minimum, columns[1]) < NO_LOW, (rows,))
        halves.append(_half(columns[1], 1, True, rows, qualifies))
    k_high = np.maximum(high.count, 1)
    for i in range(tally.players):
        hw = high.winners[i]
        alone = hw & (high.count == 1)
        tied = hw & (high.count > 1)
        if len(halves) == 2:
            low = halves[1]
            lw = low.winners[i]
            low_alone = lw & (low.count == 1)
            share = np.where(qualifies, 0.5 * hw / k_high + 0.5 * lw / np.maximum(low.count, 1),
                             hw / k_high)
            scoop = alone & (~qualifies | low_alone)
            win = alone | low_alone
            tied = tied | (lw & (low.count > 1))
        else:
            share = hw / k_high
            scoop = win = alone
        tally.share[i] += float(share.sum())
        tally.share_sq[i] += float((share * share).sum())
        tally.win[i] += int(np.count_nonzero(win))
        tally.tie[i] += int(np.count_nonzero(tied))
        tally.scoop[i] += int(np.count_nonzero(scoop))
    tally.runouts += rows
    if pot is not None:
        tally.chips += _chips(block, game, halves, qualifies, pot, odd_chip_cards,
                              split_odd_chip)


def split_halves(pot: int, split_odd_chip: SplitOddChip) -> tuple[int, int]:
    """The high and the low half of a split hi/lo pot: the odd chip as the rules say."""
    big, small = pot - pot // 2, pot // 2
    return (small, big) if split_odd_chip is SplitOddChip.LOW else (big, small)


def _chips(block: Block, game: Game, halves: list[_Half], qualifies: BoolArray, pot: int,
           odd_chip_cards: OddChipCards, split_odd_chip: SplitOddChip) -> IntArray:
    """Whole chips each player collects from ``pot``, summed over the runouts."""
    rows = block.rows
    if len(halves) == 2:
        high_half, low_half = split_halves(pot, split_odd_chip)
        amounts = [np.where(qualifies, high_half, pot), np.where(qualifies, low_half, 0)]
    else:
        amounts = [np.full(rows, pot, dtype=np.int64)]
    total = np.zeros(len(block.players), np.int64)
    for half, amount in zip(halves, amounts, strict=True):
        each, odd = amount // np.maximum(half.count, 1), amount % np.maximum(half.count, 1)
        for i, won in enumerate(half.winners):
            total[i] += int(each[won].sum())
        split = np.flatnonzero(odd > 0)
        if split.size:
            total += _odd_chips(block, game, half, split, odd[split], odd_chip_cards)
    return total


def _odd_chips(block: Block, game: Game, half: _Half, rows: IndexArray, odd: IntArray,
               odd_chip_cards: OddChipCards) -> IntArray:
    """Odd chips of split runouts: one each to the tied winners with the highest cards."""
    keys = np.full((len(block.players), rows.size), -1, dtype=np.int64)
    for i, player in enumerate(block.players):
        won = half.winners[i][rows]
        if won.any():
            hands = player.cards(rows[won]).tolist()
            keys[i, won] = odd_chip_keys(game, hands, half.column, odd_chip_cards)
    above = (keys[None, :, :] > keys[:, None, :]).sum(axis=1)  # winners with a higher card
    gets = (keys >= 0) & (above < odd[None, :])
    out: IntArray = gets.sum(axis=1).astype(np.int64)
    return out
