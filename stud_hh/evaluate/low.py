"""Low hands: eight-or-better for Stud Hi/Lo and ace-to-five for razz; smaller is better.

Both ignore straights and flushes and count the ace as one (rule book section 2), so a
low depends only on the ranks held: one table read after summing the cards' rank weights.

>>> from stud_hh.cards import parse_cards
>>> low_description(low8_value(parse_cards("7h 2h 4c Jc 5h 7s 8c")))
'8,7,5,4,2'
>>> low8_value(parse_cards("As Qh 5s 7c 4d Th Ac")) is None
True
>>> low_description(razz_value(parse_cards("6h 8h 3d Ad Ac Kh 8c")))
'K,8,6,3,A'
>>> low_description(razz_value(parse_cards("3d 3s 5h 4h")))
'3,3,5,4'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from stud_hh.evaluate import _tables as T

_R = TypeVar("_R")
_weight = T.WEIGHT.__getitem__
_LOW8 = T.LOW8
_RAZZ = T.RAZZ
_OFFSET = T.LOW_OFFSET
_INDEX = T.HIGH_INDEX
assert (T.LOW_SHIFT, T.LOW_MASK, T.HIGH_SHIFT) == (12, 0x1FFFF, 29)  # inlined below

LOW_CHARS = "?A23456789TJQK"
"""Ace-low rank (1..13) -> the character PokerStars prints in ``Lo: 8,6,4,3,2``."""

RAZZ_CATEGORY_NAMES = ("no pair", "one pair", "two pair", "three of a kind", "full house",
                       "four of a kind")
"""Razz category (``razz_value(...) >> 20``) -> name; the first is the only good one."""


def low8_value(cards: Sequence[int]) -> int | None:
    """Eight-or-better low of ``cards`` (0..7 distinct cards); smaller is better.

    ``None`` unless five distinct ranks of eight or lower (ace low) are held. The value
    packs those five ranks from the highest down, which is the order lows compare in.
    """
    key = sum(map(_weight, cards))
    try:
        return _LOW8[_OFFSET[(key >> 12) & 0x1FFFF] + _INDEX[key >> 29]] or None
    except IndexError:
        return _rebuild_and(low8_value, cards)


def razz_value(cards: Sequence[int]) -> int:
    """Ace-to-five low of ``cards`` (0..7 distinct cards); smaller is better.

    Pairs are bad: the value is ``category << 20`` (no pair, pair, two pair, trips, full
    house, quads) plus the kept ranks, matched ranks first, then from the highest down.
    """
    key = sum(map(_weight, cards))
    try:
        return _RAZZ[_OFFSET[(key >> 12) & 0x1FFFF] + _INDEX[key >> 29]]
    except IndexError:
        return _rebuild_and(razz_value, cards)


def _rebuild_and(fn: Callable[[Sequence[int]], _R], cards: Sequence[int]) -> _R:
    if T.HIGH:
        cards = list(cards)
        raise ValueError(f"cannot evaluate {cards}: expected at most 7 distinct cards")
    T.build()
    return fn(cards)


def low_ranks(value: int) -> tuple[int, ...]:
    """The ace-low ranks (1..13) of a low value, in the order they compare."""
    return T.unpack(value)[1]


def low_description(value: int) -> str:
    """The ranks as PokerStars prints a low: ``"8,7,5,4,2"``, ``"K,8,6,3,A"``, ``"3,3,5,4"``."""
    return ",".join(LOW_CHARS[r] for r in T.unpack(value)[1])


def _low_five(cards: Sequence[int], value: int) -> tuple[int, ...]:
    pool = sorted(cards, reverse=True)  # highest suit first within a rank
    five: list[int] = []
    for r in T.unpack(value)[1]:
        want = 14 if r == 1 else r
        c = next(c for c in pool if (c >> 2) + 2 == want)
        pool.remove(c)
        five.append(c)
    return tuple(five)


def low8_five(cards: Sequence[int]) -> tuple[int, ...] | None:
    """The five cards of the eight-or-better low (highest suit where a rank is doubled)."""
    value = low8_value(cards)
    return None if value is None else _low_five(cards, value)


def razz_five(cards: Sequence[int]) -> tuple[int, ...]:
    """The five (or fewer) cards of the razz low (highest suit where a choice exists)."""
    return _low_five(cards, razz_value(cards))
