"""The evaluators over many hands at once: one NumPy pass over the same lookup tables.

Why: equity enumerates or samples hundreds of thousands of seven-card hands per question,
and a Python call per hand (about a microsecond each) would be most of the time. These
functions read the very tables ``high_value``, ``low8_value`` and ``razz_value`` read
(``_tables``), with the same weight sums, so their values are equal by construction;
``tests/test_evaluate_batch.py`` pins them to the scalar evaluators on random hands.

``cards`` is an integer array of shape ``(n, k)`` with ``k <= 7`` distinct cards per row
(not checked, as the scalar evaluators do not check); the result has shape ``(n,)``.

>>> import numpy as np
>>> from stud_hh.cards import parse_cards
>>> from stud_hh.evaluate import high_value
>>> rows = np.array([parse_cards("As Ks Qs Js Ts 2c 3d"), parse_cards("9c 9d 9h 9s Ac 2d 3h")])
>>> [int(v) for v in high_values(rows)] == [high_value(r) for r in rows.tolist()]
True
>>> int(low8_values(np.array([parse_cards("As Qh 5s 7c 4d Th Ac")]))[0]) == NO_LOW
True
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from stud_hh.evaluate import _tables as T

IntArray = NDArray[np.int64]

NO_LOW = 1 << 30
"""``low8_values`` of a hand without a qualifying low: above every low, so it never wins
a comparison where smaller is better (the scalar ``low8_value`` says ``None``)."""


class _Arrays(NamedTuple):
    weight: IntArray
    low_offset: NDArray[Any]
    high_index: NDArray[Any]
    high: NDArray[Any]
    low8: NDArray[Any]
    razz: NDArray[Any]
    flush_suit: IntArray
    flush_high: IntArray


@cache
def _arrays() -> _Arrays:
    """NumPy views of the built tables (built on first use; views, not copies)."""
    T.build()
    low8 = np.frombuffer(T.LOW8, dtype=np.intc).astype(np.int64)
    low8[low8 == 0] = NO_LOW
    return _Arrays(
        np.array(T.WEIGHT, dtype=np.int64),
        np.frombuffer(T.LOW_OFFSET, dtype=np.intc),
        np.frombuffer(T.HIGH_INDEX, dtype=np.intc),
        np.frombuffer(T.HIGH, dtype=np.intc),
        low8,
        np.frombuffer(T.RAZZ, dtype=np.intc),
        np.array(T.FLUSH_SUIT, dtype=np.int64),
        np.array(T.FLUSH_HIGH, dtype=np.int64),
    )


def _slots(cards: NDArray[Any], a: _Arrays) -> tuple[IntArray, IntArray]:
    """(weight sums, value-array slots) of every row."""
    key = a.weight[cards].sum(axis=1)
    slot = (a.low_offset[(key >> T.LOW_SHIFT) & T.LOW_MASK].astype(np.int64)
            + a.high_index[key >> T.HIGH_SHIFT])
    return key, slot


def high_values(cards: NDArray[Any]) -> IntArray:
    """``high_value`` of every row: greater is better, equal values split."""
    a = _arrays()
    key, slot = _slots(cards, a)
    value = a.high[slot].astype(np.int64)
    suit = a.flush_suit[key & T.SUIT_MASK]
    rows = np.flatnonzero(suit >= 0)
    if rows.size:  # five or more of one suit: the flush (or straight flush) may be better
        held = cards[rows].astype(np.int64)
        in_suit = (held & 3) == suit[rows, None]
        mask = np.where(in_suit, np.left_shift(1, held >> 2), 0).sum(axis=1)
        value[rows] = np.maximum(value[rows], a.flush_high[mask])
    return value


def low8_values(cards: NDArray[Any]) -> IntArray:
    """``low8_value`` of every row, ``NO_LOW`` where the scalar says ``None``; smaller is better."""
    a = _arrays()
    return a.low8[_slots(cards, a)[1]]


def razz_values(cards: NDArray[Any]) -> IntArray:
    """``razz_value`` of every row: ace-to-five low, smaller is better."""
    a = _arrays()
    return a.razz[_slots(cards, a)[1]].astype(np.int64)
