"""PartyPoker: seven card stud and stud hi/lo as the PartyPoker client writes them
(``grammars/partypoker.lark``), cash games and tournaments; hands of other games (hold'em,
Omaha, pot- and no-limit games) come back as ``OtherGame``.

A hand starts with ``Game #N starts.`` and a blank line (the reader keeps the two together),
or, in tournament files and trimmed exports, with ``#Game No : N``.

>>> PartyPoker().recognise("#Game No : 11792805420")
True
>>> PartyPoker().recognise("Game #10399817763 starts.")
True
>>> PartyPoker().recognise("***** Hand History for Game 9581478205 *****")
True
"""

from __future__ import annotations

import re

from stud_hh.dialects import GrammarDialect

#: First line of a PartyPoker hand: ``Game #N starts.``, or ``#Game No : N``, or the banner
#: ``***** Hand History for Game N *****`` (exports leave the first lines out). Each of the
#: latter two right after the line before it is the same hand going on, not a new one.
HAND_START = re.compile(r"Game #\d+ starts\.|(?<!starts\.\n\n)#Game No : \d+"
                        r"|(?<!\d\n)\*{5} Hand History [Ff]or Game \d+ \*{5}")


class PartyPoker(GrammarDialect):
    """The PartyPoker dialect (``stud_hh.dialects.Dialect``)."""

    hand_module = "stud_hh.dialects.partypoker.hand"

    name = "partypoker"
    site = "PartyPoker"
    # nothing in PartyPoker's files differs from the PokerStars rules: a completion to the
    # small bet, a double bet over an open pair on 4th street (game 11792805420, "Player4
    # double bets [120]" showing 2h 2d), a bet and three raises a street (same hand, 6th)
    rules = "pokerstars"
    hand_start = HAND_START
    hand_leads = ("Game #", "#Game No : ", "***** Hand History ")


__all__ = ["HAND_START", "PartyPoker"]
