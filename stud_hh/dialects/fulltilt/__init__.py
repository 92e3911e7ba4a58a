"""Full Tilt Poker: seven card stud, stud hi/lo and razz as the Full Tilt client wrote them
(2006-2013; ``grammars/fulltilt.lark``), cash, play money, sit & gos and tournaments.

Hands of other games (hold'em, Omaha, draw, five card stud) come back as ``OtherGame``.
The Lark parser is built on first use, not on import.

>>> FullTilt().recognise("Full Tilt Poker Game #1: Table T - $1/$2 Ante $0.10 - Limit Razz")
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

#: First line of a Full Tilt hand (older files say ``FullTiltPoker``).
HAND_START = re.compile(r"Full ?Tilt ?Poker (?:Game|Hand) #\d+: ")


class FullTilt(TextDialect):
    """The Full Tilt Poker dialect (``stud_hh.dialects.Dialect``)."""

    name = "fulltilt"
    site = "Full Tilt Poker"
    rules = "fulltilt"
    hand_start = HAND_START

    def __init__(self, use_cython: bool | None = None) -> None:
        self._use_cython = use_cython
        self._parser: GrammarParser | None = None

    def parse_hand(self, raw: RawHand) -> Parsed:
        if self._parser is None:
            from stud_hh.dialects.fulltilt.hand import parser

            self._parser = parser(self._use_cython)
        return self._parser.parse_hand(raw)


__all__ = ["HAND_START", "FullTilt"]
