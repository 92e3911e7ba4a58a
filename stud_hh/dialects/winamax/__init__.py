"""Winamax: seven card stud, stud hi/lo and razz as the Winamax client writes them
(``grammars/winamax.lark``), cash games in euros, play money and tournaments; hands of
other games (hold'em, Omaha, draw: Winamax's 8-Game tables) come back as ``OtherGame``.

>>> Winamax().recognise("Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - 7-Card Stud")
True
"""

from __future__ import annotations

import re

from stud_hh.dialects import GrammarDialect

#: First line of a Winamax hand.
HAND_START = re.compile(r"Winamax Poker - ")


class Winamax(GrammarDialect):
    """The Winamax dialect (``stud_hh.dialects.Dialect``)."""

    hand_module = "stud_hh.dialects.winamax.hand"

    name = "winamax"
    site = "Winamax"
    # nothing in Winamax's files differs from the PokerStars rules: completions, raises and
    # caps as PokerStars deals them (see stud_hh/dialects/winamax/hand.py for its wording)
    rules = "pokerstars"
    hand_start = HAND_START
    hand_leads = ("Winamax Poker - ",)


__all__ = ["HAND_START", "Winamax"]
