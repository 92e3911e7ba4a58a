"""Stud equity: the chance of winning, tying and scooping, and the expected share of a pot.

Dead cards matter in stud (every folded upcard is out of the deck), so equity is computed
from each player's known cards, the dead cards and what is still to come, exactly where
the runouts are few and by a seeded Monte Carlo sample with a stated standard error
otherwise (:func:`equity`). :func:`all_in_ev` applies it to a played hand: each player's
equity at the moment of the last all-in and his expected net beside the actual one.

>>> from stud_hh.cards import parse_cards as c
>>> r = equity([c("Ah Ad 2c 3d"), c("Kh Ks 7c 8d")], "stud")
>>> r.method.value, r.players[0].equity > 0.5
('monte-carlo', True)
"""

from stud_hh.equity.compute import DEFAULT_STDERR, EXACT_LIMIT, choose_method, equity, solve
from stud_hh.equity.model import (
    EquityError,
    EquityResult,
    Method,
    PlayerEquity,
    Spot,
    spot,
)

__all__ = [
    "DEFAULT_STDERR",
    "EXACT_LIMIT",
    "EquityError",
    "EquityResult",
    "Method",
    "PlayerEquity",
    "Spot",
    "choose_method",
    "equity",
    "solve",
    "spot",
]
