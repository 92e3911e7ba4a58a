"""Absolute Poker and Ultimate Bet (the Cereus network): seven card stud hi/lo, stud and
razz (``grammars/absolute.lark``).

Hands of other games (hold'em, Omaha) come back as ``OtherGame``.

>>> Absolute().recognise("Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18")
True
"""

from __future__ import annotations

import re

from stud_hh.dialects import GrammarDialect

#: First line of an Absolute Poker / UB hand.
HAND_START = re.compile(r"Stage #\d+: ")


class Absolute(GrammarDialect):
    """The Absolute Poker / UB dialect (``stud_hh.dialects.Dialect``)."""

    hand_module = "stud_hh.dialects.absolute.hand"

    name = "absolute"
    site = "Absolute Poker / UB"
    rules = "absolute"  # bring-in equal to the ante: see stud_hh/rules.py
    hand_start = HAND_START
    hand_leads = ("Stage #",)


__all__ = ["HAND_START", "Absolute"]
