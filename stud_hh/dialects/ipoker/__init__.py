"""iPoker (Playtech's network): seven card stud, stud hi/lo and razz from the client's XML
session files, cash games and tournaments; other games (five card stud, hold'em, Omaha,
pot- and no-limit games) come back as ``OtherGame``.

A file is one ``<session>``: a ``<general>`` block (game, stakes, table, currency, the
hero's nickname, a tournament's name and buy-in) and a ``<game>`` element per hand. The
file is cut by ``stud_hh.dialects.xml_stream`` (a hardened, streaming XML parser); each hand
carries its session's header, so a quarantined hand is a document of its own.
``stud_hh.dialects.ipoker.hand`` reads one hand; ``docs/sites/ipoker.md`` says what the
elements mean.

>>> IPoker().recognise('<session sessioncode="6249559275">')
True
>>> IPoker().recognise('<?xml version="1.0" encoding="utf-8"?><session sessioncode="1">')
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import BinaryIO

from stud_hh.dialects.xml_stream import split_games
from stud_hh.events import Parsed
from stud_hh.reader import RawHand

#: The line that starts an iPoker session (the XML declaration may come first on it), or a
#: game (a hand whose session header was lost: an error says so), or a session's document
#: type declaration (refused: an error says so)
SESSION_START = re.compile(r"(?:<\?xml[^>]*\?>\s*)?<session sessioncode=\"|<game gamecode=\""
                           r"|<!DOCTYPE session\b")


class IPoker:
    """The iPoker dialect (``stud_hh.dialects.Dialect``)."""

    name = "ipoker"
    site = "iPoker"
    # nothing in the files differs from the PokerStars rules: completions to the small bet,
    # a bet and raises capped per street (7-StudHi-USD-STT-5-201103), an all-in short
    # raise that does not reopen the betting (7-StudHL-EUR-0.05-0.10-201405, game
    # 5710056302: "Player0 type 7 sum 0.11" over a 0.10 bet, then "Hero type 3 sum 0.01")
    rules = "pokerstars"
    hand_start: re.Pattern[str] | None = None  # XML: ``split`` cuts the files

    def recognise(self, line: str) -> bool:
        return SESSION_START.match(line) is not None

    def split(self, stream: BinaryIO, path: str | None) -> Iterator[RawHand]:
        return split_games(stream, path)

    def parse_hand(self, raw: RawHand) -> Parsed:
        from stud_hh.dialects.ipoker.hand import parse_game

        return parse_game(raw)


__all__ = ["SESSION_START", "IPoker"]
