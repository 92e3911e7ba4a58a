"""OnGame (the iPoker-era Ongame Network, later bwin.party): seven card stud and stud
hi/lo (``grammars/ongame.lark``).

Hands of other games (hold'em, Omaha) come back as ``OtherGame``.

>>> OnGame().recognise("***** History for hand R5-82086688-607 *****")
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

#: First line of an OnGame hand.
HAND_START = re.compile(r"\*{5} History for hand [A-Z0-9]+-[\d-]+ \*{5}")


class OnGame(TextDialect):
    """The OnGame dialect (``stud_hh.dialects.Dialect``)."""

    name = "ongame"
    site = "OnGame"
    rules = "pokerstars"  # nothing in OnGame's files differs from the PokerStars rules
    hand_start = HAND_START

    def __init__(self, use_cython: bool | None = None) -> None:
        self._use_cython = use_cython
        self._parser: GrammarParser | None = None

    def parse_hand(self, raw: RawHand) -> Parsed:
        if self._parser is None:
            from stud_hh.dialects.ongame.hand import parser

            self._parser = parser(self._use_cython)
        return self._parser.parse_hand(raw)


__all__ = ["HAND_START", "OnGame"]
