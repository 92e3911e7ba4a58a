"""The deal: one seeded shuffle per hand, dealt by the engine.

Why a module of its own: the deal-fairness test must sample exactly the code that deals
simulated hands, without playing whole hands (200,000 starts in a second or two). Both
``play_hand`` and ``sample_starts`` shuffle with ``shuffled_deck`` and let the engine deal
3rd street with ``StudState.deal_from`` (one card at a time, clockwise, two down and the
door card up).
"""

from __future__ import annotations

import random

from stud_hh.engine import Deck, Stakes, StudState
from stud_hh.events import Game
from stud_hh.rules import POKERSTARS

__all__ = ["sample_starts", "shuffled_deck"]

_SAMPLE_STAKES = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)


def shuffled_deck(rng: random.Random) -> Deck:
    """A fresh 52-card deck in random order (``random.Random.shuffle``: Fisher-Yates)."""
    return Deck.shuffled(rng)


def sample_starts(rng: random.Random, players: int = 8) -> list[tuple[int, int, int]]:
    """The three-card starts (down, down, door) of one 3rd-street deal to ``players``.

    >>> starts = sample_starts(random.Random(1))
    >>> len(starts), len({c for s in starts for c in s})
    (8, 24)
    """
    st = StudState(Game.STUD, _SAMPLE_STAKES, (1000,) * players, rules=POKERSTARS)
    st.post_antes()
    st.deal_from(shuffled_deck(rng))
    return [tuple(st.cards(p)) for p in range(players)]  # type: ignore[misc]
