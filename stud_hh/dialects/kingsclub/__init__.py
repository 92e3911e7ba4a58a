"""KingsClub: seven card stud, stud hi/lo and razz (``grammars/kingsclub.lark``); its
2-7 razz and other games are recognised and reported, not read.

>>> KingsClub().recognise("#37581152: Limit Seven Card Stud - 44/88")
True
"""

from __future__ import annotations

import re

from stud_hh.dialects import GrammarDialect

#: First line of a KingsClub hand.
HAND_START = re.compile(r"#\d+: (?:Limit|No Limit|Pot Limit) [^\n]* - [\d,./]+$")


class KingsClub(GrammarDialect):
    """The KingsClub dialect (``stud_hh.dialects.Dialect``)."""

    hand_module = "stud_hh.dialects.kingsclub.hand"

    name = "kingsclub"
    site = "KingsClub"
    rules = "kingsclub"  # bring-in equal to the ante: see stud_hh/rules.py
    hand_start = HAND_START
    hand_leads = ("#",)


__all__ = ["HAND_START", "KingsClub"]
