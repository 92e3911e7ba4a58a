"""PokerStars: seven card stud, stud hi/lo and razz as the PokerStars client writes them
(``grammars/pokerstars.lark``); hands of other games in mixed-game files come back as
``OtherGame``. The Lark parser is built on first use, not on import.

The writer (``stud_hh.dialects.pokerstars.writer``, the simulator's) lives beside the
parser so that the two can be tested as inverses of each other.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from stud_hh.dialects import TextDialect
from stud_hh.events import Parsed
from stud_hh.reader import RawHand

if TYPE_CHECKING:
    from stud_hh.dialects.pokerstars.parser import PokerStarsParser

#: First line of a PokerStars hand, in any case (tracker exports write ``POKERSTARS GAME``);
#: the reader also cuts hands a broken export glued together on it.
HAND_START = re.compile(r"PokerStars (?:Hand|Game|Home Game|Home Game Hand|Zoom Hand)"
                        # Winamax's and OnGame's ("R5-") ids, written as PokerStars text
                        r" #(?:[A-Z]+\d*-)?\d+(?:-\d+)*:",
                        re.IGNORECASE)


class PokerStars(TextDialect):
    """The PokerStars dialect (``stud_hh.dialects.Dialect``).

    ``use_cython``: None runs Lark through lark-cython when it is installed (the ``fast``
    extra), False pure Lark, True requires lark-cython.
    """

    name = "pokerstars"
    site = "PokerStars"
    rules = "pokerstars"
    hand_start = HAND_START
    hand_leads = ("PokerStars ",)

    def __init__(self, use_cython: bool | None = None) -> None:
        self._use_cython = use_cython
        self._parser: PokerStarsParser | None = None

    def parse_hand(self, raw: RawHand) -> Parsed:
        if self._parser is None:
            from stud_hh.dialects.pokerstars.parser import PokerStarsParser

            self._parser = PokerStarsParser(self._use_cython)
        return self._parser.parse_hand(raw)


__all__ = ["HAND_START", "PokerStars"]
