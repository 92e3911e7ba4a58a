"""Winning Poker Network (Americas Cardroom, Yatahay, ...): seven card stud and stud hi/lo
in the network's two text formats (``grammars/winning.lark``): today's ``Hand #...`` and
the older ``Game started at: ...`` (UTF-16 files).

Hands of other games (hold'em, Omaha, pot- and no-limit games) come back as ``OtherGame``.

>>> Winning().recognise("Hand #1 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58 UTC")
True
>>> Winning().recognise("Game started at: 2016/8/2 11:17:19")
True
"""

from __future__ import annotations

import re

from stud_hh.dialects import GrammarDialect

#: First line of a hand in either format.
HAND_START = re.compile(r"(?:Game )?Hand #\d+ - |Game started at: \d{4}/\d{1,2}/\d{1,2} ")


class Winning(GrammarDialect):
    """The Winning Poker Network dialect (``stud_hh.dialects.Dialect``)."""

    hand_module = "stud_hh.dialects.winning.hand"

    name = "winning"
    site = "Winning Poker Network"
    rules = "winning"
    hand_start = HAND_START
    hand_leads = ("Game ", "Hand #")


__all__ = ["HAND_START", "Winning"]
