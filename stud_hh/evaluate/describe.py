"""The text PokerStars prints in brackets after a player's shown cards, for each game.

Stud: ``a pair of Aces``; Stud Hi/Lo: ``HI: a straight, Three to Seven; LO: 7,6,5,4,3`` (the
``LO`` part only with a qualifying low); razz: ``Lo: 8,6,4,3,2``.

>>> from stud_hh.cards import parse_cards
>>> show_description(parse_cards("7c 3s 5h Qc Kc 6d 4d"), "stud8")
'HI: a straight, Three to Seven; LO: 7,6,5,4,3'
>>> show_description(parse_cards("2h 8d Kh 6h 3d 6d 4h"), "razz")
'Lo: 8,6,4,3,2'
"""

from __future__ import annotations

from collections.abc import Sequence

from stud_hh.evaluate.high import high_description, high_value
from stud_hh.evaluate.low import low8_value, low_description, razz_value


def show_description(cards: Sequence[int], game: str) -> str:
    """The description of ``cards`` in ``game`` (``"stud"``, ``"stud8"``, ``"razz"``)."""
    if game == "razz":
        return f"Lo: {low_description(razz_value(cards))}"
    high = high_description(high_value(cards))
    if game == "stud8":
        low = low8_value(cards)
        return f"HI: {high}" if low is None else f"HI: {high}; LO: {low_description(low)}"
    if game == "stud":
        return high
    raise ValueError(f"unknown game {game!r}: expected stud, stud8 or razz")
