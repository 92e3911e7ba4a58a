"""Betting structures: how big a bet or raise may be. Fixed limit now; others plug in.

A structure answers one question for the state machine: given the street and what has
happened in the round, which increments may a bet or raise add over the last full level?
Fixed limit answers with the small or big bet (both on 4th street with an open pair).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from stud_hh.events import Street

_FOURTH = Street.FOURTH  # module constants: an enum member lookup is slow in a hot path
_FIFTH = Street.FIFTH


class BettingStructure(Protocol):
    """What the engine asks a betting structure."""

    def completion(self) -> int:
        """The 'to' total of a completion on 3rd street."""
        ...

    def units(self, street: Street, open_pair: bool, big_bet_made: bool) -> tuple[int, ...]:
        """Allowed increments of a bet or a full raise, smallest first."""
        ...


@dataclass(frozen=True, slots=True)
class FixedLimit:
    """Small bet on 3rd and 4th street, big bet from 5th (rule book 5).

    >>> fl = FixedLimit(4, 8)
    >>> fl.units(Street.FOURTH, open_pair=True, big_bet_made=False)
    (4, 8)
    >>> fl.units(Street.FOURTH, open_pair=True, big_bet_made=True)
    (8,)
    >>> fl.units(Street.FIFTH, open_pair=False, big_bet_made=False)
    (8,)
    """

    small_bet: int
    big_bet: int

    def completion(self) -> int:
        return self.small_bet

    def units(self, street: Street, open_pair: bool, big_bet_made: bool) -> tuple[int, ...]:
        if street >= _FIFTH:
            return (self.big_bet,)
        if street == _FOURTH and open_pair:
            return (self.big_bet,) if big_bet_made else (self.small_bet, self.big_bet)
        return (self.small_bet,)
