"""Full Tilt Poker: seven card stud, stud hi/lo and razz as the Full Tilt client wrote them
(2006-2013; ``grammars/fulltilt.lark``), cash, play money, sit & gos and tournaments.

Hands of other games (hold'em, Omaha, draw, five card stud) come back as ``OtherGame``.
The Lark parser is built on first use, not on import.

>>> FullTilt().recognise("Full Tilt Poker Game #1: Table T - $1/$2 Ante $0.10 - Limit Razz")
True
"""

from __future__ import annotations

import re

from stud_hh.dialects import GrammarDialect

#: First line of a Full Tilt hand (older files say ``FullTiltPoker``).
HAND_START = re.compile(r"Full ?Tilt ?Poker (?:Game|Hand) #\d+: ")


class FullTilt(GrammarDialect):
    """The Full Tilt Poker dialect (``stud_hh.dialects.Dialect``)."""

    hand_module = "stud_hh.dialects.fulltilt.hand"

    name = "fulltilt"
    site = "Full Tilt Poker"
    rules = "fulltilt"
    hand_start = HAND_START
    hand_leads = ("Full",)


__all__ = ["HAND_START", "FullTilt"]
