"""PokerStars: the first dialect. The Lark parser is built on first use, not on import.

The writer (``stud_hh.dialects.pokerstars.writer``, the simulator's) lives beside the
parser so that the two can be tested as inverses of each other.
"""

from __future__ import annotations

import re

from stud_hh.events import Hand, ParseError
from stud_hh.reader import RawHand

#: First line of a PokerStars hand (the reader also splits glued hands on it).
HAND_START = re.compile(r"PokerStars (?:Hand|Game) #\d+:")


class PokerStars:
    """The PokerStars stud dialect (``Dialect`` protocol)."""

    name = "pokerstars"
    hand_start = HAND_START

    def __init__(self, use_cython: bool | None = None) -> None:
        self._use_cython = use_cython
        self._parser = None

    def sniff(self, text: str) -> bool:
        return text.lstrip("\ufeff \t\r\n").startswith("PokerStars ")

    def parse_hand(self, raw: RawHand) -> Hand | ParseError:
        parser = self._parser
        if parser is None:
            from stud_hh.dialects.pokerstars.parser import PokerStarsParser

            parser = self._parser = PokerStarsParser(self._use_cython)
        return parser.parse_hand(raw)


__all__ = ["HAND_START", "PokerStars"]
