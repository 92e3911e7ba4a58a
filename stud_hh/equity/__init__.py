"""Stud equity: the chance of winning, tying and scooping, and the expected share of a pot.

Dead cards matter in stud (every folded upcard is out of the deck), so equity is computed
from each player's known cards, the dead cards and what is still to come, exactly where
the runouts are few and by a seeded Monte Carlo sample with a stated standard error
otherwise (:func:`equity`). :func:`all_in_ev` applies it to a played hand: each player's
equity at the moment of the last all-in and his expected net beside the actual one.

The package loads its NumPy parts on first use (``stud_hh.equity.model`` alone is light,
for the command line's argument parser).

>>> from stud_hh.cards import parse_cards as c
>>> from stud_hh.equity import equity
>>> r = equity([c("Ah Ad 2c 3d"), c("Kh Ks 7c 8d")], "stud", stderr=0.01)
>>> r.method.value, r.players[0].equity > 0.5
('monte-carlo', True)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from stud_hh.equity.model import (
    DEFAULT_STDERR,
    EquityError,
    EquityResult,
    Method,
    PlayerEquity,
    Spot,
    spot,
)

if TYPE_CHECKING:
    from stud_hh.equity.allin import AllInEV, AllInPlayer, all_in_ev
    from stud_hh.equity.compute import EXACT_LIMIT, choose_method, equity, solve

_LAZY = {
    "EXACT_LIMIT": "stud_hh.equity.compute",
    "choose_method": "stud_hh.equity.compute",
    "equity": "stud_hh.equity.compute",
    "solve": "stud_hh.equity.compute",
    "AllInEV": "stud_hh.equity.allin",
    "AllInPlayer": "stud_hh.equity.allin",
    "all_in_ev": "stud_hh.equity.allin",
}

__all__ = [
    "DEFAULT_STDERR",
    "EXACT_LIMIT",
    "AllInEV",
    "AllInPlayer",
    "EquityError",
    "EquityResult",
    "Method",
    "PlayerEquity",
    "Spot",
    "all_in_ev",
    "choose_method",
    "equity",
    "solve",
    "spot",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'stud_hh.equity' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
