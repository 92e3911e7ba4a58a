"""Hand values per game, as columns: what decides a showdown, and the odd-chip order.

``hand_values`` gives one column per pot half the game has: stud ``[high]``, razz
``[razz low]``, stud8 ``[high, eight-or-better low]`` (``NO_LOW`` when none). Two hands
with equal rows split exactly the same pots against anyone, which is what lets an exact
count group a player's hands into classes.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from stud_hh.evaluate.batch import high_values, low8_values, razz_values
from stud_hh.events import Game
from stud_hh.rules import OddChipCards

IntArray = NDArray[np.int64]


def hand_values(game: Game, table: NDArray[Any]) -> IntArray:
    """``(hands, halves)`` values: greater is better for the high column, smaller for lows."""
    if game is Game.RAZZ:
        return razz_values(table)[:, None]
    if game is Game.STUD8:
        return np.stack([high_values(table), low8_values(table)], axis=1)
    return high_values(table)[:, None]


def smaller_wins(game: Game, half: int) -> bool:
    """Whether column ``half`` of :func:`hand_values` is a low (smaller wins)."""
    return game is Game.RAZZ or half == 1


def odd_chip_keys(game: Game, hands: list[list[int]], half: int,
                  which: OddChipCards) -> list[int]:
    """The engine's odd-chip order (greater first) of each hand, for pot column ``half``."""
    from stud_hh.engine.pots import odd_chip_card  # the engine's rule, imported when needed
    from stud_hh.engine.types import Half

    side = Half.LOW if game is Game.STUD8 and half == 1 else Half.HIGH
    return [odd_chip_card(h, side, game, which) for h in hands]
