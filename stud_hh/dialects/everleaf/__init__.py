"""Everleaf Gaming: seven card stud, stud hi/lo and razz in the network's two text formats
(``grammars/everleaf.lark``).

Hands of other games (hold'em, Omaha) come back as ``OtherGame``.

>>> Everleaf().recognise("Everleaf Gaming Game #285997460")
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

#: First line of an Everleaf hand.
HAND_START = re.compile(r"Everleaf Gaming Game #\d+")


class Everleaf(TextDialect):
    """The Everleaf dialect (``stud_hh.dialects.Dialect``)."""

    name = "everleaf"
    site = "Everleaf"
    rules = "pokerstars"  # nothing in Everleaf's files differs from the PokerStars rules
    hand_start = HAND_START

    def __init__(self, use_cython: bool | None = None) -> None:
        self._use_cython = use_cython
        self._parser: GrammarParser | None = None

    def parse_hand(self, raw: RawHand) -> Parsed:
        if self._parser is None:
            from stud_hh.dialects.everleaf.hand import parser

            self._parser = parser(self._use_cython)
        return self._parser.parse_hand(raw)


__all__ = ["HAND_START", "Everleaf"]
