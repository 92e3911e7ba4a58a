"""Bovada / Bodog / Ignition: seven card stud and stud hi/lo as the client exports them
(``grammars/bovada.lark``), cash games and tournaments; every player's cards are known.

Hands of other games (hold'em, Omaha, pot- and no-limit games) come back as ``OtherGame``.

>>> Bovada().recognise("Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit - 2012-05-07 03:40:07")
True
"""

from __future__ import annotations

import re

from stud_hh.dialects import GrammarDialect

#: First line of a Bovada, Bodog or Ignition hand.
HAND_START = re.compile(r"(?:Ignition|Bovada|Bodog(?: UK| Canada|88)?) Hand #C?\d+")


class Bovada(GrammarDialect):
    """The Bovada / Bodog dialect (``stud_hh.dialects.Dialect``)."""

    hand_module = "stud_hh.dialects.bovada.hand"

    name = "bovada"
    site = "Bovada"
    rules = "pokerstars"  # nothing in Bovada's files differs from the PokerStars rules
    hand_start = HAND_START
    hand_leads = ("Ignition ", "Bovada ", "Bodog")


__all__ = ["HAND_START", "Bovada"]
