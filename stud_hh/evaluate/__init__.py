"""Hand evaluators for stud, Stud Hi/Lo and razz (the contract in docs/architecture.md).

Values are plain ``int``: ``high_value`` greater is better; ``low8_value`` and
``razz_value`` smaller is better (``low8_value`` is ``None`` without a qualifying low).
Keys for forced decisions (bring-in, first actor, odd chip) are greater-first. The lookup
tables are built on the first evaluation (about a third of a second), not at import.

>>> from stud_hh.cards import parse_cards
>>> high_hand(parse_cards("Qs 3s Js 6s Ad 4s 2s")).description
'a flush, Queen high'
"""

from stud_hh.evaluate._tables import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
)
from stud_hh.evaluate._tables import build as build_tables
from stud_hh.evaluate.describe import show_description, value_description
from stud_hh.evaluate.high import (
    CATEGORY_NAMES,
    HighHand,
    high_category,
    high_description,
    high_five,
    high_hand,
    high_ranks,
    high_value,
)
from stud_hh.evaluate.low import (
    RAZZ_CATEGORY_NAMES,
    low8_five,
    low8_value,
    low_description,
    low_ranks,
    razz_five,
    razz_value,
)
from stud_hh.evaluate.showing import (
    bring_in_key,
    odd_chip_key,
    showing_description,
    showing_high_key,
    showing_low_key,
    showing_suit_key,
)

__all__ = [
    "CATEGORY_NAMES",
    "FLUSH",
    "FULL_HOUSE",
    "HIGH_CARD",
    "PAIR",
    "QUADS",
    "RAZZ_CATEGORY_NAMES",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "TRIPS",
    "TWO_PAIR",
    "HighHand",
    "bring_in_key",
    "build_tables",
    "high_category",
    "high_description",
    "high_five",
    "high_hand",
    "high_ranks",
    "high_value",
    "low8_five",
    "low8_value",
    "low_description",
    "low_ranks",
    "odd_chip_key",
    "razz_five",
    "razz_value",
    "show_description",
    "showing_description",
    "showing_high_key",
    "showing_low_key",
    "showing_suit_key",
    "value_description",
]
