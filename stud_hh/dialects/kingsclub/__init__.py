"""KingsClub: seven card stud, stud hi/lo and razz (``grammars/kingsclub.lark``); its
2-7 razz and other games are recognised and reported, not read.

>>> KingsClub().recognise("#37581152: Limit Seven Card Stud - 44/88")
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

#: First line of a KingsClub hand.
HAND_START = re.compile(r"#\d+: (?:Limit|No Limit|Pot Limit) [^\n]* - [\d,./]+$")


class KingsClub(TextDialect):
    """The KingsClub dialect (``stud_hh.dialects.Dialect``)."""

    name = "kingsclub"
    site = "KingsClub"
    rules = "kingsclub"  # bring-in equal to the ante: see stud_hh/rules.py
    hand_start = HAND_START

    def __init__(self, use_cython: bool | None = None) -> None:
        self._use_cython = use_cython
        self._parser: GrammarParser | None = None

    def parse_hand(self, raw: RawHand) -> Parsed:
        if self._parser is None:
            from stud_hh.dialects.kingsclub.hand import parser

            self._parser = parser(self._use_cython)
        return self._parser.parse_hand(raw)


__all__ = ["HAND_START", "KingsClub"]
