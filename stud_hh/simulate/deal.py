"""The deal: one uniformly shuffled deck per hand, dealt by the engine.

Why a module of its own: the deal-fairness test must sample exactly the code that deals
simulated hands, without playing whole hands (200,000 starts in a second or two). Both
``play_hand`` (through its session's ``DeckSource``) and ``sample_starts`` take their
decks from ``DeckSource`` and let the engine deal 3rd street with ``StudState.deal_from``
(two down cards and the door card up).

Why decks come in batches: ``random.Random.shuffle`` costs ~18 us per 52-card deck, as much
as a third of the rest of a simulated hand. ``DeckSource`` shuffles 64 decks at once with
NumPy's ``Generator.permuted`` (an exact Fisher-Yates shuffle of every row, ~1 us a deck),
seeded from the caller's ``random.Random``, so the deal stays uniform and the same seed
still gives the same decks (for a given NumPy: ``Generator`` streams are not promised to
stay the same across NumPy releases).
"""

from __future__ import annotations

import random

import numpy as np

from stud_hh.engine import Deck, Stakes, StudState
from stud_hh.events import Game
from stud_hh.rules import POKERSTARS

__all__ = ["DeckSource", "sample_starts", "shuffled_deck"]

_SAMPLE_STAKES = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)
_ORDERED = np.arange(52, dtype=np.int64)


class DeckSource:
    """Shuffled decks, ``batch`` at a time, from a generator seeded by ``rng``.

    ``rng`` also goes into every ``Deck``: the engine reshuffles the burns with it when
    eight players reach 7th street and the stub runs short.

    >>> source = DeckSource(random.Random(1))
    >>> a, b = source.deck(), source.deck()
    >>> sorted(a.cards) == list(range(52)) and a.cards != b.cards
    True
    """

    __slots__ = ("_batch", "_decks", "_generator", "_rng")

    def __init__(self, rng: random.Random, batch: int = 64) -> None:
        self._rng = rng
        self._generator = np.random.default_rng(rng.getrandbits(128))
        self._batch = batch
        self._decks: list[list[int]] = []

    def deck(self) -> Deck:
        """The next shuffled deck."""
        decks = self._decks
        if not decks:
            rows = np.tile(_ORDERED, (self._batch, 1))
            self._generator.permuted(rows, axis=1, out=rows)
            decks.extend(reversed(rows.tolist()))  # popped from the end: row order
        return Deck(decks.pop(), self._rng)


def shuffled_deck(rng: random.Random) -> Deck:
    """One fresh deck from ``rng`` (a one-deck ``DeckSource``)."""
    return DeckSource(rng, batch=1).deck()


def sample_starts(source: DeckSource, players: int = 8) -> list[tuple[int, int, int]]:
    """The three-card starts (down, down, door) of one 3rd-street deal to ``players``.

    The deck is the next of ``source``: the batched decks a table session deals from.

    >>> starts = sample_starts(DeckSource(random.Random(1)))
    >>> len(starts), len({c for s in starts for c in s})
    (8, 24)
    """
    st = StudState(Game.STUD, _SAMPLE_STAKES, (1000,) * players, rules=POKERSTARS)
    st.post_antes()
    st.deal_from(source.deck())
    return [tuple(st.cards(p)) for p in range(players)]  # type: ignore[misc]
