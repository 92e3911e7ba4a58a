"""Simulated PokerStars stud hand histories: the project's data source at any scale.

Hands are played by the rules engine (``pokerstars`` preset) for a table of player
profiles, written by the PokerStars writer, one file per table session, deterministic per
seed. See ``api`` for the entry points, ``profiles`` for the players, ``session`` for the
tables and ``play`` for one hand.
"""

from stud_hh.simulate.api import (
    FaultRecord,
    SimulationResult,
    simulate_games,
    simulate_hands,
    simulate_to,
    simulate_to_result,
    write_manifest,
)
from stud_hh.simulate.play import Rake
from stud_hh.simulate.profiles import PROFILES, Profile
from stud_hh.simulate.session import SimConfig, SimulatedHand

__all__ = [
    "PROFILES",
    "FaultRecord",
    "Profile",
    "Rake",
    "SimConfig",
    "SimulatedHand",
    "SimulationResult",
    "simulate_games",
    "simulate_hands",
    "simulate_to",
    "simulate_to_result",
    "write_manifest",
]
