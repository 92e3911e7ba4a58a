"""PokerStars: the first dialect. The Lark parser is built on first use, not on import.

The writer (``stud_hh.dialects.pokerstars.writer``, the simulator's) lives beside the
parser so that the two can be tested as inverses of each other.
"""

from __future__ import annotations

import re

from stud_hh.events import Hand, OtherGame, ParseError
from stud_hh.reader import RawHand

#: First line of a PokerStars hand (the reader also splits glued hands on it).
HAND_START = re.compile(r"PokerStars (?:Hand|Game) #\d+:")

#: A header naming a stud-family game ("7 Card Stud", "7 Card Stud Hi/Lo", "Razz").
_STUD_GAME = re.compile(r"\b(?:7 Card Stud|Razz)\b", re.IGNORECASE)
#: The game a header names when it is not stud: the words up to its betting structure.
_OTHER_GAME = re.compile(
    r"(?P<game>(?:[\w+'/-]+ )*?(?:Hold'em|Omaha|Draw|Lowball|Badugi|Courchevel|5 Card Stud)"
    r"(?: [\w+'/-]+)*? (?:Limit|Pot Limit|No Limit|Fixed Limit|Pot-Limit|No-Limit))",
    re.IGNORECASE,
)


def other_game(first_line: str) -> str | None:
    """The game of a PokerStars header that is not stud, stud8 or razz, else None.

    >>> other_game("PokerStars Hand #1:  HORSE (Hold'em Limit, $0.10/$0.20) - 2009/01/01")
    "Hold'em Limit"
    >>> other_game("PokerStars Hand #1:  Razz Limit ($1/$2 USD) - 2020/01/01 10:00:00 ET") is None
    True
    """
    if _STUD_GAME.search(first_line):
        return None
    match = _OTHER_GAME.search(first_line)
    return match["game"] if match else None


class PokerStars:
    """The PokerStars stud dialect (``Dialect`` protocol)."""

    name = "pokerstars"
    hand_start = HAND_START

    def __init__(self, use_cython: bool | None = None) -> None:
        self._use_cython = use_cython
        self._parser = None

    def sniff(self, text: str) -> bool:
        return text.lstrip("\ufeff \t\r\n").startswith("PokerStars ")

    def parse_hand(self, raw: RawHand) -> Hand | ParseError | OtherGame:
        first = raw.text.lstrip("\ufeff \t\r\n").split("\n", 1)[0]
        game = other_game(first)
        if game is not None:
            number = re.search(r"#(\d+)", first)
            return OtherGame(site=self.name, game=game, path=raw.path, line=raw.line,
                             hand_id=number.group(1) if number else None)
        parser = self._parser
        if parser is None:
            from stud_hh.dialects.pokerstars.parser import PokerStarsParser

            parser = self._parser = PokerStarsParser(self._use_cython)
        return parser.parse_hand(raw)


__all__ = ["HAND_START", "PokerStars"]
