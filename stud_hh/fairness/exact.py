"""Exact probabilities of a fair deal, counted over the deck rather than quoted.

>>> {k: f"{float(v):.3%}" for k, v in START_PROBABILITIES.items()}
... # doctest: +NORMALIZE_WHITESPACE
{'rolled-up trips': '0.235%', 'pair': '16.941%', 'three to a flush': '5.176%',
 'three to a straight': '3.258%', 'other': '74.389%'}
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

from stud_hh.cards import DECK, rank, suit

START_CATEGORIES = ("rolled-up trips", "pair", "three to a flush", "three to a straight",
                    "other")
"""The hero's three starting cards, each start in the first category that fits: three of a
rank; a pair; three of a suit (straight flushes included: the rule book's 5.18 %); three
ranks in a row, the ace high or low (A-2-3 to Q-K-A), not all of a suit; anything else."""


def start_category(cards: tuple[int, int, int] | list[int]) -> str:
    """The :data:`START_CATEGORIES` entry of three starting cards.

    >>> from stud_hh.cards import parse_cards as c
    >>> [start_category(c(t)) for t in ("7c 7d 7s", "Ah Ad 2c", "2h 9h Kh", "Qc Kd Ah", "2c 9d Ks")]
    ['rolled-up trips', 'pair', 'three to a flush', 'three to a straight', 'other']
    """
    ranks = sorted(rank(c) for c in cards)
    distinct = len(set(ranks))
    if distinct == 1:
        return START_CATEGORIES[0]
    if distinct == 2:
        return START_CATEGORIES[1]
    if len({suit(c) for c in cards}) == 1:
        return START_CATEGORIES[2]
    if ranks[2] - ranks[0] == 2 or ranks == [2, 3, 14]:
        return START_CATEGORIES[3]
    return START_CATEGORIES[4]


def _start_probabilities() -> dict[str, Fraction]:
    counts = Counter(start_category(list(three)) for three in combinations(DECK, 3))
    total = comb(len(DECK), 3)
    return {name: Fraction(counts[name], total) for name in START_CATEGORIES}


START_PROBABILITIES: dict[str, Fraction] = _start_probabilities()
"""Each starting category's probability, by counting all 22,100 three-card starts."""

NEIGHBOUR_CLASSES = ("same rank", "same suit", "neither")
NEIGHBOUR_PROBABILITIES: dict[str, Fraction] = {
    "same rank": Fraction(3, 51), "same suit": Fraction(12, 51), "neither": Fraction(36, 51)}
"""Two door cards dealt to neighbouring seats: the second is one of the 51 other cards."""

SHARED_CLASSES = ("none shared", "one shared", "two or more shared")


def _shared_probabilities() -> dict[str, Fraction]:
    """Cards two independent three-card starts share (hypergeometric: 3 of 52, 3 drawn)."""
    total = comb(52, 3)
    p = [Fraction(comb(3, k) * comb(49, 3 - k), total) for k in range(4)]
    return dict(zip(SHARED_CLASSES, (p[0], p[1], p[2] + p[3]), strict=True))


SHARED_PROBABILITIES: dict[str, Fraction] = _shared_probabilities()
