"""Bovada / Bodog / Ignition: seven card stud and stud hi/lo as the client exports them
(``grammars/bovada.lark``), cash games and tournaments; every player's cards are known.

Hands of other games (hold'em, Omaha, pot- and no-limit games) come back as ``OtherGame``.

>>> Bovada().recognise("Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit - 2012-05-07 03:40:07")
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

#: First line of a Bovada, Bodog or Ignition hand.
HAND_START = re.compile(r"(?:Ignition|Bovada|Bodog(?: UK| Canada|88)?) Hand #C?\d+")


class Bovada(TextDialect):
    """The Bovada / Bodog dialect (``stud_hh.dialects.Dialect``)."""

    name = "bovada"
    site = "Bovada"
    rules = "pokerstars"  # nothing in Bovada's files differs from the PokerStars rules
    hand_start = HAND_START

    def __init__(self, use_cython: bool | None = None) -> None:
        self._use_cython = use_cython
        self._parser: GrammarParser | None = None

    def parse_hand(self, raw: RawHand) -> Parsed:
        if self._parser is None:
            from stud_hh.dialects.bovada.hand import parser

            self._parser = parser(self._use_cython)
        return self._parser.parse_hand(raw)


__all__ = ["HAND_START", "Bovada"]
