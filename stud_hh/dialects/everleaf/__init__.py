"""Everleaf Gaming: seven card stud, stud hi/lo and razz in the network's two text formats
(``grammars/everleaf.lark``).

Hands of other games (hold'em, Omaha) come back as ``OtherGame``.

>>> Everleaf().recognise("Everleaf Gaming Game #285997460")
True
"""

from __future__ import annotations

import re

from stud_hh.dialects import GrammarDialect

#: First line of an Everleaf hand.
HAND_START = re.compile(r"Everleaf Gaming Game #\d+")


class Everleaf(GrammarDialect):
    """The Everleaf dialect (``stud_hh.dialects.Dialect``)."""

    hand_module = "stud_hh.dialects.everleaf.hand"

    name = "everleaf"
    site = "Everleaf"
    rules = "pokerstars"  # nothing in Everleaf's files differs from the PokerStars rules
    hand_start = HAND_START
    hand_leads = ("Everleaf Gaming Game #",)


__all__ = ["HAND_START", "Everleaf"]
