"""Cards as small integers.

A card is an ``int`` in ``0..51``: ``(rank - 2) * 4 + suit``. Ranks run 2..14 (ace high),
suits clubs < diamonds < hearts < spades (rule book section 3). Because the suit is the low
part, comparing two card integers compares rank first, then suit: exactly the order that
decides the bring-in, the first actor on suit ties and the odd chip. The encoding keeps
events small and hashable and lets evaluators index tables directly.

>>> card("Ah"), card("2c"), str_card(card("Td"))
(50, 0, 'Td')
>>> rank(card("Ah")), suit(card("Ah"))
(14, 2)
>>> parse_cards("Ac Kc 8c")
(48, 44, 24)
>>> card("2c") < card("2d") < card("3c")
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import IntEnum

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


class Suit(IntEnum):
    """Suit order used for every forced decision (rule book section 3)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3


RANK_NAMES = {
    2: "Deuce", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
    9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace",
}
RANK_PLURALS = {r: ("Sixes" if r == 6 else n + "s") for r, n in RANK_NAMES.items()}

_BY_TEXT: dict[str, int] = {}
for _r, _rc in enumerate(RANK_CHARS):
    for _s, _sc in enumerate(SUIT_CHARS):
        _BY_TEXT[_rc + _sc] = _r * 4 + _s
        _BY_TEXT[_rc.lower() + _sc] = _r * 4 + _s
        _BY_TEXT[_rc + _sc.upper()] = _r * 4 + _s
# "10h" is written by some sites for the ten.
for _s, _sc in enumerate(SUIT_CHARS):
    _BY_TEXT["10" + _sc] = 8 * 4 + _s
_TEXT = [RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3] for c in range(52)]

DECK: tuple[int, ...] = tuple(range(52))


class CardError(ValueError):
    """Raised for text that is not a card; parsers turn it into a ParseError."""


def card(text: str) -> int:
    """The card integer for ``"Ah"``-style text."""
    try:
        return _BY_TEXT[text]
    except KeyError:
        raise CardError(f"not a card: {text!r}") from None


def parse_cards(text: str) -> tuple[int, ...]:
    """Cards separated by spaces, as hand histories write them inside brackets."""
    return tuple(card(t) for t in text.split())


def str_card(c: int) -> str:
    return _TEXT[c]


def str_cards(cards: Iterable[int]) -> str:
    return " ".join(_TEXT[c] for c in cards)


def rank(c: int) -> int:
    """Rank 2..14, ace high."""
    return (c >> 2) + 2


def suit(c: int) -> int:
    return c & 3


def low_rank(c: int) -> int:
    """Rank with the ace counted as one, for razz and eight-or-better."""
    r = (c >> 2) + 2
    return 1 if r == 14 else r


def shuffled_deck(rng: random.Random) -> list[int]:
    deck = list(DECK)
    rng.shuffle(deck)
    return deck


def has_duplicates(cards: Sequence[int]) -> bool:
    return len(set(cards)) != len(cards)
