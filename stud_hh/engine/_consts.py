"""Constants shared by the state machine's modules: enum members and rule-book sections.

Module constants, because an enum member lookup costs ~165 ns in CPython 3.11 and the
state machine touches them on every action.
"""

from __future__ import annotations

from stud_hh.events import Street

from .types import ActionKind, Phase

K = ActionKind
_ANTES = Phase.ANTES
_DEALING = Phase.DEALING
_BETTING = Phase.BETTING
_SHOWDOWN = Phase.SHOWDOWN
_OVER = Phase.OVER
_BRING_IN = ActionKind.BRING_IN
_COMPLETE = ActionKind.COMPLETE
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_CALL = ActionKind.CALL
_CHECK = ActionKind.CHECK
_FOLD = ActionKind.FOLD
_THIRD = Street.THIRD
_FOURTH = Street.FOURTH
_FIFTH = Street.FIFTH
_SIXTH = Street.SIXTH
_SEVENTH = Street.SEVENTH
_NEXT_STREET = {s: Street(s + 1) for s in list(Street)[:-1]}
_UP3 = (False, False, True)
_UP = (True,)
_DOWN = (False,)

R_ANTE = "4.1 ante"
R_BRING_IN = "4.3 bring-in"
R_COMPLETE = "4.4 completion"
R_ORDER = "4.4 clockwise action"
R_FIRST = "4.6 first actor"
R_ROUND = "4.7 betting round"
R_SIZE = "5 bet sizes"
R_OPEN_PAIR = "5 open pair"
R_CAP = "5 raise cap"
R_ALL_IN = "6 all-in"
R_CARDS = "4.2 dealing"
R_DECK = "7 running out of cards"


