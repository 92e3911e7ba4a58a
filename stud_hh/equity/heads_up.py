"""Exact heads-up equity without listing the runouts: counts of pairs of draws.

Heads-up on 5th street each player draws two cards from 42: 861 hands each, but 671,580
runouts. Every number equity needs is a count, over the pairs of draws that share no card,
of a comparison between the two players' values ("A's high beats B's", "the lows tie").
Such a count needs no list of pairs: by inclusion-exclusion over the cards two draws
share, ``sum over S (-1)^|S| #{a holds S, b holds S, key(a) > key(b)}``, and each term is a
sorted search inside the groups of draws that hold the same ``S``. A count then costs a
sort of a few thousand entries, and equity a dozen counts (plus one per possible low for
stud8's scoops), instead of a pass over every runout.

The quantities follow the rule book's section 8 exactly as ``showdown`` does for listed
runouts (tests pin the two together and to a brute force).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import comb

import numpy as np
from numpy.typing import NDArray

from stud_hh.equity.model import Spot
from stud_hh.equity.runouts import Draws, IntArray, draws_of
from stud_hh.equity.showdown import Tally, split_halves
from stud_hh.equity.values import hand_values, odd_chip_keys
from stud_hh.evaluate.batch import NO_LOW
from stud_hh.events import Game
from stud_hh.rules import OddChipCards, SplitOddChip

BoolArray = NDArray[np.bool_]
#: Odd-chip keys are cards (0..51): they fit under a value's rank times this.
_KEY_ROOM = 64


@dataclass(frozen=True, slots=True)
class _Side:
    """One player's draws: their values, and per level the (subset id, draw) entries."""

    draws: Draws
    levels: tuple[tuple[IntArray, IntArray], ...]


def _side(d: Draws, levels: int, m: int) -> _Side:
    out = [(np.zeros(len(d.picks), np.int64), np.arange(len(d.picks), dtype=np.int64))]
    k = d.picks.shape[1]
    for size in range(1, levels + 1):
        ids = []
        for positions in combinations(range(k), size):
            sid = np.zeros(len(d.picks), dtype=np.int64)
            for p in positions:
                sid = sid * m + d.picks[:, p]
            ids.append(sid)
        out.append((np.concatenate(ids), np.tile(np.arange(len(d.picks)), comb(k, size))))
    return _Side(d, tuple(out))


@dataclass(frozen=True, slots=True)
class _Keys:
    """Two players' keys as dense ranks over both (so that a group id fits beside them)."""

    a: IntArray
    b: IntArray
    room: int


def _keys(key_a: IntArray, key_b: IntArray) -> _Keys:
    keys, inverse = np.unique(np.concatenate([key_a, key_b]), return_inverse=True)
    inverse = inverse.reshape(-1).astype(np.int64)
    return _Keys(inverse[:len(key_a)], inverse[len(key_a):], len(keys) + 1)


def _swap(k: _Keys) -> _Keys:
    return _Keys(k.b, k.a, k.room)


def _compare(a: _Side, b: _Side, k: _Keys, sel_a: BoolArray | None = None,
             sel_b: BoolArray | None = None, only_above: bool = False) -> tuple[int, int, int]:
    """Disjoint pairs (a, b) among the selected draws: (A's key above B's, equal, all).

    One sort of B's entries per level answers all three: within a group (the draws holding
    one subset ``S``), searches for a key's place count those below, up to and including it,
    and the group's end counts them all. B above A is then all minus the other two.
    """
    above = equal = pairs = 0
    room = k.room
    for level, ((sid_a, own_a), (sid_b, own_b)) in enumerate(zip(a.levels, b.levels,
                                                                  strict=True)):
        if sel_a is not None:
            keep = sel_a[own_a]
            sid_a, own_a = sid_a[keep], own_a[keep]
        if sel_b is not None:
            keep = sel_b[own_b]
            sid_b, own_b = sid_b[keep], own_b[keep]
        if not len(sid_a) or not len(sid_b):
            continue
        grouped = np.sort(sid_b * room + k.b[own_b])
        start = sid_a * room
        query = start + k.a[own_a]
        below = np.searchsorted(grouped, query, "left")
        first = np.searchsorted(grouped, start, "left") if level else 0
        sign = -1 if level % 2 else 1
        above += sign * int((below - first).sum())
        if not only_above:
            upto = np.searchsorted(grouped, query, "right")
            equal += sign * int((upto - below).sum())
            if level:
                pairs += sign * int((np.searchsorted(grouped, start + room, "left")
                                     - first).sum())
            else:  # one group: every pair
                pairs += len(grouped) * len(query)
    return above, equal, pairs


def _count(a: _Side, b: _Side, k: _Keys, sel_a: BoolArray | None = None,
           sel_b: BoolArray | None = None) -> int:
    """Disjoint pairs (a, b) with A's key above B's, among the selected draws."""
    return _compare(a, b, k, sel_a, sel_b, only_above=True)[0]


def heads_up_tally(s: Spot, pot: int | None = None,
                   odd_chip_cards: OddChipCards = OddChipCards.BEST_FIVE,
                   split_odd_chip: SplitOddChip = SplitOddChip.HIGH) -> Tally:
    """The exact :class:`Tally` of a two-player spot (both players drawing)."""
    tally = Tally(2)
    deck = np.array(s.deck, dtype=np.int64)
    boards = ([(np.delete(deck, i), (c,)) for i, c in enumerate(s.deck)]
              if s.draws_community else [(deck, s.board)])
    for left, board in boards:
        d = [draws_of(h + board, left, need) for h, need in zip(s.hands, s.needs, strict=True)]
        levels = min(s.needs)
        a, b = _side(d[0], levels, len(left)), _side(d[1], levels, len(left))
        _add(tally, s.game, a, b, pot, odd_chip_cards, split_odd_chip)
    return tally


def _add(tally: Tally, game: Game, a: _Side, b: _Side, pot: int | None,
         odd_chip_cards: OddChipCards, split_odd_chip: SplitOddChip) -> None:
    va, vb = hand_values(game, a.draws.table), hand_values(game, b.draws.table)
    if game is Game.STUD8:
        counts, pairs = _hilo(a, b, va, vb, pot, odd_chip_cards, split_odd_chip)
    else:
        counts, pairs = _one_pot(game, a, b, va[:, 0], vb[:, 0], pot, odd_chip_cards)
    share, win, tie, scoop, chips = counts
    tally.runouts += pairs
    tally.share += np.array(share, dtype=np.float64)
    # share_sq stays 0: an exact count has no sampling error to estimate
    tally.win += np.array(win, dtype=np.int64)
    tally.tie += np.array(tie, dtype=np.int64)
    tally.scoop += np.array(scoop, dtype=np.int64)
    tally.chips += np.array(chips, dtype=np.int64)


_Counts = tuple[tuple[float, float], tuple[int, int], tuple[int, int], tuple[int, int],
                tuple[int, int]]


def _odd_keys(game: Game, side: _Side, values: IntArray, others: IntArray, column: int,
              which: OddChipCards) -> IntArray:
    """Odd-chip keys of the draws whose value can tie the other player's (0 elsewhere)."""
    keys = np.zeros(len(values), dtype=np.int64)
    rows = np.flatnonzero(np.isin(values, others) & (values != NO_LOW))
    if rows.size:
        keys[rows] = odd_chip_keys(game, side.draws.table[rows].tolist(), column, which)
    return keys


def _tie_order(game: Game, a: _Side, b: _Side, values: tuple[IntArray, IntArray], k: _Keys,
               column: int, which: OddChipCards) -> _Keys:
    """Keys ordering ties by odd-chip card (A's higher card counts as above)."""
    odd_a = _odd_keys(game, a, values[0], values[1], column, which)
    odd_b = _odd_keys(game, b, values[1], values[0], column, which)
    return _Keys(k.a * _KEY_ROOM + odd_a, k.b * _KEY_ROOM + odd_b, k.room * _KEY_ROOM)


def _odd_wins(a: _Side, b: _Side, k: _Keys, odd: _Keys, sel_a: BoolArray | None = None,
              sel_b: BoolArray | None = None) -> int:
    """Ties on ``k`` where A holds the higher odd-chip card."""
    return _count(a, b, odd, sel_a, sel_b) - _count(a, b, k, sel_a, sel_b)


def _one_pot(game: Game, a: _Side, b: _Side, value_a: IntArray, value_b: IntArray,
             pot: int | None, which: OddChipCards) -> tuple[_Counts, int]:
    """Stud and razz: one pot to the best hand (razz: the smallest value)."""
    k = _keys(value_a, value_b)
    if game is Game.RAZZ:  # the smaller low is better: reverse the ranks
        k = _Keys(k.room - 1 - k.a, k.room - 1 - k.b, k.room)
    won_a, tied, pairs = _compare(a, b, k)
    won_b = pairs - won_a - tied
    chips = (0, 0)
    if pot is not None:
        odd_a = 0
        if pot % 2 and tied:
            odd = _tie_order(game, a, b, (value_a, value_b), k, 0, which)
            odd_a = _odd_wins(a, b, k, odd)
        half, extra = pot // 2, pot % 2
        chips = (pot * won_a + half * tied + odd_a,
                 pot * won_b + half * tied + (tied - odd_a if extra else 0))
    return ((won_a + tied / 2, won_b + tied / 2), (won_a, won_b), (tied, tied),
            (won_a, won_b), chips), pairs


def _hilo(a: _Side, b: _Side, va: IntArray, vb: IntArray, pot: int | None,
          which: OddChipCards, split_odd_chip: SplitOddChip = SplitOddChip.HIGH,
          ) -> tuple[_Counts, int]:
    """Stud8: half to the best high, half to the best qualifying low, or all to the high."""
    high = _keys(va[:, 0], vb[:, 0])
    lows = _keys(va[:, 1], vb[:, 1])
    # greater is better; no low (the greatest value) gets the lowest rank, 1
    low = _Keys(lows.room - 1 - lows.a, lows.room - 1 - lows.b, lows.room)
    none_a, none_b = va[:, 1] == NO_LOW, vb[:, 1] == NO_LOW
    hi_a, hi_tie, pairs = _compare(a, b, high)
    hi = (hi_a, pairs - hi_a - hi_tie)
    # the same with neither player holding a low: the high takes the whole pot
    hi0_a, hi0_tie, pairs0 = _compare(a, b, high, none_a, none_b)
    hi0 = (hi0_a, pairs0 - hi0_a - hi0_tie)
    lo_a, lo_equal, _ = _compare(a, b, low)  # a better low is a qualifying one
    lo_tie = lo_equal - pairs0
    lo = (lo_a, pairs - lo_a - lo_equal)
    # both halves alike: a high and a low tie, or one player best in both (a scoop)
    both = (_both(a, b, high, low, none_a), _both(b, a, _swap(high), _swap(low), none_b))
    pair = _Keys(high.a * low.room + low.a, high.b * low.room + low.b, high.room * low.room)
    both_tie = _compare(a, b, pair, ~none_a, ~none_b)[1]
    share = tuple((hi[i] - hi0[i]) / 2 + (hi_tie - hi0_tie) / 4 + lo[i] / 2 + lo_tie / 4
                  + hi0[i] + hi0_tie / 2 for i in (0, 1))
    win = (hi[0] + lo[0] - both[0], hi[1] + lo[1] - both[1])
    scoop = (hi0[0] + both[0], hi0[1] + both[1])
    tie = hi_tie + lo_tie - both_tie
    chips = (0, 0)
    if pot is not None:
        chips = _hilo_chips(a, b, va, vb, pot, which, high, low, none_a, none_b,
                            (hi, hi_tie, hi0, hi0_tie, lo, lo_tie),
                            split_halves(pot, split_odd_chip))
    return ((share[0], share[1]), win, (tie, tie), scoop, chips), pairs


def _hilo_chips(a: _Side, b: _Side, va: IntArray, vb: IntArray, pot: int,
                which: OddChipCards, high: _Keys, low: _Keys, none_a: BoolArray,
                none_b: BoolArray, counts: tuple[tuple[int, int], int, tuple[int, int], int,
                                                 tuple[int, int], int],
                halves: tuple[int, int]) -> tuple[int, int]:
    """Whole chips: the half the rules name takes the odd chip of the split (``halves``:
    high, low), then odd chips by card."""
    hi, hi_tie, hi0, hi0_tie, lo, lo_tie = counts
    high_half, low_half = halves
    odd_hi = odd_hi0 = odd_lo = 0
    if hi_tie and (pot % 2 or high_half % 2):  # a whole pot or half among tied highs is odd
        odd = _tie_order(Game.STUD8, a, b, (va[:, 0], vb[:, 0]), high, 0, which)
        odd_hi = _odd_wins(a, b, high, odd)
        odd_hi0 = _odd_wins(a, b, high, odd, none_a, none_b)
    if lo_tie and low_half % 2:
        odd = _tie_order(Game.STUD8, a, b, (va[:, 1], vb[:, 1]), low, 1, which)
        odd_lo = _odd_wins(a, b, low, odd, ~none_a, ~none_b)

    def collect(i: int, o_hi: int, o_hi0: int, o_lo: int) -> int:
        return (pot * hi0[i] + pot // 2 * hi0_tie + pot % 2 * o_hi0
                + high_half * (hi[i] - hi0[i]) + high_half // 2 * (hi_tie - hi0_tie)
                + high_half % 2 * (o_hi - o_hi0)
                + low_half * lo[i] + low_half // 2 * lo_tie + low_half % 2 * o_lo)

    return (collect(0, odd_hi, odd_hi0, odd_lo),
            collect(1, hi_tie - odd_hi, hi0_tie - odd_hi0, lo_tie - odd_lo))


def _both(a: _Side, b: _Side, high: _Keys, low: _Keys, none_a: BoolArray) -> int:
    """Disjoint pairs where A's high beats B's and A's low beats B's (B holding a worse low
    or none): a two-way dominance count, per level one sort and running counts per low.

    Entries of both players are sorted by group, then high, A before B on equal highs, so
    the B entries before an A entry in its group are those with a lower high. A running
    count of B entries per low rank (lows are few: 57 ranks at most), summed over the lows
    below A's, then counts those with a lower low too.
    """
    total = 0
    lows = low.room
    for level, ((sid_a, own_a), (sid_b, own_b)) in enumerate(zip(a.levels, b.levels,
                                                                  strict=True)):
        keep = ~none_a[own_a]
        sid_a, own_a = sid_a[keep], own_a[keep]
        if not len(sid_a) or not len(sid_b):
            continue
        group = np.concatenate([sid_a, sid_b])
        order = np.lexsort((np.r_[np.zeros(len(sid_a), np.int8), np.ones(len(sid_b), np.int8)],
                            np.concatenate([high.a[own_a], high.b[own_b]]), group))
        rank = np.empty(len(order), np.int64)
        rank[order] = np.arange(len(order))
        seen = np.zeros((len(order) + 1, lows), np.int64)  # row 0: nothing seen yet
        seen[rank[len(sid_a):] + 1, low.b[own_b]] = 1
        np.cumsum(seen, axis=0, out=seen)
        np.cumsum(seen, axis=1, out=seen)  # seen[i, t]: B entries before i with low <= t
        start = np.searchsorted(group[order], sid_a, "left")
        below = low.a[own_a] - 1
        here = seen[rank[:len(sid_a)] + 1, below] - seen[start, below]
        total += (-1) ** level * int(here.sum())
    return total
