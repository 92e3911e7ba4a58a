"""The one place the engine imports the hand evaluators (``stud_hh.evaluate``).

Keeping the import here lets the engine follow the evaluators' contract
(docs/architecture.md "Evaluators") without scattering it: greater ``high_value`` is
better; ``low8_value``/``razz_value`` smaller is better (``None``: no qualifying low);
``showing_high_key``/``showing_low_key`` and ``bring_in_key``: greater acts/brings in.
"""

from __future__ import annotations

from stud_hh.evaluate import (
    bring_in_key,
    high_five,
    high_value,
    low8_five,
    low8_value,
    odd_chip_key,
    razz_five,
    razz_value,
    showing_high_key,
    showing_low_key,
    showing_suit_key,
)
from stud_hh.evaluate.showing import WEIGHT, showing_tables

__all__ = [
    "WEIGHT",
    "bring_in_key",
    "high_five",
    "high_value",
    "low8_five",
    "low8_value",
    "odd_chip_key",
    "razz_five",
    "razz_value",
    "showing_high_key",
    "showing_low_key",
    "showing_suit_key",
    "showing_tables",
]
