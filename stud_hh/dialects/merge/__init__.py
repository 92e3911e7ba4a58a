"""The Merge Gaming Network (Carbon Poker and its skins): seven card stud, stud hi/lo and
razz from the client's XML hand histories (written as ``.txt`` or ``.xml``); other games
(no-limit stud, five card stud, hold'em) come back as ``OtherGame``.

A file is a run of top-level elements, not one XML document: a ``<description/>`` (game and
stakes) and a ``<game>`` per hand. ``stud_hh.dialects.xml_stream`` cuts it (a hardened,
streaming XML parser, started under a root of its own); each hand carries its description,
so a quarantined hand is readable on its own. ``stud_hh.dialects.merge.hand`` reads one hand;
``docs/sites/merge.md`` says what the elements mean.

>>> Merge().recognise('<description type="7-Stud H/L8" stakes="Limit $0.25/$0.50"/>')
True
>>> Merge().recognise('<game id="31423297-107" starttime="20110204202244">')
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import BinaryIO

from stud_hh.dialects.xml_stream import split_games
from stud_hh.events import Parsed
from stud_hh.reader import RawHand

#: A Merge file's first element: its description, or a game (a file cut by a tracker).
FIRST_LINE = re.compile(r"<description type=\"|<game id=\"\d+-\d+\"")


class Merge:
    """The Merge dialect (``stud_hh.dialects.Dialect``)."""

    name = "merge"
    site = "Merge"
    # nothing in the files differs from the PokerStars rules: a completion to the small bet
    # (Razz-USD-0.50-1.00-201111.allIn, "COMPLETE 0.50" over a 0.10 bring-in), an all-in
    # short raise that is then called (same hand, 4th street: "ALL_IN 0.91" over a 0.50 bet)
    rules = "pokerstars"
    hand_start: re.Pattern[str] | None = None  # XML: ``split`` cuts the files

    def recognise(self, line: str) -> bool:
        return FIRST_LINE.match(line) is not None

    def split(self, stream: BinaryIO, path: str | None) -> Iterator[RawHand]:
        return split_games(stream, path, frozenset({"description"}), root=True)

    def parse_hand(self, raw: RawHand) -> Parsed:
        from stud_hh.dialects.merge.hand import parse_game

        return parse_game(raw)


__all__ = ["FIRST_LINE", "Merge"]
