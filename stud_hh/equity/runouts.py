"""The runouts of a spot, in blocks: every one of them listed (exact) or a seeded sample.

A block is one :class:`Rows` per player. ``Rows.table`` holds seven-card hands and
``Rows.index`` maps the block's rows to them; ``index=None`` means the table is used as it
is: one row per runout (a sample) or a single row shared by every runout (a player with
nothing to draw), which NumPy broadcasting treats alike.

Listing: each player's possible hands are few (three players on 6th street: one card from
34 each) while the joint runouts are their product, so each player's hands are valued
once and a runout is a row of indices, one per player, whose drawn cards are disjoint (a
bit mask per hand makes that one AND). Heads-up spots are counted without listing
(``heads_up``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
from numpy.typing import NDArray

from stud_hh.equity.model import Spot

IntArray = NDArray[np.int64]
IndexArray = NDArray[np.intp]

#: Rows of one listed block: bounds memory (a dozen arrays of this many int64) for any spot.
BLOCK_ROWS = 1 << 20


@dataclass(frozen=True, slots=True)
class Rows:
    """One player's hands in a block: ``table`` (hands, 7) and the row -> hand ``index``."""

    table: IntArray
    index: IndexArray | None

    def cards(self, rows: IndexArray) -> IntArray:
        """The seven cards of the given block rows."""
        if self.index is not None:
            return self.table[self.index[rows]]
        if len(self.table) == 1:
            return np.broadcast_to(self.table, (len(rows), self.table.shape[1]))
        return self.table[rows]


@dataclass(frozen=True, slots=True)
class Block:
    """``rows`` equally likely runouts."""

    rows: int
    players: tuple[Rows, ...]


@dataclass(frozen=True, slots=True)
class Draws:
    """Every hand a player can end with: the table, the deck positions drawn, their mask."""

    table: IntArray
    picks: IntArray
    masks: IntArray


@lru_cache(maxsize=64)
def _picks(m: int, need: int) -> IntArray:
    """Every ``need`` of ``m`` deck positions, ascending (shared: never written to)."""
    picks = np.array(list(combinations(range(m), need)), dtype=np.int64)
    picks = picks.reshape(len(picks), need)
    picks.flags.writeable = False
    return picks


def draws_of(known: tuple[int, ...], deck: IntArray, need: int) -> Draws:
    picks = _picks(len(deck), need)
    table = np.empty((len(picks), len(known) + need), dtype=np.int64)
    table[:, :len(known)] = known
    table[:, len(known):] = deck[picks]
    masks = np.left_shift(np.int64(1), picks).sum(axis=1)  # distinct bits: the sum is the OR
    return Draws(table, picks, masks)


def exact_blocks(s: Spot) -> Iterator[Block]:
    """Every runout once (the community card, if any, outermost)."""
    deck = np.array(s.deck, dtype=np.int64)
    if s.draws_community:
        for i, c in enumerate(s.deck):
            yield from _blocks(s, np.delete(deck, i), (c,))
    else:
        yield from _blocks(s, deck, s.board)


def _blocks(s: Spot, deck: IntArray, board: tuple[int, ...]) -> Iterator[Block]:
    draws = [draws_of(h + board, deck, need) for h, need in zip(s.hands, s.needs, strict=True)]
    drawing = [i for i, need in enumerate(s.needs) if need]
    if not drawing:
        yield Block(1, tuple(Rows(d.table, None) for d in draws))
    else:
        yield from _listed(s, draws, drawing, len(deck))


# --- the runouts listed ---------------------------------------------------------------------


def _listed(s: Spot, draws: list[Draws], drawing: list[int], m: int) -> Iterator[Block]:
    first, rest = drawing[0], drawing[1:]
    per_first = 1
    left = m - s.needs[first]
    for i in rest:
        per_first *= comb(left, s.needs[i])
        left -= s.needs[i]
    step = max(1, BLOCK_ROWS // per_first)
    tables = [Rows(d.table, None) for d in draws]
    n_first = len(draws[first].masks)
    for start in range(0, n_first, step):
        index: dict[int, IndexArray] = {
            first: np.arange(start, min(start + step, n_first), dtype=np.intp)}
        mask = draws[first].masks[index[first]]
        for i in rest:
            masks = draws[i].masks
            r, k = np.nonzero((mask[:, None] & masks[None, :]) == 0)
            index = {j: a[r] for j, a in index.items()}
            index[i] = k
            mask = mask[r] | masks[k]
        yield Block(len(mask), tuple(
            Rows(t.table, index.get(i)) for i, t in enumerate(tables)))


# --- sampling --------------------------------------------------------------------------------


def sample_block(s: Spot, rng: np.random.Generator, n: int) -> Block:
    """``n`` runouts drawn independently, each a uniformly random deal of the unseen cards.

    A partial Fisher-Yates shuffle per row, vectorised over rows: only the cards dealt are
    shuffled into place (one swap per card), so a row costs its draws, not the deck.
    """
    deck = np.array(s.deck, dtype=np.int64)
    needs = s.needs
    draws = sum(needs) + (1 if s.draws_community else 0)
    order = np.tile(np.arange(len(deck), dtype=np.int8), (n, 1))  # positions: 52 fit a byte
    rows = np.arange(n)
    for j in range(draws):
        pick = rng.integers(j, len(deck), size=n)
        taken = order[rows, pick]
        order[rows, pick] = order[:, j]
        order[:, j] = taken
    dealt = deck[order[:, :draws]]
    board: Any = dealt[:, -1:] if s.draws_community else np.broadcast_to(
        np.array(s.board, dtype=np.int64), (n, len(s.board)))
    players: list[Rows] = []
    at = 0
    for known, need in zip(s.hands, needs, strict=True):
        table = np.empty((n, len(known) + need + board.shape[1]), dtype=np.int64)
        table[:, :len(known)] = known
        table[:, len(known):len(known) + need] = dealt[:, at:at + need]
        table[:, len(known) + need:] = board
        at += need
        players.append(Rows(table, None))
    return Block(n, tuple(players))
