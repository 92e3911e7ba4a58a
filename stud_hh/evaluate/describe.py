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
        return value_description(game, 0, razz_value(cards))
    if game == "stud8":
        return value_description(game, high_value(cards), low8_value(cards))
    return value_description(game, high_value(cards), None)


def value_description(game: str, high: int, low: int | None) -> str:
    """The description of a hand known by its values: ``high_value`` (unused in razz) and
    the low, ``razz_value`` in razz or ``low8_value`` in stud8 (None: no qualifying low).

    Why: the values fix the category and every rank the text names, so a caller that has
    ranked the hand already (the simulator's showdown) describes it without its cards.

    >>> from stud_hh.cards import parse_cards
    >>> cards = parse_cards("7c 3s 5h Qc Kc 6d 4d")
    >>> value_description("stud8", high_value(cards), low8_value(cards))
    'HI: a straight, Three to Seven; LO: 7,6,5,4,3'
    """
    if game == "razz":
        if low is None:
            raise ValueError("a razz hand always has a low")
        return f"Lo: {low_description(low)}"
    if game == "stud8":
        text = high_description(high)
        return f"HI: {text}" if low is None else f"HI: {text}; LO: {low_description(low)}"
    if game == "stud":
        return high_description(high)
    raise ValueError(f"unknown game {game!r}: expected stud, stud8 or razz")
