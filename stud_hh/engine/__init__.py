"""The stud rules engine: one deterministic state machine per hand (docs/engine-api.md).

Public surface: ``StudState`` (the hand), ``Stakes``, ``Deck``, the records in ``types``
(``Action``, ``ActionKind``, ``LegalAction``, ``DealDue``, ``Phase``, ``IllegalAction`` and
its ``Code``, ``Pot``, ``PotAward``, ``Share``, ``Half``, ``UncalledBet``, ``HandResult``),
betting structures (``BettingStructure``, ``FixedLimit``), ``action_from_event`` and its
memo ``betting_action``.
"""

from __future__ import annotations

from .bridge import action_from_event, betting_action
from .dealing import Deck
from .state import StudState
from .structure import BettingStructure, FixedLimit
from .types import (
    Action,
    ActionKind,
    Code,
    DealDue,
    Half,
    HandResult,
    IllegalAction,
    IllegalInfo,
    LegalAction,
    Phase,
    Pot,
    PotAward,
    Share,
    Stakes,
    UncalledBet,
)

__all__ = [
    "Action",
    "ActionKind",
    "BettingStructure",
    "Code",
    "DealDue",
    "Deck",
    "FixedLimit",
    "Half",
    "HandResult",
    "IllegalAction",
    "IllegalInfo",
    "LegalAction",
    "Phase",
    "Pot",
    "PotAward",
    "Share",
    "Stakes",
    "StudState",
    "UncalledBet",
    "action_from_event",
    "betting_action",
]
