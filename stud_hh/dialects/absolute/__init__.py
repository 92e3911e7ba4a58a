"""Absolute Poker and Ultimate Bet (the Cereus network): seven card stud hi/lo, stud and
razz (``grammars/absolute.lark``).

Hands of other games (hold'em, Omaha) come back as ``OtherGame``.

>>> Absolute().recognise("Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18")
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

#: First line of an Absolute Poker / UB hand.
HAND_START = re.compile(r"Stage #\d+: ")


class Absolute(TextDialect):
    """The Absolute Poker / UB dialect (``stud_hh.dialects.Dialect``)."""

    name = "absolute"
    site = "Absolute Poker / UB"
    rules = "absolute"  # bring-in equal to the ante: see stud_hh/rules.py
    hand_start = HAND_START

    def __init__(self, use_cython: bool | None = None) -> None:
        self._use_cython = use_cython
        self._parser: GrammarParser | None = None

    def parse_hand(self, raw: RawHand) -> Parsed:
        if self._parser is None:
            from stud_hh.dialects.absolute.hand import parser

            self._parser = parser(self._use_cython)
        return self._parser.parse_hand(raw)


__all__ = ["HAND_START", "Absolute"]
