"""The deck the engine deals from, and the arithmetic of running out of cards.

With given cards (a hand history) the engine only counts: cards dealt plus one burn
before each street from 4th on. With a ``Deck`` it also draws, burns, reshuffles the
burns with the stub, or turns one community card (rule book 7). Folded players' cards
never return to the deck.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from stud_hh.cards import DECK
from stud_hh.rules import OutOfCards

DECK_SIZE = 52


class Deck:
    """A stub of cards (top first), the burns, and the generator used to reshuffle.

    >>> d = Deck.shuffled(random.Random(1))
    >>> len(d), d.burn() is not None, len(d), len(d.burns)
    (52, True, 51, 1)
    """

    __slots__ = ("_pos", "burns", "cards", "rng")

    def __init__(self, cards: Iterable[int], rng: random.Random | None = None) -> None:
        self.cards = list(cards)
        self._pos = 0
        self.burns: list[int] = []
        self.rng = rng if rng is not None else random.Random(0)

    @classmethod
    def shuffled(cls, rng: random.Random) -> Deck:
        cards = list(DECK)
        if type(rng) is random.Random:
            _shuffle(cards, rng.getrandbits)
        else:
            rng.shuffle(cards)
        return cls(cards, rng)

    def __len__(self) -> int:
        return len(self.cards) - self._pos

    def draw(self) -> int:
        c = self.cards[self._pos]
        self._pos += 1
        return c

    def draw_many(self, k: int) -> list[int]:
        """The next ``k`` cards (one player's cards of a street); ``IndexError`` if fewer."""
        end = self._pos + k
        if end > len(self.cards):
            raise IndexError("the deck ran out of cards")
        cards = self.cards[self._pos : end]
        self._pos = end
        return cards

    def burn(self) -> int | None:
        if self._pos >= len(self.cards):
            return None
        c = self.draw()
        self.burns.append(c)
        return c

    def reshuffle_burns(self) -> None:
        """Shuffle the burns into the stub (Robert's Rules when the stub runs short)."""
        rest = self.cards[self._pos :] + self.burns
        self.burns = []
        self.rng.shuffle(rest)
        self.cards = rest
        self._pos = 0


#: ``(i, n.bit_length())`` for the swaps of a 52-card Fisher-Yates shuffle, last card first.
_SWAPS = tuple((i, (i + 1).bit_length()) for i in range(DECK_SIZE - 1, 0, -1))


def _shuffle(cards: list[int], getrandbits: Callable[[int], int]) -> None:
    """``random.Random.shuffle`` of a full deck, draw for draw (the same order per seed).

    ``Random.shuffle`` calls ``_randbelow`` once per card, and that draws ``getrandbits``
    until the value is below the bound; doing the same in one loop is about twice as
    fast, and a simulated hand shuffles once. Only for ``random.Random`` itself, whose
    ``_randbelow`` is exactly this (a subclass may draw differently).
    """
    for i, k in _SWAPS:
        n = i + 1
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def plan_seventh(live: int, stub: int, burns: int, rule: OutOfCards) -> str:
    """How the next street is dealt: ``"deal"``, ``"reshuffle"`` or ``"community"``.

    ``stub``: cards left undealt and unburnt; ``burns``: cards burnt so far. A street needs
    one card per live player; the dealer burns one first only when the stub has a card to
    spare (seven players to the river leave exactly seven cards: they are dealt unburnt).

    >>> plan_seventh(8, 1, 3, OutOfCards.RESHUFFLE_THEN_COMMUNITY)
    'community'
    >>> plan_seventh(7, 7, 3, OutOfCards.COMMUNITY)
    'deal'
    >>> plan_seventh(7, 4, 3, OutOfCards.RESHUFFLE_THEN_COMMUNITY)
    'reshuffle'
    >>> plan_seventh(7, 4, 3, OutOfCards.COMMUNITY)
    'community'
    """
    if stub >= live:
        return "deal"
    if rule is OutOfCards.RESHUFFLE_THEN_COMMUNITY and stub + burns >= live:
        return "reshuffle"
    return "community"
