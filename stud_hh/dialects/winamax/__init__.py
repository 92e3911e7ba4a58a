"""Winamax: seven card stud, stud hi/lo and razz as the Winamax client writes them
(``grammars/winamax.lark``), cash games in euros, play money and tournaments; hands of
other games (hold'em, Omaha, draw: Winamax's 8-Game tables) come back as ``OtherGame``.

>>> Winamax().recognise("Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - 7-Card Stud")
True
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from stud_hh.dialects import TextDialect
from stud_hh.events import Parsed
from stud_hh.reader import RawHand

if TYPE_CHECKING:
    from stud_hh.dialects.line_parser import GrammarParser

#: First line of a Winamax hand.
HAND_START = re.compile(r"Winamax Poker - ")


class Winamax(TextDialect):
    """The Winamax dialect (``stud_hh.dialects.Dialect``)."""

    name = "winamax"
    site = "Winamax"
    # nothing in Winamax's files differs from the PokerStars rules: completions, raises and
    # caps as PokerStars deals them (see stud_hh/dialects/winamax/hand.py for its wording)
    rules = "pokerstars"
    hand_start = HAND_START

    def __init__(self, use_cython: bool | None = None) -> None:
        self._use_cython = use_cython
        self._parser: GrammarParser | None = None

    def parse_hand(self, raw: RawHand) -> Parsed:
        if self._parser is None:
            from stud_hh.dialects.winamax.hand import parser

            self._parser = parser(self._use_cython)
        return self._parser.parse_hand(raw)


__all__ = ["HAND_START", "Winamax"]
