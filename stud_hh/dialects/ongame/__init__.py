"""OnGame (the iPoker-era Ongame Network, later bwin.party): seven card stud and stud
hi/lo (``grammars/ongame.lark``).

Hands of other games (hold'em, Omaha) come back as ``OtherGame``.

>>> OnGame().recognise("***** History for hand R5-82086688-607 *****")
True
"""

from __future__ import annotations

import re

from stud_hh.dialects import GrammarDialect

#: First line of an OnGame hand.
HAND_START = re.compile(r"\*{5} History for hand [A-Z0-9]+-[\d-]+ \*{5}")


class OnGame(GrammarDialect):
    """The OnGame dialect (``stud_hh.dialects.Dialect``)."""

    hand_module = "stud_hh.dialects.ongame.hand"

    name = "ongame"
    site = "OnGame"
    rules = "pokerstars"  # nothing in OnGame's files differs from the PokerStars rules
    hand_start = HAND_START
    hand_leads = ("***** History for hand ",)


__all__ = ["HAND_START", "OnGame"]
